#include "CPNGShim.h"
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static void gg_png_copy(char *dst, size_t dstlen, const char *src) {
    if (!dst || dstlen == 0) return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = 0;
}

/* libpng's full API, read from memory. Its fatal error hook longjmps back into gg_png_read; warnings
   are kept, never printed. CRC and Adler-32 mismatches are ignored, as browsers and libvips do. */
typedef struct {
    const unsigned char *data;
    size_t len;
    size_t pos;
    jmp_buf jb;
    char message[160];
    char warning[160];
} gg_png_state;

static void gg_png_read_fn(png_structp png, png_bytep out, size_t n) {
    gg_png_state *st = png_get_io_ptr(png);
    if (n > st->len - st->pos) png_error(png, "the file ends before the image data is complete");
    memcpy(out, st->data + st->pos, n);
    st->pos += n;
}

static void gg_png_error_fn(png_structp png, png_const_charp msg) {
    gg_png_state *st = png_get_error_ptr(png);
    gg_png_copy(st->message, sizeof st->message, msg);
    longjmp(st->jb, 1);
}

static void gg_png_warning_fn(png_structp png, png_const_charp msg) {
    gg_png_state *st = png_get_error_ptr(png);
    if (!st->warning[0]) gg_png_copy(st->warning, sizeof st->warning, msg);
}

/* Reads the header (info != NULL) or the whole image (out != NULL). */
static int gg_png_read(const unsigned char *data, size_t len, long long max_pixels, gg_png_info_t *info, gg_png_image *out,
                       char *errbuf, size_t errlen) {
    gg_png_state st;
    memset(&st, 0, sizeof st);
    st.data = data;
    st.len = len;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &st, gg_png_error_fn, gg_png_warning_fn);
    png_infop pinfo = png ? png_create_info_struct(png) : NULL;
    if (!png || !pinfo) {
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        return GG_PNG_NOMEM;
    }
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    volatile int width = 0, height = 0;
    if (setjmp(st.jb)) {
        if (out && pixels) {
            /* Damaged or truncated image data: keep what was decoded, maybe nothing (the rest stays
               transparent), as browsers and libvips do once the header was read. */
            if (!st.warning[0]) gg_png_copy(st.warning, sizeof st.warning, st.message);
            goto finished;
        }
        gg_png_copy(errbuf, errlen, st.message);
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &pinfo, NULL);
        return GG_PNG_ERR;
    }
    png_set_read_fn(png, &st, gg_png_read_fn);
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#ifdef PNG_IGNORE_ADLER32
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_benign_errors(png, 1);
    png_read_info(png, pinfo);
    width = (int)png_get_image_width(png, pinfo);
    height = (int)png_get_image_height(png, pinfo);
    int color = png_get_color_type(png, pinfo), depth = png_get_bit_depth(png, pinfo);
    if (info) {
        info->width = width;
        info->height = height;
        info->bit_depth = depth;
        info->color_type = color;
        info->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, pinfo, PNG_INFO_tRNS);
        png_destroy_read_struct(&png, &pinfo, NULL);
        return GG_PNG_OK;
    }
    if (max_pixels > 0 && (long long)width * height > max_pixels) {
        gg_png_copy(errbuf, errlen, "more pixels than allowed");
        png_destroy_read_struct(&png, &pinfo, NULL);
        return GG_PNG_LIMIT;
    }
    {
        png_charp name;
        int method;
        png_bytep profile;
        png_uint_32 profile_len;
        if (png_get_iCCP(png, pinfo, &name, &method, &profile, &profile_len) && profile_len > 0) {
            out->icc = malloc(profile_len);
            if (out->icc) {
                memcpy(out->icc, profile, profile_len);
                out->icc_len = profile_len;
            }
        }
        /* Primaries without a profile (cHRM), unless the file says sRGB. */
        double c[8];
        if (!out->icc && !png_get_valid(png, pinfo, PNG_INFO_sRGB) &&
            png_get_cHRM(png, pinfo, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
            out->has_chrm = 1;
            memcpy(out->chrm, c, sizeof c);
        }
    }
    /* Everything to 8-bit RGB, or RGBA when the file has alpha or tRNS, gamma-corrected from the file's gAMA to sRGB. */
    double file_gamma;
    if (!png_get_valid(png, pinfo, PNG_INFO_sRGB) && !png_get_valid(png, pinfo, PNG_INFO_iCCP) && png_get_gAMA(png, pinfo, &file_gamma))
        png_set_gamma(png, PNG_DEFAULT_sRGB, file_gamma);
    png_set_expand(png);
    if (depth == 16) png_set_scale_16(png);
    if (!(color & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    int channels = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, pinfo, PNG_INFO_tRNS) ? 4 : 3;
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, pinfo);
    if (png_get_rowbytes(png, pinfo) != (size_t)width * channels) png_error(png, "unexpected row size after conversion");
    pixels = calloc((size_t)height, (size_t)width * channels);
    rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (!pixels || !rows) png_error(png, "out of memory");
    out->channels = channels;
    for (int y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * channels;
    for (int p = 0; p < passes; p++)
        for (int y = 0; y < height; y++) png_read_row(png, rows[y], NULL);
finished:
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    gg_png_copy(out->warning, sizeof out->warning, st.warning);
    free(rows);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return GG_PNG_OK;
}

int gg_png_info(const unsigned char *data, size_t len, gg_png_info_t *info, char *errbuf, size_t errlen) {
    memset(info, 0, sizeof *info);
    return gg_png_read(data, len, 0, info, NULL, errbuf, errlen);
}

int gg_png_decode(const unsigned char *data, size_t len, long long max_pixels, gg_png_image *out, char *errbuf, size_t errlen) {
    memset(out, 0, sizeof *out);
    int rc = gg_png_read(data, len, max_pixels, NULL, out, errbuf, errlen);
    if (rc != GG_PNG_OK) {
        free(out->icc);
        out->icc = NULL;
    }
    return rc;
}

void gg_png_free(void *p) { free(p); }

void gg_png_version(char *out, size_t len) {
    gg_png_copy(out, len, png_get_libpng_ver(NULL));
}
