#include "CJPEGShim.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg error manager extended with the jump target and the first warning's text. */
struct gg_err {
    struct jpeg_error_mgr pub;   /* must be first */
    jmp_buf jb;
    char warning[200];
};

static void gg_error_exit(j_common_ptr cinfo) {
    struct gg_err *e = (struct gg_err *)cinfo->err;
    longjmp(e->jb, 1);           /* instead of libjpeg's exit(EXIT_FAILURE) */
}

static void gg_emit_message(j_common_ptr cinfo, int msg_level) {
    struct gg_err *e = (struct gg_err *)cinfo->err;
    if (msg_level >= 0) return;  /* trace messages */
    if (e->pub.num_warnings == 0) (*cinfo->err->format_message)(cinfo, e->warning);
    e->pub.num_warnings++;       /* counted, never printed */
}

static void gg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void gg_install(struct gg_err *e) {
    jpeg_std_error(&e->pub);
    e->pub.error_exit = gg_error_exit;
    e->pub.emit_message = gg_emit_message;
    e->pub.output_message = gg_output_message;
    e->warning[0] = 0;
}

static void gg_copy(char *dst, size_t dstlen, const char *src) {
    if (!dst || dstlen == 0) return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = 0;
}

static void gg_copy_msg(j_common_ptr cinfo, char *errbuf, size_t errlen) {
    char buf[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buf);
    gg_copy(errbuf, errlen, buf);
}

int gg_jpeg_info(const unsigned char *data, size_t len, gg_info *info, char *errbuf, size_t errlen) {
    struct jpeg_decompress_struct cinfo;
    struct gg_err jerr;
    memset(info, 0, sizeof *info);
    cinfo.err = &jerr.pub;
    gg_install(&jerr);
    if (setjmp(jerr.jb)) {
        gg_copy_msg((j_common_ptr)&cinfo, errbuf, errlen);
        jpeg_destroy_decompress(&cinfo);
        return GG_ERR_JPEG;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    jpeg_read_header(&cinfo, TRUE);
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color_space = (int)cinfo.jpeg_color_space;
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return GG_OK;
}

int gg_jpeg_decode(const unsigned char *data, size_t len, int scale_denom, long long max_pixels, int keep_cmyk,
                   gg_image *out, char *errbuf, size_t errlen) {
    struct jpeg_decompress_struct cinfo;
    struct gg_err jerr;
    unsigned char *volatile pixels = NULL;   /* volatile: assigned after setjmp */
    unsigned char *volatile rowbuf = NULL;

    memset(out, 0, sizeof *out);
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) {
        gg_copy(errbuf, errlen, "scale must be 1, 2, 4 or 8");
        return GG_ERR_ARGS;
    }
    cinfo.err = &jerr.pub;
    gg_install(&jerr);
    if (setjmp(jerr.jb)) {
        gg_copy_msg((j_common_ptr)&cinfo, errbuf, errlen);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(rowbuf);
        free(out->icc);
        out->icc = NULL;
        return GG_ERR_JPEG;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);   /* ICC profile chunks */
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)scale_denom;
    cinfo.dct_method = JDCT_ISLOW;
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_calc_output_dimensions(&cinfo);
    if (max_pixels > 0 && (long long)cinfo.output_width * (long long)cinfo.output_height > max_pixels) {
        char msg[200];
        snprintf(msg, sizeof msg, "image is %ux%u pixels and would need %ux%u in memory even at 1/%d, more than maxPixels (%lld)",
                 cinfo.image_width, cinfo.image_height, cinfo.output_width, cinfo.output_height, scale_denom, max_pixels);
        gg_copy(errbuf, errlen, msg);
        jpeg_destroy_decompress(&cinfo);
        return GG_ERR_LIMIT;
    }
    {
        JOCTET *icc = NULL;
        unsigned int icc_len = 0;
        if (jpeg_read_icc_profile(&cinfo, &icc, &icc_len)) {
            out->icc = icc;          /* malloc'd by libjpeg; freed with gg_free */
            out->icc_len = icc_len;
        }
    }
    int keep = cmyk && keep_cmyk && out->icc;   /* CMYK stays CMYK only for a profile to convert it */
    jpeg_start_decompress(&cinfo);
    size_t width = cinfo.output_width;
    size_t stride = width * (keep ? 4 : 3);
    pixels = malloc(stride * cinfo.output_height);
    rowbuf = cmyk && !keep ? malloc(width * 4) : NULL;
    if (!pixels || (cmyk && !keep && !rowbuf)) {
        gg_copy(errbuf, errlen, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(rowbuf);
        free(out->icc);
        out->icc = NULL;
        return GG_ERR_NOMEM;
    }
    /* Adobe applications write CMYK inverted (0 = full ink); others write it plain. */
    int inverted = cinfo.saw_Adobe_marker;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
        if (!cmyk || keep) {
            jpeg_read_scanlines(&cinfo, &row, 1);
            continue;
        }
        JSAMPROW in = rowbuf;
        jpeg_read_scanlines(&cinfo, &in, 1);
        gg_cmyk_to_rgb(rowbuf, width, inverted, row);
    }
    jpeg_finish_decompress(&cinfo);
    out->pixels = pixels;
    out->width = (int)cinfo.output_width;
    out->height = (int)cinfo.output_height;
    out->channels = keep ? 4 : 3;
    out->cmyk_inverted = keep && inverted;
    out->warnings = (int)jerr.pub.num_warnings;
    gg_copy(out->warning, sizeof out->warning, jerr.warning);
    jpeg_destroy_decompress(&cinfo);
    free(rowbuf);
    return GG_OK;
}

int gg_jpeg_encode(const unsigned char *pixels, int width, int height, int components, int quality, int flags,
                   const unsigned char *markers, size_t markers_len,
                   unsigned char **outbuf, unsigned long *outlen, char *errbuf, size_t errlen) {
    struct jpeg_compress_struct cinfo;
    struct gg_err jerr;
    unsigned char *mem = NULL;   /* libjpeg holds its address; read after longjmp */
    unsigned long memlen = 0;

    *outbuf = NULL;
    *outlen = 0;
    if (components != 1 && components != 3 && components != 4) {
        gg_copy(errbuf, errlen, "components must be 1, 3 or 4");
        return GG_ERR_ARGS;
    }
    cinfo.err = &jerr.pub;
    gg_install(&jerr);
    if (setjmp(jerr.jb)) {
        gg_copy_msg((j_common_ptr)&cinfo, errbuf, errlen);
        jpeg_destroy_compress(&cinfo);
        free(mem);
        return GG_ERR_JPEG;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &mem, &memlen);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    if (components == 4 && (flags & GG_ENC_YCCK)) jpeg_set_colorspace(&cinfo, JCS_YCCK);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (flags & GG_ENC_ARITHMETIC) cinfo.arith_code = TRUE;
    else cinfo.optimize_coding = TRUE;
    if (flags & GG_ENC_PROGRESSIVE) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    for (size_t i = 0; markers && i + 3 <= markers_len;) {
        size_t len = ((size_t)markers[i + 1] << 8) | markers[i + 2];
        if (i + 3 + len > markers_len || len > 65533) break;
        jpeg_write_marker(&cinfo, JPEG_APP0 + (markers[i] & 15), markers + i + 3, (unsigned int)len);
        i += 3 + len;
    }
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *outbuf = mem;
    *outlen = memlen;
    return GG_OK;
}

void gg_free(void *p) { free(p); }

void gg_jpeg_version(char *out, size_t len) {
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
    int v = LIBJPEG_TURBO_VERSION_NUMBER;
    snprintf(out, len, "%d.%d.%d (libjpeg API %d)", v / 1000000, (v / 1000) % 1000, v % 1000, JPEG_LIB_VERSION);
#else
    snprintf(out, len, "libjpeg API %d", JPEG_LIB_VERSION);
#endif
}
