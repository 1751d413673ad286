#ifndef CEXIFSHIM_H
#define CEXIFSHIM_H
#include <stddef.h>

/* Every libexif call lives in this target. The caller hands over the bytes of one EXIF block (a JPEG
   APP1 payload starting "Exif\0\0", or a bare TIFF structure starting "II*\0" / "MM\0*" as in PNG eXIf,
   WebP EXIF and TIFF files) and gets plain values back; no libexif type leaves this file. libexif's
   messages never reach stderr: the first complaint about corrupt data is copied into `warning`. */

/* Text fields are NUL-terminated copies of the tag's bytes, cut to the array's size (empty when the tag is
   absent). Numbers come with a has_ flag; a rational with a zero denominator counts as absent. */
typedef struct {
    char date_original[32];     /* DateTimeOriginal (0x9003), "YYYY:MM:DD HH:MM:SS" as stored */
    char offset_original[16];   /* OffsetTimeOriginal (0x9011), e.g. "+02:00" */
    char date_digitized[32];    /* DateTimeDigitized (0x9004) */
    char offset_digitized[16];  /* OffsetTimeDigitized (0x9012) */
    char date_time[32];         /* DateTime (0x0132) */
    char offset_time[16];       /* OffsetTime (0x9010) */
    char make[128];
    char model[128];
    char lens[256];             /* LensModel (0xA434) */
    int has_focal_length;  double focal_length;     /* mm */
    int has_f_number;      double f_number;
    int has_exposure;      double exposure_time;    /* seconds */
    unsigned int exposure_num, exposure_den;         /* the rational as stored, for 1/250-style text */
    int has_iso;           long iso;                 /* ISOSpeedRatings / PhotographicSensitivity (0x8827) */
    int has_pixel_size;    long pixel_x, pixel_y;    /* PixelXDimension / PixelYDimension */
    int has_gps;           double latitude, longitude; /* signed decimal degrees */
    int has_altitude;      double altitude;          /* metres, negative below sea level */
    unsigned char *xmp;         /* XMLPacket (tag 700, TIFF files), a malloc'd copy, or NULL */
    unsigned int xmp_len;
    int entries;                /* how many tags libexif loaded in all */
    char warning[160];          /* libexif's first complaint about corrupt data, or empty */
} gg_exif_info;

/* Reads the block; returns 0 when libexif loaded it (possibly with no tags), -1 when the bytes are not an
   EXIF block at all, -2 when out of memory. Only the first 64 KiB are looked at (as libexif itself caps an
   APP1 block). Always call gg_exif_free afterwards, whatever the result. */
int gg_exif_read(const unsigned char *data, size_t len, gg_exif_info *out);

/* Frees what gg_exif_read allocated inside `info` (the XMP copy); the struct itself is the caller's. */
void gg_exif_free(gg_exif_info *info);

#endif
