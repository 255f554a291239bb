/// Where each key, value and table header of a parsed TOML document is, by
/// path, so that mistakes found after parsing can name line and column.
/// Built from the places toml++ gives every node (no second scan of the
/// text). Paths: `version`, `settings.slop`, `bind#0.gesture`,
/// `bind#1.on-ended[2]`, `bind#0.on-step.every`, `app#1.bind#0.gesture`;
/// tables: `bind#0`, `app#1`, `settings` (an element of an array that is a
/// table is `#i`, any other element `[i]`).
struct SourceMap {
    struct Location: Hashable {
        var line: Int
        /// Column of the key.
        var keyColumn: Int
        var keyLength: Int
        /// Column of the value; for a string, of its first character inside the quotes.
        var valueColumn: Int
        var valueLength: Int
    }

    private(set) var keys: [String: Location] = [:]
    private(set) var tables: [String: Location] = [:]
    private let text: String
    /// Where each line starts; a line's text is cut out only for a diagnostic.
    private let lineStarts: [String.Index]
    /// The same, as UTF-8 byte offsets (what `ConfigOutline` gives editors).
    private let lineStartOffsets: [Int]

    init(_ text: String, root: TOMLNode? = nil) {
        self.text = text
        var starts = [text.startIndex]
        var offsets = [0]
        var i = text.utf8.startIndex
        var offset = 0
        while let newline = text.utf8[i...].firstIndex(of: UInt8(ascii: "\n")) {
            offset += text.utf8.distance(from: i, to: newline) + 1
            i = text.utf8.index(after: newline)
            starts.append(i)
            offsets.append(offset)
        }
        lineStarts = starts
        lineStartOffsets = offsets
        if let table = root?.table { index(table, prefix: "") }
    }

    func key(_ path: String) -> Location? { keys[path] }
    func table(_ path: String) -> Location? { tables[path] }

    /// Line `line` (from 1) without its line break.
    func lineText(_ line: Int) -> String? {
        line >= 1 && line <= lineStarts.count ? String(lineSlice(line)) : nil
    }

    private func lineSlice(_ line: Int) -> Substring {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? text.utf8.index(before: lineStarts[line]) : text.endIndex
        if end > start, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\r") { end = text.utf8.index(before: end) }
        return text[start..<end]
    }

    // MARK: Byte offsets (for editors: ConfigOutline)

    /// The UTF-8 byte offset of a position toml++ gave (line from 1, column
    /// from 1 in Unicode scalars); a position past its line's end is the line's end.
    func offset(_ p: TOMLPosition) -> Int {
        guard p.line >= 1, p.line <= lineStarts.count else { return p.line < 1 ? 0 : text.utf8.count }
        var offset = lineStartOffsets[p.line - 1]
        var column = 1
        for scalar in lineSlice(p.line).unicodeScalars {
            if column >= p.column { break }
            offset += UTF8.width(scalar)
            column += 1
        }
        return offset
    }

    /// The byte offset of the end of line `line` (before its `\r\n` or `\n`).
    func lineEndOffset(_ line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return text.utf8.count }
        return lineStartOffsets[line - 1] + lineSlice(line).utf8.count
    }

    /// A table written with a `[header]` (not inline, not implied by a dotted key).
    func isHeader(_ node: TOMLNode) -> Bool { node.table != nil && character(at: node.begin) == "[" }

    // MARK: Indexing the tree

    private mutating func index(_ table: TOMLTable, prefix: String) {
        for m in table.members {
            let path = prefix.isEmpty ? m.key : prefix + "." + m.key
            let keyLength = m.keyEnd.line == m.keyBegin.line ? max(1, m.keyEnd.column - m.keyBegin.column) : 1
            record(m.node, path: path, line: m.keyBegin.line, keyColumn: m.keyBegin.column, keyLength: keyLength)
        }
    }

    private mutating func record(_ node: TOMLNode, path: String, line: Int, keyColumn: Int, keyLength: Int) {
        let (valueColumn, valueLength) = valueSpan(node)
        keys[path] = Location(line: line, keyColumn: keyColumn, keyLength: keyLength,
                              valueColumn: valueColumn, valueLength: valueLength)
        switch node.value {
        case .table(let t):
            if character(at: node.begin) == "[" { header(node, path: path) }
            index(t, prefix: path)
        case .array(let elements):
            for (i, e) in elements.enumerated() {
                let elementPath = e.table != nil ? "\(path)#\(i)" : "\(path)[\(i)]"
                if e.table != nil, character(at: e.begin) == "[" {
                    header(e, path: elementPath)
                    index(e.table!, prefix: elementPath)
                } else {
                    record(e, path: elementPath, line: e.begin.line, keyColumn: e.begin.column, keyLength: 0)
                }
            }
        default: break
        }
    }

    /// A `[table]` or `[[array.of.tables]]` header.
    private mutating func header(_ node: TOMLNode, path: String) {
        let length = node.end.line == node.begin.line ? max(1, node.end.column - node.begin.column) : 1
        tables[path] = Location(line: node.begin.line, keyColumn: node.begin.column, keyLength: length,
                                valueColumn: node.begin.column, valueLength: length)
    }

    /// A string's content starts after its quotes; other values where they begin.
    private func valueSpan(_ node: TOMLNode) -> (column: Int, length: Int) {
        let singleLine = node.end.line == node.begin.line
        var column = node.begin.column, length = singleLine ? node.end.column - node.begin.column : 1
        if node.string != nil, let q = character(at: node.begin), q == "\"" || q == "'" {
            let triple = character(at: TOMLPosition(line: node.begin.line, column: node.begin.column + 1)) == q
                && character(at: TOMLPosition(line: node.begin.line, column: node.begin.column + 2)) == q
            let quote = triple ? 3 : 1
            column += quote
            if singleLine { length -= 2 * quote }
        }
        return (column, max(1, length))
    }

    func character(at p: TOMLPosition) -> Unicode.Scalar? {
        guard p.line >= 1, p.line <= lineStarts.count, p.column >= 1 else { return nil }
        return lineSlice(p.line).unicodeScalars.dropFirst(p.column - 1).first
    }
}
