#include "CHEIFShim.h"
#include "heif_api.h"   /* libheif through a table loaded at run time (heif_loader.c) */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int gg_heif_fail(struct heif_error e, char *errbuf, size_t errlen) {
    if (errbuf && errlen) {
        strncpy(errbuf, e.message ? e.message : "libheif error", errlen - 1);
        errbuf[errlen - 1] = 0;
    }
    return GG_HEIF_ERR;
}

/* Opens the data and its primary image; on failure returns GG_HEIF_ERR with the message. */
static int gg_heif_open(const unsigned char *data, size_t len, struct heif_context **ctx, struct heif_image_handle **handle,
                        char *errbuf, size_t errlen) {
    *ctx = NULL;
    *handle = NULL;
    if (!gg_libheif(errbuf, errlen)) return GG_HEIF_UNAVAILABLE;
    *ctx = heif_context_alloc();
    if (!*ctx) return GG_HEIF_NOMEM;
    struct heif_error e = heif_context_read_from_memory_without_copy(*ctx, data, len, NULL);
    if (e.code == heif_error_Ok) e = heif_context_get_primary_image_handle(*ctx, handle);
    if (e.code != heif_error_Ok) {
        gg_heif_fail(e, errbuf, errlen);   /* e.message belongs to the context: copy it before freeing */
        heif_context_free(*ctx);
        *ctx = NULL;
        return GG_HEIF_ERR;
    }
    return GG_HEIF_OK;
}

int gg_heif_info(const unsigned char *data, size_t len, gg_heif_info_t *info, char *errbuf, size_t errlen) {
    memset(info, 0, sizeof *info);
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    int rc = gg_heif_open(data, len, &ctx, &handle, errbuf, errlen);
    if (rc != GG_HEIF_OK) return rc;
    info->width = heif_image_handle_get_width(handle);
    info->height = heif_image_handle_get_height(handle);
    info->has_alpha = heif_image_handle_has_alpha_channel(handle);
    heif_image_handle_release(handle);
    heif_context_free(ctx);
    return GG_HEIF_OK;
}

/* Whether every sample of an 8-bit alpha channel is 255: `step` bytes apart in each row. */
static int gg_heif_opaque(const uint8_t *alpha, int stride, int step, int width, int height) {
    for (int y = 0; y < height; y++) {
        const uint8_t *p = alpha + (size_t)y * stride;
        for (int x = 0; x < width; x++)
            if (p[(size_t)x * step] != 255) return 0;
    }
    return 1;
}

/* Memory (a 12 MP HEIC, measured): libheif 1.15 always decodes to planar RGB first (libde265's
   picture, its SAO copy and metadata; then a YCbCr image; then R, G, B planes, 12 MB each). Asked
   for interleaved RGB it then allocated a second full image (36 MB) and interleaved into it, which
   galgen copied once more; asked for planar RGB 4:4:4 it stops after the first step (the same
   pixels: the interleaving is a plain copy, done by gg_heif_copy straight into the caller's
   buffer). Most of what libheif frees is below glibc's mmap threshold (dynamic, up to 32 MB), so it
   stays resident in the heap as free memory and added up from image to image; malloc_trim(0) before
   the decode, after it and after the release hands those pages back. It runs on the HEIF path only
   (a few milliseconds against about a second of decoding), not as a process-wide malloc setting. */
int gg_heif_decode(const unsigned char *data, size_t len, long long max_pixels, gg_heif_image *out, char *errbuf, size_t errlen) {
    memset(out, 0, sizeof *out);
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    int rc = gg_heif_open(data, len, &ctx, &handle, errbuf, errlen);
    if (rc != GG_HEIF_OK) return rc;
    int w = heif_image_handle_get_width(handle), h = heif_image_handle_get_height(handle);
    if (w <= 0 || h <= 0 || (max_pixels > 0 && (long long)w * h > max_pixels)) {
        heif_image_handle_release(handle);
        heif_context_free(ctx);
        return w <= 0 || h <= 0 ? GG_HEIF_ERR : GG_HEIF_LIMIT;
    }
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t size = heif_image_handle_get_raw_color_profile_size(handle);
        out->icc = size ? malloc(size) : NULL;
        if (out->icc && heif_image_handle_get_raw_color_profile(handle, out->icc).code == heif_error_Ok) out->icc_len = size;
        else { free(out->icc); out->icc = NULL; }
    } else {
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx)
            out->nclx_primaries = (int)nclx->color_primaries;
        /* libheif may allocate the profile and still return an error (found by fuzzing: 52 bytes
           per such file); it is ours to free either way. */
        if (nclx) heif_nclx_color_profile_free(nclx);
    }
    struct heif_image *img = NULL;
    int has_alpha = heif_image_handle_has_alpha_channel(handle);
    /* 8-bit sources as planar RGB; deeper ones (libheif reduces them to 8 bits only when it
       interleaves) and anything the planar request does not give as 8-bit R, G, B planes the old way. */
    int planar = heif_image_handle_get_luma_bits_per_pixel(handle) == 8;
    struct heif_error e;
    malloc_trim(0);   /* what the last image's steps freed: not resident while libheif decodes */
    if (planar) {
        e = heif_decode_image(handle, &img, heif_colorspace_RGB, heif_chroma_444, NULL);
        if (e.code == heif_error_Ok) {
            const enum heif_channel rgb[3] = {heif_channel_R, heif_channel_G, heif_channel_B};
            for (int c = 0; c < 3 && planar; c++)
                planar = heif_image_has_channel(img, rgb[c]) && heif_image_get_bits_per_pixel(img, rgb[c]) == 8;
            if (has_alpha) planar = planar && heif_image_has_channel(img, heif_channel_Alpha)
                                    && heif_image_get_bits_per_pixel(img, heif_channel_Alpha) == 8;
            if (!planar) { heif_image_release(img); img = NULL; }
        }
    }
    if (!planar)
        e = heif_decode_image(handle, &img, heif_colorspace_RGB,
                              has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL);
    if (e.code != heif_error_Ok) {
        gg_heif_fail(e, errbuf, errlen);   /* before the context that owns e.message is freed */
        free(out->icc);
        out->icc = NULL;
        heif_image_handle_release(handle);
        heif_context_free(ctx);
        return GG_HEIF_ERR;
    }
    /* The decoded image outlives its handle and context, which are freed now: the caller copies
       the pixels (gg_heif_copy), then releases the image. */
    heif_image_handle_release(handle);
    heif_context_free(ctx);
    int stride = 0;
    const uint8_t *plane = planar ? heif_image_get_plane_readonly(img, heif_channel_R, &stride)
                                  : heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
    if (!plane) {
        free(out->icc);
        out->icc = NULL;
        heif_image_release(img);
        return GG_HEIF_ERR;
    }
    enum heif_channel ref = planar ? heif_channel_R : heif_channel_interleaved;
    out->decoded = img;
    out->planar = planar;
    out->width = heif_image_get_width(img, ref);
    out->height = heif_image_get_height(img, ref);
    /* RGBA only when some pixel is not opaque. */
    out->channels = 3;
    if (has_alpha) {
        int astride = 0;
        const uint8_t *alpha = planar ? heif_image_get_plane_readonly(img, heif_channel_Alpha, &astride) : plane + 3;
        if (!planar) astride = stride;
        if (alpha && !gg_heif_opaque(alpha, astride, planar ? 1 : 4, out->width, out->height)) out->channels = 4;
    }
    malloc_trim(0);
    return GG_HEIF_OK;
}

int gg_heif_copy(const gg_heif_image *image, unsigned char *dst) {
    struct heif_image *img = image->decoded;
    if (!img) return GG_HEIF_ERR;
    int width = image->width, height = image->height, channels = image->channels;
    size_t row = (size_t)width * channels;
    if (image->planar) {
        int sr = 0, sg = 0, sb = 0, sa = 0;
        const uint8_t *r = heif_image_get_plane_readonly(img, heif_channel_R, &sr);
        const uint8_t *g = heif_image_get_plane_readonly(img, heif_channel_G, &sg);
        const uint8_t *b = heif_image_get_plane_readonly(img, heif_channel_B, &sb);
        const uint8_t *a = channels == 4 ? heif_image_get_plane_readonly(img, heif_channel_Alpha, &sa) : NULL;
        if (!r || !g || !b || (channels == 4 && !a)) return GG_HEIF_ERR;
        for (int y = 0; y < height; y++) {
            const uint8_t *pr = r + (size_t)y * sr, *pg = g + (size_t)y * sg, *pb = b + (size_t)y * sb;
            unsigned char *o = dst + (size_t)y * row;
            if (channels == 4) {
                const uint8_t *pa = a + (size_t)y * sa;
                for (int x = 0; x < width; x++, o += 4) { o[0] = pr[x]; o[1] = pg[x]; o[2] = pb[x]; o[3] = pa[x]; }
            } else {
                for (int x = 0; x < width; x++, o += 3) { o[0] = pr[x]; o[1] = pg[x]; o[2] = pb[x]; }
            }
        }
        return GG_HEIF_OK;
    }
    int stride = 0;
    const uint8_t *p = heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
    if (!p) return GG_HEIF_ERR;
    int src = heif_image_get_chroma_format(img) == heif_chroma_interleaved_RGBA ? 4 : 3;
    for (int y = 0; y < height; y++) {
        const uint8_t *s = p + (size_t)y * stride;
        unsigned char *o = dst + (size_t)y * row;
        if (src == channels) memcpy(o, s, row);
        else for (int x = 0; x < width; x++, o += 3, s += 4) { o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; }
    }
    return GG_HEIF_OK;
}

void gg_heif_free(void *p) { free(p); }

void gg_heif_release(gg_heif_image *image) {
    if (!image || !image->decoded) return;
    heif_image_release((struct heif_image *)image->decoded);
    image->decoded = NULL;
    malloc_trim(0);
}

void gg_heif_version(char *out, size_t len) {
    char error[400];
    if (gg_libheif(error, sizeof error)) snprintf(out, len, "%s", heif_get_version());
    else snprintf(out, len, "not available: %s", error);
}
