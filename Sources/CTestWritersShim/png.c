/* PNG test inputs: libpng's simplified writer, and chunks spliced in after IHDR. */
#include "CTestWritersShim.h"
#include <png.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

static void gg_test_copy(char *dst, size_t dstlen, const char *src) {
    if (!dst || dstlen == 0) return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = 0;
}

static void gg_put32(unsigned char *p, unsigned long v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

int gg_test_png_encode(const void *pixels, int width, int height, int channels, int sixteen, int colormap,
                  unsigned char **out, size_t *outlen, char *errbuf, size_t errlen) {
    *out = NULL;
    *outlen = 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    static const png_uint_32 formats[5] = {0, PNG_FORMAT_GRAY, PNG_FORMAT_GA, PNG_FORMAT_RGB, PNG_FORMAT_RGBA};
    if (channels < 1 || channels > 4) return GG_TEST_ERR;
    image.format = formats[channels] | (sixteen ? PNG_FORMAT_FLAG_LINEAR : 0);
    void *colors = NULL;
    const void *buffer = pixels;
    unsigned char *indexed = NULL;
    if (colormap && !sixteen && channels >= 3) {
        /* A palette of the distinct colours (at most 256), for palette + tRNS test files. */
        unsigned char *map = calloc(256, 4);
        indexed = malloc((size_t)width * height);
        if (!map || !indexed) { free(map); free(indexed); return GG_TEST_NOMEM; }
        int count = 0;
        const unsigned char *p = pixels;
        for (size_t i = 0; i < (size_t)width * height; i++) {
            const unsigned char *c = p + i * channels;
            int k = 0;
            while (k < count && memcmp(map + k * channels, c, channels) != 0) k++;
            if (k == count) {
                if (count == 256) { free(map); free(indexed); gg_test_copy(errbuf, errlen, "more than 256 colours"); return GG_TEST_ERR; }
                memcpy(map + count * channels, c, channels);
                count++;
            }
            indexed[i] = (unsigned char)k;
        }
        image.format |= PNG_FORMAT_FLAG_COLORMAP;
        image.colormap_entries = (png_uint_32)count;
        colors = map;
        buffer = indexed;
    }
    png_alloc_size_t size = 0;
    int ok = png_image_write_get_memory_size(image, size, 0, buffer, 0, colors);
    unsigned char *mem = ok ? malloc(size) : NULL;
    if (mem && png_image_write_to_memory(&image, mem, &size, 0, buffer, 0, colors)) {
        *out = mem;
        *outlen = size;
    } else {
        gg_test_copy(errbuf, errlen, image.message[0] ? image.message : "cannot encode");
        free(mem);
        ok = 0;
    }
    free(colors);
    free(indexed);
    png_image_free(&image);
    return *out ? GG_TEST_OK : GG_TEST_ERR;
}

int gg_test_png_add_chunk(const unsigned char *png, size_t len, const char type[4], const unsigned char *payload, size_t payload_len,
                     unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    if (len < 33) return GG_TEST_ERR;
    size_t at = 33, total = len + 12 + payload_len;
    unsigned char *mem = malloc(total);
    if (!mem) return GG_TEST_NOMEM;
    memcpy(mem, png, at);
    unsigned char *chunk = mem + at;
    gg_put32(chunk, (unsigned long)payload_len);
    memcpy(chunk + 4, type, 4);
    if (payload_len) memcpy(chunk + 8, payload, payload_len);
    gg_put32(chunk + 8 + payload_len, crc32(crc32(0, NULL, 0), chunk + 4, (uInt)(payload_len + 4)));
    memcpy(mem + at + 12 + payload_len, png + at, len - at);
    *out = mem;
    *outlen = total;
    return GG_TEST_OK;
}

int gg_test_png_add_iccp(const unsigned char *png, size_t len, const unsigned char *profile, size_t profile_len,
                    unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    if (len < 33) return GG_TEST_ERR;
    uLongf zlen = compressBound((uLong)profile_len);
    const char name[] = "galgen test";
    size_t body = sizeof name + 1 + zlen;   /* name, its NUL, method 0, zlib stream */
    unsigned char *chunk = malloc(12 + body);
    if (!chunk) return GG_TEST_NOMEM;
    memcpy(chunk + 4, "iCCP", 4);
    memcpy(chunk + 8, name, sizeof name);   /* includes the NUL */
    chunk[8 + sizeof name] = 0;
    if (compress(chunk + 8 + sizeof name + 1, &zlen, profile, (uLong)profile_len) != Z_OK) { free(chunk); return GG_TEST_ERR; }
    body = sizeof name + 1 + zlen;
    gg_put32(chunk, (unsigned long)body);
    gg_put32(chunk + 8 + body, crc32(crc32(0, NULL, 0), chunk + 4, (uInt)(body + 4)));
    size_t at = 33;   /* signature (8) + IHDR (25): iCCP goes right after IHDR */
    unsigned char *mem = malloc(len + 12 + body);
    if (!mem) { free(chunk); return GG_TEST_NOMEM; }
    memcpy(mem, png, at);
    memcpy(mem + at, chunk, 12 + body);
    memcpy(mem + at + 12 + body, png + at, len - at);
    free(chunk);
    *out = mem;
    *outlen = len + 12 + body;
    return GG_TEST_OK;
}

void gg_test_free(void *p) { free(p); }
