#ifndef CAVIFSHIM_H
#define CAVIFSHIM_H
#include <stddef.h>

/* Every libavif call of galgen lives in this target (libavif reports errors by return values). */
enum {
    GG_AVIF_OK = 0,
    GG_AVIF_ERR = -1,       /* libavif or its encoder refused */
    GG_AVIF_NO_CODEC = -2,  /* the chosen AV1 encoder is not built into this libavif */
    GG_AVIF_NOMEM = -3
};

/* AV1 encoders libavif may be built with. */
enum {
    GG_AVIF_AOM = 0,
    GG_AVIF_RAV1E = 1,
    GG_AVIF_SVT = 2
};

/* Encodes 8-bit RGB (channels 3) or straight RGBA (channels 4, alpha kept) as a still AVIF: YUV
   4:2:0 (4:4:4 when yuv444), BT.601 matrix, full range, colour tagged by nclx as sRGB (1/13/6) or,
   with p3, Display P3 (12/13/6), and no metadata. quality 0-100 maps to the AV1 quantizer as libavif 1.x's quality does; speed 0
   (slowest, smallest) to 10 (fastest). One thread. *out: free with gg_avif_free. error (may be NULL)
   receives libavif's message. */
int gg_avif_encode(const unsigned char *pixels, int width, int height, int channels, int quality, int speed,
                   int codec, int yuv444, int p3, unsigned char **out, size_t *outlen, char *error, size_t error_len);

/* Whether libavif was built with this encoder. */
int gg_avif_has_encoder(int codec);

/* libavif's version and its codecs' versions, e.g. "0.11.1 (aom [enc/dec]:3.6.0 ...)". */
void gg_avif_versions(char *out, size_t len);

void gg_avif_free(void *p);

#endif
