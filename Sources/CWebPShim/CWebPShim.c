#include "CWebPShim.h"
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <stdint.h>
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

void gg_webp_free(void *p) { free(p); }

static void gg_put_le(unsigned char *p, uint32_t v, int bytes) {
    for (int i = 0; i < bytes; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* Adds an ICCP chunk to a still image as WebPEncode writes it (a VP8 chunk alone, or VP8X, ALPH and VP8), in
   the layout libwebpmux assembles (so the bytes are the ones it gave before galgen stopped linking it for this one
   chunk; a test compares them): RIFF, a new VP8X (the ICC flag, the alpha flag when there is an ALPH chunk, the
   canvas size), ICCP (padded to an even size), then the image's chunks as written. *out: free with gg_webp_free. */
static int gg_webp_add_iccp(const unsigned char *webp, size_t len, const unsigned char *icc, size_t icc_len,
                            unsigned char **out, size_t *outlen) {
    WebPBitstreamFeatures features;
    if (len < 20 || memcmp(webp, "RIFF", 4) != 0 || memcmp(webp + 8, "WEBP", 4) != 0
        || WebPGetFeatures(webp, len, &features) != VP8_STATUS_OK || features.has_animation || icc_len > 0x7fffffff) return GG_WEBP_ERR;
    const unsigned char *image = webp + 12;
    size_t image_len = len - 12;
    if (memcmp(image, "VP8X", 4) == 0) {   /* WebPEncode's own VP8X: replaced */
        if (image_len < 18) return GG_WEBP_ERR;
        image += 18;
        image_len -= 18;
    }
    int alpha = 0;
    for (size_t at = 0; at + 8 <= image_len;) {
        uint32_t size = (uint32_t)image[at + 4] | (uint32_t)image[at + 5] << 8 | (uint32_t)image[at + 6] << 16 | (uint32_t)image[at + 7] << 24;
        if (memcmp(image + at, "ALPH", 4) == 0) alpha = 1;
        at += 8 + (size_t)size + (size & 1);
    }
    size_t padded = icc_len + (icc_len & 1);
    size_t total = 12 + 18 + 8 + padded + image_len;
    if (total - 8 > 0xffffffffu) return GG_WEBP_ERR;
    unsigned char *file = malloc(total);
    if (!file) return GG_WEBP_NOMEM;
    unsigned char *p = file;
    memcpy(p, "RIFF", 4); gg_put_le(p + 4, (uint32_t)(total - 8), 4); memcpy(p + 8, "WEBP", 4); p += 12;
    memcpy(p, "VP8X", 4); gg_put_le(p + 4, 10, 4);
    gg_put_le(p + 8, 0x20u | (alpha ? 0x10u : 0u), 4);   /* ICC profile, alpha */
    gg_put_le(p + 12, (uint32_t)features.width - 1, 3); gg_put_le(p + 15, (uint32_t)features.height - 1, 3); p += 18;
    memcpy(p, "ICCP", 4); gg_put_le(p + 4, (uint32_t)icc_len, 4); memcpy(p + 8, icc, icc_len);
    if (padded != icc_len) p[8 + icc_len] = 0;
    p += 8 + padded;
    memcpy(p, image, image_len);
    *out = file;
    *outlen = total;
    return GG_WEBP_OK;
}

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
        /* A colour profile (a wide-gamut site's Display P3): an ICCP chunk in the extended layout. */
        int rc = gg_webp_add_iccp(writer.mem, writer.size, icc, icc_len, out, outlen);
        WebPMemoryWriterClear(&writer);
        return rc;
    }
    *out = writer.mem;   /* allocated with malloc by libwebp: gg_webp_free releases it */
    *outlen = writer.size;
    return GG_WEBP_OK;
}

void gg_webp_version(char *out, size_t len) {
    int v = WebPGetDecoderVersion();
    snprintf(out, len, "%d.%d.%d", (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
}
