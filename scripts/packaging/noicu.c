/* libgalgen-noicu: what the release archive's libxml2 gets in place of Debian's libicuuc (scripts/package.sh).
 *
 * Debian builds libxml2 with ICU, and libxml2 asks ICU for a codepage converter only when its own (UTF-8, UTF-16,
 * Latin-1, ASCII) and glibc's iconv, which it asks first, have none for a document's encoding. For that last
 * resort the archive would carry libicuuc and its 31 MB of data, a second ICU beside the one in the galgen binary.
 * So package.sh points the bundled libxml2 at this library instead: it defines the seven converter functions
 * libxml2 imports and answers that ICU has no such converter (U_FILE_ACCESS_ERROR, as ICU does for an unknown
 * name), so libxml2 reports the encoding as unsupported, as a libxml2 built without ICU would. galgen writes and
 * validates UTF-8 only. ICU_SUFFIX is the version suffix of the symbols libxml2 imports (_72 on Debian 12).
 */
#include <stddef.h>
#include <stdint.h>

#define GG_CAT2(a, b) a##b
#define GG_CAT(a, b) GG_CAT2(a, b)
#define GG_ICU(name) GG_CAT(name, ICU_SUFFIX)

typedef int gg_icu_error;              /* UErrorCode */
enum { GG_U_FILE_ACCESS_ERROR = 4 };   /* U_FILE_ACCESS_ERROR: no converter of that name */
typedef uint16_t gg_uchar;             /* UChar */
typedef void (*gg_callback)(void);     /* the callback types, never called here */

static int failed(const gg_icu_error *error) { return error != NULL && *error > 0; }

void *GG_ICU(ucnv_open)(const char *name, gg_icu_error *error) {
    (void)name;
    if (error != NULL && !failed(error)) *error = GG_U_FILE_ACCESS_ERROR;
    return NULL;
}

void GG_ICU(ucnv_close)(void *converter) { (void)converter; }

/* Never reached: libxml2 calls these only on a converter that ucnv_open returned. */
void GG_ICU(ucnv_setToUCallBack)(void *converter, gg_callback action, const void *context, gg_callback *old_action,
                                 const void **old_context, gg_icu_error *error) {
    (void)converter; (void)action; (void)context; (void)old_action; (void)old_context;
    if (error != NULL && !failed(error)) *error = GG_U_FILE_ACCESS_ERROR;
}

void GG_ICU(ucnv_setFromUCallBack)(void *converter, gg_callback action, const void *context, gg_callback *old_action,
                                   const void **old_context, gg_icu_error *error) {
    (void)converter; (void)action; (void)context; (void)old_action; (void)old_context;
    if (error != NULL && !failed(error)) *error = GG_U_FILE_ACCESS_ERROR;
}

void GG_ICU(ucnv_convertEx)(void *target_converter, void *source_converter, char **target, const char *target_limit,
                            const char **source, const char *source_limit, gg_uchar *pivot_start,
                            gg_uchar **pivot_source, gg_uchar **pivot_target, const gg_uchar *pivot_limit,
                            int8_t reset, int8_t flush, gg_icu_error *error) {
    (void)target_converter; (void)source_converter; (void)target; (void)target_limit; (void)source;
    (void)source_limit; (void)pivot_start; (void)pivot_source; (void)pivot_target; (void)pivot_limit;
    (void)reset; (void)flush;
    if (error != NULL && !failed(error)) *error = GG_U_FILE_ACCESS_ERROR;
}

void GG_ICU(UCNV_TO_U_CALLBACK_STOP)(void) {}
void GG_ICU(UCNV_FROM_U_CALLBACK_STOP)(void) {}
