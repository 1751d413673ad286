#include "CICUPlural.h"
#include "icu.h"
#include <string.h>

gg_plural_rules *gg_plural_rules_open(const char *language_tag, int *status) {
    UErrorCode err = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &err);
    if (U_FAILURE(err)) { err = U_ZERO_ERROR; locale[0] = '\0'; }
    UPluralRules *rules = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &err);
    if (status) *status = (int)err;
    if (U_FAILURE(err)) return NULL;
    return (gg_plural_rules *)rules;
}

int32_t gg_plural_rules_select(const gg_plural_rules *rules, double count, char *out, int32_t capacity) {
    UErrorCode err = U_ZERO_ERROR;
    UChar keyword[32];
    int32_t length = uplrules_select((const UPluralRules *)rules, count, keyword, 32, &err);
    if (U_FAILURE(err) || length >= capacity) return -1;
    u_UCharsToChars(keyword, out, length);
    out[length] = '\0';
    return length;
}

int32_t gg_plural_rules_keywords(const gg_plural_rules *rules, char *out, int32_t capacity) {
    UErrorCode err = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &err);
    if (U_FAILURE(err)) return -1;
    int32_t used = 0;
    const char *keyword;
    int32_t length = 0;
    while ((keyword = uenum_next(keywords, &length, &err)) != NULL && U_SUCCESS(err)) {
        if (used + length + 2 > capacity) { uenum_close(keywords); return -1; }
        if (used > 0) out[used++] = ' ';
        memcpy(out + used, keyword, (size_t)length);
        used += length;
    }
    uenum_close(keywords);
    if (U_FAILURE(err)) return -1;
    out[used] = '\0';
    return used;
}

void gg_plural_rules_close(gg_plural_rules *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}
