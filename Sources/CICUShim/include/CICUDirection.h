#ifndef CICUDIRECTION_H
#define CICUDIRECTION_H

/* The writing direction of a language, from ICU's locale data (direction.c). */

/* Returns 1 when the script of a BCP 47 language tag is written right to left (`ar`, `he`, `fa`, `ur`,
   `ckb`, `az-Arab`; the script a tag leaves out is ICU's likely one, so `ar-EG` is Arabic script), else 0:
   also for a tag ICU cannot read. */
int gg_language_is_rtl(const char *language_tag);

#endif
