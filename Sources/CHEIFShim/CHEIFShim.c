#include "CHEIFShim.h"
#include <libheif/heif.h>
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
    *ctx = heif_context_alloc();
    *handle = NULL;
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
        if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
            out->nclx_primaries = (int)nclx->color_primaries;
            heif_nclx_color_profile_free(nclx);
        }
    }
    struct heif_image *img = NULL;
    int channels = heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
    struct heif_error e = heif_decode_image(handle, &img, heif_colorspace_RGB,
                                            channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL);
    if (e.code != heif_error_Ok) {
        gg_heif_fail(e, errbuf, errlen);   /* before the context that owns e.message is freed */
        free(out->icc);
        out->icc = NULL;
        heif_image_handle_release(handle);
        heif_context_free(ctx);
        return GG_HEIF_ERR;
    }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
    if (!plane) {
        free(out->icc);
        out->icc = NULL;
        heif_image_release(img);
        heif_image_handle_release(handle);
        heif_context_free(ctx);
        return GG_HEIF_ERR;
    }
    /* The decoded image outlives its handle and context: the caller copies the rows, then releases it. */
    out->pixels = plane;
    out->stride = stride;
    out->channels = channels;
    out->decoded = img;
    out->width = heif_image_get_width(img, heif_channel_interleaved);
    out->height = heif_image_get_height(img, heif_channel_interleaved);
    heif_image_handle_release(handle);
    heif_context_free(ctx);
    return GG_HEIF_OK;
}

typedef struct {
    unsigned char *data;
    size_t len;
} gg_heif_sink;

static struct heif_error gg_heif_write(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    gg_heif_sink *sink = userdata;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    unsigned char *grown = realloc(sink->data, sink->len + size);
    if (!grown) {
        struct heif_error fail = {heif_error_Encoding_error, heif_suberror_Unspecified, "out of memory"};
        return fail;
    }
    memcpy(grown + sink->len, data, size);
    sink->data = grown;
    sink->len += size;
    return ok;
}

int gg_heif_encode(const unsigned char *rgb, int width, int height, int av1, int quality, int orientation,
                   const unsigned char *icc, size_t icc_len, unsigned char **out, size_t *outlen, char *errbuf, size_t errlen) {
    *out = NULL;
    *outlen = 0;
    struct heif_context *ctx = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    struct heif_image *img = NULL;
    struct heif_encoding_options *options = NULL;
    gg_heif_sink sink = {NULL, 0};
    int rc = GG_HEIF_ERR;
    struct heif_error e = heif_context_get_encoder_for_format(ctx, av1 ? heif_compression_AV1 : heif_compression_HEVC, &encoder);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); goto done; }
    heif_encoder_set_lossy_quality(encoder, quality);
    e = heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &img);
    if (e.code == heif_error_Ok) e = heif_image_add_plane(img, heif_channel_interleaved, width, height, 8);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); goto done; }
    int stride = 0;
    uint8_t *plane = heif_image_get_plane(img, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++) memcpy(plane + (size_t)y * stride, rgb + (size_t)y * width * 3, (size_t)width * 3);
    if (icc && icc_len) heif_image_set_raw_color_profile(img, "prof", icc, icc_len);
    options = heif_encoding_options_alloc();
    if (options && orientation >= 1 && orientation <= 8) options->image_orientation = (enum heif_orientation)orientation;
    e = heif_context_encode_image(ctx, img, encoder, options, NULL);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); goto done; }
    struct heif_writer writer = {1, gg_heif_write};
    e = heif_context_write(ctx, &writer, &sink);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); free(sink.data); goto done; }
    *out = sink.data;
    *outlen = sink.len;
    rc = GG_HEIF_OK;
done:
    if (options) heif_encoding_options_free(options);
    if (img) heif_image_release(img);
    if (encoder) heif_encoder_release(encoder);
    heif_context_free(ctx);
    return rc;
}

void gg_heif_free(void *p) { free(p); }

void gg_heif_release(gg_heif_image *image) {
    if (image && image->decoded) heif_image_release((struct heif_image *)image->decoded);
    if (image) { image->decoded = NULL; image->pixels = NULL; }
}
