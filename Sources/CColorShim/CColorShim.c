#include "CColorShim.h"
#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void gg_cms_quiet(cmsContext ctx, cmsUInt32Number code, const char *text) {
    (void)ctx; (void)code; (void)text;   /* reported through return codes, never printed */
}

static cmsContext gg_cms_context(void) {
    cmsContext ctx = cmsCreateContext(NULL, NULL);
    if (ctx) cmsSetLogErrorHandlerTHR(ctx, gg_cms_quiet);
    return ctx;
}

int gg_cms_to_srgb(const unsigned char *profile, size_t profile_len, int layout,
                   const unsigned char *in, size_t n, unsigned char *out,
                   char *description, size_t description_len) {
    return gg_cms_convert(profile, profile_len, layout, NULL, 0, in, n, out, description, description_len);
}

int gg_cms_convert(const unsigned char *profile, size_t profile_len, int layout,
                   const unsigned char *target, size_t target_len,
                   const unsigned char *in, size_t n, unsigned char *out,
                   char *description, size_t description_len) {
    if (!profile || profile_len < 128 || !in || !out) return GG_CMS_ARGS;
    if (description && description_len) description[0] = 0;
    cmsContext ctx = gg_cms_context();
    if (!ctx) return GG_CMS_NO_TRANSFORM;
    cmsHPROFILE src = cmsOpenProfileFromMemTHR(ctx, profile, (cmsUInt32Number)profile_len);
    if (!src) {
        cmsDeleteContext(ctx);
        return GG_CMS_BAD_PROFILE;
    }
    if (description && description_len)
        cmsGetProfileInfoASCII(src, cmsInfoDescription, "en", "US", description, (cmsUInt32Number)description_len);
    cmsColorSpaceSignature space = cmsGetColorSpace(src);
    int wants_cmyk = layout == GG_CMS_CMYK || layout == GG_CMS_CMYK_INVERTED;
    int alpha = layout == GG_CMS_RGBA;
    /* A gray profile on gray pixels that were expanded to RGB: read one sample of three. */
    int gray = space == cmsSigGrayData && layout == GG_CMS_RGB;
    for (size_t i = 0; gray && i < n; i++)
        if (in[i * 3] != in[i * 3 + 1] || in[i * 3] != in[i * 3 + 2]) gray = 0;   /* colour pixels: not for a gray profile */
    if ((wants_cmyk && space != cmsSigCmykData) || (!wants_cmyk && !gray && space != cmsSigRgbData)) {
        cmsCloseProfile(src);
        cmsDeleteContext(ctx);
        return GG_CMS_BAD_PROFILE;
    }
    cmsHPROFILE srgb = target ? cmsOpenProfileFromMemTHR(ctx, target, (cmsUInt32Number)target_len) : cmsCreate_sRGBProfileTHR(ctx);
    cmsUInt32Number format = gray ? (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(2))
                           : alpha ? TYPE_RGBA_8 : layout == GG_CMS_RGB ? TYPE_RGB_8
                           : layout == GG_CMS_CMYK ? TYPE_CMYK_8 : TYPE_CMYK_8_REV;
    cmsHTRANSFORM t = srgb ? cmsCreateTransformTHR(ctx, src, format, srgb, alpha ? TYPE_RGBA_8 : TYPE_RGB_8, INTENT_PERCEPTUAL,
                                                   cmsFLAGS_BLACKPOINTCOMPENSATION | (alpha ? cmsFLAGS_COPY_ALPHA : 0)) : NULL;
    cmsCloseProfile(src);
    if (srgb) cmsCloseProfile(srgb);
    if (!t) {
        cmsDeleteContext(ctx);
        return GG_CMS_NO_TRANSFORM;
    }
    /* In chunks: cmsDoTransform takes a 32-bit pixel count. */
    size_t step = layout == GG_CMS_RGB ? 3 : 4, out_step = alpha ? 4 : 3;
    for (size_t done = 0; done < n;) {
        size_t chunk = n - done > (1u << 20) ? (1u << 20) : n - done;
        cmsDoTransform(t, in + done * step, out + done * out_step, (cmsUInt32Number)chunk);
        done += chunk;
    }
    cmsDeleteTransform(t);
    cmsDeleteContext(ctx);
    return GG_CMS_OK;
}

size_t gg_cms_make_rgb_profile(double rx, double ry, double gx, double gy, double bx, double by,
                               unsigned char **out) {
    return gg_cms_make_rgb_profile_white(0.3127, 0.3290, rx, ry, gx, gy, bx, by, out);
}

size_t gg_cms_make_rgb_profile_white(double wx, double wy, double rx, double ry, double gx, double gy, double bx, double by,
                                     unsigned char **out) {
    *out = NULL;
    if (wy <= 0 || ry <= 0 || gy <= 0 || by <= 0) return 0;
    cmsContext ctx = gg_cms_context();
    if (!ctx) return 0;
    cmsCIExyY white = {wx, wy, 1.0};
    cmsCIExyYTRIPLE primaries = {{rx, ry, 1.0}, {gx, gy, 1.0}, {bx, by, 1.0}};
    /* The sRGB transfer curve: a parametric curve of type 4. */
    cmsFloat64Number params[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(ctx, 4, params);
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE p = curve ? cmsCreateRGBProfileTHR(ctx, &white, &primaries, curves) : NULL;
    if (curve) cmsFreeToneCurve(curve);
    size_t len = 0;
    cmsUInt32Number size = 0;
    if (p && cmsSaveProfileToMem(p, NULL, &size) && size > 0) {
        *out = malloc(size);
        if (*out && cmsSaveProfileToMem(p, *out, &size)) len = size;
    }
    if (p) cmsCloseProfile(p);
    cmsDeleteContext(ctx);
    return len;
}

void gg_lcms_version(char *out, size_t len) {
    int v = cmsGetEncodedCMMversion();
    snprintf(out, len, "%d.%d", v / 1000, (v % 1000) / 10);
}
