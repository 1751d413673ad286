#ifndef CTIFFSHIM_H
#define CTIFFSHIM_H
#include <stddef.h>
#include <stdint.h>

/* Every libtiff call lives in this target. Files are read from memory (TIFFClientOpenExt over the
   caller's bytes, no temporary files); libtiff's errors and warnings go to per-handle handlers that
   copy the first error into the call's own buffer (thread-safe), never to stderr, and libtiff never
   exits. Only the first page (directory) is decoded. */
enum {
    GG_TIFF_OK = 0,
    GG_TIFF_ERR = -1,          /* libtiff refused the data; message in errbuf */
    GG_TIFF_LIMIT = -2,        /* the header announces more pixels than allowed */
    GG_TIFF_NOMEM = -3,
    GG_TIFF_UNSUPPORTED = -4   /* a valid TIFF that libtiff's RGBA interface cannot convert (e.g. float samples) */
};

/* What the first directory says. */
typedef struct {
    int width;
    int height;
    int orientation;        /* the Orientation tag (274), 1–8; 1 when absent or out of range */
    int bits_per_sample;
    int samples_per_pixel;
    int photometric;        /* PHOTOMETRIC_* */
    int compression;        /* COMPRESSION_* */
    int tiled;
    int has_alpha;          /* ExtraSamples says associated or unassociated alpha */
} gg_tiff_info_t;

/* A decoded first page, rows as stored (the Orientation tag is NOT applied: `orientation` says how
   to turn it upright, as EXIF orientation does). Free pixels and icc with gg_tiff_free. */
typedef struct {
    unsigned char *pixels;  /* width * height * 4 bytes: RGBA, straight alpha; or CMYK when cmyk is set */
    int width;
    int height;
    int orientation;        /* 1–8 */
    int cmyk;               /* the pixels are CMYK (0 = no ink, 255 = full ink), kept for the ICC profile */
    int more_pages;         /* another page follows (reduced-resolution copies, i.e. thumbnails, are not pages) */
    unsigned char *icc;     /* the ICC profile (tag 34675), or NULL */
    unsigned int icc_len;
    char warning[160];      /* the first libtiff error of strips or tiles that could not be decoded (left transparent) */
} gg_tiff_image;

int gg_tiff_info(const unsigned char *data, size_t len, gg_tiff_info_t *info, char *errbuf, size_t errlen);

/* Decodes the first page through libtiff's RGBA interface (every photometric, bit depth and
   compression libtiff converts), strip by strip or tile by tile: damaged strips are left transparent
   and named in `warning`; when none decodes it is an error. Refuses with GG_TIFF_LIMIT, from the
   header, when width*height > max_pixels (0: no limit). With keep_cmyk, an 8-bit contiguous CMYK
   page that has an ICC profile is returned as CMYK for a colour-managed conversion instead of
   libtiff's naive one. */
int gg_tiff_decode(const unsigned char *data, size_t len, long long max_pixels, int keep_cmyk, gg_tiff_image *out,
                   char *errbuf, size_t errlen);

void gg_tiff_free(void *p);

/* The version of the libtiff loaded at run time, e.g. "4.5.0" (from "LIBTIFF, Version 4.5.0\n..."). */
void gg_tiff_version(char *out, size_t len);

#endif
