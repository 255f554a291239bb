/// A config as written: every table and key with its place in the text as
/// UTF-8 byte offsets, the values as TOML gives them (nothing resolved, no
/// keymap). What an editor needs to change one value in place and leave
/// every other byte alone (the settings app's model). Built from the same
/// toml++ tree and `SourceMap` the loader reads; a text with a TOML syntax
/// error has no outline.
public struct ConfigOutline: Sendable {
    /// A value as written, with the bytes it takes (a string's quotes included).
    public struct Value: Sendable {
        public enum Kind: Sendable {
            case string(String)
            case integer(Int)
            case float(Double)
            case boolean(Bool)
            case dateTime
            case array([Value])
            /// An inline table (`{ every = 0.15, … }`), or a table with a header.
            case table([Member])
        }

        public var kind: Kind
        /// From the value's first byte to one past its last.
        public var bytes: Range<Int>
        /// Line (from 1) of its first and last byte.
        public var lines: ClosedRange<Int>
        /// A table written `{ … }` on its key's line; false for a table made
        /// of dotted keys (`on-step.every = 15`), whose bytes and lines run
        /// from its first key to its last value.
        public var isInlineTable: Bool = false

        public var string: String? { if case .string(let s) = kind { return s } else { return nil } }
        public var bool: Bool? { if case .boolean(let b) = kind { return b } else { return nil } }
        public var number: Double? {
            switch kind {
            case .integer(let i): return Double(i)
            case .float(let d): return d
            default: return nil
            }
        }
        public var array: [Value]? { if case .array(let a) = kind { return a } else { return nil } }
        public var members: [Member]? { if case .table(let m) = kind { return m } else { return nil } }
        public subscript(key: String) -> Value? { members?.first { $0.key == key }?.value }
    }

    /// `key = value`: the key's bytes (as written, quotes included) and its value.
    public struct Member: Sendable {
        public var key: String
        public var keyBytes: Range<Int>
        public var line: Int
        public var value: Value
    }

    /// A `[table]` or `[[array.of.tables]]` with its header: `settings`,
    /// `bind#0`, `app#1`, `app#1.bind#0`, `device#0` (SourceMap's paths).
    public struct Table: Sendable {
        public var path: String
        /// The header's line from its `[` to the line break (a comment after
        /// the header included), and the line's number.
        public var header: Range<Int>
        public var line: Int
        /// Its own keys, in file order (a `[[app]]`'s `bind` array of
        /// header tables is not among them: those are tables of their own).
        public var members: [Member]
        public subscript(key: String) -> Value? { members.first { $0.key == key }?.value }
    }

    /// Keys before the first header (`version`, `keymap`, `including`).
    public var root: [Member]
    /// Every header table, in file order.
    public var tables: [Table]
    /// The text's UTF-8 bytes the offsets index.
    public var byteCount: Int

    public func table(_ path: String) -> Table? { tables.first { $0.path == path } }

    /// The outline of `text`, or nil when it is not TOML.
    public static func of(_ text: String) -> ConfigOutline? {
        guard case .success(let rootNode) = TOMLParser.parse(text), let root = rootNode.table else { return nil }
        let map = SourceMap(text, root: rootNode)
        var builder = Builder(map: map)
        var outline = ConfigOutline(root: [], tables: [], byteCount: text.utf8.count)
        outline.root = builder.walk(root, prefix: "", into: &outline)
        outline.tables.sort { $0.header.lowerBound < $1.header.lowerBound }
        return outline
    }

    private struct Builder {
        let map: SourceMap

        func value(_ node: TOMLNode) -> Value {
            let kind: Value.Kind
            switch node.value {
            case .string(let s): kind = .string(s)
            case .integer(let i): kind = .integer(i)
            case .float(let d): kind = .float(d)
            case .boolean(let b): kind = .boolean(b)
            case .dateTime: kind = .dateTime
            case .array(let a): kind = .array(a.map(value))
            case .table(let t): kind = .table(t.members.map(member))
            }
            let begin = map.offset(node.begin), end = max(begin, map.offset(node.end))
            var v = Value(kind: kind, bytes: begin..<end, lines: node.begin.line...max(node.begin.line, node.end.line))
            if case .table(let members) = kind {
                v.isInlineTable = map.character(at: node.begin) == "{"
                if !v.isInlineTable { v.cover(members) }
            }
            return v
        }

        func member(_ m: TOMLTable.Member) -> Member {
            let begin = map.offset(m.keyBegin), end = max(begin, map.offset(m.keyEnd))
            return Member(key: m.key, keyBytes: begin..<end, line: m.keyBegin.line, value: value(m.node))
        }

        /// A table's own members (not the header tables under it), and each
        /// header table under it as a table of the outline.
        mutating func walk(_ table: TOMLTable, prefix: String, into outline: inout ConfigOutline) -> [Member] {
            var own: [Member] = []
            for m in table.members {
                let path = prefix.isEmpty ? m.key : prefix + "." + m.key
                switch m.node.value {
                case .table(let t) where map.isHeader(m.node):
                    headerTable(t, node: m.node, path: path, into: &outline)
                case .array(let elements) where elements.contains(where: { $0.table != nil && map.isHeader($0) }):
                    for (i, e) in elements.enumerated() {
                        if let t = e.table { headerTable(t, node: e, path: "\(path)#\(i)", into: &outline) }
                    }
                case .table(let t):
                    // A dotted key or an implicit parent (`[a.b]` makes `a`):
                    // its header tables are found under it; it is a member.
                    let nested = walk(t, prefix: path, into: &outline)
                    var mm = member(m)
                    mm.value.kind = .table(nested)
                    mm.value.cover(nested)
                    own.append(mm)
                default:
                    own.append(member(m))
                }
            }
            return own
        }

        mutating func headerTable(_ t: TOMLTable, node: TOMLNode, path: String, into outline: inout ConfigOutline) {
            let begin = map.offset(node.begin)
            let header = begin..<max(begin, map.lineEndOffset(node.begin.line))
            let members = walk(t, prefix: path, into: &outline)
            outline.tables.append(Table(path: path, header: header, line: node.begin.line, members: members))
        }

    }
}

extension ConfigOutline.Value {
    /// Widened over its members' keys and values (a table of dotted keys
    /// has no text of its own that holds them).
    mutating func cover(_ members: [ConfigOutline.Member]) {
        for m in members {
            bytes = min(bytes.lowerBound, m.keyBytes.lowerBound)..<max(bytes.upperBound, m.value.bytes.upperBound)
            lines = min(lines.lowerBound, m.line)...max(lines.upperBound, m.value.lines.upperBound)
        }
    }
}
