#ifndef CGIFSHIM_H
#define CGIFSHIM_H
#include <stddef.h>

/* Every giflib call of galgen lives in this target. GIFs are read record by record, only up to the
   first image, so an animation's later frames are never decoded. */
enum {
    GG_GIF_OK = 0,
    GG_GIF_ERR = -1,      /* giflib refused the data; message in errbuf */
    GG_GIF_LIMIT = -2,    /* more pixels than allowed */
    GG_GIF_NOMEM = -3
};

typedef struct {
    int width;            /* the logical screen */
    int height;
} gg_gif_info_t;

/* The first frame on the logical screen (divided by the scale): 8-bit RGBA (transparent where the frame does not cover
   it or uses its transparent index). Free pixels with gg_gif_free. */
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int animated;         /* a NETSCAPE2.0 loop, or another image after the first */
    char warning[160];    /* set when the frame was damaged or truncated (the rows read are kept) or had no palette */
} gg_gif_image;

int gg_gif_info(const unsigned char *data, size_t len, gg_gif_info_t *info, char *errbuf, size_t errlen);
/* Decodes the first frame; scale > 1 keeps every scale-th pixel of every scale-th row, so a logical
   screen larger than memory allows is sampled down while the rows stream by. */
int gg_gif_decode(const unsigned char *data, size_t len, int scale, gg_gif_image *out, char *errbuf, size_t errlen);
void gg_gif_free(void *p);

/* giflib's version (from its header: giflib has no run-time query), e.g. "5.2.1". */
void gg_gif_version(char *out, size_t len);

#endif
