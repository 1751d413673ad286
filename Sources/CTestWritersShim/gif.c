/* GIF test inputs: giflib's writer into a growing buffer. */
#include "CTestWritersShim.h"
#include <gif_lib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;
    size_t len;
    size_t cap;
} gg_gif_sink;

static int gg_gif_write(GifFileType *gif, const GifByteType *buf, int n) {
    gg_gif_sink *sink = gif->UserData;
    if (sink->len + (size_t)n > sink->cap) {
        size_t cap = (sink->cap ? sink->cap * 2 : 4096) + (size_t)n;
        unsigned char *grown = realloc(sink->data, cap);
        if (!grown) return 0;
        sink->data = grown;
        sink->cap = cap;
    }
    memcpy(sink->data + sink->len, buf, (size_t)n);
    sink->len += (size_t)n;
    return n;
}

int gg_test_gif_encode(const unsigned char *indices, int width, int height, const unsigned char *palette, int colors,
                  int transparent, int frames, int interlace, unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    int err = 0, bits = 1;
    while ((1 << bits) < colors) bits++;
    gg_gif_sink sink = {NULL, 0, 0};
    GifFileType *gif = EGifOpen(&sink, gg_gif_write, &err);
    if (!gif) return GG_TEST_ERR;
    ColorMapObject *map = GifMakeMapObject(1 << bits, NULL);
    int ok = map != NULL;
    if (ok) {
        for (int i = 0; i < colors; i++) {
            map->Colors[i].Red = palette[i * 3];
            map->Colors[i].Green = palette[i * 3 + 1];
            map->Colors[i].Blue = palette[i * 3 + 2];
        }
        EGifSetGifVersion(gif, true);
        ok = EGifPutScreenDesc(gif, width, height, bits, 0, map) != GIF_ERROR;
    }
    if (ok && frames > 1) {
        unsigned char loop[3] = {1, 0, 0};
        ok = EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR
            && EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_ERROR
            && EGifPutExtensionBlock(gif, 3, loop) != GIF_ERROR && EGifPutExtensionTrailer(gif) != GIF_ERROR;
    }
    unsigned char *row = malloc((size_t)width);
    ok = ok && row;
    for (int f = 0; ok && f < frames; f++) {
        if (transparent >= 0) {
            unsigned char gce[4] = {1, 0, 0, (unsigned char)transparent};
            ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, gce) != GIF_ERROR;
        }
        ok = ok && EGifPutImageDesc(gif, 0, 0, width, height, interlace, NULL) != GIF_ERROR;
        static const int offsets[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
        for (int p = 0; ok && p < (interlace ? 4 : 1); p++) {
            for (int y = interlace ? offsets[p] : 0; ok && y < height; y += interlace ? steps[p] : 1) {
                /* Later frames shift every index by one, so they differ from the first. */
                for (int x = 0; x < width; x++) row[x] = (unsigned char)((indices[(size_t)y * width + x] + f) % colors);
                ok = EGifPutLine(gif, row, width) != GIF_ERROR;
            }
        }
    }
    free(row);
    if (map) GifFreeMapObject(map);
    if (EGifCloseFile(gif, &err) == GIF_ERROR) ok = 0;
    if (!ok) {
        free(sink.data);
        return GG_TEST_ERR;
    }
    *out = sink.data;
    *outlen = sink.len;
    return GG_TEST_OK;
}
