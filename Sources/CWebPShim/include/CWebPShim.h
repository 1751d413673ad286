#ifndef CWEBPSHIM_H
#define CWEBPSHIM_H
#include <stddef.h>

/* Every libwebp call of galgen lives in this target (libwebp reports errors by return values). */
enum {
    GG_WEBP_OK = 0,
    GG_WEBP_ERR = -1,     /* libwebp refused the data */
    GG_WEBP_LIMIT = -2,   /* more pixels than allowed */
    GG_WEBP_NOMEM = -3
};

typedef struct {
    int width;
    int height;
    int has_alpha;
    int animated;
} gg_webp_info_t;

/* A decoded WebP (the first frame of an animation): 8-bit RGBA. Free pixels and icc with gg_webp_free. */
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int animated;         /* the file is animated: pixels are its first frame */
    unsigned char *icc;   /* the ICCP chunk, or NULL */
    size_t icc_len;
} gg_webp_image;

int gg_webp_info(const unsigned char *data, size_t len, gg_webp_info_t *info);

/* Decodes the image (or an animation's first frame, composed on its canvas) to RGBA; refuses with
   GG_WEBP_LIMIT, from the header, when width*height > max_pixels (0: no limit). */
int gg_webp_decode(const unsigned char *data, size_t len, long long max_pixels, gg_webp_image *out);

/* Encodes a galgen output: lossy (quality 0-100, libwebp's photo preset), method 0 (fast) to 6
   (small), RGB (channels 3) or RGBA with its alpha (channels 4); no metadata chunks. *out: free
   with gg_webp_free. error_code receives libwebp's WebPEncodingError (0 when it worked). icc (may be
   NULL) becomes an ICCP chunk: the colour profile of a wide-gamut site. */
int gg_webp_encode_image(const unsigned char *pixels, int width, int height, int channels, float quality, int method,
                         const unsigned char *icc, size_t icc_len, unsigned char **out, size_t *outlen, int *error_code);

void gg_webp_free(void *p);

/* The version of the libwebp loaded at run time, e.g. "1.2.4". */
void gg_webp_version(char *out, size_t len);

#endif
