#include "CTIFFShim.h"
#include <tiffio.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void gg_tiff_copy(char *dst, size_t dstlen, const char *src) {
    if (!dst || dstlen == 0) return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = 0;
}

/* ---- Messages: never printed, never fatal ---------------------------------------------------- */

/* libtiff's messages during one call: the first error is kept, the rest counted. */
typedef struct {
    char error[160];
    int errors;
} gg_tiff_messages;

/* The messages of the call running on this thread, for the rare libtiff paths that still report
   through the process-wide handlers instead of the handle's own. */
static __thread gg_tiff_messages *gg_tiff_current;

static void gg_tiff_keep(gg_tiff_messages *m, const char *module, const char *fmt, va_list ap) {
    if (!m) return;
    if (!m->error[0]) {
        char text[160];
        vsnprintf(text, sizeof text, fmt, ap);
        /* "module: text" reads badly when the module is our client name. */
        if (module && *module && strcmp(module, "galgen") != 0) snprintf(m->error, sizeof m->error, "%s: %s", module, text);
        else gg_tiff_copy(m->error, sizeof m->error, text);
    }
    m->errors++;
}

static int gg_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif;
    gg_tiff_keep(user, module, fmt, ap);
    return 1;   /* handled: libtiff's process-wide handlers (which print to stderr) are not called */
}

static int gg_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    /* Warnings (unknown tags, odd but readable values) are common in real files and change nothing. */
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

static void gg_tiff_global_error(const char *module, const char *fmt, va_list ap) { gg_tiff_keep(gg_tiff_current, module, fmt, ap); }
static void gg_tiff_global_warning(const char *module, const char *fmt, va_list ap) { (void)module; (void)fmt; (void)ap; }

static pthread_once_t gg_tiff_once = PTHREAD_ONCE_INIT;
static void gg_tiff_install_handlers(void) {
    /* Replaces libtiff's defaults, which print to stderr; the per-handle handlers come first. */
    TIFFSetErrorHandler(gg_tiff_global_error);
    TIFFSetWarningHandler(gg_tiff_global_warning);
}

/* ---- Memory I/O -------------------------------------------------------------------------------- */

typedef struct {
    const unsigned char *data;   /* the caller's bytes, never written */
    uint64_t len;
    uint64_t pos;
} gg_tiff_mem;

static tmsize_t gg_tiff_read(thandle_t h, void *buf, tmsize_t n) {
    gg_tiff_mem *m = (gg_tiff_mem *)h;
    if (n <= 0 || m->pos >= m->len) return 0;
    uint64_t k = m->len - m->pos;
    if ((uint64_t)n < k) k = (uint64_t)n;
    memcpy(buf, m->data + m->pos, (size_t)k);
    m->pos += k;
    return (tmsize_t)k;
}

/* Files are only read here (the tests' writer is CTestWritersShim). */
static tmsize_t gg_tiff_write(thandle_t h, void *buf, tmsize_t n) { (void)h; (void)buf; (void)n; return -1; }

static toff_t gg_tiff_seek(thandle_t h, toff_t off, int whence) {
    gg_tiff_mem *m = (gg_tiff_mem *)h;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? m->pos : whence == SEEK_END ? m->len : UINT64_MAX;
    if (base == UINT64_MAX || off > UINT64_MAX / 2 || base + off > ((uint64_t)1 << 62)) return (toff_t)-1;
    m->pos = base + off;
    return m->pos;
}

static int gg_tiff_close(thandle_t h) { (void)h; return 0; }
static toff_t gg_tiff_size(thandle_t h) { return ((gg_tiff_mem *)h)->len; }

static int gg_tiff_map(thandle_t h, void **base, toff_t *size) {
    gg_tiff_mem *m = (gg_tiff_mem *)h;
    *base = (void *)m->data;   /* libtiff only reads a mapping opened for reading */
    *size = m->len;
    return 1;
}

static void gg_tiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

static TIFF *gg_tiff_open(gg_tiff_mem *mem, const char *mode, gg_tiff_messages *messages, tmsize_t max_alloc) {
    pthread_once(&gg_tiff_once, gg_tiff_install_handlers);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, gg_tiff_on_error, messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, gg_tiff_on_warning, messages);
    if (max_alloc > 0) TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_alloc);
    TIFF *tif = TIFFClientOpenExt("galgen", mode, (thandle_t)mem, gg_tiff_read, gg_tiff_write, gg_tiff_seek, gg_tiff_close,
                                  gg_tiff_size, gg_tiff_map, gg_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/* ---- Reading ----------------------------------------------------------------------------------- */

/* Largest single allocation libtiff may make (a strip or tile buffer, a tag array): room for the
   largest allowed image at 16 bits and 8 samples a pixel, never less than 256 MB. */
static tmsize_t gg_tiff_alloc_limit(long long max_pixels) {
    const long long floor = 256LL << 20;
    if (max_pixels <= 0) return 0;
    long long limit = max_pixels > (1LL << 40) ? (1LL << 44) : max_pixels * 16;
    return (tmsize_t)(limit < floor ? floor : limit);
}

static void gg_tiff_fail(char *errbuf, size_t errlen, const gg_tiff_messages *m, const char *fallback) {
    gg_tiff_copy(errbuf, errlen, m->error[0] ? m->error : fallback);
}

static int gg_tiff_orientation(TIFF *tif) {
    uint16_t o = ORIENTATION_TOPLEFT;
    if (!TIFFGetField(tif, TIFFTAG_ORIENTATION, &o)) return 1;
    return o >= 1 && o <= 8 ? o : 1;
}

int gg_tiff_info(const unsigned char *data, size_t len, gg_tiff_info_t *info, char *errbuf, size_t errlen) {
    memset(info, 0, sizeof *info);
    gg_tiff_messages messages;
    memset(&messages, 0, sizeof messages);
    gg_tiff_current = &messages;
    gg_tiff_mem mem = {data, len, 0};
    TIFF *tif = gg_tiff_open(&mem, "r", &messages, 0);
    if (!tif) {
        gg_tiff_fail(errbuf, errlen, &messages, "libtiff cannot open it");
        gg_tiff_current = NULL;
        return GG_TIFF_ERR;
    }
    uint32_t width = 0, height = 0;
    uint16_t bits = 1, spp = 1, photometric = 0, compression = COMPRESSION_NONE, extra = 0, *kinds = NULL;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
    TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric);
    TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression);
    TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &extra, &kinds);
    int rc = GG_TIFF_OK;
    if (width == 0 || height == 0) {
        gg_tiff_copy(errbuf, errlen, "the first directory gives no image size");
        rc = GG_TIFF_ERR;
    } else if (width > INT32_MAX || height > INT32_MAX) {
        gg_tiff_copy(errbuf, errlen, "the image size is absurd");
        rc = GG_TIFF_LIMIT;
    }
    info->width = width > INT32_MAX ? INT32_MAX : (int)width;
    info->height = height > INT32_MAX ? INT32_MAX : (int)height;
    info->orientation = gg_tiff_orientation(tif);
    info->bits_per_sample = bits;
    info->samples_per_pixel = spp;
    info->photometric = photometric;
    info->compression = compression;
    info->tiled = TIFFIsTiled(tif) ? 1 : 0;
    info->has_alpha = extra > 0 && kinds && (kinds[0] == EXTRASAMPLE_ASSOCALPHA || kinds[0] == EXTRASAMPLE_UNASSALPHA);
    TIFFClose(tif);
    gg_tiff_current = NULL;
    return rc;
}

/* Reads an 8-bit contiguous CMYK page as it is stored, strip by strip or tile by tile. Returns the
   number of strips or tiles read, -1 when the layout is not one this handles. */
static long gg_tiff_read_cmyk(TIFF *tif, uint32_t width, uint32_t height, unsigned char *pixels, long *failed) {
    size_t stride = (size_t)width * 4;
    long ok = 0;
    *failed = 0;
    if (TIFFIsTiled(tif)) {
        uint32_t tw = 0, th = 0;
        TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tw);
        TIFFGetField(tif, TIFFTAG_TILELENGTH, &th);
        tmsize_t size = TIFFTileSize(tif);
        if (tw == 0 || th == 0 || size <= 0 || (uint64_t)size != (uint64_t)tw * th * 4) return -1;
        unsigned char *tile = malloc((size_t)size);
        if (!tile) return -1;
        for (uint32_t y = 0; y < height; y += th) {
            for (uint32_t x = 0; x < width; x += tw) {
                if (TIFFReadEncodedTile(tif, TIFFComputeTile(tif, x, y, 0, 0), tile, size) < 0) {
                    (*failed)++;
                    continue;
                }
                ok++;
                uint32_t rows = height - y < th ? height - y : th, cols = width - x < tw ? width - x : tw;
                for (uint32_t r = 0; r < rows; r++)
                    memcpy(pixels + (size_t)(y + r) * stride + (size_t)x * 4, tile + (size_t)r * tw * 4, (size_t)cols * 4);
            }
        }
        free(tile);
        return ok;
    }
    uint32_t rps = height;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rps);
    if (rps == 0 || rps > height) rps = height;
    if ((uint64_t)TIFFScanlineSize64(tif) != stride) return -1;
    for (uint32_t y = 0; y < height; y += rps) {
        uint32_t rows = height - y < rps ? height - y : rps;
        if (TIFFReadEncodedStrip(tif, TIFFComputeStrip(tif, y, 0), pixels + (size_t)y * stride, (tmsize_t)(rows * stride)) < 0) (*failed)++;
        else ok++;
    }
    return ok;
}

/* Whether a page follows the first (after TIFFRGBAImageEnd: this changes the current directory). */
static int gg_tiff_more_pages(TIFF *tif) {
    for (int k = 0; k < 8 && !TIFFLastDirectory(tif); k++) {
        if (!TIFFReadDirectory(tif)) return 0;
        uint32_t kind = 0;
        TIFFGetField(tif, TIFFTAG_SUBFILETYPE, &kind);
        if (!(kind & FILETYPE_REDUCEDIMAGE)) return 1;
    }
    return 0;
}

int gg_tiff_decode(const unsigned char *data, size_t len, long long max_pixels, int keep_cmyk, gg_tiff_image *out,
                   char *errbuf, size_t errlen) {
    memset(out, 0, sizeof *out);
    gg_tiff_messages messages;
    memset(&messages, 0, sizeof messages);
    gg_tiff_current = &messages;
    gg_tiff_mem mem = {data, len, 0};
    TIFF *tif = gg_tiff_open(&mem, "r", &messages, gg_tiff_alloc_limit(max_pixels));
    if (!tif) {
        gg_tiff_fail(errbuf, errlen, &messages, "libtiff cannot open it");
        gg_tiff_current = NULL;
        return GG_TIFF_ERR;
    }
    int rc = GG_TIFF_OK;
    unsigned char *pixels = NULL;
    uint32_t width = 0, height = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
    uint64_t count = (uint64_t)width * height;   /* cannot overflow: both are 32-bit */
    if (count == 0) {
        gg_tiff_copy(errbuf, errlen, "the first directory gives no image size");
        rc = GG_TIFF_ERR;
        goto done;
    }
    /* From the header, before any pixel memory: the caller's limit, and what an int and memory can hold. */
    if ((max_pixels > 0 && count > (uint64_t)max_pixels) || width > INT32_MAX || height > INT32_MAX || count > ((uint64_t)1 << 31)) {
        gg_tiff_copy(errbuf, errlen, "more pixels than allowed");
        rc = GG_TIFF_LIMIT;
        goto done;
    }
    {
        uint32_t icc_len = 0;
        void *icc = NULL;
        if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_len, &icc) && icc && icc_len > 0) {
            out->icc = malloc(icc_len);
            if (out->icc) {
                memcpy(out->icc, icc, icc_len);
                out->icc_len = icc_len;
            }
        }
    }
    out->orientation = gg_tiff_orientation(tif);
    pixels = calloc((size_t)count, 4);
    if (!pixels) {
        gg_tiff_copy(errbuf, errlen, "out of memory");
        rc = GG_TIFF_NOMEM;
        goto done;
    }
    /* From here on, the first error kept is about the pixels (not, say, a bad tag value in the directory). */
    messages.error[0] = 0;
    messages.errors = 0;
    long decoded = 0, failed = 0;
    {
        uint16_t photometric = 0, spp = 1, bits = 1, planar = PLANARCONFIG_CONTIG, inkset = INKSET_CMYK;
        TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric);
        TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
        TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
        TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
        TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
        if (keep_cmyk && out->icc && photometric == PHOTOMETRIC_SEPARATED && inkset == INKSET_CMYK && spp == 4 && bits == 8 &&
            planar == PLANARCONFIG_CONTIG) {
            /* CMYK with its profile: lcms2 converts it (libtiff's RGBA interface would use naive
               arithmetic). */
            decoded = gg_tiff_read_cmyk(tif, width, height, pixels, &failed);
            if (decoded >= 0) out->cmyk = 1;
            else decoded = 0, failed = 0;
        }
    }
    if (!out->cmyk) {
        char emsg[1024] = "";
        TIFFRGBAImage img;
        if (!TIFFRGBAImageOK(tif, emsg)) {
            /* e.g. floating-point samples, or a photometric libtiff's RGBA interface does not convert */
            gg_tiff_copy(errbuf, errlen, emsg[0] ? emsg : "libtiff cannot convert it to RGBA");
            rc = GG_TIFF_UNSUPPORTED;
            goto done;
        }
        if (!TIFFRGBAImageBegin(&img, tif, 1, emsg)) {
            gg_tiff_copy(errbuf, errlen, emsg[0] ? emsg : messages.error[0] ? messages.error : "libtiff cannot convert it to RGBA");
            rc = GG_TIFF_ERR;
            goto done;
        }
        /* Rows as stored: asking for the file's own orientation makes libtiff flip nothing (its
           flips would not turn 5–8 anyway); the Orientation tag is applied by the caller. */
        img.req_orientation = img.orientation;
        /* One strip, or one row of tiles, at a time, so a damaged one costs only its rows. */
        uint32_t band = height;
        if (TIFFIsTiled(tif)) TIFFGetField(tif, TIFFTAG_TILELENGTH, &band);
        else TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &band);
        if (band == 0 || band > height) band = height;
        uint32_t *raster = (uint32_t *)pixels;
        for (uint32_t y = 0; y < height; y += band) {
            uint32_t rows = height - y < band ? height - y : band;
            img.row_offset = (int)y;
            img.col_offset = 0;
            if (TIFFRGBAImageGet(&img, raster + (size_t)y * width, width, rows)) decoded++;
            else failed++;
        }
        /* libtiff hands over RGB premultiplied by alpha (associated alpha as stored, unassociated
           multiplied in); grey with alpha comes through as stored. Straight alpha for the caller. */
        int premultiplied = img.alpha == EXTRASAMPLE_ASSOCALPHA ||
            (img.alpha == EXTRASAMPLE_UNASSALPHA && img.photometric != PHOTOMETRIC_MINISBLACK && img.photometric != PHOTOMETRIC_MINISWHITE);
        TIFFRGBAImageEnd(&img);
        for (size_t i = 0; i < (size_t)count; i++) {
            uint32_t v = raster[i];
            unsigned int r = TIFFGetR(v), g = TIFFGetG(v), b = TIFFGetB(v), a = TIFFGetA(v);
            if (premultiplied && a > 0 && a < 255) {
                r = (r * 255 + a / 2) / a; if (r > 255) r = 255;
                g = (g * 255 + a / 2) / a; if (g > 255) g = 255;
                b = (b * 255 + a / 2) / a; if (b > 255) b = 255;
            }
            unsigned char *p = pixels + i * 4;
            p[0] = (unsigned char)r; p[1] = (unsigned char)g; p[2] = (unsigned char)b; p[3] = (unsigned char)a;
        }
    }
    if (decoded == 0) {
        gg_tiff_fail(errbuf, errlen, &messages, "no strip or tile of the image could be decoded");
        rc = GG_TIFF_ERR;
        goto done;
    }
    if (failed > 0) gg_tiff_fail(out->warning, sizeof out->warning, &messages, "some strips or tiles could not be decoded");
    out->pixels = pixels;
    pixels = NULL;
    out->width = (int)width;
    out->height = (int)height;
    out->more_pages = gg_tiff_more_pages(tif);
done:
    free(pixels);
    if (rc != GG_TIFF_OK) {
        free(out->icc);
        out->icc = NULL;
        out->icc_len = 0;
    }
    TIFFClose(tif);
    gg_tiff_current = NULL;
    return rc;
}

void gg_tiff_free(void *p) { free(p); }

void gg_tiff_version(char *out, size_t len) {
    const char *text = TIFFGetVersion();
    const char *v = strstr(text, "Version ");
    v = v ? v + 8 : text;
    size_t n = strcspn(v, " \n");
    if (n >= len) n = len - 1;
    memcpy(out, v, n);
    out[n] = 0;
}
