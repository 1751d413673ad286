#include "CICUShim.h"
#include "icu.h"
#include <string.h>

gg_collator *gg_collator_open(const char *language_tag, int numeric, int *status) {
    UErrorCode err = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &err);
    if (U_FAILURE(err)) { err = U_ZERO_ERROR; locale[0] = '\0'; }
    UCollator *collator = ucol_open(locale, &err);
    if (U_FAILURE(err) || collator == NULL) {
        if (status) *status = (int)err;
        return NULL;
    }
    if (numeric) ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &err);
    if (status) *status = (int)(U_FAILURE(err) ? err : U_ZERO_ERROR);
    return (gg_collator *)collator;
}

int32_t gg_collator_sort_key(const gg_collator *collator, const uint16_t *text, int32_t length,
                             uint8_t *out, int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, out, capacity);
}

void gg_collator_close(gg_collator *collator) {
    if (collator) ucol_close((UCollator *)collator);
}

void gg_icu_version(char *out, size_t len) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    strncpy(out, text, len - 1);
    out[len - 1] = 0;
}
