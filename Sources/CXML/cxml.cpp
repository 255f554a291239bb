// pugixml behind a C interface (include/cxml.h), parsed with the options
// touchegg itself uses (pugixml's defaults), so a file touchegg reads, we read.
#include <pugixml.hpp>

#include <string>
#include <vector>

#include "cxml.h"

struct cxml_document {
    pugi::xml_document xml;
    std::string error;
    long error_offset = -1;
    std::vector<cxml_item> items;
};

namespace {

void push(std::vector<cxml_item> &out, cxml_kind kind, const char *name, const char *value, long offset) {
    out.push_back(cxml_item{kind, name, value, offset});
}

// Depth first without recursion: a hostile file can nest as deep as it likes.
bool flatten(cxml_document &document, size_t max_depth) {
    struct Frame {
        pugi::xml_node node;
        pugi::xml_node next;
    };
    std::vector<Frame> stack;
    pugi::xml_node root = document.xml.document_element();
    if (!root) {
        document.error = "no root element";
        document.error_offset = 0;
        return false;
    }
    auto enter = [&](pugi::xml_node element) {
        push(document.items, CXML_ELEMENT, element.name(), "", element.offset_debug());
        for (pugi::xml_attribute a : element.attributes()) push(document.items, CXML_ATTRIBUTE, a.name(), a.value(), -1);
        stack.push_back(Frame{element, element.first_child()});
    };
    enter(root);
    while (!stack.empty()) {
        Frame &top = stack.back();
        pugi::xml_node child = top.next;
        if (!child) {
            push(document.items, CXML_END, "", "", -1);
            stack.pop_back();
            continue;
        }
        top.next = child.next_sibling();
        switch (child.type()) {
        case pugi::node_pcdata:
        case pugi::node_cdata: push(document.items, CXML_TEXT, "", child.value(), -1); break;
        case pugi::node_element:
            if (stack.size() >= max_depth) {
                document.error = "elements nested deeper than " + std::to_string(max_depth) + " levels";
                // pugixml places an element by its name; it starts at its '<'.
                document.error_offset = child.offset_debug() - 1;
                return false;
            }
            enter(child);
            break;
        default: break;
        }
    }
    return true;
}

} // namespace

extern "C" {

cxml_document *cxml_parse(const char *text, size_t length, size_t max_depth) {
    auto *document = new cxml_document;
    pugi::xml_parse_result result =
        document->xml.load_buffer(text, length, pugi::parse_default, pugi::encoding_utf8);
    if (!result) {
        document->error = result.description();
        document->error_offset = static_cast<long>(result.offset);
    } else if (!flatten(*document, max_depth)) {
        document->items.clear();
    }
    return document;
}

void cxml_free(cxml_document *document) { delete document; }

const char *cxml_error(const cxml_document *document, long *offset) {
    if (document->error.empty()) return nullptr;
    if (offset) *offset = document->error_offset;
    return document->error.c_str();
}

size_t cxml_item_count(const cxml_document *document) { return document->items.size(); }

const cxml_item *cxml_items(const cxml_document *document) { return document->items.data(); }

} // extern "C"
