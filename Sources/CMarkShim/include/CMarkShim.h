#ifndef CMARKSHIM_H
#define CMARKSHIM_H
#include <stddef.h>

/* Every cmark call lives in this target. A Markdown text becomes an HTML fragment in one call:
   parsed to cmark's tree, the tree made safe, each link and image decided by the caller, rendered.
   Thread-safe (cmark keeps no global state apart from its allocator, which is malloc). */

/* One link or image destination, as the resolver is told it. */
typedef struct {
    int image;              /* 1 for an image, 0 for a link */
    const char *url;        /* the destination as cmark reads it (entities decoded); never NULL */
    const char *title;      /* the title, or "" */
    const char *text;       /* the link's text or the image's alt text, as plain text */
    int line;               /* the line of the text it is on, from 1: its paragraph's first line and the
                               line breaks before it (a code span, destination or title over several
                               lines is not counted: it may be further down, up to last_line) */
    int last_line;          /* the last line of its paragraph or heading */
    int allowed;            /* 1 when gg_md_url_allowed(url) and the URL is not empty */
    int in_link;            /* 1 for an image inside a link (its replacement must not be a link) */
} gg_md_ref;

/* What becomes of a link or an image. */
enum {
    GG_MD_KEEP = 0,   /* kept as written (only when allowed; otherwise as GG_MD_TEXT) */
    GG_MD_URL = 1,    /* kept with *replacement as its destination (only an allowed URL; otherwise GG_MD_TEXT) */
    GG_MD_TEXT = 2,   /* the link's text, or the image's alt text, stays as text; the element goes */
    GG_MD_HTML = 3    /* replaced by the trusted HTML in *replacement (the caller made it safe) */
};

/* Decides one destination: returns one of the GG_MD_ values and, for GG_MD_URL and GG_MD_HTML, sets
   *replacement to a string allocated with malloc, which the renderer frees. */
typedef int (*gg_md_resolver)(void *context, const gg_md_ref *ref, char **replacement);

/* Renders `length` bytes of UTF-8 Markdown (invalid sequences become U+FFFD) to a NUL-terminated
   HTML fragment, or NULL when memory runs out. Free the result with gg_md_free.

   When `allow_html` is 0, raw HTML in the source (HTML blocks and inline tags) is kept as text:
   each HTML block becomes a paragraph with its lines, each inline tag a text node, so the
   renderer escapes them (`<script>` shows as `&lt;script&gt;`). When it is 1, raw HTML passes
   through unchanged (URLs inside it are not checked here).

   Each link and image is passed to `resolve` (when not NULL) in document order. Without a
   resolver, an allowed destination is kept and any other (javascript:, data:, empty, …) is turned
   into its text. Whatever the resolver says, a destination that is not allowed never reaches the
   output as a URL: no empty or unsafe attribute is ever written. */
char *gg_md_render_resolved(const char *text, size_t length, int allow_html, gg_md_resolver resolve, void *context);

/* Frees what gg_md_render_resolved returned. NULL is ignored. */
void gg_md_free(char *html);

/* 1 when `url` is relative (no scheme), a fragment, or uses http, https or mailto, else 0. An empty
   URL is relative here; the renderer refuses it separately. */
int gg_md_url_allowed(const char *url);

#endif
