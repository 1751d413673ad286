/* libxml2 for Swift. Debian builds libxml2 with ICU, whose UErrorCode clashes with Foundation's
   copy of ICU; hide that part (it only adds fields to a struct Swift never touches). */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function-pointer variable; Swift 6 rejects reading it, so wrap it. */
static inline void galgen_xmlFree(void *p) { xmlFree(p); }

/* The version of the libxml2 loaded at run time, e.g. "20914" (xmlParserVersion is a macro over a per-thread global). */
static inline const char *galgen_xmlParserVersion(void) { return xmlParserVersion; }
