#include "CWebPShim.h"
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gg_webp_info(const unsigned char *data, size_t len, gg_webp_info_t *info) {
    memset(info, 0, sizeof *info);
    WebPBitstreamFeatures f;
    if (WebPGetFeatures(data, len, &f) != VP8_STATUS_OK) return GG_WEBP_ERR;
    info->width = f.width;
    info->height = f.height;
    info->has_alpha = f.has_alpha;
    info->animated = f.has_animation;
    return GG_WEBP_OK;
}

static void gg_webp_icc(const unsigned char *data, size_t len, gg_webp_image *out) {
    WebPData in = {data, len};
    WebPDemuxer *demux = WebPDemux(&in);
    if (!demux) return;
    WebPChunkIterator it;
    if ((WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &it)) {
        out->icc = malloc(it.chunk.size);
        if (out->icc) {
            memcpy(out->icc, it.chunk.bytes, it.chunk.size);
            out->icc_len = it.chunk.size;
        }
        WebPDemuxReleaseChunkIterator(&it);
    }
    WebPDemuxDelete(demux);
}

int gg_webp_decode(const unsigned char *data, size_t len, long long max_pixels, gg_webp_image *out) {
    memset(out, 0, sizeof *out);
    WebPBitstreamFeatures f;
    if (WebPGetFeatures(data, len, &f) != VP8_STATUS_OK) return GG_WEBP_ERR;
    if (max_pixels > 0 && (long long)f.width * (long long)f.height > max_pixels) return GG_WEBP_LIMIT;
    if (f.has_animation) {
        WebPData in = {data, len};
        WebPAnimDecoderOptions options;
        if (!WebPAnimDecoderOptionsInit(&options)) return GG_WEBP_ERR;
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        WebPAnimDecoder *dec = WebPAnimDecoderNew(&in, &options);
        if (!dec) return GG_WEBP_ERR;
        WebPAnimInfo info;
        uint8_t *frame = NULL;
        int timestamp = 0;
        if (!WebPAnimDecoderGetInfo(dec, &info) || !WebPAnimDecoderGetNext(dec, &frame, &timestamp) || !frame) {
            WebPAnimDecoderDelete(dec);
            return GG_WEBP_ERR;
        }
        size_t size = (size_t)info.canvas_width * info.canvas_height * 4;
        out->pixels = malloc(size);
        if (!out->pixels) { WebPAnimDecoderDelete(dec); return GG_WEBP_NOMEM; }
        memcpy(out->pixels, frame, size);   /* the decoder owns frame */
        out->width = (int)info.canvas_width;
        out->height = (int)info.canvas_height;
        out->animated = 1;
        WebPAnimDecoderDelete(dec);
    } else {
        int w = 0, h = 0;
        uint8_t *rgba = WebPDecodeRGBA(data, len, &w, &h);
        if (!rgba) return GG_WEBP_ERR;
        out->pixels = malloc((size_t)w * h * 4);
        if (!out->pixels) { WebPFree(rgba); return GG_WEBP_NOMEM; }
        memcpy(out->pixels, rgba, (size_t)w * h * 4);
        WebPFree(rgba);
        out->width = w;
        out->height = h;
    }
    gg_webp_icc(data, len, out);
    return GG_WEBP_OK;
}

int gg_webp_encode(const unsigned char *rgba, int width, int height, int lossless, float quality, int frames,
                   const unsigned char *icc, size_t icc_len, const unsigned char *exif, size_t exif_len,
                   unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    WebPData assembled = {NULL, 0};
    if (frames <= 1) {
        uint8_t *mem = NULL;
        size_t n = lossless ? WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &mem)
                            : WebPEncodeRGBA(rgba, width, height, width * 4, quality, &mem);
        if (!n) return GG_WEBP_ERR;
        assembled.bytes = mem;
        assembled.size = n;
    } else {
        WebPAnimEncoderOptions options;
        WebPConfig config;
        if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&config)) return GG_WEBP_ERR;
        config.lossless = lossless;
        config.quality = quality;
        WebPAnimEncoder *enc = WebPAnimEncoderNew(width, height, &options);
        unsigned char *inverted = malloc((size_t)width * height * 4);
        if (!enc || !inverted) { if (enc) WebPAnimEncoderDelete(enc); free(inverted); return GG_WEBP_NOMEM; }
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
        if (!ok) { WebPDataClear(&assembled); return GG_WEBP_ERR; }
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
        if (!ok) { WebPDataClear(&withProfile); return GG_WEBP_ERR; }
        assembled = withProfile;
    }
    *out = malloc(assembled.size);
    if (*out) {
        memcpy(*out, assembled.bytes, assembled.size);
        *outlen = assembled.size;
    }
    WebPDataClear(&assembled);
    return *out ? GG_WEBP_OK : GG_WEBP_NOMEM;
}

void gg_webp_free(void *p) { free(p); }

int gg_webp_encode_image(const unsigned char *pixels, int width, int height, int channels, float quality, int method,
                         const unsigned char *icc, size_t icc_len, unsigned char **out, size_t *outlen, int *error_code) {
    *out = NULL;
    *outlen = 0;
    *error_code = 0;
    if (!pixels || width <= 0 || height <= 0 || (channels != 3 && channels != 4)) return GG_WEBP_ERR;
    WebPConfig config;
    if (!WebPConfigPreset(&config, WEBP_PRESET_PHOTO, quality)) return GG_WEBP_ERR;
    config.method = method < 0 ? 0 : method > 6 ? 6 : method;
    config.thread_level = 0;   /* galgen runs one image per core already */
    if (!WebPValidateConfig(&config)) return GG_WEBP_ERR;
    WebPPicture pic;
    if (!WebPPictureInit(&pic)) return GG_WEBP_ERR;
    pic.use_argb = 0;
    pic.width = width;
    pic.height = height;
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    pic.writer = WebPMemoryWrite;
    pic.custom_ptr = &writer;
    int ok = channels == 4 ? WebPPictureImportRGBA(&pic, pixels, width * 4) : WebPPictureImportRGB(&pic, pixels, width * 3);
    ok = ok && WebPEncode(&config, &pic);
    if (!ok && pic.error_code == VP8_ENC_ERROR_PARTITION0_OVERFLOW) {
        /* Too much header data for VP8's first partition (very tall or detailed images): libwebp's
           documented remedy is fewer segments and a partition limit; try once more with them. */
        config.segments = 1;
        config.partition_limit = 100;
        WebPMemoryWriterClear(&writer);
        WebPMemoryWriterInit(&writer);
        pic.custom_ptr = &writer;
        ok = WebPEncode(&config, &pic);
    }
    *error_code = pic.error_code;
    int nomem = pic.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY;
    WebPPictureFree(&pic);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return nomem ? GG_WEBP_NOMEM : GG_WEBP_ERR;
    }
    if (icc && icc_len) {
        /* A colour profile (a wide-gamut site's Display P3): an ICCP chunk, through libwebpmux. */
        WebPData image = {writer.mem, writer.size}, profile = {icc, icc_len}, tagged = {NULL, 0};
        WebPMux *mux = WebPMuxCreate(&image, 0);
        int muxed = mux && WebPMuxSetChunk(mux, "ICCP", &profile, 0) == WEBP_MUX_OK && WebPMuxAssemble(mux, &tagged) == WEBP_MUX_OK;
        if (mux) WebPMuxDelete(mux);
        WebPMemoryWriterClear(&writer);
        if (!muxed) { WebPDataClear(&tagged); return GG_WEBP_ERR; }
        *out = (unsigned char *)tagged.bytes;
        *outlen = tagged.size;
        return GG_WEBP_OK;
    }
    *out = writer.mem;   /* allocated with malloc by libwebp: gg_webp_free releases it */
    *outlen = writer.size;
    return GG_WEBP_OK;
}

void gg_webp_version(char *out, size_t len) {
    int v = WebPGetDecoderVersion();
    snprintf(out, len, "%d.%d.%d", (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
}
