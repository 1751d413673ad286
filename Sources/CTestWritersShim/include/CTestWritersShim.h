#ifndef CTESTWRITERSSHIM_H
#define CTESTWRITERSSHIM_H
#include <stddef.h>
#include <stdint.h>

/* Writers of test inputs: PNG (with iCCP and other chunks), GIF (interlaced, animated), WebP (animated,
   with ICCP and EXIF chunks: libwebpmux), TIFF (every layout the reader takes) and HEIC/AVIF (libheif's
   encoders). Only GalgenTestSupport uses this target, so the galgen binary links none of these writers
   (a test reads its symbols with nm). Every buffer *out is malloc'd: free it with gg_test_free. */
enum {
    GG_TEST_OK = 0,
    GG_TEST_ERR = -1,     /* the library refused; a message in errbuf when the function takes one */
    GG_TEST_NOMEM = -3
};

/* 8-bit pixels (channels: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA), or 16-bit linear ones when sixteen is
   set (written with gAMA 1.0); colormap stores RGB or RGBA as indexed colour with tRNS (at most 256 colours). */
int gg_test_png_encode(const void *pixels, int width, int height, int channels, int sixteen, int colormap,
                       unsigned char **out, size_t *outlen, char *errbuf, size_t errlen);

/* Inserts an iCCP chunk holding `profile` right after IHDR. */
int gg_test_png_add_iccp(const unsigned char *png, size_t len, const unsigned char *profile, size_t profile_len,
                         unsigned char **out, size_t *outlen);

/* Inserts a chunk of the given type right after IHDR (e.g. eXIf). */
int gg_test_png_add_chunk(const unsigned char *png, size_t len, const char type[4], const unsigned char *payload,
                          size_t payload_len, unsigned char **out, size_t *outlen);

/* Indexed pixels with a palette (colors entries, RGB): transparent is an index or -1; frames > 1 adds a
   NETSCAPE2.0 loop and frames whose indices are shifted by the frame number; interlace writes the four
   interlaced passes. */
int gg_test_gif_encode(const unsigned char *indices, int width, int height, const unsigned char *palette, int colors,
                       int transparent, int frames, int interlace, unsigned char **out, size_t *outlen);

/* RGBA, lossy (quality 0-100) or lossless; frames > 1 makes an animation whose frame i is the image with
   its colours inverted when i is odd; icc and exif (may be NULL) become ICCP and EXIF chunks. */
int gg_test_webp_encode(const unsigned char *rgba, int width, int height, int lossless, float quality, int frames,
                        const unsigned char *icc, size_t icc_len, const unsigned char *exif, size_t exif_len,
                        unsigned char **out, size_t *outlen);

/* Adds an ICCP chunk to a still WebP with libwebpmux (WebPMuxSetChunk, then WebPMuxAssemble): what galgen's
   WebP outputs did before CWebPShim wrote the chunk itself, for a test that compares the bytes. */
int gg_test_webp_mux_iccp(const unsigned char *webp, size_t len, const unsigned char *icc, size_t icc_len,
                          unsigned char **out, size_t *outlen);

/* How to write a TIFF. `samples` holds packed rows of width * channels * bits bits each (rounded up to
   whole bytes); 16-bit samples in host byte order. */
typedef struct {
    int bits;               /* 1, 8 or 16 */
    int channels;           /* samples per pixel */
    int photometric;        /* PHOTOMETRIC_*: YCbCr (6) with JPEG compression takes RGB samples */
    int extra_alpha;        /* 0, or EXTRASAMPLE_ASSOCALPHA (1) / EXTRASAMPLE_UNASSALPHA (2): the last sample is alpha */
    int compression;        /* COMPRESSION_*: 1 none, 5 LZW, 8 Deflate, 7 JPEG, 4 CCITT G4, 32773 PackBits */
    int predictor;          /* 0, or 2 (horizontal differencing) */
    int tile;               /* tile width and height (a multiple of 16); 0 writes strips */
    int rows_per_strip;     /* 0: libtiff's default */
    int orientation;        /* 0: no Orientation tag */
    int big_endian;         /* "MM" instead of "II" */
    int bigtiff;
    int pages;              /* more than 1: further pages follow, each with the samples inverted */
    int reduced_copy;       /* a reduced-resolution directory (a thumbnail) follows the first page */
    const uint16_t *colormap;  /* 3 << bits entries (red, green, blue) for PHOTOMETRIC_PALETTE */
    const unsigned char *icc;
    size_t icc_len;
} gg_test_tiff_options;

int gg_test_tiff_encode(const unsigned char *samples, int width, int height, const gg_test_tiff_options *options,
                        unsigned char **out, size_t *outlen, char *errbuf, size_t errlen);

/* RGB (channels 3) or RGBA (4; the alpha as libheif's auxiliary image): av1 0 → HEIC (x265), 1 → AVIF
   (aom); orientation 1-8 is written as irot/imir (the pixels are stored as given); icc (may be NULL) is
   attached. */
int gg_test_heif_encode(const unsigned char *rgb, int width, int height, int channels, int av1, int quality, int orientation,
                        const unsigned char *icc, size_t icc_len, unsigned char **out, size_t *outlen, char *errbuf, size_t errlen);

void gg_test_free(void *p);

#endif
