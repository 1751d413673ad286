#include "CAVIFShim.h"
#include <avif/avif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static avifCodecChoice gg_avif_choice(int codec) {
    switch (codec) {
    case GG_AVIF_RAV1E: return AVIF_CODEC_CHOICE_RAV1E;
    case GG_AVIF_SVT: return AVIF_CODEC_CHOICE_SVT;
    default: return AVIF_CODEC_CHOICE_AOM;
    }
}

int gg_avif_has_encoder(int codec) {
    return avifCodecName(gg_avif_choice(codec), AVIF_CODEC_FLAG_CAN_ENCODE) != NULL;
}

void gg_avif_versions(char *out, size_t len) {
    char codecs[256];
    avifCodecVersions(codecs);
    snprintf(out, len, "%s (%s)", avifVersion(), codecs);
}

static void gg_avif_message(char *error, size_t error_len, const char *text) {
    if (error && error_len) snprintf(error, error_len, "%s", text);
}

int gg_avif_encode(const unsigned char *pixels, int width, int height, int channels, int quality, int speed,
                   int codec, int yuv444, int p3, unsigned char **out, size_t *outlen, char *error, size_t error_len) {
    *out = NULL;
    *outlen = 0;
    if (error && error_len) error[0] = 0;
    if (!pixels || width <= 0 || height <= 0 || (channels != 3 && channels != 4)) return GG_AVIF_ERR;
    avifCodecChoice choice = gg_avif_choice(codec);
    if (!avifCodecName(choice, AVIF_CODEC_FLAG_CAN_ENCODE)) {
        gg_avif_message(error, error_len, "this libavif has no such AV1 encoder");
        return GG_AVIF_NO_CODEC;
    }
    avifImage *image = avifImageCreate(width, height, 8, yuv444 ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420);
    if (!image) return GG_AVIF_NOMEM;
    image->colorPrimaries = p3 ? AVIF_COLOR_PRIMARIES_SMPTE432 : AVIF_COLOR_PRIMARIES_BT709;
    image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    image->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
    image->yuvRange = AVIF_RANGE_FULL;
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = channels == 4 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)pixels;   /* only read by avifImageRGBToYUV */
    rgb.rowBytes = (uint32_t)width * (uint32_t)channels;
    avifResult r = avifImageAllocatePlanes(image, channels == 4 ? AVIF_PLANES_ALL : AVIF_PLANES_YUV);
    if (r == AVIF_RESULT_OK) r = avifImageRGBToYUV(image, &rgb);
    if (r != AVIF_RESULT_OK) {
        gg_avif_message(error, error_len, avifResultToString(r));
        avifImageDestroy(image);
        return r == AVIF_RESULT_OUT_OF_MEMORY ? GG_AVIF_NOMEM : GG_AVIF_ERR;
    }
    avifEncoder *encoder = avifEncoderCreate();
    if (!encoder) { avifImageDestroy(image); return GG_AVIF_NOMEM; }
    encoder->codecChoice = choice;
    encoder->maxThreads = 1;
    encoder->speed = speed < 0 ? 0 : speed > 10 ? 10 : speed;
    int q = quality < 0 ? 0 : quality > 100 ? 100 : quality;
    int quantizer = ((100 - q) * 63 + 50) / 100;   /* libavif 1.x: quality 100 is lossless-ish 0, 0 is 63 */
    encoder->minQuantizer = encoder->maxQuantizer = quantizer;
    encoder->minQuantizerAlpha = encoder->maxQuantizerAlpha = quantizer;
    avifRWData output = AVIF_DATA_EMPTY;
    r = avifEncoderWrite(encoder, image, &output);
    avifEncoderDestroy(encoder);
    avifImageDestroy(image);
    if (r != AVIF_RESULT_OK) {
        gg_avif_message(error, error_len, avifResultToString(r));
        avifRWDataFree(&output);
        return r == AVIF_RESULT_OUT_OF_MEMORY ? GG_AVIF_NOMEM : GG_AVIF_ERR;
    }
    *out = malloc(output.size);
    if (!*out) { avifRWDataFree(&output); return GG_AVIF_NOMEM; }
    memcpy(*out, output.data, output.size);
    *outlen = output.size;
    avifRWDataFree(&output);
    return GG_AVIF_OK;
}

void gg_avif_free(void *p) { free(p); }
