#ifndef CJPEGSHIM_H
#define CJPEGSHIM_H
#include <stddef.h>

/* Every libjpeg call and every setjmp/longjmp of galgen lives in this target. libjpeg's fatal
   error hook longjmps back into these functions; it never reaches exit(). All state is on the
   C stack, so the functions may run on several threads at once. Return codes: */
enum {
    GG_OK = 0,
    GG_ERR_JPEG = -1,     /* libjpeg refused the data; message in errbuf */
    GG_ERR_LIMIT = -2,    /* the header announces more pixels than allowed */
    GG_ERR_NOMEM = -3,
    GG_ERR_ARGS = -4
};

/* What the header says, read without decoding a pixel. */
typedef struct {
    int width;
    int height;
    int components;      /* components in the file: 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK */
    int color_space;     /* libjpeg's J_COLOR_SPACE of the file */
    int progressive;
} gg_info;

/* A decoded image: 8-bit interleaved RGB, or CMYK when asked for (channels 4). Free pixels and icc
   with gg_free. */
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int channels;        /* 3 RGB, or 4 CMYK (only with keep_cmyk) */
    int cmyk_inverted;   /* 4 channels: values are inverted (Adobe's convention, 0 = full ink) */
    unsigned char *icc;  /* the embedded ICC profile (APP2 chunks joined), or NULL */
    unsigned int icc_len;
    int warnings;        /* libjpeg warnings, e.g. premature end of data */
    char warning[200];   /* the first warning's text */
} gg_image;

int gg_jpeg_info(const unsigned char *data, size_t len, gg_info *info, char *errbuf, size_t errlen);

/* Decodes to RGB, scaled by 1/scale_denom in the DCT domain (1, 2, 4 or 8). Grayscale is
   expanded; CMYK and YCCK are converted (Adobe files store inverted values), unless keep_cmyk is
   set and the file embeds a profile: then they come out as 4 channels for a colour-managed conversion. The ICC profile, when the
   file embeds one, is returned too. Refuses with GG_ERR_LIMIT, before decoding, when the scaled
   output (what is held in memory) exceeds max_pixels (0: no limit). */
int gg_jpeg_decode(const unsigned char *data, size_t len, int scale_denom, long long max_pixels, int keep_cmyk,
                   gg_image *out, char *errbuf, size_t errlen);

/* Encoder flags. */
enum {
    GG_ENC_PROGRESSIVE = 1,   /* progressive scans */
    GG_ENC_ARITHMETIC = 2,    /* arithmetic coding instead of Huffman (test inputs only) */
    GG_ENC_YCCK = 4           /* 4-component input stored as YCCK instead of CMYK */
};

/* Encodes interleaved pixels with optimised Huffman tables. components: 1 gray, 3 RGB, 4 CMYK
   (written with an Adobe marker, values as given: Photoshop's convention is inverted).
   markers (may be NULL) holds extra APPn markers to write, each as [n][len hi][len lo][len bytes];
   galgen writes none in its outputs, only in test and sample inputs. */
int gg_jpeg_encode(const unsigned char *pixels, int width, int height, int components, int quality, int flags,
                   const unsigned char *markers, size_t markers_len,
                   unsigned char **outbuf, unsigned long *outlen, char *errbuf, size_t errlen);

/* Resamples RGB with a separable Lanczos-3 filter. Returns GG_OK or GG_ERR_NOMEM/GG_ERR_ARGS. */
int gg_resize_rgb(const unsigned char *src, int sw, int sh, unsigned char *dst, int dw, int dh);

/* The same, reducing first when shrinking by more than 2 x gap: each r x r block is averaged
   (r the largest power of two not above shrink / gap, at most 256), then the Lanczos-3 filter does the rest (at least gap x) with
   the original geometry. Pillow's reducing_gap: far less work for a thumbnail of a large image, a
   result within 3 levels (0.5 on average) of the plain filter on photographs. Below 2 x gap it is gg_resize_rgb. */
int gg_resize_rgb_reducing(const unsigned char *src, int sw, int sh, unsigned char *dst, int dw, int dh, int gap);

/* Resamples straight (not premultiplied) RGBA with the same filter, weighting colour by alpha
   (premultiplied in float), so transparent pixels lend no colour to their neighbours. Writes either
   or both of: rgba (dw*dh*4, straight alpha) and rgb (dw*dh*3, composited over bg). */
int gg_resize_rgba(const unsigned char *src, int sw, int sh, int dw, int dh,
                   unsigned char *rgba, unsigned char *rgb, const unsigned char bg[3]);

/* Whether every alpha sample of n RGBA pixels is 255. */
int gg_rgba_opaque(const unsigned char *src, size_t n);

/* Drops the alpha of n RGBA pixels (all opaque): out holds n * 3 bytes. */
void gg_rgba_to_rgb(const unsigned char *src, size_t n, unsigned char *out);

/* Mean colour of an RGBA image composited over bg, written to rgb[0..2]. */
void gg_average_rgba(const unsigned char *src, int w, int h, const unsigned char bg[3], unsigned char rgb[3]);

/* Mean colour of an RGB image, written to rgb[0..2]. */
void gg_average_rgb(const unsigned char *src, int w, int h, unsigned char rgb[3]);

/* Applies an EXIF orientation (1..8) to RGB. dst holds w*h*3 bytes; for 5..8 its width is h. */
int gg_orient_rgb(const unsigned char *src, int w, int h, int orientation, unsigned char *dst);

/* The same for `channels` bytes per pixel (3 or 4). */
int gg_orient(const unsigned char *src, int w, int h, int channels, int orientation, unsigned char *dst);

/* Converts n CMYK pixels to RGB without a profile (ink multiplied by black); inverted: Adobe's
   convention, 0 = full ink. out holds n * 3 bytes. */
void gg_cmyk_to_rgb(const unsigned char *in, size_t n, int inverted, unsigned char *out);

/* Composites n RGBA pixels over an opaque background colour (in the encoded sRGB values, as
   browsers and most tools do), writing n * 3 bytes of RGB. */
void gg_composite_rgba(const unsigned char *in, size_t n, const unsigned char bg[3], unsigned char *out);

void gg_free(void *p);

/* libjpeg-turbo's version (from its headers: the libjpeg API has no run-time query), e.g. "2.1.5 (libjpeg API 62)". */
void gg_jpeg_version(char *out, size_t len);

#endif
