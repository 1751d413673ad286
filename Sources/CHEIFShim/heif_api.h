#ifndef GALGEN_HEIF_API_H
#define GALGEN_HEIF_API_H
/* libheif's header gives this target types and prototypes only: every libheif function CHEIFShim.c
   calls goes through the table below, filled by dlsym (heif_loader.c), so galgen does not link libheif.
   Why: Debian 12's libheif 1.15 links the x265 HEVC encoder (GPL) although galgen only decodes; the
   release archive ships no libheif, and HEIC/HEIF/AVIF inputs work where the system has libheif.so.1. */
#include <libheif/heif.h>
#include <stddef.h>

/* The major version the header describes; the loaded library must have the same (heif_get_version_number_major). */
#define GG_LIBHEIF_SONAME "libheif.so.1"
#define GG_LIBHEIF_MAJOR 1
#if LIBHEIF_NUMERIC_VERSION < 0x010F0000 || (LIBHEIF_NUMERIC_VERSION >> 24) != GG_LIBHEIF_MAJOR
#error "CHEIFShim is written for libheif 1.x, 1.15 or newer: the installed header differs"
#endif

/* Every function of libheif that CHEIFShim.c calls. */
#define GG_LIBHEIF_FUNCTIONS(X) \
    X(heif_get_version) X(heif_get_version_number_major) \
    X(heif_context_alloc) X(heif_context_free) X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) \
    X(heif_image_handle_release) X(heif_image_handle_get_width) X(heif_image_handle_get_height) \
    X(heif_image_handle_has_alpha_channel) X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_color_profile_type) X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_raw_color_profile) X(heif_image_handle_get_nclx_color_profile) \
    X(heif_nclx_color_profile_free) X(heif_decode_image) \
    X(heif_image_release) X(heif_image_has_channel) X(heif_image_get_bits_per_pixel) \
    X(heif_image_get_plane_readonly) X(heif_image_get_width) X(heif_image_get_height) X(heif_image_get_chroma_format)

#define GG_LIBHEIF_POINTER(name) __typeof__(name) *name;
typedef struct {
    GG_LIBHEIF_FUNCTIONS(GG_LIBHEIF_POINTER)
} gg_libheif_api;
#undef GG_LIBHEIF_POINTER

/* The process's table, loaded on the first call; NULL when libheif cannot be loaded, the reason in
   `error` (for example "HEIC, HEIF and AVIF inputs need libheif (Debian: libheif1): libheif.so.1 could
   not be loaded"). Thread-safe. */
const gg_libheif_api *gg_libheif(char *error, size_t error_size);

/* The table CHEIFShim.c's calls go through once gg_libheif has returned it. */
extern gg_libheif_api gg_libheif_table;

/* From here on, a libheif call in CHEIFShim.c is a call through the table (not in the loader, which fills it). */
#ifndef GG_LIBHEIF_LOADER
#define heif_get_version gg_libheif_table.heif_get_version
#define heif_get_version_number_major gg_libheif_table.heif_get_version_number_major
#define heif_context_alloc gg_libheif_table.heif_context_alloc
#define heif_context_free gg_libheif_table.heif_context_free
#define heif_context_read_from_memory_without_copy gg_libheif_table.heif_context_read_from_memory_without_copy
#define heif_context_get_primary_image_handle gg_libheif_table.heif_context_get_primary_image_handle
#define heif_image_handle_release gg_libheif_table.heif_image_handle_release
#define heif_image_handle_get_width gg_libheif_table.heif_image_handle_get_width
#define heif_image_handle_get_height gg_libheif_table.heif_image_handle_get_height
#define heif_image_handle_has_alpha_channel gg_libheif_table.heif_image_handle_has_alpha_channel
#define heif_image_handle_get_luma_bits_per_pixel gg_libheif_table.heif_image_handle_get_luma_bits_per_pixel
#define heif_image_handle_get_color_profile_type gg_libheif_table.heif_image_handle_get_color_profile_type
#define heif_image_handle_get_raw_color_profile_size gg_libheif_table.heif_image_handle_get_raw_color_profile_size
#define heif_image_handle_get_raw_color_profile gg_libheif_table.heif_image_handle_get_raw_color_profile
#define heif_image_handle_get_nclx_color_profile gg_libheif_table.heif_image_handle_get_nclx_color_profile
#define heif_nclx_color_profile_free gg_libheif_table.heif_nclx_color_profile_free
#define heif_decode_image gg_libheif_table.heif_decode_image
#define heif_image_release gg_libheif_table.heif_image_release
#define heif_image_has_channel gg_libheif_table.heif_image_has_channel
#define heif_image_get_bits_per_pixel gg_libheif_table.heif_image_get_bits_per_pixel
#define heif_image_get_plane_readonly gg_libheif_table.heif_image_get_plane_readonly
#define heif_image_get_width gg_libheif_table.heif_image_get_width
#define heif_image_get_height gg_libheif_table.heif_image_get_height
#define heif_image_get_chroma_format gg_libheif_table.heif_image_get_chroma_format
#endif

#endif
