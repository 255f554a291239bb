import GestureCore
import CXML
import GestureSystem

/// XML through pugixml, the parser touchegg reads touchegg.conf with, on
/// its default options: what touchegg reads, we read. Elements nested deeper
/// than our limit are refused; errors carry a line and column.
enum XML {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        /// The element's own text (character data and CDATA), joined.
        var text = ""
        let line: Int, column: Int

        init(name: String, attributes: [String: String], line: Int, column: Int) {
            self.name = name
            self.attributes = attributes
            self.line = line
            self.column = column
        }

        func child(_ name: String) -> Element? { children.first { $0.name == name } }
        /// A child element's text, trimmed.
        func value(_ name: String) -> String? { child(name).map { $0.text.trimmingWhitespace() } }
    }

    static let maximumDepth = 64

    static func parse(_ text: String, file: String) throws(ImportError) -> Element {
        var text = ImportText.normalized(text)
        let result: Result<Element, ImportError> = text.withUTF8 { utf8 in
            let document = cxml_parse(utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                      utf8.count, maximumDepth)!
            defer { cxml_free(document) }
            var locator = Locator(utf8: utf8)
            var offset = 0
            if let message = cxml_error(document, &offset) {
                let at = locator.place(max(0, offset))
                return .failure(ImportError(file: file, line: at.line, column: at.column,
                                            message: "XML: " + String(cString: message)))
            }
            let items = UnsafeBufferPointer(start: cxml_items(document), count: cxml_item_count(document))
            return .success(tree(items, locator: &locator))
        }
        return try result.get()
    }

    /// The elements from the shim's flat list, with an explicit stack.
    private static func tree(_ items: UnsafeBufferPointer<cxml_item>, locator: inout Locator) -> Element {
        var stack: [Element] = []
        var root: Element? = nil
        var i = 0
        while i < items.count {
            let item = items[i]
            i += 1
            switch item.kind {
            case CXML_ELEMENT:
                var attributes: [String: String] = [:]
                while i < items.count, items[i].kind == CXML_ATTRIBUTE {
                    let name = String(cString: items[i].name)
                    if attributes[name] == nil { attributes[name] = String(cString: items[i].value) }
                    i += 1
                }
                let at = locator.place(max(0, item.offset - 1))
                let e = Element(name: String(cString: item.name), attributes: attributes, line: at.line, column: at.column)
                stack.last?.children.append(e)
                if root == nil { root = e }
                stack.append(e)
            case CXML_TEXT:
                stack.last?.text += String(cString: item.value)
            case CXML_END:
                stack.removeLast()
            default:
                break
            }
        }
        return root ?? Element(name: "", attributes: [:], line: 1, column: 1)
    }

    /// Line and column (in Unicode scalars) of byte offsets, asked in
    /// increasing order: each call goes on from the last.
    struct Locator {
        let utf8: UnsafeBufferPointer<UInt8>
        var offset = 0, line = 1, column = 1

        init(utf8: UnsafeBufferPointer<UInt8>) { self.utf8 = utf8 }

        mutating func place(_ target: Int) -> (line: Int, column: Int) {
            if target < offset { offset = 0; line = 1; column = 1 }
            while offset < min(target, utf8.count) {
                let byte = utf8[offset]
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            return (line, column)
        }
    }
}
