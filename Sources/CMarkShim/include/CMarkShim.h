#ifndef CMARKSHIM_H
#define CMARKSHIM_H
#include <stddef.h>

/* Every cmark call lives in this target. A Markdown text becomes an HTML fragment in one call:
   parsed to cmark's tree, the tree made safe, rendered. Thread-safe (cmark keeps no global state
   apart from its allocator, which is malloc). */

/* Renders `length` bytes of UTF-8 Markdown (invalid sequences become U+FFFD) to a NUL-terminated
   HTML fragment, or NULL when memory runs out. Free the result with gg_md_free.

   When `allow_html` is 0, raw HTML in the source (HTML blocks and inline tags) is kept as text:
   each HTML block becomes a paragraph with its lines, each inline tag a text node, so the
   renderer escapes them (`<script>` shows as `&lt;script&gt;`). When it is 1, raw HTML passes
   through unchanged.

   Either way, a link's or an image's destination is emptied unless it is relative (no scheme),
   a fragment, or uses http, https or mailto; cmark's own safe mode only removes javascript:,
   vbscript:, file: and data: other than four image types. URLs inside raw HTML that passes
   through are not checked. */
char *gg_md_render(const char *text, size_t length, int allow_html);

/* Frees what gg_md_render returned. NULL is ignored. */
void gg_md_free(char *html);

/* 1 when gg_md_render keeps `url` as a link or image destination, else 0 (exposed for tests). */
int gg_md_url_allowed(const char *url);

#endif
