#ifndef CPNGSHIM_H
#define CPNGSHIM_H
#include <stddef.h>

/* Every libpng call and every setjmp/longjmp of libpng lives in this target: libpng's fatal error
   hook longjmps back into the shim, never into Swift. Decoding uses the full API, so CRC and Adler-32
   mismatches can be ignored (as browsers and libvips do) and damaged image data keeps the rows that
   decoded. (Test files are written by CTestWritersShim.) */
enum {
    GG_PNG_OK = 0,
    GG_PNG_ERR = -1,      /* libpng refused the data; message in errbuf */
    GG_PNG_LIMIT = -2,    /* the header announces more pixels than allowed */
    GG_PNG_NOMEM = -3
};

typedef struct {
    int width;
    int height;
    int has_alpha;        /* an alpha channel or tRNS transparency */
    int bit_depth;        /* of the file: 1, 2, 4, 8 or 16 */
    int color_type;       /* of the file, PNG_COLOR_TYPE_* */
} gg_png_info_t;

/* A decoded PNG: 8-bit RGB, or RGBA when the file has alpha or tRNS, gamma-corrected to sRGB from the file's gAMA (16-bit files reduced,
   palettes and tRNS expanded, interlacing undone). Free pixels and icc with gg_png_free. */
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int channels;         /* 3 (RGB) or 4 (RGBA) */
    unsigned char *icc;   /* the iCCP profile, decompressed, or NULL */
    unsigned int icc_len;
    int has_chrm;         /* a cHRM chunk, and neither iCCP nor sRGB: */
    double chrm[8];       /* white x, y, red x, y, green x, y, blue x, y */
    char warning[160];    /* libpng's first warning, or why the image data ended early (rows after it are empty) */
} gg_png_image;

int gg_png_info(const unsigned char *data, size_t len, gg_png_info_t *info, char *errbuf, size_t errlen);

/* Decodes to RGB or RGBA; refuses with GG_PNG_LIMIT, from the header, when width*height > max_pixels (0: no limit). */
int gg_png_decode(const unsigned char *data, size_t len, long long max_pixels, gg_png_image *out, char *errbuf, size_t errlen);

void gg_png_free(void *p);

/* The version of the libpng loaded at run time, e.g. "1.6.39". */
void gg_png_version(char *out, size_t len);

#endif
