// toml++ behind a C interface (include/ctoml.h). Built without exceptions
// (-fno-exceptions in Package.swift): toml++ then returns its parse errors
// as values, and a typo can never take the daemon down.
#define TOML_HEADER_ONLY 1
// toml++ 3.3 asserts its parser's invariants, and a typo can break two of
// them (`a = [}`, a table header such as `[` or `[[[x]]]`); with NDEBUG it
// assumes them instead (undefined behaviour). Here a broken invariant is
// noted, the parser goes on to the syntax error it reports for such text,
// and a document that broke one is never used.
#undef NDEBUG
static thread_local bool ctoml_invariant_broken = false;
#define TOML_ASSERT(expr) ((expr) ? (void)0 : (void)(ctoml_invariant_broken = true))
#define TOML_ENABLE_FORMATTERS 0
#define TOML_ENABLE_WINDOWS_COMPAT 0
// Floats read with std::from_chars (libstdc++ 12 has it for double), not a
// std::stringstream imbued with the classic locale: the stream brought the
// whole locale machinery (330 kB once the daemon links libstdc++ in, and
// 250 kB resident with it shared). The values are the same, correctly
// rounded; a literal out of double's range (1e400, and 1e-400, which the
// stream read as 0) is an error "not representable in 64 bits".
#define TOML_FLOAT_CHARCONV 1
#include <toml++/toml.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ctoml.h"

struct ctoml_document {
    toml::parse_result result;
    std::string error;
    ctoml_position error_begin{}, error_end{};
    std::vector<ctoml_item> items;
};

namespace {

ctoml_position position(const toml::source_position &p) {
    return ctoml_position{p.line, p.column};
}

bool before(const toml::source_position &a, const toml::source_position &b) {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
}

void flatten(const toml::node &node, const toml::key *key, std::vector<ctoml_item> &out);

void open(const toml::node &node, const toml::key *key, ctoml_kind kind, std::vector<ctoml_item> &out) {
    ctoml_item item{};
    item.kind = kind;
    if (key) {
        item.key = key->data();
        item.key_length = key->length();
        item.key_begin = position(key->source().begin);
        item.key_end = position(key->source().end);
    }
    item.begin = position(node.source().begin);
    item.end = position(node.source().end);
    switch (kind) {
    case CTOML_STRING: {
        const std::string &s = node.as_string()->get();
        item.text = s.data();
        item.text_length = s.size();
        break;
    }
    case CTOML_INTEGER: item.integer = node.as_integer()->get(); break;
    case CTOML_FLOAT: item.number = node.as_floating_point()->get(); break;
    case CTOML_BOOLEAN: item.boolean = node.as_boolean()->get() ? 1 : 0; break;
    default: break;
    }
    out.push_back(item);
}

void close(std::vector<ctoml_item> &out) {
    ctoml_item end{};
    end.kind = CTOML_END;
    out.push_back(end);
}

void flatten(const toml::node &node, const toml::key *key, std::vector<ctoml_item> &out) {
    switch (node.type()) {
    case toml::node_type::table: {
        open(node, key, CTOML_TABLE, out);
        // toml++ keeps a table's keys sorted; the reader wants them as written.
        std::vector<std::pair<const toml::key *, const toml::node *>> members;
        for (auto &&[k, v] : *node.as_table()) members.emplace_back(&k, &v);
        std::stable_sort(members.begin(), members.end(), [](auto &a, auto &b) {
            return before(a.first->source().begin, b.first->source().begin);
        });
        for (auto &[k, v] : members) flatten(*v, k, out);
        close(out);
        break;
    }
    case toml::node_type::array:
        open(node, key, CTOML_ARRAY, out);
        for (auto &&element : *node.as_array()) flatten(element, nullptr, out);
        close(out);
        break;
    case toml::node_type::string: open(node, key, CTOML_STRING, out); break;
    case toml::node_type::integer: open(node, key, CTOML_INTEGER, out); break;
    case toml::node_type::floating_point: open(node, key, CTOML_FLOAT, out); break;
    case toml::node_type::boolean: open(node, key, CTOML_BOOLEAN, out); break;
    default: open(node, key, CTOML_DATE_TIME, out); break;
    }
}

} // namespace

extern "C" {

ctoml_document *ctoml_parse(const char *text, size_t length) {
    ctoml_invariant_broken = false;
    auto *document = new ctoml_document{toml::parse(std::string_view(text, length)), {}, {}, {}, {}};
    if (document->result && ctoml_invariant_broken) {
        document->error = "Error while parsing: unexpected character";
        document->error_begin = document->error_end = ctoml_position{1, 1};
        document->result = toml::parse_result{};
    }
    if (!document->result) {
        const toml::parse_error &e = document->result.error();
        document->error = std::string(e.description());
        document->error_begin = position(e.source().begin);
        document->error_end = position(e.source().end);
    } else {
        flatten(document->result.table(), nullptr, document->items);
    }
    return document;
}

void ctoml_free(ctoml_document *document) { delete document; }

const char *ctoml_error(const ctoml_document *document, ctoml_position *begin, ctoml_position *end) {
    if (document->result) return nullptr;
    if (begin) *begin = document->error_begin;
    if (end) *end = document->error_end;
    return document->error.c_str();
}

size_t ctoml_item_count(const ctoml_document *document) { return document->items.size(); }

const ctoml_item *ctoml_items(const ctoml_document *document) { return document->items.data(); }

} // extern "C"
