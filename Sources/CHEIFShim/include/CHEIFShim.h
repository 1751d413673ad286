#ifndef CHEIFSHIM_H
#define CHEIFSHIM_H
#include <stddef.h>

/* Every libheif call of galgen lives in this target: HEIC/HEIF (HEVC, through libde265) and AVIF
   (AV1, through dav1d or aom). libheif reports errors by value. The primary image is decoded with
   its irot/imir transformations applied, so the pixels come out upright. libheif is opened at run
   time (heif_api.h says why): without it every call returns GG_HEIF_UNAVAILABLE with the reason. */
enum {
    GG_HEIF_OK = 0,
    GG_HEIF_ERR = -1,     /* libheif refused the data; message in errbuf */
    GG_HEIF_LIMIT = -2,   /* more pixels than allowed */
    GG_HEIF_NOMEM = -3,
    GG_HEIF_UNAVAILABLE = -4   /* libheif could not be loaded; the reason in errbuf */
};

/* Colour information besides an ICC profile: nclx colour primaries (heif_color_primaries). */
typedef struct {
    int width;            /* of the primary image, as libheif reports it */
    int height;
    int has_alpha;
} gg_heif_info_t;

/* The primary image, decoded and upright, still in libheif's memory (8-bit R, G, B and alpha planes,
   or for deeper sources libheif's interleaved 8-bit RGB/RGBA): gg_heif_copy writes it out packed,
   gg_heif_release frees it; free icc with gg_heif_free. */
typedef struct {
    int width;
    int height;
    int channels;         /* what gg_heif_copy writes: 3 (RGB), or 4 (RGBA) when some pixel is not opaque */
    int planar;           /* libheif's planar RGB (else interleaved) */
    void *decoded;        /* libheif's image, owned until gg_heif_release */
    unsigned char *icc;   /* a 'prof' or 'rICC' profile, or NULL */
    size_t icc_len;
    int nclx_primaries;   /* nclx colour primaries when there is no ICC profile (1 = BT.709/sRGB, 12 = Display P3), else 0 */
} gg_heif_image;

int gg_heif_info(const unsigned char *data, size_t len, gg_heif_info_t *info, char *errbuf, size_t errlen);
int gg_heif_decode(const unsigned char *data, size_t len, long long max_pixels, gg_heif_image *out, char *errbuf, size_t errlen);
/* Writes the decoded image to dst, width * height * channels bytes, rows packed. */
int gg_heif_copy(const gg_heif_image *image, unsigned char *dst);

void gg_heif_free(void *p);

/* Releases a decoded image (libheif's image) and returns the heap's free pages to the system. */
void gg_heif_release(gg_heif_image *image);

/* The version of the libheif loaded at run time, e.g. "1.15.1", or "not available: " and the reason. */
void gg_heif_version(char *out, size_t len);

#endif
