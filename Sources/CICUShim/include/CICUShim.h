#ifndef CICUSHIM_H
#define CICUSHIM_H
#include <stddef.h>
#include <stdint.h>
#include "CICUDirection.h" /* the writing direction of a language (direction.c) */

/* Every ICU call of galgen lives in this target: locale-aware collation sort keys, so a collection
   of a million records is sorted by comparing bytes rather than by a million log n collator calls.
   A collator is not safe to use from several threads at once; galgen makes one per sort. */
typedef struct gg_collator gg_collator;

/* Opens a collator for a BCP 47 language tag (`en`, `sv`, `pt-BR`; unknown tags fall back to the
   root collation). With numeric != 0, runs of digits compare by value (`item 2` < `item 10`).
   Returns NULL when ICU could not open one (then status holds ICU's error code). */
gg_collator *gg_collator_open(const char *language_tag, int numeric, int *status);

/* Writes the sort key of `length` UTF-16 units into out (capacity bytes, NUL-terminated) and
   returns its length with the NUL; a result larger than capacity means out was too small. */
int32_t gg_collator_sort_key(const gg_collator *collator, const uint16_t *text, int32_t length,
                             uint8_t *out, int32_t capacity);

/* Closes a collator (NULL is fine). */
void gg_collator_close(gg_collator *collator);

/* The version of the ICU loaded at run time, e.g. "72.1". */
void gg_icu_version(char *out, size_t len);

/* Plural rules (plural.c). */
#include "CICUPlural.h"

#endif
