#ifndef CIPTCSHIM_H
#define CIPTCSHIM_H
#include <stddef.h>

/* Every libiptcdata call lives in this target. The caller hands over a JPEG APP13 payload (it starts
   "Photoshop 3.0\0"); libiptcdata finds the IPTC-IIM resource (8BIM 0x0404) in it and splits it into
   datasets. Only the text datasets galgen reads come back, as copies of their bytes; no libiptcdata type
   leaves this file. */

/* One dataset: record 2 and its tag (5 ObjectName, 25 Keywords, 80 By-line, 120 Caption/Abstract). */
typedef struct {
    int tag;
    unsigned char *bytes;   /* a malloc'd copy, not NUL-terminated */
    unsigned int length;
} gg_iptc_item;

typedef struct {
    gg_iptc_item *items;    /* in file order (Keywords and By-line repeat) */
    int count;
    int utf8;               /* 1:90 CodedCharacterSet says UTF-8 (ESC % G) */
} gg_iptc_info;

/* Returns 0 when an IPTC block was found and read, 1 when the payload has no IPTC block, -1 when
   libiptcdata refused the block, -2 when out of memory. Always call gg_iptc_free afterwards. */
int gg_iptc_read(const unsigned char *app13, size_t len, gg_iptc_info *out);

void gg_iptc_free(gg_iptc_info *info);

#endif
