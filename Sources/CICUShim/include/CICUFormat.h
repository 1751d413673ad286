#ifndef CICUFORMAT_H
#define CICUFORMAT_H
#include <stddef.h>
#include <stdint.h>

/* Locale formats of field values through ICU (the config's "fieldFormat": "locale"): dates, numbers,
   prices and durations for one language, as CLDR specifies them. Always in UTC with the proleptic
   Gregorian calendar switch, so the text does not depend on the machine's time zone.
   A formatter is not safe to use from several threads at once (ICU's date formats are not).
   Every function writes UTF-8 into out (capacity bytes, NUL-terminated) and returns the length
   without the NUL, or -1 when ICU failed or out was too small. */
typedef struct gg_formatter gg_formatter;

/* How much of a date is shown. */
enum {
    GG_DATE_YEAR = 0,       /* 2015 */
    GG_DATE_MONTH = 1,      /* June 2015, juni 2015 */
    GG_DATE_DAY = 2,        /* June 1, 2015; 1 juni 2015; 1. Juni 2015 */
    GG_DATE_DAY_TIME = 3,   /* the day and the time in hours and minutes */
};

/* Opens a formatter for a BCP 47 language tag (unknown tags fall back to ICU's root locale).
   Returns NULL when ICU could not (then status holds ICU's error code). */
gg_formatter *gg_formatter_open(const char *language_tag, int *status);

/* Closes a formatter (NULL is fine). */
void gg_formatter_close(gg_formatter *formatter);

/* A date (and time) given as milliseconds since 1970 in UTC, at one of the GG_DATE_ precisions. */
int32_t gg_format_date(gg_formatter *formatter, double utc_millis, int precision, char *out, int32_t capacity);

/* A decimal number written as ASCII (`-1234.50`), shown with fraction_digits decimals exactly, or
   with at most -fraction_digits decimals when fraction_digits is negative; grouped as the locale does. */
int32_t gg_format_decimal(gg_formatter *formatter, const char *decimal, int fraction_digits, char *out, int32_t capacity);

/* A price: a decimal amount written as ASCII and an ISO 4217 code (`USD`), with the currency's
   own decimals and the locale's symbol and placement (`4,99 US$` in Swedish). */
int32_t gg_format_currency(gg_formatter *formatter, const char *decimal, const char *iso_code, char *out, int32_t capacity);

/* A length of time in whole seconds, in CLDR's numeric duration pattern for the locale
   (`h:mm:ss` or `m:ss`; `h.mm.ss` in Finnish and Danish) with the locale's digits. */
int32_t gg_format_duration(gg_formatter *formatter, int64_t seconds, char *out, int32_t capacity);

/* The name of the numbering system ICU uses by default for a language tag (`latn`, `arab`). */
void gg_default_numbering_system(const char *language_tag, char *out, size_t len);

#endif
