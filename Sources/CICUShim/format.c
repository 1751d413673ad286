#include "CICUFormat.h"
#include "icu.h"
#include <stdlib.h>
#include <string.h>

/* Decimals a number may be shown with; more are rounded to this many. */
#define GG_MAX_FRACTION 15

struct gg_formatter {
    char locale[ULOC_FULLNAME_CAPACITY];
    UDateFormat *dates[4];                              /* by GG_DATE_ precision, opened when first used */
    UNumberFormatter *exact[GG_MAX_FRACTION + 1];       /* exactly n decimals */
    UNumberFormatter *upto[GG_MAX_FRACTION + 1];        /* at most n decimals */
    UNumberFormatter *money;                            /* the last currency used */
    char money_code[4];
    UNumberFormatter *digits[2];                        /* duration parts: at least 1 or 2 digits, ungrouped */
    UChar durations[2][64];                             /* CLDR's `ms` and `hms` patterns, read when first used */
    int32_t duration_lengths[2];                        /* 0: not read yet; -1: missing */
    UFormattedNumber *result;
};

static void locale_of(const char *language_tag, char *locale) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(language_tag ? language_tag : "", locale, ULOC_FULLNAME_CAPACITY, &parsed, &err);
    if (U_FAILURE(err)) locale[0] = '\0';
}

gg_formatter *gg_formatter_open(const char *language_tag, int *status) {
    gg_formatter *f = calloc(1, sizeof *f);
    UErrorCode err = U_ZERO_ERROR;
    if (!f) {
        if (status) *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    locale_of(language_tag, f->locale);
    f->result = unumf_openResult(&err);
    if (U_FAILURE(err)) {
        if (status) *status = (int)err;
        gg_formatter_close(f);
        return NULL;
    }
    if (status) *status = U_ZERO_ERROR;
    return f;
}

void gg_formatter_close(gg_formatter *f) {
    if (!f) return;
    for (int i = 0; i < 4; i++) if (f->dates[i]) udat_close(f->dates[i]);
    for (int i = 0; i <= GG_MAX_FRACTION; i++) {
        if (f->exact[i]) unumf_close(f->exact[i]);
        if (f->upto[i]) unumf_close(f->upto[i]);
    }
    if (f->money) unumf_close(f->money);
    for (int i = 0; i < 2; i++) if (f->digits[i]) unumf_close(f->digits[i]);
    if (f->result) unumf_closeResult(f->result);
    free(f);
}

/* UTF-16 to UTF-8 into out; the length, or -1. */
static int32_t utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, capacity, &written, text, length, &err);
    if (U_FAILURE(err) || written >= capacity) return -1;
    return written;
}

/* A date format that shows dates in UTC, with Gregorian rules before 1582 too (ICU's Gregorian
   calendar switches to the Julian one in October 1582 unless told otherwise; ISO 8601 does not). */
static UDateFormat *open_date(const char *locale, int precision) {
    UErrorCode err = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UDateFormat *fmt = NULL;
    if (precision == GG_DATE_DAY || precision == GG_DATE_DAY_TIME) {
        UDateFormatStyle time = precision == GG_DATE_DAY_TIME ? UDAT_SHORT : UDAT_NONE;
        fmt = udat_open(time, UDAT_LONG, locale, utc, -1, NULL, 0, &err);
    } else {
        /* Year, or month and year: the locale's own pattern for the skeleton (`y`, `yMMMM`). */
        static const UChar year[] = {'y', 0}, month[] = {'y', 'M', 'M', 'M', 'M', 0};
        UChar pattern[128];
        UDateTimePatternGenerator *generator = udatpg_open(locale, &err);
        int32_t length = udatpg_getBestPattern(generator, precision == GG_DATE_YEAR ? year : month, -1, pattern, 128, &err);
        udatpg_close(generator);
        if (U_FAILURE(err)) return NULL;
        fmt = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, utc, -1, pattern, length, &err);
    }
    if (U_FAILURE(err)) {
        if (fmt) udat_close(fmt);
        return NULL;
    }
    UErrorCode calErr = U_ZERO_ERROR;
    UCalendar *calendar = ucal_clone(udat_getCalendar(fmt), &calErr);
    if (U_SUCCESS(calErr)) {
        ucal_setGregorianChange(calendar, U_DATE_MIN, &calErr);
        /* Other calendars (a locale whose default is not Gregorian) keep theirs. */
        if (U_SUCCESS(calErr)) udat_setCalendar(fmt, calendar);
        ucal_close(calendar);
    }
    return fmt;
}

int32_t gg_format_date(gg_formatter *f, double utc_millis, int precision, char *out, int32_t capacity) {
    if (!f || precision < 0 || precision > 3) return -1;
    if (!f->dates[precision]) f->dates[precision] = open_date(f->locale, precision);
    if (!f->dates[precision]) return -1;
    UChar text[256];
    UErrorCode err = U_ZERO_ERROR;
    int32_t length = udat_format(f->dates[precision], utc_millis, text, 256, NULL, &err);
    if (U_FAILURE(err) || length >= 256) return -1;
    return utf8(text, length, out, capacity);
}

static UNumberFormatter *open_number(const char *locale, const char *skeleton) {
    UChar text[128];
    UErrorCode err = U_ZERO_ERROR;
    u_uastrncpy(text, skeleton, 127);
    text[127] = 0;
    UNumberFormatter *fmt = unumf_openForSkeletonAndLocale(text, -1, locale, &err);
    if (U_FAILURE(err)) {
        if (fmt) unumf_close(fmt);
        return NULL;
    }
    return fmt;
}

/* Formats decimal (ASCII) with fmt into out; -1 on failure. */
static int32_t format_with(gg_formatter *f, UNumberFormatter *fmt, const char *decimal, char *out, int32_t capacity) {
    if (!fmt || !decimal) return -1;
    UChar text[256];
    UErrorCode err = U_ZERO_ERROR;
    unumf_formatDecimal(fmt, decimal, -1, f->result, &err);
    int32_t length = unumf_resultToString(f->result, text, 256, &err);
    if (U_FAILURE(err) || length >= 256) return -1;
    return utf8(text, length, out, capacity);
}

int32_t gg_format_decimal(gg_formatter *f, const char *decimal, int fraction_digits, char *out, int32_t capacity) {
    if (!f) return -1;
    int exact = fraction_digits >= 0;
    int n = exact ? fraction_digits : -fraction_digits;
    if (n > GG_MAX_FRACTION) n = GG_MAX_FRACTION;
    UNumberFormatter **slot = exact ? &f->exact[n] : &f->upto[n];
    if (!*slot) {
        /* `.00` exactly two decimals, `.##` at most two; halves round away from zero, as the plain format does. */
        char skeleton[64] = "";
        if (n == 0) {
            strcpy(skeleton, "precision-integer");
        } else {
            skeleton[0] = '.';
            memset(skeleton + 1, exact ? '0' : '#', (size_t)n);
            skeleton[n + 1] = '\0';
        }
        strcat(skeleton, " rounding-mode-half-up");
        *slot = open_number(f->locale, skeleton);
    }
    return format_with(f, *slot, decimal, out, capacity);
}

int32_t gg_format_currency(gg_formatter *f, const char *decimal, const char *iso_code, char *out, int32_t capacity) {
    if (!f || !iso_code || strlen(iso_code) != 3) return -1;
    for (int i = 0; i < 3; i++) if (iso_code[i] < 'A' || iso_code[i] > 'Z') return -1;
    if (!f->money || strcmp(f->money_code, iso_code) != 0) {
        char skeleton[32];
        if (f->money) unumf_close(f->money);
        strcpy(skeleton, "currency/");
        strcat(skeleton, iso_code);
        f->money = open_number(f->locale, skeleton);
        strcpy(f->money_code, iso_code);
    }
    return format_with(f, f->money, decimal, out, capacity);
}

/* CLDR's numeric duration pattern (`durationUnits/hms` or `ms`) for the locale, e.g. `h:mm:ss`,
   `h.mm.ss` in Finnish; ICU's MeasureFormat uses these for its numeric width, which the C API does
   not offer. Chosen over spelled-out units (`3 min 35 s`) because it is the compact form the plain
   format shows (`3:35`), which lists of track lengths expect, with the locale's separator and digits. */
static int32_t duration_pattern(const char *locale, const char *key, UChar *out, int32_t capacity) {
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *units = ures_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "unit", locale, &err);
    UResourceBundle *durations = ures_getByKey(units, "durationUnits", NULL, &err);
    int32_t length = 0;
    const UChar *pattern = ures_getStringByKey(durations, key, &length, &err);
    int32_t result = -1;
    if (U_SUCCESS(err) && length < capacity) {
        u_memcpy(out, pattern, length);
        result = length;
    }
    ures_close(durations);
    ures_close(units);
    return result;
}

/* Appends n with at least `width` digits in the locale's digits; the new length, or -1. */
static int32_t append_part(gg_formatter *f, int64_t n, int width, UChar *text, int32_t length, int32_t capacity) {
    int slot = width >= 2 ? 1 : 0;
    if (!f->digits[slot]) f->digits[slot] = open_number(f->locale, slot ? "group-off integer-width/+00" : "group-off");
    if (!f->digits[slot]) return -1;
    UErrorCode err = U_ZERO_ERROR;
    unumf_formatInt(f->digits[slot], n, f->result, &err);
    int32_t added = unumf_resultToString(f->result, text + length, capacity - length, &err);
    if (U_FAILURE(err) || length + added >= capacity) return -1;
    return length + added;
}

int32_t gg_format_duration(gg_formatter *f, int64_t seconds, char *out, int32_t capacity) {
    if (!f || seconds < 0) return -1;
    int64_t h = seconds / 3600, m = (seconds % 3600) / 60, s = seconds % 60;
    int which = h > 0 ? 1 : 0;
    if (f->duration_lengths[which] == 0)
        f->duration_lengths[which] = duration_pattern(f->locale, which ? "hms" : "ms", f->durations[which], 64);
    const UChar *pattern = f->durations[which];
    int32_t count = f->duration_lengths[which];
    if (count <= 0) return -1;
    UChar text[128];
    int32_t length = 0;
    for (int32_t i = 0; i < count && length >= 0;) {
        UChar c = pattern[i];
        if (c == '\'') {
            /* Quoted literal text; '' is a quote. */
            for (i++; i < count && length < 127; i++) {
                if (pattern[i] == '\'' && !(i + 1 < count && pattern[i + 1] == '\'')) { i++; break; }
                if (pattern[i] == '\'') i++;
                text[length++] = pattern[i];
            }
        } else if (c == 'h' || c == 'H' || c == 'm' || c == 's') {
            int width = 0;
            while (i < count && pattern[i] == c) { width++; i++; }
            int64_t value = (c == 'h' || c == 'H') ? h : c == 'm' ? m : s;
            length = append_part(f, value, width, text, length, 128);
        } else {
            if (length >= 127) return -1;
            text[length++] = c;
            i++;
        }
    }
    if (length < 0) return -1;
    return utf8(text, length, out, capacity);
}

void gg_default_numbering_system(const char *language_tag, char *out, size_t len) {
    char locale[ULOC_FULLNAME_CAPACITY];
    UErrorCode err = U_ZERO_ERROR;
    locale_of(language_tag, locale);
    UNumberingSystem *system = unumsys_open(locale, &err);
    const char *name = U_SUCCESS(err) && system ? unumsys_getName(system) : "";
    strncpy(out, name ? name : "", len - 1);
    out[len - 1] = 0;
    if (system) unumsys_close(system);
}
