/* HEIC and AVIF test inputs: libheif's HEVC (x265) and AV1 (aom) encoders. */
#include "CTestWritersShim.h"
#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>

static int gg_heif_fail(struct heif_error e, char *errbuf, size_t errlen) {
    if (errbuf && errlen) {
        strncpy(errbuf, e.message ? e.message : "libheif error", errlen - 1);
        errbuf[errlen - 1] = 0;
    }
    return GG_TEST_ERR;
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

int gg_test_heif_encode(const unsigned char *rgb, int width, int height, int channels, int av1, int quality, int orientation,
                   const unsigned char *icc, size_t icc_len, unsigned char **out, size_t *outlen, char *errbuf, size_t errlen) {
    *out = NULL;
    *outlen = 0;
    struct heif_context *ctx = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    struct heif_image *img = NULL;
    struct heif_encoding_options *options = NULL;
    gg_heif_sink sink = {NULL, 0};
    int rc = GG_TEST_ERR;
    struct heif_error e = heif_context_get_encoder_for_format(ctx, av1 ? heif_compression_AV1 : heif_compression_HEVC, &encoder);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); goto done; }
    heif_encoder_set_lossy_quality(encoder, quality);
    e = heif_image_create(width, height, heif_colorspace_RGB,
                          channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &img);
    if (e.code == heif_error_Ok) e = heif_image_add_plane(img, heif_channel_interleaved, width, height, 8);
    if (e.code != heif_error_Ok) { gg_heif_fail(e, errbuf, errlen); goto done; }
    int stride = 0;
    uint8_t *plane = heif_image_get_plane(img, heif_channel_interleaved, &stride);
    size_t row = (size_t)width * (channels == 4 ? 4 : 3);
    for (int y = 0; y < height; y++) memcpy(plane + (size_t)y * stride, rgb + (size_t)y * row, row);
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
    rc = GG_TEST_OK;
done:
    if (options) heif_encoding_options_free(options);
    if (img) heif_image_release(img);
    if (encoder) heif_encoder_release(encoder);
    heif_context_free(ctx);
    return rc;
}
