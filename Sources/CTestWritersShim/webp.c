/* WebP test inputs: still or animated (libwebp's animation encoder), with ICCP and EXIF chunks (libwebpmux,
   which only the tests link). */
#include "CTestWritersShim.h"
#include <webp/encode.h>
#include <webp/mux.h>
#include <stdlib.h>
#include <string.h>

int gg_test_webp_encode(const unsigned char *rgba, int width, int height, int lossless, float quality, int frames,
                   const unsigned char *icc, size_t icc_len, const unsigned char *exif, size_t exif_len,
                   unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    WebPData assembled = {NULL, 0};
    if (frames <= 1) {
        uint8_t *mem = NULL;
        size_t n = lossless ? WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &mem)
                            : WebPEncodeRGBA(rgba, width, height, width * 4, quality, &mem);
        if (!n) return GG_TEST_ERR;
        assembled.bytes = mem;
        assembled.size = n;
    } else {
        WebPAnimEncoderOptions options;
        WebPConfig config;
        if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&config)) return GG_TEST_ERR;
        config.lossless = lossless;
        config.quality = quality;
        WebPAnimEncoder *enc = WebPAnimEncoderNew(width, height, &options);
        unsigned char *inverted = malloc((size_t)width * height * 4);
        if (!enc || !inverted) { if (enc) WebPAnimEncoderDelete(enc); free(inverted); return GG_TEST_NOMEM; }
        for (size_t i = 0; i < (size_t)width * height * 4; i++) inverted[i] = (i % 4 == 3) ? rgba[i] : (unsigned char)(255 - rgba[i]);
        int ok = 1;
        for (int i = 0; i < frames && ok; i++) {
            WebPPicture pic;
            ok = WebPPictureInit(&pic);
            pic.use_argb = 1;
            pic.width = width;
            pic.height = height;
            ok = ok && WebPPictureImportRGBA(&pic, i % 2 ? inverted : rgba, width * 4);
            ok = ok && WebPAnimEncoderAdd(enc, &pic, i * 100, &config);
            WebPPictureFree(&pic);
        }
        ok = ok && WebPAnimEncoderAdd(enc, NULL, frames * 100, NULL) && WebPAnimEncoderAssemble(enc, &assembled);
        WebPAnimEncoderDelete(enc);
        free(inverted);
        if (!ok) { WebPDataClear(&assembled); return GG_TEST_ERR; }
    }
    if ((icc && icc_len) || (exif && exif_len)) {
        WebPMux *mux = WebPMuxCreate(&assembled, 1);
        WebPData profile = {icc, icc_len}, metadata = {exif, exif_len};
        WebPData withProfile = {NULL, 0};
        int ok = mux != NULL;
        if (ok && icc && icc_len) ok = WebPMuxSetChunk(mux, "ICCP", &profile, 1) == WEBP_MUX_OK;
        if (ok && exif && exif_len) ok = WebPMuxSetChunk(mux, "EXIF", &metadata, 1) == WEBP_MUX_OK;
        ok = ok && WebPMuxAssemble(mux, &withProfile) == WEBP_MUX_OK;
        if (mux) WebPMuxDelete(mux);
        WebPDataClear(&assembled);
        if (!ok) { WebPDataClear(&withProfile); return GG_TEST_ERR; }
        assembled = withProfile;
    }
    *out = malloc(assembled.size);
    if (*out) {
        memcpy(*out, assembled.bytes, assembled.size);
        *outlen = assembled.size;
    }
    WebPDataClear(&assembled);
    return *out ? GG_TEST_OK : GG_TEST_NOMEM;
}

int gg_test_webp_mux_iccp(const unsigned char *webp, size_t len, const unsigned char *icc, size_t icc_len,
                          unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    WebPData image = {webp, len}, profile = {icc, icc_len}, tagged = {NULL, 0};
    WebPMux *mux = WebPMuxCreate(&image, 0);
    int ok = mux && WebPMuxSetChunk(mux, "ICCP", &profile, 0) == WEBP_MUX_OK && WebPMuxAssemble(mux, &tagged) == WEBP_MUX_OK;
    if (mux) WebPMuxDelete(mux);
    if (!ok) { WebPDataClear(&tagged); return GG_TEST_ERR; }
    *out = malloc(tagged.size);
    if (*out) {
        memcpy(*out, tagged.bytes, tagged.size);
        *outlen = tagged.size;
    }
    WebPDataClear(&tagged);
    return *out ? GG_TEST_OK : GG_TEST_NOMEM;
}
