/* A C view of pugixml (Debian's libpugixml-dev: the parser touchegg reads
 * its own config with): parse a document, then read its elements as a flat
 * list in document order. An element item is followed by its attributes,
 * its text and its child elements, and closed by a CXML_END item. Places
 * are byte offsets into the text given. Strings live until cxml_free. */
#ifndef CXML_H
#define CXML_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CXML_ELEMENT,
    CXML_ATTRIBUTE,
    CXML_TEXT,
    CXML_END,
} cxml_kind;

typedef struct {
    cxml_kind kind;
    /* An element's or an attribute's name. */
    const char *name;
    /* An attribute's value, or text (character data and CDATA). */
    const char *value;
    /* Where the element starts (its '<'), or -1 where pugixml cannot say. */
    long offset;
} cxml_item;

typedef struct cxml_document cxml_document;

/* Never NULL. Elements nested deeper than max_depth are an error. */
cxml_document *cxml_parse(const char *text, size_t length, size_t max_depth);
void cxml_free(cxml_document *document);

/* A syntax error, or an element nested too deep, and its byte offset;
 * NULL when the text parsed. */
const char *cxml_error(const cxml_document *document, long *offset);

size_t cxml_item_count(const cxml_document *document);
const cxml_item *cxml_items(const cxml_document *document);

#ifdef __cplusplus
}
#endif

#endif
