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

/* Allowed and not blank: what may be written as an attribute. */
static int gg_md_usable(const char *url) {
    if (!url) return 0;
    const unsigned char *p = (const unsigned char *)url;
    while (*p && *p <= 0x20) p++;
    return *p != 0 && gg_md_url_allowed(url);
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

/* ---- Changes, made after the walk ---------------------------------------------------------- */

/* What to do to one node: the iterator must not see the tree change under it. */
enum { GG_CHANGE_UNHTML, GG_CHANGE_URL, GG_CHANGE_UNWRAP, GG_CHANGE_HTML };
typedef struct { cmark_node *node; int kind; char *replacement; } gg_md_change;
typedef struct { gg_md_change *items; size_t count, capacity; } gg_md_changes;

static int gg_md_add(gg_md_changes *changes, cmark_node *node, int kind, char *replacement) {
    if (changes->count == changes->capacity) {
        size_t grown = changes->capacity ? changes->capacity * 2 : 16;
        gg_md_change *bigger = realloc(changes->items, grown * sizeof(*bigger));
        if (!bigger) { free(replacement); return 0; }
        changes->items = bigger;
        changes->capacity = grown;
    }
    changes->items[changes->count++] = (gg_md_change){ node, kind, replacement };
    return 1;
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

/* Puts a link's or image's children where it was and removes it. */
static int gg_md_unwrap(cmark_node *node) {
    cmark_node *child;
    while ((child = cmark_node_first_child(node)) != NULL) {
        if (!cmark_node_insert_before(node, child)) return 0;
    }
    cmark_node_free(node);   /* unlinks it */
    return 1;
}

/* Replaces a node by trusted inline HTML. */
static int gg_md_to_html(cmark_node *node, const char *html) {
    cmark_node *raw = cmark_node_new(CMARK_NODE_HTML_INLINE);
    if (!raw) return 0;
    if (!cmark_node_set_literal(raw, html) || !cmark_node_replace(node, raw)) { cmark_node_free(raw); return 0; }
    cmark_node_free(node);
    return 1;
}

/* Applies the changes, the last first: a change never touches a node an earlier one freed (an image
   inside a link, or a link inside an image's description, comes after the node that holds it). */
static int gg_md_apply(gg_md_changes *changes) {
    int ok = 1;
    for (size_t i = changes->count; i-- > 0;) {
        gg_md_change *c = &changes->items[i];
        if (ok) {
            switch (c->kind) {
            case GG_CHANGE_UNHTML: ok = gg_md_unhtml(c->node); break;
            case GG_CHANGE_URL: ok = cmark_node_set_url(c->node, c->replacement); break;
            case GG_CHANGE_UNWRAP: ok = gg_md_unwrap(c->node); break;
            case GG_CHANGE_HTML: ok = gg_md_to_html(c->node, c->replacement); break;
            }
        }
        free(c->replacement);
    }
    return ok;
}

/* ---- The walk ------------------------------------------------------------------------------ */

/* Where the walk is: the line of the current inline, how deep in links it is, and how many elements
   hold it. */
typedef struct { int block_line; int block_end; int breaks; int link_depth; int depth; } gg_md_place;

/* Elements a description may nest: deeper quotes, lists and emphasis are flattened into their contents.
   libxml2 refuses a page nested more than 256 deep, so 250 `>` (or 127 list levels) used to stop the
   publish; browsers stop well before that too. */
#define GG_MD_MAX_DEPTH 40

static int gg_md_is_container(cmark_node_type type) {
    return type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM || type == CMARK_NODE_PARAGRAPH
        || type == CMARK_NODE_HEADING || type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK
        || type == CMARK_NODE_IMAGE || type == CMARK_NODE_CUSTOM_BLOCK || type == CMARK_NODE_CUSTOM_INLINE;
}

/* Flattens a quote, list (with its items) or emphasis that is too deep; 0 when memory runs out. */
static int gg_md_flatten(cmark_node *node, cmark_node_type type, gg_md_changes *changes) {
    if (type != CMARK_NODE_BLOCK_QUOTE && type != CMARK_NODE_LIST && type != CMARK_NODE_EMPH && type != CMARK_NODE_STRONG) return 1;
    if (!gg_md_add(changes, node, GG_CHANGE_UNWRAP, NULL)) return 0;
    if (type != CMARK_NODE_LIST) return 1;
    for (cmark_node *item = cmark_node_first_child(node); item; item = cmark_node_next(item)) {
        if (!gg_md_add(changes, item, GG_CHANGE_UNWRAP, NULL)) return 0;
    }
    return 1;
}

static void gg_md_count_newlines(gg_md_place *place, const char *literal) {
    for (const char *p = literal; p && *p; p++) if (*p == '\n') place->breaks++;
}

/* The plain text of a node's descendants (text, code, breaks as spaces), malloc'd; NULL when memory runs out. */
static char *gg_md_plain(cmark_node *node) {
    size_t length = 0, capacity = 64;
    char *out = malloc(capacity);
    if (!out) return NULL;
    out[0] = 0;
    cmark_iter *iter = cmark_iter_new(node);
    if (!iter) { free(out); return NULL; }
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *child = cmark_iter_get_node(iter);
        if (event != CMARK_EVENT_ENTER || child == node) continue;
        cmark_node_type type = cmark_node_get_type(child);
        const char *piece = type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE ? cmark_node_get_literal(child)
            : type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ? " " : NULL;
        size_t n = piece ? strlen(piece) : 0;
        if (n == 0) continue;
        if (length + n + 1 > capacity) {
            while (length + n + 1 > capacity) capacity *= 2;
            char *bigger = realloc(out, capacity);
            if (!bigger) { free(out); cmark_iter_free(iter); return NULL; }
            out = bigger;
        }
        memcpy(out + length, piece, n);
        length += n;
        out[length] = 0;
    }
    cmark_iter_free(iter);
    return out;
}

/* Decides one link or image: records the change, if any. 0 when memory runs out. */
static int gg_md_decide(cmark_node *node, int image, const gg_md_place *place, gg_md_resolver resolve, void *context,
                        gg_md_changes *changes) {
    const char *url = cmark_node_get_url(node);
    const char *title = cmark_node_get_title(node);
    char *text = gg_md_plain(node);
    if (!text) return 0;
    int line = place->block_line + place->breaks;
    gg_md_ref ref = { image, url ? url : "", title ? title : "", text, line, line > place->block_end ? line : place->block_end,
                      gg_md_usable(url), image && place->link_depth > 0 };
    char *replacement = NULL;
    int action = resolve ? resolve(context, &ref, &replacement) : (ref.allowed ? GG_MD_KEEP : GG_MD_TEXT);
    free(text);
    if (action == GG_MD_HTML && replacement) return gg_md_add(changes, node, GG_CHANGE_HTML, replacement);
    if (action == GG_MD_URL && replacement && gg_md_usable(replacement)) return gg_md_add(changes, node, GG_CHANGE_URL, replacement);
    free(replacement);
    if (action == GG_MD_KEEP && ref.allowed) return 1;
    return gg_md_add(changes, node, GG_CHANGE_UNWRAP, NULL);
}

/* Collects every change in document order; 0 when memory runs out. */
static int gg_md_walk(cmark_node *doc, int allow_html, gg_md_resolver resolve, void *context, gg_md_changes *changes) {
    gg_md_place place = { 1, 1, 0, 0, 0 };
    int ok = 1;
    cmark_iter *iter = cmark_iter_new(doc);
    if (!iter) return 0;
    cmark_event_type event;
    while (ok && (event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        cmark_node_type type = cmark_node_get_type(node);
        if (type == CMARK_NODE_LINK) place.link_depth += event == CMARK_EVENT_ENTER ? 1 : -1;
        if (gg_md_is_container(type) && event == CMARK_EVENT_EXIT) place.depth--;
        if (event != CMARK_EVENT_ENTER) continue;
        if (gg_md_is_container(type) && ++place.depth > GG_MD_MAX_DEPTH && !(ok = gg_md_flatten(node, type, changes))) break;
        if (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING) {
            place.block_line = cmark_node_get_start_line(node);
            place.block_end = cmark_node_get_end_line(node);
            place.breaks = 0;
        } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
            place.breaks++;
        }
        if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) {
            ok = gg_md_decide(node, type == CMARK_NODE_IMAGE, &place, resolve, context, changes);
        } else if (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE) {
            if (type == CMARK_NODE_HTML_INLINE) gg_md_count_newlines(&place, cmark_node_get_literal(node));
            if (!allow_html) ok = gg_md_add(changes, node, GG_CHANGE_UNHTML, NULL);
        }
    }
    cmark_iter_free(iter);
    return ok;
}

char *gg_md_render_resolved(const char *text, size_t length, int allow_html, gg_md_resolver resolve, void *context) {
    cmark_node *doc = cmark_parse_document(text ? text : "", text ? length : 0, CMARK_OPT_VALIDATE_UTF8);
    if (!doc) return NULL;
    gg_md_changes changes = { NULL, 0, 0 };
    int ok = gg_md_walk(doc, allow_html, resolve, context, &changes);
    if (ok) {
        ok = gg_md_apply(&changes);
    } else {
        for (size_t i = 0; i < changes.count; i++) free(changes.items[i].replacement);
    }
    free(changes.items);
    /* Unsafe rendering: every raw HTML node left is either the user's with allow_html, or the
       resolver's trusted HTML; every destination left was checked above. */
    char *html = ok ? cmark_render_html(doc, CMARK_OPT_UNSAFE) : NULL;
    cmark_node_free(doc);
    return html;
}

void gg_md_free(char *html) { free(html); }
