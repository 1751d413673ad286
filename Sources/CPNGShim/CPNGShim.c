#include "CPNGShim.h"
#include <png.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

static void gg_png_copy(char *dst, size_t dstlen, const char *src) {
    if (!dst || dstlen == 0) return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = 0;
}

static void gg_put32(unsigned char *p, unsigned long v);

static unsigned long gg_be32(const unsigned char *p) {
    return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

int gg_png_info(const unsigned char *data, size_t len, gg_png_info_t *info, char *errbuf, size_t errlen) {
    memset(info, 0, sizeof *info);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, len)) {
        gg_png_copy(errbuf, errlen, image.message);
        png_image_free(&image);
        return GG_PNG_ERR;
    }
    info->width = (int)image.width;
    info->height = (int)image.height;
    info->has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    png_image_free(&image);
    /* Bit depth and colour type straight from IHDR (the simplified API does not tell them). */
    if (len >= 33) {
        info->bit_depth = data[24];
        info->color_type = data[25];
    }
    return GG_PNG_OK;
}

/* The iCCP chunk's profile, inflated (at most 16 MB), or NULL. Chunks are walked by their lengths;
   a damaged chunk list simply yields no profile. */
static unsigned char *gg_png_iccp(const unsigned char *data, size_t len, unsigned int *icc_len) {
    size_t at = 8;
    while (at + 12 <= len) {
        unsigned long n = gg_be32(data + at);
        const unsigned char *type = data + at + 4;
        if (n > len - at - 12) return NULL;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) return NULL;  /* iCCP comes before IDAT */
        if (memcmp(type, "iCCP", 4) == 0) {
            const unsigned char *body = data + at + 8;
            size_t name = 0;
            while (name < n && name < 80 && body[name] != 0) name++;
            if (name + 2 > n || body[name + 1] != 0) return NULL;   /* method 0: zlib */
            const unsigned char *z = body + name + 2;
            size_t zlen = n - name - 2;
            for (uLongf cap = 1 << 16; cap <= (16u << 20); cap *= 4) {
                unsigned char *out = malloc(cap);
                if (!out) return NULL;
                uLongf outlen = cap;
                int rc = uncompress(out, &outlen, z, (uLong)zlen);
                if (rc == Z_OK) {
                    *icc_len = (unsigned int)outlen;
                    return out;
                }
                free(out);
                if (rc != Z_BUF_ERROR) return NULL;
            }
            return NULL;
        }
        at += 12 + n;
    }
    return NULL;
}

int gg_png_decode(const unsigned char *data, size_t len, long long max_pixels, gg_png_image *out, char *errbuf, size_t errlen) {
    memset(out, 0, sizeof *out);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, len)) {
        gg_png_copy(errbuf, errlen, image.message);
        png_image_free(&image);
        return GG_PNG_ERR;
    }
    if (max_pixels > 0 && (long long)image.width * (long long)image.height > max_pixels) {
        gg_png_copy(errbuf, errlen, "more pixels than allowed");
        png_image_free(&image);
        return GG_PNG_LIMIT;
    }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels) {
        png_image_free(&image);
        gg_png_copy(errbuf, errlen, "out of memory");
        return GG_PNG_NOMEM;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        gg_png_copy(errbuf, errlen, image.message);
        png_image_free(&image);
        free(pixels);
        return GG_PNG_ERR;
    }
    out->pixels = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
    out->icc = gg_png_iccp(data, len, &out->icc_len);
    png_image_free(&image);
    return GG_PNG_OK;
}

int gg_png_encode(const void *pixels, int width, int height, int channels, int sixteen, int colormap,
                  unsigned char **out, size_t *outlen, char *errbuf, size_t errlen) {
    *out = NULL;
    *outlen = 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    static const png_uint_32 formats[5] = {0, PNG_FORMAT_GRAY, PNG_FORMAT_GA, PNG_FORMAT_RGB, PNG_FORMAT_RGBA};
    if (channels < 1 || channels > 4) return GG_PNG_ERR;
    image.format = formats[channels] | (sixteen ? PNG_FORMAT_FLAG_LINEAR : 0);
    void *colors = NULL;
    const void *buffer = pixels;
    unsigned char *indexed = NULL;
    if (colormap && !sixteen && channels >= 3) {
        /* A palette of the distinct colours (at most 256), for palette + tRNS test files. */
        unsigned char *map = calloc(256, 4);
        indexed = malloc((size_t)width * height);
        if (!map || !indexed) { free(map); free(indexed); return GG_PNG_NOMEM; }
        int count = 0;
        const unsigned char *p = pixels;
        for (size_t i = 0; i < (size_t)width * height; i++) {
            const unsigned char *c = p + i * channels;
            int k = 0;
            while (k < count && memcmp(map + k * channels, c, channels) != 0) k++;
            if (k == count) {
                if (count == 256) { free(map); free(indexed); gg_png_copy(errbuf, errlen, "more than 256 colours"); return GG_PNG_ERR; }
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
        gg_png_copy(errbuf, errlen, image.message[0] ? image.message : "cannot encode");
        free(mem);
        ok = 0;
    }
    free(colors);
    free(indexed);
    png_image_free(&image);
    return *out ? GG_PNG_OK : GG_PNG_ERR;
}

int gg_png_add_chunk(const unsigned char *png, size_t len, const char type[4], const unsigned char *payload, size_t payload_len,
                     unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    if (len < 33) return GG_PNG_ERR;
    size_t at = 33, total = len + 12 + payload_len;
    unsigned char *mem = malloc(total);
    if (!mem) return GG_PNG_NOMEM;
    memcpy(mem, png, at);
    unsigned char *chunk = mem + at;
    gg_put32(chunk, (unsigned long)payload_len);
    memcpy(chunk + 4, type, 4);
    if (payload_len) memcpy(chunk + 8, payload, payload_len);
    gg_put32(chunk + 8 + payload_len, crc32(crc32(0, NULL, 0), chunk + 4, (uInt)(payload_len + 4)));
    memcpy(mem + at + 12 + payload_len, png + at, len - at);
    *out = mem;
    *outlen = total;
    return GG_PNG_OK;
}

void gg_png_free(void *p) { free(p); }

static void gg_put32(unsigned char *p, unsigned long v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

int gg_png_add_iccp(const unsigned char *png, size_t len, const unsigned char *profile, size_t profile_len,
                    unsigned char **out, size_t *outlen) {
    *out = NULL;
    *outlen = 0;
    if (len < 33) return GG_PNG_ERR;
    uLongf zlen = compressBound((uLong)profile_len);
    const char name[] = "galgen test";
    size_t body = sizeof name + 1 + zlen;   /* name, its NUL, method 0, zlib stream */
    unsigned char *chunk = malloc(12 + body);
    if (!chunk) return GG_PNG_NOMEM;
    memcpy(chunk + 4, "iCCP", 4);
    memcpy(chunk + 8, name, sizeof name);   /* includes the NUL */
    chunk[8 + sizeof name] = 0;
    if (compress(chunk + 8 + sizeof name + 1, &zlen, profile, (uLong)profile_len) != Z_OK) { free(chunk); return GG_PNG_ERR; }
    body = sizeof name + 1 + zlen;
    gg_put32(chunk, (unsigned long)body);
    gg_put32(chunk + 8 + body, crc32(crc32(0, NULL, 0), chunk + 4, (uInt)(body + 4)));
    size_t at = 33;   /* signature (8) + IHDR (25): iCCP goes right after IHDR */
    unsigned char *mem = malloc(len + 12 + body);
    if (!mem) { free(chunk); return GG_PNG_NOMEM; }
    memcpy(mem, png, at);
    memcpy(mem + at, chunk, 12 + body);
    memcpy(mem + at + 12 + body, png + at, len - at);
    free(chunk);
    *out = mem;
    *outlen = len + 12 + body;
    return GG_PNG_OK;
}
