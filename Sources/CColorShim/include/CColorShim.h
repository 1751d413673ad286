#ifndef CCOLORSHIM_H
#define CCOLORSHIM_H
#include <stddef.h>

/* Every Little CMS (lcms2) call of galgen lives in this target. lcms2 reports errors by return
   values (its log handler is silenced here, so nothing is printed), so no setjmp is needed. The
   functions keep no state between calls and may run on several threads at once. */
enum {
    GG_CMS_OK = 0,
    GG_CMS_BAD_PROFILE = -1,   /* unreadable, truncated, or not an input profile for these pixels */
    GG_CMS_NO_TRANSFORM = -2,  /* lcms2 could not build a transform from it */
    GG_CMS_ARGS = -3
};

/* Pixel layouts of the input. */
enum {
    GG_CMS_RGB = 0,            /* 3 bytes R G B */
    GG_CMS_CMYK = 1,           /* 4 bytes C M Y K, 255 = full ink */
    GG_CMS_CMYK_INVERTED = 2,  /* 4 bytes, 0 = full ink (Adobe's convention in JPEG) */
    GG_CMS_RGBA = 3            /* 4 bytes R G B A: alpha copied unchanged, out holds n * 4 bytes */
};

/* Converts n pixels to 8-bit sRGB (perceptual intent, black point compensation) through an
   embedded ICC profile. out holds n * 3 bytes (n * 4 for RGBA) and may be the same buffer as an
   RGB input. A gray profile on RGB pixels reads their first sample (gray expanded to RGB).
   description (may be NULL) receives the profile's description for messages. */
int gg_cms_to_srgb(const unsigned char *profile, size_t profile_len, int layout,
                   const unsigned char *in, size_t n, unsigned char *out,
                   char *description, size_t description_len);

/* The same to another RGB profile (target, e.g. Display P3; NULL means sRGB). */
int gg_cms_convert(const unsigned char *profile, size_t profile_len, int layout,
                   const unsigned char *target, size_t target_len,
                   const unsigned char *in, size_t n, unsigned char *out,
                   char *description, size_t description_len);

/* An RGB profile with the given primaries (CIE xy), a D65 white point and the sRGB transfer curve,
   made by lcms2: Display P3, or test profiles such as one with its primaries swapped. *out is
   malloc'd (free with free()). Returns its length, or 0. */
size_t gg_cms_make_rgb_profile(double rx, double ry, double gx, double gy, double bx, double by,
                               unsigned char **out);

/* The same with another white point (a PNG's cHRM). */
size_t gg_cms_make_rgb_profile_white(double wx, double wy, double rx, double ry, double gx, double gy, double bx, double by,
                                     unsigned char **out);

/* The version of the Little CMS loaded at run time, e.g. "2.14". */
void gg_lcms_version(char *out, size_t len);

#endif
