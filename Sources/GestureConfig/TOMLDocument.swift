import GestureCore
import CTOML

/// A TOML document as toml++ parsed it (through the CTOML shim), every key
/// and value with its place in the text: what `ConfigBuilder` and `Keymap`
/// read, and what `SourceMap` indexes for their diagnostics.
struct TOMLPosition: Hashable, Sendable {
    /// From 1; 0 where toml++ gives none.
    var line: Int
    /// From 1, in Unicode scalars.
    var column: Int
}

struct TOMLNode: Sendable {
    enum Value: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case dateTime
        case array([TOMLNode])
        case table(TOMLTable)
    }

    var value: Value
    var begin: TOMLPosition
    /// One past the value's last character.
    var end: TOMLPosition

    var string: String? { if case .string(let s) = value { return s } else { return nil } }
    var int: Int? { if case .integer(let i) = value { return i } else { return nil } }
    /// A float or an integer, as a number.
    var number: Double? {
        switch value {
        case .float(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }
    var bool: Bool? { if case .boolean(let b) = value { return b } else { return nil } }
    var array: [TOMLNode]? { if case .array(let a) = value { return a } else { return nil } }
    var table: TOMLTable? { if case .table(let t) = value { return t } else { return nil } }

    /// For messages: "a string", "an integer", …
    /// For messages: what was written instead, the string quoted or the type.
    var got: Words { string.map { Words.verbatim("'\($0)'") } ?? typeName }

    var typeName: Words {
        switch value {
        case .string: return Words("a string")
        case .integer: return Words("an integer")
        case .float: return Words("a number")
        case .boolean: return Words("true or false")
        case .array: return Words("an array")
        case .table: return Words("a table")
        case .dateTime: return Words("a date or time")
        }
    }
}

/// A table's members in the order they were written.
struct TOMLTable: Sendable {
    struct Member: Sendable {
        var key: String
        var keyBegin: TOMLPosition
        var keyEnd: TOMLPosition
        var node: TOMLNode
    }

    var members: [Member] = []

    var keys: [String] { members.map(\.key) }

    subscript(key: String) -> TOMLNode? { members.first { $0.key == key }?.node }
}

/// A TOML syntax error, placed.
struct TOMLSyntaxError: Error, Sendable {
    var message: String
    var begin: TOMLPosition
    var end: TOMLPosition
}

enum TOMLParser {
    /// The root table, or toml++'s syntax error.
    static func parse(_ text: String) -> Result<TOMLNode, TOMLSyntaxError> {
        var text = text
        return text.withUTF8 { utf8 in
            let document = ctoml_parse(utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                       utf8.count)!
            defer { ctoml_free(document) }
            var begin = ctoml_position(), end = ctoml_position()
            if let message = ctoml_error(document, &begin, &end) {
                return .failure(TOMLSyntaxError(message: String(cString: message), begin: position(begin),
                                                end: position(end)))
            }
            let items = UnsafeBufferPointer(start: ctoml_items(document), count: ctoml_item_count(document))
            var reader = ItemReader(items: items)
            return .success(reader.node().node)
        }
    }

    static func position(_ p: ctoml_position) -> TOMLPosition {
        TOMLPosition(line: Int(p.line), column: Int(p.column))
    }

    /// Rebuilds the tree from the shim's flat list (tables and arrays closed
    /// by an END item). Nesting is bounded by toml++ (256 levels).
    private struct ItemReader {
        let items: UnsafeBufferPointer<ctoml_item>
        var i = 0

        mutating func node() -> (key: TOMLTable.Member?, node: TOMLNode) {
            let item = items[i]
            i += 1
            let value: TOMLNode.Value
            switch item.kind {
            case CTOML_TABLE:
                var table = TOMLTable()
                while items[i].kind != CTOML_END {
                    let (member, _) = node()
                    if let member { table.members.append(member) }
                }
                i += 1
                value = .table(table)
            case CTOML_ARRAY:
                var array: [TOMLNode] = []
                while items[i].kind != CTOML_END { array.append(node().node) }
                i += 1
                value = .array(array)
            case CTOML_STRING: value = .string(Self.string(item.text, item.text_length))
            case CTOML_INTEGER: value = .integer(Int(item.integer))
            case CTOML_FLOAT: value = .float(item.number)
            case CTOML_BOOLEAN: value = .boolean(item.boolean != 0)
            default: value = .dateTime
            }
            let node = TOMLNode(value: value, begin: TOMLParser.position(item.begin), end: TOMLParser.position(item.end))
            guard let key = item.key else { return (nil, node) }
            let member = TOMLTable.Member(key: Self.string(key, item.key_length),
                                          keyBegin: TOMLParser.position(item.key_begin),
                                          keyEnd: TOMLParser.position(item.key_end), node: node)
            return (member, node)
        }

        static func string(_ p: UnsafePointer<CChar>?, _ count: Int) -> String {
            guard let p, count > 0 else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: p, count: count), as: UTF8.self)
        }
    }
}
