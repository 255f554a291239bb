/* A C view of toml++ (Debian's libtomlplusplus-dev, header-only, built
 * without exceptions): parse a document, then read it as a flat list of
 * items in source order. A table or an array item is followed by its
 * members and closed by a CTOML_END item. Every item has its place in the
 * text (lines and columns from 1, columns in Unicode scalars; `end` is one
 * past the value's last character). Strings point into the document and
 * live until ctoml_free. */
#ifndef CTOML_H
#define CTOML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CTOML_TABLE,
    CTOML_ARRAY,
    CTOML_END,
    CTOML_STRING,
    CTOML_INTEGER,
    CTOML_FLOAT,
    CTOML_BOOLEAN,
    CTOML_DATE_TIME,
} ctoml_kind;

typedef struct {
    uint32_t line;
    uint32_t column;
} ctoml_position;

typedef struct {
    ctoml_kind kind;
    /* The key of a table's member; NULL for array elements, the root and END. */
    const char *key;
    size_t key_length;
    ctoml_position key_begin, key_end;
    ctoml_position begin, end;
    /* CTOML_STRING: the decoded string (may hold NUL bytes). */
    const char *text;
    size_t text_length;
    int64_t integer;
    double number;
    int boolean;
} ctoml_item;

typedef struct ctoml_document ctoml_document;

/* Never NULL. */
ctoml_document *ctoml_parse(const char *text, size_t length);
void ctoml_free(ctoml_document *document);

/* A syntax error: its description and place; NULL when the text parsed. */
const char *ctoml_error(const ctoml_document *document, ctoml_position *begin, ctoml_position *end);

/* The items, the root table first and its END last. */
size_t ctoml_item_count(const ctoml_document *document);
const ctoml_item *ctoml_items(const ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif
