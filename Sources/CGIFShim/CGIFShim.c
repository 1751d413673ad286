#include "CGIFShim.h"
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *data;
    size_t len;
    size_t pos;
} gg_gif_source;

static int gg_gif_read(GifFileType *gif, GifByteType *buf, int n) {
    gg_gif_source *src = gif->UserData;
    size_t left = src->len - src->pos;
    size_t take = (size_t)n < left ? (size_t)n : left;
    memcpy(buf, src->data + src->pos, take);
    src->pos += take;
    return (int)take;
}

static void gg_gif_warn(gg_gif_image *out, const char *text) {
    if (out->warning[0]) return;   /* the first one */
    strncpy(out->warning, text ? text : "damaged GIF data", sizeof out->warning - 1);
    out->warning[sizeof out->warning - 1] = 0;
}

static void gg_gif_message(int code, char *errbuf, size_t errlen) {
    const char *text = GifErrorString(code);
    if (!errbuf || !errlen) return;
    strncpy(errbuf, text ? text : "unreadable GIF", errlen - 1);
    errbuf[errlen - 1] = 0;
}

/* Opens a GIF held in memory (`src` must outlive the handle); NULL with the message in errbuf. */
static GifFileType *gg_gif_open(gg_gif_source *src, char *errbuf, size_t errlen) {
    int err = 0;
    GifFileType *gif = DGifOpen(src, gg_gif_read, &err);
    if (!gif) gg_gif_message(err, errbuf, errlen);
    return gif;
}

int gg_gif_info(const unsigned char *data, size_t len, gg_gif_info_t *info, char *errbuf, size_t errlen) {
    memset(info, 0, sizeof *info);
    gg_gif_source src = {data, len, 0};
    int err = 0;
    GifFileType *gif = gg_gif_open(&src, errbuf, errlen);
    if (!gif) return GG_GIF_ERR;
    info->width = gif->SWidth;
    info->height = gif->SHeight;
    DGifCloseFile(gif, &err);
    return GG_GIF_OK;
}

int gg_gif_decode(const unsigned char *data, size_t len, int scale, gg_gif_image *out, char *errbuf, size_t errlen) {
    memset(out, 0, sizeof *out);
    gg_gif_source src = {data, len, 0};
    int err = 0;
    GifFileType *gif = gg_gif_open(&src, errbuf, errlen);
    if (!gif) return GG_GIF_ERR;
    int w = gif->SWidth, h = gif->SHeight, rc = GG_GIF_ERR, transparent = -1, found = 0;
    unsigned char *canvas = NULL, *line = NULL;
    ColorMapObject *own_map = NULL;
    if (w <= 0 || h <= 0) {
        gg_gif_message(D_GIF_ERR_WRONG_RECORD, errbuf, errlen);
        goto done;
    }
    if (scale < 1) scale = 1;
    /* A screen too large for memory is sampled every `scale` pixels while the rows stream by. */
    int cw = (w + scale - 1) / scale, ch = (h + scale - 1) / scale;
    canvas = calloc((size_t)cw * ch, 4);
    if (!canvas) { rc = GG_GIF_NOMEM; goto done; }
    while (!found) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) { gg_gif_message(gif->Error, errbuf, errlen); goto done; }
        if (type == TERMINATE_RECORD_TYPE) break;
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = NULL;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) { gg_gif_message(gif->Error, errbuf, errlen); goto done; }
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4 && (ext[1] & 1)) transparent = ext[4];
            if (code == APPLICATION_EXT_FUNC_CODE && ext && ext[0] >= 11 && memcmp(ext + 1, "NETSCAPE2.0", 11) == 0) out->animated = 1;
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) { gg_gif_message(gif->Error, errbuf, errlen); goto done; }
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { gg_gif_message(gif->Error, errbuf, errlen); goto done; }
        GifImageDesc *d = &gif->Image;
        ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
        if (d->Width <= 0 || d->Height <= 0) {
            /* A frame with no pixels paints nothing: the screen stays transparent, as browsers (and libvips)
               show it; its data is not read. */
            char msg[96];
            snprintf(msg, sizeof msg, "its first frame is empty (%dx%d), so the screen is blank", d->Width, d->Height);
            gg_gif_warn(out, msg);
            found = 1;
            break;
        }
        if (!map) {
            /* No colour table at all: the indices are shown as a grey ramp, as browsers do. */
            map = GifMakeMapObject(256, NULL);
            if (!map) { rc = GG_GIF_NOMEM; goto done; }
            for (int i = 0; i < 256; i++) map->Colors[i].Red = map->Colors[i].Green = map->Colors[i].Blue = (GifByteType)i;
            own_map = map;
            gg_gif_warn(out, "the GIF has no colour table; shown in grey");
        }
        line = malloc((size_t)d->Width);
        if (!line) { rc = GG_GIF_NOMEM; goto done; }
        static const int offsets[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
        int passes = d->Interlace ? 4 : 1;
        for (int p = 0; p < passes; p++) {
            int start = d->Interlace ? offsets[p] : 0, step = d->Interlace ? steps[p] : 1;
            for (int y = start; y < d->Height; y += step) {
                if (DGifGetLine(gif, line, d->Width) == GIF_ERROR) {
                    /* Damaged or truncated data: keep the rows decoded so far (maybe none), as browsers do. */
                    gg_gif_warn(out, GifErrorString(gif->Error));
                    p = passes;
                    break;
                }
                int cy = d->Top + y;
                if (cy < 0 || cy >= h || cy % scale) continue;
                for (int x = 0; x < d->Width; x++) {
                    int cx = d->Left + x, index = line[x];
                    if (cx < 0 || cx >= w || cx % scale || index == transparent || index >= map->ColorCount) continue;
                    unsigned char *px = canvas + ((size_t)(cy / scale) * cw + cx / scale) * 4;
                    px[0] = map->Colors[index].Red;
                    px[1] = map->Colors[index].Green;
                    px[2] = map->Colors[index].Blue;
                    px[3] = 255;
                }
            }
        }
        found = 1;
    }
    if (!found) {
        gg_gif_message(D_GIF_ERR_NO_IMAG_DSCR, errbuf, errlen);
        goto done;
    }
    /* Another frame after the first makes it an animation even without a loop extension. */
    {
        GifRecordType next = UNDEFINED_RECORD_TYPE;
        while (!out->animated && DGifGetRecordType(gif, &next) != GIF_ERROR && next == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = NULL;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) break;
            while (ext && DGifGetExtensionNext(gif, &ext) != GIF_ERROR) {}
            if (ext) break;
            next = UNDEFINED_RECORD_TYPE;
        }
        if (next == IMAGE_DESC_RECORD_TYPE) out->animated = 1;
    }
    out->pixels = canvas;
    out->width = cw;
    out->height = ch;
    canvas = NULL;
    rc = GG_GIF_OK;
done:
    free(canvas);
    free(line);
    if (own_map) GifFreeMapObject(own_map);
    DGifCloseFile(gif, &err);
    return rc;
}

void gg_gif_free(void *p) { free(p); }

void gg_gif_version(char *out, size_t len) {
    snprintf(out, len, "%d.%d.%d", GIFLIB_MAJOR, GIFLIB_MINOR, GIFLIB_RELEASE);
}
