/* Pixel kernels for RGB and RGBA buffers: Lanczos-3 resampling, mean colour, EXIF orientation.
   Plain C so that debug builds of galgen stay usable on large images. */
#include "CJPEGShim.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double lanczos3(double x) {
    if (x < 0) x = -x;
    if (x < 1e-9) return 1.0;
    if (x >= 3.0) return 0.0;
    double px = M_PI * x;
    return 3.0 * sin(px) * sin(px / 3.0) / (px * px);
}

/* Four floats in one SSE (or NEON) register: a pixel's channels, lane 3 unused for RGB. GCC/clang vector
   extensions, so the same code builds on every target without intrinsics. */
typedef float gg_v4 __attribute__((vector_size(16)));

static inline gg_v4 gg_load4(const float *p) { gg_v4 v; memcpy(&v, p, sizeof v); return v; }
static inline void gg_store4(float *p, gg_v4 v) { memcpy(p, &v, sizeof v); }

/* Filter taps for one axis: for output i, weights w[i*taps .. +taps) start at input first[i]. With
   `splat`, each weight is also kept as a whole vector (the horizontal pass multiplies pixels by it). */
typedef struct { int taps; int *first; float *w; gg_v4 *splat; } gg_axis;

static int gg_axis_make(gg_axis *a, int in, int out, double scale, int splat) {
    double fscale = scale > 1.0 ? scale : 1.0;
    double support = 3.0 * fscale;
    a->taps = (int)ceil(support) * 2 + 1;
    a->first = malloc(sizeof(int) * (size_t)out);
    a->w = malloc(sizeof(float) * (size_t)out * (size_t)a->taps);
    if (!a->first || !a->w) { free(a->first); free(a->w); return GG_ERR_NOMEM; }
    for (int i = 0; i < out; i++) {
        double center = (i + 0.5) * scale;
        int lo = (int)floor(center - support);
        int hi = (int)ceil(center + support);
        if (lo < 0) lo = 0;
        if (hi > in) hi = in;
        if (hi - lo > a->taps) hi = lo + a->taps;
        double sum = 0.0;
        float *w = a->w + (size_t)i * a->taps;
        for (int k = 0; k < a->taps; k++) w[k] = 0.0f;
        for (int j = lo; j < hi; j++) {
            double v = lanczos3((j + 0.5 - center) / fscale);
            w[j - lo] = (float)v;
            sum += v;
        }
        if (sum != 0.0) for (int k = 0; k < hi - lo; k++) w[k] = (float)(w[k] / sum);
        a->first[i] = lo;
    }
    a->splat = NULL;
    if (splat) {
        size_t n = (size_t)out * (size_t)a->taps;
        a->splat = malloc(sizeof(gg_v4) * n);
        if (!a->splat) { free(a->first); free(a->w); return GG_ERR_NOMEM; }
        for (size_t i = 0; i < n; i++) { float v = a->w[i]; a->splat[i] = (gg_v4){v, v, v, v}; }
    }
    return GG_OK;
}

static void gg_axis_free(gg_axis *a) { free(a->first); free(a->w); free(a->splat); }

static unsigned char clamp8(float v) {
    if (v <= 0.0f) return 0;
    if (v >= 255.0f) return 255;
    return (unsigned char)(v + 0.5f);
}

/* The horizontally filtered rows the vertical pass needs, in a ring: output row y reads input rows
   first[y] .. first[y] + taps - 1, and first[] never decreases, so each input row is filtered once and
   only `taps` of them are held (instead of the whole dw x sh intermediate image). Each slot has `len`
   (dw * channels) floats and 4 of slack, so a pixel can be stored as a whole vector. `line` holds the
   input row being filtered, as floats (premultiplied for RGBA), with 4 of slack for the last pixel. */
typedef struct { float *rows; int *which; int count; size_t len, stride; float *line; } gg_ring;

static int gg_ring_make(gg_ring *r, int taps, size_t len, size_t line) {
    r->count = taps;
    r->len = len;
    r->stride = len + 4;
    r->rows = malloc(sizeof(float) * r->stride * (size_t)taps);
    r->which = malloc(sizeof(int) * (size_t)taps);
    r->line = calloc(line + 4, sizeof(float));
    if (!r->rows || !r->which || !r->line) { free(r->rows); free(r->which); free(r->line); return GG_ERR_NOMEM; }
    for (int i = 0; i < taps; i++) r->which[i] = -1;
    return GG_OK;
}

static void gg_ring_free(gg_ring *r) { free(r->rows); free(r->which); free(r->line); }

/* One input row as floats: RGB as it is; RGBA with colour premultiplied by alpha (alpha 0..255), so that
   colour is weighted by coverage when filtered. */
static void gg_line_rgb(const unsigned char *row, int sw, float *line) {
    for (size_t i = 0; i < (size_t)sw * 3; i++) line[i] = (float)row[i];
}

static void gg_line_rgba(const unsigned char *row, int sw, float *line) {
    for (int x = 0; x < sw; x++) {
        const unsigned char *p = row + (size_t)x * 4;
        float a = (float)p[3], k = a * (1.0f / 255.0f);
        float *o = line + (size_t)x * 4;
        o[0] = p[0] * k; o[1] = p[1] * k; o[2] = p[2] * k; o[3] = a;
    }
}

/* Horizontal pass of one row (as floats, `channels` 3 or 4 apart) into out (dw pixels, `channels` apart):
   every tap is one vector multiply-add of a whole pixel by a splatted weight, on four accumulators so
   that the adds do not wait on each other. For RGB the fourth lane reads the next pixel's red and is stored over the next output
   pixel before that one is written (the last one into the slot's slack). */
static void gg_hrow(const float *line, int channels, int sw, const gg_axis *ax, int dw, float *out) {
    const size_t c = (size_t)channels;
    for (int x = 0; x < dw; x++) {
        const gg_v4 *w = ax->splat + (size_t)x * ax->taps;
        int first = ax->first[x];
        int n = ax->taps;
        if (first + n > sw) n = sw - first;
        const float *p = line + (size_t)first * c;
        gg_v4 s0 = {0, 0, 0, 0}, s1 = s0, s2 = s0, s3 = s0;
        int k = 0;
        for (; k + 3 < n; k += 4, p += 4 * c) {
            s0 += w[k] * gg_load4(p);
            s1 += w[k + 1] * gg_load4(p + c);
            s2 += w[k + 2] * gg_load4(p + 2 * c);
            s3 += w[k + 3] * gg_load4(p + 3 * c);
        }
        for (; k < n; k++, p += c) s0 += w[k] * gg_load4(p);
        gg_store4(out + (size_t)x * c, (s0 + s1) + (s2 + s3));
    }
}

/* Sums output row y of the vertical pass into acc (ring->len floats), filtering rows as needed: the
   rows' sums are kept in registers, 16 floats at a time, so acc is written once. */
static void gg_vrow(gg_ring *ring, const gg_axis *ay, int y, int sh, const unsigned char *src, size_t src_stride,
                    int sw, int channels, const gg_axis *ax, int dw, float *acc, const float **rows, float *weights) {
    const float *w = ay->w + (size_t)y * ay->taps;
    int first = ay->first[y];
    int n = ay->taps;
    if (first + n > sh) n = sh - first;
    int used = 0;
    for (int k = 0; k < n; k++) {
        if (w[k] == 0.0f) continue;
        int row = first + k;
        int slot = row % ring->count;
        float *t = ring->rows + (size_t)slot * ring->stride;
        if (ring->which[slot] != row) {
            const unsigned char *in = src + (size_t)row * src_stride;
            if (channels == 4) gg_line_rgba(in, sw, ring->line);
            else gg_line_rgb(in, sw, ring->line);
            gg_hrow(ring->line, channels, sw, ax, dw, t);
            ring->which[slot] = row;
        }
        rows[used] = t;
        weights[used] = w[k];
        used++;
    }
    const size_t len = ring->len;
    size_t i = 0;
    for (; i + 16 <= len; i += 16) {
        gg_v4 s0 = {0, 0, 0, 0}, s1 = s0, s2 = s0, s3 = s0;
        for (int k = 0; k < used; k++) {
            const float *t = rows[k] + i;
            float wk = weights[k];
            s0 += wk * gg_load4(t);
            s1 += wk * gg_load4(t + 4);
            s2 += wk * gg_load4(t + 8);
            s3 += wk * gg_load4(t + 12);
        }
        gg_store4(acc + i, s0); gg_store4(acc + i + 4, s1); gg_store4(acc + i + 8, s2); gg_store4(acc + i + 12, s3);
    }
    for (; i < len; i++) {
        float s = 0.0f;
        for (int k = 0; k < used; k++) s += weights[k] * rows[k][i];
        acc[i] = s;
    }
}

/* Both resamplers: sets up the filters (`sx`, `sy`: input pixels per output pixel) and the ring, then hands each output row's sums (dw * channels
   floats) to `emit`. */
typedef void (*gg_emit_row)(const float *acc, int y, int dw, void *context);

static int gg_resize_rows(const unsigned char *src, int sw, int sh, int channels, int dw, int dh, double sx, double sy,
                          gg_emit_row emit, void *context) {
    gg_axis ax, ay;
    if (gg_axis_make(&ax, sw, dw, sx, 1) != GG_OK) return GG_ERR_NOMEM;
    if (gg_axis_make(&ay, sh, dh, sy, 0) != GG_OK) { gg_axis_free(&ax); return GG_ERR_NOMEM; }
    size_t len = (size_t)dw * channels;
    gg_ring ring;
    float *acc = malloc(sizeof(float) * len);
    const float **rows = malloc(sizeof(float *) * (size_t)ay.taps);
    float *weights = malloc(sizeof(float) * (size_t)ay.taps);
    if (!acc || !rows || !weights || gg_ring_make(&ring, ay.taps, len, (size_t)sw * channels) != GG_OK) {
        free(acc); free(rows); free(weights); gg_axis_free(&ax); gg_axis_free(&ay); return GG_ERR_NOMEM;
    }
    for (int y = 0; y < dh; y++) {
        gg_vrow(&ring, &ay, y, sh, src, (size_t)sw * channels, sw, channels, &ax, dw, acc, rows, weights);
        emit(acc, y, dw, context);
    }
    gg_ring_free(&ring);
    free(acc);
    free(rows);
    free(weights);
    gg_axis_free(&ax);
    gg_axis_free(&ay);
    return GG_OK;
}

static void gg_emit_rgb(const float *acc, int y, int dw, void *context) {
    unsigned char *drow = (unsigned char *)context + (size_t)y * dw * 3;
    for (size_t i = 0; i < (size_t)dw * 3; i++) drow[i] = clamp8(acc[i]);
}

int gg_resize_rgb(const unsigned char *src, int sw, int sh, unsigned char *dst, int dw, int dh) {
    if (!src || !dst || sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return GG_ERR_ARGS;
    return gg_resize_rows(src, sw, sh, 3, dw, dh, (double)sw / dw, (double)sh / dh, gg_emit_rgb, dst);
}

/* Mean of each r x r block of an RGB image (r a power of two; the blocks of the last column and row may
   be narrower), rounded to nearest: out is ceil(sw / r) x ceil(sh / r). Integer sums, so every CPU gives
   the same bytes; a whole block divides by a shift, only the edge blocks by their own count. */
static void gg_box_reduce_rgb(const unsigned char *src, int sw, int sh, int r, unsigned char *out, unsigned int *sums) {
    int rw = (sw + r - 1) / r, rh = (sh + r - 1) / r, shift = 0;
    while ((1 << shift) < r) shift++;
    for (int oy = 0; oy < rh; oy++) {
        int y0 = oy * r, y1 = y0 + r < sh ? y0 + r : sh;
        memset(sums, 0, sizeof(unsigned int) * (size_t)sw * 3);
        for (int y = y0; y < y1; y++) {
            const unsigned char *row = src + (size_t)y * sw * 3;
            for (size_t i = 0; i < (size_t)sw * 3; i++) sums[i] += row[i];
        }
        unsigned char *o = out + (size_t)oy * rw * 3;
        const unsigned int *p = sums;
        for (int ox = 0; ox < rw; ox++, o += 3) {
            int x0 = ox * r, nx = x0 + r < sw ? r : sw - x0;
            unsigned int c0 = 0, c1 = 0, c2 = 0;
            for (int k = 0; k < nx; k++, p += 3) { c0 += p[0]; c1 += p[1]; c2 += p[2]; }
            if (nx == r && y1 - y0 == r) {
                int s2 = 2 * shift;
                unsigned int half = (1u << s2) >> 1;
                o[0] = (unsigned char)((c0 + half) >> s2); o[1] = (unsigned char)((c1 + half) >> s2); o[2] = (unsigned char)((c2 + half) >> s2);
            } else {
                unsigned int n = (unsigned int)(nx * (y1 - y0));
                o[0] = (unsigned char)((c0 + n / 2) / n); o[1] = (unsigned char)((c1 + n / 2) / n); o[2] = (unsigned char)((c2 + n / 2) / n);
            }
        }
    }
}

int gg_resize_rgb_reducing(const unsigned char *src, int sw, int sh, unsigned char *dst, int dw, int dh, int gap) {
    if (!src || !dst || sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 || gap < 1) return GG_ERR_ARGS;
    double fx = (double)sw / dw, fy = (double)sh / dh;
    double most = (fx < fy ? fx : fy) / gap;
    int r = 1;
    while (r < 256 && r * 2 <= most) r *= 2;   /* a power of two, at most 256: block sums stay far inside 32 bits */
    if (r < 2) return gg_resize_rgb(src, sw, sh, dst, dw, dh);
    int rw = (sw + r - 1) / r, rh = (sh + r - 1) / r;
    unsigned char *reduced = malloc((size_t)rw * rh * 3);
    unsigned int *sums = malloc(sizeof(unsigned int) * (size_t)sw * 3);
    if (!reduced || !sums) { free(reduced); free(sums); return GG_ERR_NOMEM; }
    gg_box_reduce_rgb(src, sw, sh, r, reduced, sums);
    free(sums);
    /* The filters keep the original geometry: a reduced pixel stands for r input pixels, a partial last one too. */
    int rc = gg_resize_rows(reduced, rw, rh, 3, dw, dh, fx / r, fy / r, gg_emit_rgb, dst);
    free(reduced);
    return rc;
}

void gg_average_rgb(const unsigned char *src, int w, int h, unsigned char rgb[3]) {
    unsigned long long s[3] = {0, 0, 0};
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++) { s[0] += src[i * 3]; s[1] += src[i * 3 + 1]; s[2] += src[i * 3 + 2]; }
    for (int c = 0; c < 3; c++) rgb[c] = n ? (unsigned char)((s[c] + n / 2) / n) : 0;
}

int gg_orient_rgb(const unsigned char *src, int w, int h, int orientation, unsigned char *dst) {
    return gg_orient(src, w, h, 3, orientation, dst);
}

int gg_orient(const unsigned char *src, int w, int h, int channels, int orientation, unsigned char *dst) {
    if (!src || !dst || w <= 0 || h <= 0 || orientation < 1 || orientation > 8 || channels < 1 || channels > 4) return GG_ERR_ARGS;
    size_t bpp = (size_t)channels;
    int swap = orientation >= 5;
    int ow = swap ? h : w;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int dx, dy;
            switch (orientation) {
            case 2: dx = w - 1 - x; dy = y; break;              /* mirror horizontal */
            case 3: dx = w - 1 - x; dy = h - 1 - y; break;      /* rotate 180 */
            case 4: dx = x; dy = h - 1 - y; break;              /* mirror vertical */
            case 5: dx = y; dy = x; break;                      /* transpose */
            case 6: dx = h - 1 - y; dy = x; break;              /* rotate 90 clockwise */
            case 7: dx = h - 1 - y; dy = w - 1 - x; break;      /* transverse */
            case 8: dx = y; dy = w - 1 - x; break;              /* rotate 90 counter-clockwise */
            default: dx = x; dy = y; break;
            }
            unsigned char *d = dst + ((size_t)dy * ow + dx) * bpp;
            const unsigned char *s = src + ((size_t)y * w + x) * bpp;
            for (size_t c = 0; c < bpp; c++) d[c] = s[c];
        }
    }
    return GG_OK;
}

void gg_cmyk_to_rgb(const unsigned char *in, size_t n, int inverted, unsigned char *out) {
    for (size_t x = 0; x < n; x++) {
        unsigned c = in[x * 4], m = in[x * 4 + 1], y = in[x * 4 + 2], k = in[x * 4 + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        out[x * 3] = (unsigned char)((c * k + 127) / 255);
        out[x * 3 + 1] = (unsigned char)((m * k + 127) / 255);
        out[x * 3 + 2] = (unsigned char)((y * k + 127) / 255);
    }
}

void gg_composite_rgba(const unsigned char *in, size_t n, const unsigned char bg[3], unsigned char *out) {
    for (size_t i = 0; i < n; i++) {
        unsigned a = in[i * 4 + 3];
        for (int c = 0; c < 3; c++)
            out[i * 3 + c] = (unsigned char)((in[i * 4 + c] * a + bg[c] * (255 - a) + 127) / 255);
    }
}

typedef struct { unsigned char *rgba, *rgb; const unsigned char *bg; } gg_rgba_out;

/* Un-premultiplies (straight RGBA out) and/or composites over the background (RGB out). */
static void gg_emit_rgba(const float *acc, int y, int dw, void *context) {
    const gg_rgba_out *out = context;
    for (int x = 0; x < dw; x++) {
        const float *p = acc + (size_t)x * 4;
        float a = p[3] < 0.0f ? 0.0f : p[3] > 255.0f ? 255.0f : p[3];
        float coverage = a * (1.0f / 255.0f);
        if (out->rgba) {
            unsigned char *o = out->rgba + ((size_t)y * dw + x) * 4;
            if (coverage > 0.0f) {
                float inv = 1.0f / coverage;
                o[0] = clamp8(p[0] * inv); o[1] = clamp8(p[1] * inv); o[2] = clamp8(p[2] * inv);
            } else {
                o[0] = o[1] = o[2] = 0;
            }
            o[3] = clamp8(a);
        }
        if (out->rgb) {
            unsigned char *o = out->rgb + ((size_t)y * dw + x) * 3;
            float rest = 1.0f - coverage;
            o[0] = clamp8(p[0] + out->bg[0] * rest); o[1] = clamp8(p[1] + out->bg[1] * rest); o[2] = clamp8(p[2] + out->bg[2] * rest);
        }
    }
}

int gg_resize_rgba(const unsigned char *src, int sw, int sh, int dw, int dh,
                   unsigned char *rgba, unsigned char *rgb, const unsigned char bg[3]) {
    if (!src || (!rgba && !(rgb && bg)) || sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return GG_ERR_ARGS;
    gg_rgba_out out = {rgba, rgb, bg};
    return gg_resize_rows(src, sw, sh, 4, dw, dh, (double)sw / dw, (double)sh / dh, gg_emit_rgba, &out);
}

int gg_rgba_opaque(const unsigned char *src, size_t n) {
    for (size_t i = 0; i < n; i++) if (src[i * 4 + 3] != 255) return 0;
    return 1;
}

void gg_rgba_to_rgb(const unsigned char *src, size_t n, unsigned char *out) {
    for (size_t i = 0; i < n; i++) { out[i * 3] = src[i * 4]; out[i * 3 + 1] = src[i * 4 + 1]; out[i * 3 + 2] = src[i * 4 + 2]; }
}

void gg_average_rgba(const unsigned char *src, int w, int h, const unsigned char bg[3], unsigned char rgb[3]) {
    unsigned long long s[3] = {0, 0, 0};
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++) {
        unsigned a = src[i * 4 + 3];
        for (int c = 0; c < 3; c++) s[c] += (src[i * 4 + c] * a + bg[c] * (255 - a) + 127) / 255;
    }
    for (int c = 0; c < 3; c++) rgb[c] = n ? (unsigned char)((s[c] + n / 2) / n) : 0;
}
