#include "CExifShim.h"
#include <libexif/exif-data.h>
#include <libexif/exif-log.h>
#include <libexif/exif-utils.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Messages: kept, never printed ------------------------------------------------------------ */

static void gg_exif_on_log(ExifLog *log, ExifLogCode code, const char *domain, const char *fmt, va_list ap, void *user) {
    (void)log; (void)domain;
    gg_exif_info *info = user;
    if (code != EXIF_LOG_CODE_CORRUPT_DATA && code != EXIF_LOG_CODE_NO_MEMORY) return;
    if (info->warning[0]) return;
    vsnprintf(info->warning, sizeof info->warning, fmt, ap);
}

/* ---- Reading one entry ------------------------------------------------------------------------- */

/* The entry for `tag` in IFD 0 or the EXIF IFD (where cameras put it), never the GPS or interoperability
   IFDs, whose small tag numbers overlap. */
static ExifEntry *gg_find(ExifData *ed, ExifTag tag) {
    ExifEntry *e = exif_content_get_entry(ed->ifd[EXIF_IFD_EXIF], tag);
    return e ? e : exif_content_get_entry(ed->ifd[EXIF_IFD_0], tag);
}

static int gg_has(ExifEntry *e, ExifFormat format, unsigned long index) {
    unsigned char size = exif_format_get_size(format);
    return e && e->data && e->format == format && e->components > index && size
        && (unsigned long)e->size >= (index + 1) * size;
}

static void gg_text(ExifEntry *e, char *dst, size_t dstlen) {
    dst[0] = 0;
    if (!e || !e->data || e->size == 0) return;
    if (e->format != EXIF_FORMAT_ASCII && e->format != EXIF_FORMAT_UNDEFINED && e->format != EXIF_FORMAT_BYTE) return;
    size_t n = e->size < dstlen - 1 ? e->size : dstlen - 1;
    memcpy(dst, e->data, n);
    dst[n] = 0;
}

static int gg_rational(ExifEntry *e, ExifByteOrder order, unsigned long index, double *out, unsigned int *num,
                       unsigned int *den) {
    if (gg_has(e, EXIF_FORMAT_RATIONAL, index)) {
        ExifRational r = exif_get_rational(e->data + index * 8, order);
        if (r.denominator == 0) return 0;
        *out = (double)r.numerator / (double)r.denominator;
        if (num) *num = r.numerator;
        if (den) *den = r.denominator;
        return 1;
    }
    if (gg_has(e, EXIF_FORMAT_SRATIONAL, index)) {
        ExifSRational r = exif_get_srational(e->data + index * 8, order);
        if (r.denominator == 0 || r.numerator < 0 || r.denominator < 0) return 0;
        *out = (double)r.numerator / (double)r.denominator;
        if (num) *num = (unsigned int)r.numerator;
        if (den) *den = (unsigned int)r.denominator;
        return 1;
    }
    return 0;
}

static int gg_integer(ExifEntry *e, ExifByteOrder order, long *out) {
    if (gg_has(e, EXIF_FORMAT_SHORT, 0)) { *out = exif_get_short(e->data, order); return 1; }
    if (gg_has(e, EXIF_FORMAT_LONG, 0)) { *out = (long)exif_get_long(e->data, order); return 1; }
    if (gg_has(e, EXIF_FORMAT_SLONG, 0)) { *out = exif_get_slong(e->data, order); return 1; }
    if (gg_has(e, EXIF_FORMAT_BYTE, 0)) { *out = e->data[0]; return 1; }
    return 0;
}

/* ---- GPS ------------------------------------------------------------------------------------------ */

/* Degrees, minutes, seconds (three rationals) and the N/S or E/W reference; 0 when unusable. */
static int gg_coordinate(ExifContent *gps, ExifByteOrder order, ExifTag tag, ExifTag ref_tag, char negative,
                         double limit, double *out) {
    ExifEntry *e = exif_content_get_entry(gps, tag);
    double d, m = 0, s = 0;
    if (!gg_rational(e, order, 0, &d, NULL, NULL)) return 0;
    gg_rational(e, order, 1, &m, NULL, NULL);
    gg_rational(e, order, 2, &s, NULL, NULL);
    double value = d + m / 60.0 + s / 3600.0;
    char ref[4];
    gg_text(exif_content_get_entry(gps, ref_tag), ref, sizeof ref);
    if (ref[0] == negative || ref[0] == negative + 32) value = -value;
    if (!(value >= -limit && value <= limit)) return 0;
    *out = value;
    return 1;
}

static void gg_read_gps(ExifData *ed, ExifByteOrder order, gg_exif_info *out) {
    ExifContent *gps = ed->ifd[EXIF_IFD_GPS];
    if (!gps || gps->count == 0) return;
    if (!gg_coordinate(gps, order, (ExifTag)EXIF_TAG_GPS_LATITUDE, (ExifTag)EXIF_TAG_GPS_LATITUDE_REF, 'S', 90,
                       &out->latitude)) return;
    if (!gg_coordinate(gps, order, (ExifTag)EXIF_TAG_GPS_LONGITUDE, (ExifTag)EXIF_TAG_GPS_LONGITUDE_REF, 'W', 180,
                       &out->longitude)) return;
    out->has_gps = 1;
    double alt;
    if (gg_rational(exif_content_get_entry(gps, (ExifTag)EXIF_TAG_GPS_ALTITUDE), order, 0, &alt, NULL, NULL)) {
        long below = 0;
        gg_integer(exif_content_get_entry(gps, (ExifTag)EXIF_TAG_GPS_ALTITUDE_REF), order, &below);
        out->altitude = below == 1 ? -alt : alt;
        out->has_altitude = 1;
    }
}

/* ---- The block ------------------------------------------------------------------------------------ */

static void gg_read_entries(ExifData *ed, gg_exif_info *out) {
    ExifByteOrder order = exif_data_get_byte_order(ed);
    gg_text(gg_find(ed, EXIF_TAG_DATE_TIME_ORIGINAL), out->date_original, sizeof out->date_original);
    gg_text(gg_find(ed, EXIF_TAG_OFFSET_TIME_ORIGINAL), out->offset_original, sizeof out->offset_original);
    gg_text(gg_find(ed, EXIF_TAG_DATE_TIME_DIGITIZED), out->date_digitized, sizeof out->date_digitized);
    gg_text(gg_find(ed, EXIF_TAG_OFFSET_TIME_DIGITIZED), out->offset_digitized, sizeof out->offset_digitized);
    gg_text(gg_find(ed, EXIF_TAG_DATE_TIME), out->date_time, sizeof out->date_time);
    gg_text(gg_find(ed, EXIF_TAG_OFFSET_TIME), out->offset_time, sizeof out->offset_time);
    gg_text(gg_find(ed, EXIF_TAG_MAKE), out->make, sizeof out->make);
    gg_text(gg_find(ed, EXIF_TAG_MODEL), out->model, sizeof out->model);
    gg_text(gg_find(ed, EXIF_TAG_LENS_MODEL), out->lens, sizeof out->lens);
    out->has_focal_length = gg_rational(gg_find(ed, EXIF_TAG_FOCAL_LENGTH), order, 0, &out->focal_length, NULL, NULL);
    out->has_f_number = gg_rational(gg_find(ed, EXIF_TAG_FNUMBER), order, 0, &out->f_number, NULL, NULL);
    out->has_exposure = gg_rational(gg_find(ed, EXIF_TAG_EXPOSURE_TIME), order, 0, &out->exposure_time,
                                    &out->exposure_num, &out->exposure_den);
    out->has_iso = gg_integer(gg_find(ed, EXIF_TAG_ISO_SPEED_RATINGS), order, &out->iso);
    out->has_pixel_size = gg_integer(gg_find(ed, EXIF_TAG_PIXEL_X_DIMENSION), order, &out->pixel_x)
        && gg_integer(gg_find(ed, EXIF_TAG_PIXEL_Y_DIMENSION), order, &out->pixel_y);
    gg_read_gps(ed, order, out);
    ExifEntry *xmp = exif_content_get_entry(ed->ifd[EXIF_IFD_0], EXIF_TAG_XML_PACKET);
    if (xmp && xmp->data && xmp->size > 0) {
        out->xmp = malloc(xmp->size);
        if (out->xmp) { memcpy(out->xmp, xmp->data, xmp->size); out->xmp_len = xmp->size; }
    }
    for (int i = 0; i < EXIF_IFD_COUNT; i++) if (ed->ifd[i]) out->entries += (int)ed->ifd[i]->count;
}

int gg_exif_read(const unsigned char *data, size_t len, gg_exif_info *out) {
    static const unsigned char header[6] = {'E', 'x', 'i', 'f', 0, 0};
    memset(out, 0, sizeof *out);
    if (!data) return -1;
    int bare = len >= 4 && ((data[0] == 'I' && data[1] == 'I' && data[2] == 42 && data[3] == 0)
                            || (data[0] == 'M' && data[1] == 'M' && data[2] == 0 && data[3] == 42));
    if (!bare && (len < 6 || memcmp(data, header, 6) != 0)) return -1;
    /* libexif wants the "Exif\0\0" header; a bare TIFF structure gets one in a copy of its first 64 KiB. */
    size_t body = bare ? len : len - 6;
    if (body > 0xfff0) body = 0xfff0;
    unsigned char *block = malloc(body + 6);
    if (!block) return -2;
    memcpy(block, header, 6);
    memcpy(block + 6, bare ? data : data + 6, body);

    ExifData *ed = exif_data_new();
    ExifLog *log = exif_log_new();
    if (!ed || !log) {
        if (ed) exif_data_unref(ed);
        if (log) exif_log_unref(log);
        free(block);
        return -2;
    }
    exif_log_set_func(log, gg_exif_on_log, out);
    exif_data_log(ed, log);
    /* Keep the file's tags as they are: no tags added or "fixed" to follow the specification, none of the
       unknown ones dropped (OffsetTime* are unknown to older libexif builds). */
    exif_data_unset_option(ed, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_unset_option(ed, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_load_data(ed, block, (unsigned int)(body + 6));
    gg_read_entries(ed, out);
    exif_data_unref(ed);
    exif_log_unref(log);
    free(block);
    return 0;
}

void gg_exif_free(gg_exif_info *info) {
    if (!info) return;
    free(info->xmp);
    info->xmp = NULL;
    info->xmp_len = 0;
}
