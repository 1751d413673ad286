#ifndef CICUPLURAL_H
#define CICUPLURAL_H
#include <stdint.h>

/* CLDR plural rules through ICU (uplrules): which plural category ("one", "few", "other", …) a count
   takes in a language, and which categories a language has. A rules object is immutable once open
   and may be shared between threads. */
typedef struct gg_plural_rules gg_plural_rules;

/* Opens the cardinal plural rules of a BCP 47 language tag (`pl`, `pt-BR`; an unknown language gets
   the root rules, whose only category is "other"). Returns NULL when ICU could not open them. */
gg_plural_rules *gg_plural_rules_open(const char *language_tag, int *status);

/* Writes the category of the integer `count` into out (capacity bytes, NUL-terminated) and returns
   its length, or -1 on failure. */
int32_t gg_plural_rules_select(const gg_plural_rules *rules, double count, char *out, int32_t capacity);

/* Writes the language's categories into out, separated by single spaces, in ICU's order (capacity
   bytes, NUL-terminated); returns the length, or -1 on failure. */
int32_t gg_plural_rules_keywords(const gg_plural_rules *rules, char *out, int32_t capacity);

/* Closes the rules (NULL is fine). */
void gg_plural_rules_close(gg_plural_rules *rules);

#endif
