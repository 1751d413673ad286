/* TIFF test inputs: libtiff writing into a growing buffer (strips or tiles, any photometric, several pages,
   a reduced-resolution copy). libtiff's messages go to a buffer given through its open options, never stderr. */
#include "CTestWritersShim.h"
#include <tiffio.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;
    uint64_t len;
    uint64_t cap;
    uint64_t pos;
    char error[160];
} gg_tiff_sink;

static int gg_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    gg_tiff_sink *sink = user;
    if (!sink->error[0]) vsnprintf(sink->error, sizeof sink->error, fmt, ap);
    return 1;
}

static int gg_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

static tmsize_t gg_tiff_read(thandle_t h, void *buf, tmsize_t n) {
    gg_tiff_sink *m = (gg_tiff_sink *)h;
    if (n <= 0 || m->pos >= m->len) return 0;
    uint64_t k = m->len - m->pos;
    if ((uint64_t)n < k) k = (uint64_t)n;
    memcpy(buf, m->data + m->pos, (size_t)k);
    m->pos += k;
    return (tmsize_t)k;
}

static tmsize_t gg_tiff_write(thandle_t h, void *buf, tmsize_t n) {
    gg_tiff_sink *m = (gg_tiff_sink *)h;
    if (n < 0) return -1;
    uint64_t end = m->pos + (uint64_t)n;
    if (end > m->cap) {
        uint64_t cap = m->cap ? m->cap : 4096;
        while (cap < end) cap *= 2;
        unsigned char *grown = realloc(m->data, (size_t)cap);
        if (!grown) return -1;
        memset(grown + m->cap, 0, (size_t)(cap - m->cap));
        m->data = grown;
        m->cap = cap;
    }
    memcpy(m->data + m->pos, buf, (size_t)n);
    m->pos = end;
    if (end > m->len) m->len = end;
    return n;
}

static toff_t gg_tiff_seek(thandle_t h, toff_t off, int whence) {
    gg_tiff_sink *m = (gg_tiff_sink *)h;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? m->pos : whence == SEEK_END ? m->len : UINT64_MAX;
    if (base == UINT64_MAX || off > UINT64_MAX / 2 || base + off > ((uint64_t)1 << 62)) return (toff_t)-1;
    m->pos = base + off;
    return m->pos;
}

static int gg_tiff_close(thandle_t h) { (void)h; return 0; }
static toff_t gg_tiff_size(thandle_t h) { return ((gg_tiff_sink *)h)->len; }
static int gg_tiff_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static void gg_tiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

static int gg_tiff_write_page(TIFF *tif, const unsigned char *samples, int width, int height, const gg_test_tiff_options *o,
                              int invert, uint32_t subfile, int page, int pages) {
    int alpha = o->extra_alpha != 0;
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, (uint32_t)width);
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, (uint32_t)height);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, (uint16_t)o->bits);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, (uint16_t)o->channels);
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_COMPRESSION, (uint16_t)o->compression);
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, (uint16_t)o->photometric);
    if (o->compression == COMPRESSION_JPEG) {
        TIFFSetField(tif, TIFFTAG_JPEGQUALITY, 95);
        if (o->photometric == PHOTOMETRIC_YCBCR) TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
    }
    if (o->predictor) TIFFSetField(tif, TIFFTAG_PREDICTOR, (uint16_t)o->predictor);
    if (alpha) {
        uint16_t kind = (uint16_t)o->extra_alpha;
        TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &kind);
    }
    if (o->photometric == PHOTOMETRIC_PALETTE && o->colormap) {
        size_t n = (size_t)1 << o->bits;
        TIFFSetField(tif, TIFFTAG_COLORMAP, o->colormap, o->colormap + n, o->colormap + 2 * n);
    }
    if (o->photometric == PHOTOMETRIC_SEPARATED) TIFFSetField(tif, TIFFTAG_INKSET, INKSET_CMYK);
    if (o->orientation > 0) TIFFSetField(tif, TIFFTAG_ORIENTATION, (uint16_t)o->orientation);
    if (o->icc && o->icc_len) TIFFSetField(tif, TIFFTAG_ICCPROFILE, (uint32_t)o->icc_len, o->icc);
    if (subfile) TIFFSetField(tif, TIFFTAG_SUBFILETYPE, subfile);
    if (pages > 1) TIFFSetField(tif, TIFFTAG_PAGENUMBER, (uint16_t)page, (uint16_t)pages);
    size_t row = ((size_t)width * o->channels * o->bits + 7) / 8;
    unsigned char *copy = NULL;
    int ok = 1;
    if (o->tile > 0) {
        TIFFSetField(tif, TIFFTAG_TILEWIDTH, (uint32_t)o->tile);
        TIFFSetField(tif, TIFFTAG_TILELENGTH, (uint32_t)o->tile);
        tmsize_t size = TIFFTileSize(tif);
        size_t tile_row = ((size_t)o->tile * o->channels * o->bits + 7) / 8;
        copy = malloc(size > 0 ? (size_t)size : 1);
        if (!copy || o->bits < 8) { free(copy); return 0; }
        for (int y = 0; ok && y < height; y += o->tile)
            for (int x = 0; ok && x < width; x += o->tile) {
                memset(copy, 0, (size_t)size);
                size_t offset = (size_t)x * o->channels * o->bits / 8;
                for (int r = 0; r < o->tile && y + r < height; r++) {
                    size_t n = row - offset < tile_row ? row - offset : tile_row;
                    memcpy(copy + (size_t)r * tile_row, samples + (size_t)(y + r) * row + offset, n);
                }
                if (invert) for (tmsize_t i = 0; i < size; i++) copy[i] = (unsigned char)~copy[i];
                ok = TIFFWriteEncodedTile(tif, TIFFComputeTile(tif, (uint32_t)x, (uint32_t)y, 0, 0), copy, size) >= 0;
            }
    } else {
        uint32_t rps = o->rows_per_strip > 0 ? (uint32_t)o->rows_per_strip : TIFFDefaultStripSize(tif, 0);
        if (rps > (uint32_t)height) rps = (uint32_t)height;
        TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, rps);
        copy = malloc(row * rps);
        if (!copy) return 0;
        for (uint32_t y = 0; ok && y < (uint32_t)height; y += rps) {
            uint32_t rows = (uint32_t)height - y < rps ? (uint32_t)height - y : rps;
            memcpy(copy, samples + (size_t)y * row, row * rows);   /* libtiff byte-swaps the buffer it is given */
            if (invert) for (size_t i = 0; i < row * rows; i++) copy[i] = (unsigned char)~copy[i];
            ok = TIFFWriteEncodedStrip(tif, TIFFComputeStrip(tif, y, 0), copy, (tmsize_t)(row * rows)) >= 0;
        }
    }
    free(copy);
    return ok && TIFFWriteDirectory(tif);
}

int gg_test_tiff_encode(const unsigned char *samples, int width, int height, const gg_test_tiff_options *o,
                        unsigned char **out, size_t *outlen, char *errbuf, size_t errlen) {
    *out = NULL;
    *outlen = 0;
    gg_tiff_sink sink;
    memset(&sink, 0, sizeof sink);
    char mode[8] = "w";
    strcat(mode, o->big_endian ? "b" : "l");
    if (o->bigtiff) strcat(mode, "8");
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    TIFF *tif = NULL;
    if (options) {
        TIFFOpenOptionsSetErrorHandlerExtR(options, gg_tiff_on_error, &sink);
        TIFFOpenOptionsSetWarningHandlerExtR(options, gg_tiff_on_warning, &sink);
        tif = TIFFClientOpenExt("galgen-test", mode, (thandle_t)&sink, gg_tiff_read, gg_tiff_write, gg_tiff_seek, gg_tiff_close,
                                gg_tiff_size, gg_tiff_map, gg_tiff_unmap, options);
        TIFFOpenOptionsFree(options);
    }
    int ok = tif != NULL;
    int pages = o->pages > 1 ? o->pages : 1;
    for (int page = 0; ok && page < pages; page++) {
        ok = gg_tiff_write_page(tif, samples, width, height, o, page % 2 == 1, pages > 1 ? FILETYPE_PAGE : 0, page, pages);
        if (ok && page == 0 && o->reduced_copy)
            ok = gg_tiff_write_page(tif, samples, width, height, o, 0, FILETYPE_REDUCEDIMAGE, 0, 0);
    }
    if (tif) TIFFClose(tif);
    if (!ok) {
        snprintf(errbuf, errlen, "%s", sink.error[0] ? sink.error : "libtiff cannot write it");
        free(sink.data);
        return GG_TEST_ERR;
    }
    *out = sink.data;
    *outlen = (size_t)sink.len;
    return GG_TEST_OK;
}
