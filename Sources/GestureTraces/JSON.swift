// A small JSON reader for trace lines: no Foundation (it stays out of the hot
// path and the daemon's memory), with the column of every value for errors.

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in file order, with the column (1-based) where each value starts.
    case object([JSONMember])

    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// One JSON text (a line of a trace, of the monitor stream).
    public static func parse(_ text: Substring) throws(JSONError) -> JSONValue { try JSONParser.parse(text) }

    /// An object's member, by key (nil: not an object, or no such key).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}

public struct JSONMember: Sendable {
    public var key: String
    public var value: JSONValue
    public var column: Int
}

public struct JSONError: Error, Sendable {
    public var column: Int
    public var message: String
}

struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0

    init(_ text: Substring) { bytes = Array(text.utf8) }

    static func parse(_ text: Substring) throws(JSONError) -> JSONValue {
        var p = JSONParser(text)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    private func error(_ m: String) -> JSONError { JSONError(column: i + 1, message: m) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    private mutating func value() throws(JSONError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of line") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: String, _ v: JSONValue) throws(JSONError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw error("expected a JSON value")
        }
        i += w.count
        return v
    }

    private mutating func object() throws(JSONError) -> JSONValue {
        var members: [JSONMember] = []
        if opens(closing: "}") { return .object(members) }
        repeat {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            i += 1
            skipSpace()
            let column = i + 1
            members.append(JSONMember(key: key, value: try value(), column: column))
        } while try !closes("}", inside: "an object")
        return .object(members)
    }

    private mutating func array() throws(JSONError) -> JSONValue {
        var items: [JSONValue] = []
        if opens(closing: "]") { return .array(items) }
        repeat {
            skipSpace()
            items.append(try value())
        } while try !closes("]", inside: "an array")
        return .array(items)
    }

    /// Past the `{` or `[` at `i`: true if `closing` follows at once (an
    /// empty object or array), and it is read too.
    private mutating func opens(closing: Unicode.Scalar) -> Bool {
        i += 1
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: closing) else { return false }
        i += 1
        return true
    }

    /// After a member or an element: false past a ',' (another follows),
    /// true past `closing` (the object or array ends).
    private mutating func closes(_ closing: Unicode.Scalar, inside what: String) throws(JSONError) -> Bool {
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of line inside \(what)") }
        if bytes[i] == UInt8(ascii: ",") { i += 1; return false }
        if bytes[i] == UInt8(ascii: closing) { i += 1; return true }
        throw error("expected ',' or '\(closing)'")
    }

    private mutating func string() throws(JSONError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 < bytes.count, let code = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16)
                    else { throw error("bad \\u escape") }
                    i += 4
                    var scalar = code
                    // A surrogate pair: \uD83D\uDE00.
                    if (0xD800..<0xDC00).contains(code), i + 6 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"),
                       bytes[i + 2] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[(i + 3)...(i + 6)], as: UTF8.self), radix: 16),
                       (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
                default: out.append(bytes[i])
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        throw error("unterminated string")
    }

    private mutating func number() throws(JSONError) -> Double {
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                i += 1
            } else {
                break
            }
        }
        guard i > start, let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
            i = start
            throw error("expected a JSON value")
        }
        return v
    }
}
