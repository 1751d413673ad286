/* A decoded frame made into the poster: scaled, converted to RGB24 and turned upright. */
#include "ffmpeg_api.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void gg_video_display_size(int width, int height, AVRational sar, int *out_width, int *out_height) {
    *out_width = width;
    *out_height = height;
    if (sar.num <= 0 || sar.den <= 0 || sar.num == sar.den) return;
    double scaled = (double)width * sar.num / sar.den;
    if (scaled >= 1 && scaled <= 65536) *out_width = (int)lround(scaled);
}

/* `width`×`height` scaled down so the long side is at most `max_side`, aspect kept, never below 1. */
static void gg_fit(int *width, int *height, int max_side) {
    int side = *width > *height ? *width : *height;
    if (side <= max_side) return;
    double factor = (double)max_side / side;
    int w = (int)lround(*width * factor), h = (int)lround(*height * factor);
    *width = w < 1 ? 1 : w;
    *height = h < 1 ? 1 : h;
}

/* swscale's colour space constant for the frame's matrix (BT.601 when untagged, as swscale assumes). */
static int gg_colorspace(enum AVColorSpace space) {
    switch (space) {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709;
    case AVCOL_SPC_FCC: return SWS_CS_FCC;
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M;
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
    default: return SWS_CS_ITU601;
    }
}

/* Scales and converts `frame` into packed RGB24 rows of `width`×`height`. */
static unsigned char *gg_convert(const gg_ffmpeg_api *av, const AVFrame *frame, int width, int height) {
    int flags = width < frame->width || height < frame->height ? SWS_AREA : SWS_BICUBIC;
    struct SwsContext *sws = av->sws_getContext(frame->width, frame->height, frame->format, width, height,
                                                AV_PIX_FMT_RGB24, flags | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (!sws) return NULL;
    /* Only the matrix and range of YUV input matter; RGB input ignores them. */
    const int *coefficients = av->sws_getCoefficients(gg_colorspace(frame->colorspace));
    int full_range = frame->color_range == AVCOL_RANGE_JPEG;
    av->sws_setColorspaceDetails(sws, coefficients, full_range, av->sws_getCoefficients(SWS_CS_DEFAULT), 1, 0,
                                 1 << 16, 1 << 16);
    /* swscale writes rows at an aligned stride; the rows are packed afterwards. */
    size_t row = (size_t)width * 3, stride = (row + 63) & ~(size_t)63;
    unsigned char *pixels = malloc(stride * (size_t)height + 64);
    if (pixels) {
        uint8_t *planes[4] = {pixels, NULL, NULL, NULL};
        int strides[4] = {(int)stride, 0, 0, 0};
        int rows = av->sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                                 planes, strides);
        if (rows != height) {
            free(pixels);
            pixels = NULL;
        } else {
            for (int y = 1; y < height; y++) memmove(pixels + (size_t)y * row, pixels + (size_t)y * stride, row);
        }
    }
    av->sws_freeContext(sws);
    return pixels;
}

/* `pixels` (RGB24, `width`×`height`) turned clockwise by 90, 180 or 270 degrees into a new buffer. */
static unsigned char *gg_rotate(const unsigned char *pixels, int width, int height, int rotation) {
    unsigned char *out = malloc((size_t)width * height * 3);
    if (!out) return NULL;
    int out_width = rotation == 180 ? width : height;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            int tx, ty;
            if (rotation == 90) { tx = height - 1 - y; ty = x; }
            else if (rotation == 270) { tx = y; ty = width - 1 - x; }
            else { tx = width - 1 - x; ty = height - 1 - y; }
            memcpy(out + ((size_t)ty * out_width + tx) * 3, pixels + ((size_t)y * width + x) * 3, 3);
        }
    }
    return out;
}

unsigned char *gg_video_poster(const gg_ffmpeg_api *av, const AVFrame *frame, int rotation, int max_side,
                               int *width, int *height) {
    int w, h;
    gg_video_display_size(frame->width, frame->height, frame->sample_aspect_ratio, &w, &h);
    gg_fit(&w, &h, max_side);
    unsigned char *pixels = gg_convert(av, frame, w, h);
    if (pixels && rotation != 0) {
        unsigned char *turned = gg_rotate(pixels, w, h, rotation);
        free(pixels);
        pixels = turned;
        if (rotation != 180) { int t = w; w = h; h = t; }
    }
    *width = w;
    *height = h;
    return pixels;
}
