#include "CMarkShim.h"
#include <cmark.h>
#include <stdlib.h>
#include <string.h>

/* ---- Destinations -------------------------------------------------------------------------- */

static int gg_md_ignored(unsigned char c) { return c == '\t' || c == '\n' || c == '\r'; }

int gg_md_url_allowed(const char *url) {
    if (!url) return 1;
    const unsigned char *p = (const unsigned char *)url;
    /* Browsers drop leading spaces and control characters, and tabs and newlines anywhere. */
    while (*p && *p <= 0x20) p++;
    char scheme[16];
    size_t n = 0;
    for (; *p; p++) {
        unsigned char c = *p;
        if (gg_md_ignored(c)) continue;
        if (c == '/' || c == '?' || c == '#') return 1;   /* a path, query or fragment comes first: relative */
        if (c == ':') break;
        if (n + 1 < sizeof(scheme)) scheme[n] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        n++;
    }
    if (!*p) return 1;                                       /* no colon: relative */
    if (n >= sizeof(scheme)) return 0;
    scheme[n] = 0;
    return strcmp(scheme, "http") == 0 || strcmp(scheme, "https") == 0 || strcmp(scheme, "mailto") == 0;
}

/* ---- Raw HTML as text ---------------------------------------------------------------------- */

/* A text node holding `length` bytes of `text`, or NULL. */
static cmark_node *gg_md_text(const char *text, size_t length) {
    cmark_node *node = cmark_node_new(CMARK_NODE_TEXT);
    if (!node) return NULL;
    char *copy = malloc(length + 1);
    if (!copy) { cmark_node_free(node); return NULL; }
    memcpy(copy, text, length);
    copy[length] = 0;
    int ok = cmark_node_set_literal(node, copy);
    free(copy);
    if (!ok) { cmark_node_free(node); return NULL; }
    return node;
}

/* A paragraph with the lines of an HTML block as text, hard breaks between them. */
static cmark_node *gg_md_block_as_text(const char *literal) {
    cmark_node *para = cmark_node_new(CMARK_NODE_PARAGRAPH);
    if (!para) return NULL;
    size_t length = strlen(literal);
    while (length > 0 && (literal[length - 1] == '\n' || literal[length - 1] == '\r')) length--;
    size_t start = 0;
    while (start <= length) {
        const char *newline = memchr(literal + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - literal) : length;
        if (start > 0) {
            cmark_node *brk = cmark_node_new(CMARK_NODE_LINEBREAK);
            if (!brk || !cmark_node_append_child(para, brk)) { cmark_node_free(brk); cmark_node_free(para); return NULL; }
        }
        cmark_node *text = end > start ? gg_md_text(literal + start, end - start) : NULL;
        if (end > start && (!text || !cmark_node_append_child(para, text))) {
            cmark_node_free(text); cmark_node_free(para); return NULL;
        }
        start = end + 1;
    }
    return para;
}

/* Replaces an HTML node by its text; 0 when memory runs out. */
static int gg_md_unhtml(cmark_node *node) {
    const char *literal = cmark_node_get_literal(node);
    if (!literal) literal = "";
    cmark_node *replacement = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
        ? gg_md_block_as_text(literal) : gg_md_text(literal, strlen(literal));
    if (!replacement) return 0;
    if (!cmark_node_replace(node, replacement)) { cmark_node_free(replacement); return 0; }
    cmark_node_free(node);
    return 1;
}

/* ---- The walk ------------------------------------------------------------------------------ */

/* Empties unsafe destinations and collects HTML nodes (replaced after the walk, since the
   iterator must not see the tree change under it). 0 when memory runs out. */
static int gg_md_clean(cmark_node *doc, int allow_html) {
    cmark_node **html = NULL;
    size_t count = 0, capacity = 0;
    int ok = 1;
    cmark_iter *iter = cmark_iter_new(doc);
    if (!iter) return 0;
    cmark_event_type event;
    while (ok && (event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        if (event != CMARK_EVENT_ENTER) continue;
        cmark_node *node = cmark_iter_get_node(iter);
        cmark_node_type type = cmark_node_get_type(node);
        if ((type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) && !gg_md_url_allowed(cmark_node_get_url(node))) {
            ok = cmark_node_set_url(node, "");
        } else if (!allow_html && (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE)) {
            if (count == capacity) {
                size_t grown = capacity ? capacity * 2 : 16;
                cmark_node **bigger = realloc(html, grown * sizeof(*html));
                if (!bigger) { ok = 0; break; }
                html = bigger;
                capacity = grown;
            }
            html[count++] = node;
        }
    }
    cmark_iter_free(iter);
    for (size_t i = 0; ok && i < count; i++) ok = gg_md_unhtml(html[i]);
    free(html);
    return ok;
}

char *gg_md_render(const char *text, size_t length, int allow_html) {
    int options = CMARK_OPT_VALIDATE_UTF8 | (allow_html ? CMARK_OPT_UNSAFE : 0);
    cmark_node *doc = cmark_parse_document(text ? text : "", text ? length : 0, options);
    if (!doc) return NULL;
    char *html = gg_md_clean(doc, allow_html) ? cmark_render_html(doc, options) : NULL;
    cmark_node_free(doc);
    return html;
}

void gg_md_free(char *html) { free(html); }
