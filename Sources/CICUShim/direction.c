#include "CICUDirection.h"
#include "icu.h"
#include <string.h>

int gg_language_is_rtl(const char *language_tag) {
    UErrorCode err = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    if (language_tag == NULL || language_tag[0] == '\0') return 0;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &err);
    if (U_FAILURE(err) || parsed == 0 || locale[0] == '\0') return 0;
    /* `ar-EG` names no script: ICU's likely subtags give it (ar_Arab_EG); uloc_isRightToLeft reads the script. */
    char full[ULOC_FULLNAME_CAPACITY];
    uloc_addLikelySubtags(locale, full, (int32_t)sizeof full, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) {
        strncpy(full, locale, sizeof full - 1);
        full[sizeof full - 1] = '\0';
    }
    return uloc_isRightToLeft(full) ? 1 : 0;
}
