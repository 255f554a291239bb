/// Where each key and value of a (valid) TOML document is, so that mistakes
/// found after parsing can name line and column. TOMLKit parses; this only
/// locates. Paths: `version`, `settings.slop`, `bind#0.gesture`,
/// `bind#1.on-ended[2]`, `bind#0.on-step.every`, `app#1.bind#0.gesture`;
/// tables: `bind#0`, `app#1`, `settings`.
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
    let lines: [String]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        var s = Scanner(chars: Array(text))
        scan(&s)
    }

    func key(_ path: String) -> Location? { keys[path] }
    func table(_ path: String) -> Location? { tables[path] }

    func lineText(_ line: Int) -> String? {
        line >= 1 && line <= lines.count ? lines[line - 1] : nil
    }

    // MARK: Scanning

    private struct Scanner {
        let chars: [Character]
        var i = 0
        var line = 1
        var col = 1

        var atEnd: Bool { i >= chars.count }
        var peek: Character? { i < chars.count ? chars[i] : nil }
        func peek(_ k: Int) -> Character? { i + k < chars.count ? chars[i + k] : nil }

        mutating func advance() {
            if chars[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i += 1
        }

        mutating func skipBlanks() {
            while let c = peek, c == " " || c == "\t" || c == "\r" { advance() }
        }

        /// Blanks, newlines and comments (inside arrays).
        mutating func skipSpace() {
            while let c = peek {
                if c == " " || c == "\t" || c == "\r" || c == "\n" { advance() }
                else if c == "#" { while let d = peek, d != "\n" { advance() } }
                else { break }
            }
        }

        mutating func skipLine() {
            while let c = peek, c != "\n" { advance() }
            if !atEnd { advance() }
        }
    }

    private var counters: [String: Int] = [:]
    private var currentApp = -1

    private mutating func scan(_ s: inout Scanner) {
        var table = ""
        while !s.atEnd {
            s.skipBlanks()
            guard let c = s.peek else { break }
            if c == "\n" || c == "#" { s.skipLine(); continue }
            if c == "[" {
                let line = s.line, col = s.col
                let array = s.peek(1) == "["
                s.advance(); if array { s.advance() }
                var name = ""
                while let d = s.peek, d != "]", d != "\n" { name.append(d); s.advance() }
                name = name.filter { $0 != " " && $0 != "\t" }
                table = tablePath(name, array: array)
                tables[table] = Location(line: line, keyColumn: col, keyLength: name.count + (array ? 4 : 2),
                                         valueColumn: col, valueLength: name.count + (array ? 4 : 2))
                s.skipLine()
                continue
            }
            // key = value
            let line = s.line, keyCol = s.col
            guard let key = readKey(&s) else { s.skipLine(); continue }
            s.skipBlanks()
            guard s.peek == "=" else { s.skipLine(); continue }
            s.advance()
            s.skipBlanks()
            let path = table.isEmpty ? key : table + "." + key
            value(&s, path: path, line: line, keyCol: keyCol, keyLength: key.count)
            s.skipLine()
        }
    }

    private mutating func tablePath(_ name: String, array: Bool) -> String {
        guard array else { return name }
        if name == "app.bind" {
            let parent = "app#\(currentApp)"
            let k = counters[parent + ".bind", default: 0]
            counters[parent + ".bind"] = k + 1
            return parent + ".bind#\(k)"
        }
        let k = counters[name, default: 0]
        counters[name] = k + 1
        if name == "app" { currentApp = k }
        return name + "#\(k)"
    }

    private func readKey(_ s: inout Scanner) -> String? {
        var key = ""
        if s.peek == "\"" || s.peek == "'" {
            let q = s.peek!
            s.advance()
            while let c = s.peek, c != q, c != "\n" { key.append(c); s.advance() }
            if s.peek == q { s.advance() }
            return key
        }
        while let c = s.peek, c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." { key.append(c); s.advance() }
        return key.isEmpty ? nil : key
    }

    /// Records the value at the scanner and skips it (strings, arrays, inline tables, scalars).
    private mutating func value(_ s: inout Scanner, path: String, line: Int, keyCol: Int, keyLength: Int) {
        let startLine = s.line, startCol = s.col
        var contentCol = startCol
        var length = 0
        switch s.peek {
        case "\"", "'":
            let q = s.peek!
            let triple = s.peek(1) == q && s.peek(2) == q
            let width = triple ? 3 : 1
            for _ in 0..<width { s.advance() }
            contentCol = s.col
            while let c = s.peek {
                if q == "\"" && c == "\\" { s.advance(); if !s.atEnd { s.advance() }; length += 2; continue }
                if c == q && (!triple || (s.peek(1) == q && s.peek(2) == q)) { break }
                if c == "\n" && !triple { break }
                s.advance(); length += 1
            }
            for _ in 0..<width where !s.atEnd { s.advance() }
        case "[":
            s.advance()
            var index = 0
            while true {
                s.skipSpace()
                guard let c = s.peek, c != "]" else { break }
                if c == "," { s.advance(); continue }
                let before = s.i
                value(&s, path: path + "[\(index)]", line: s.line, keyCol: s.col, keyLength: 0)
                index += 1
                // Not TOML (this runs before TOMLKit rejects it): step over what stopped us.
                if s.i == before { s.advance() }
            }
            if !s.atEnd { s.advance() }
            length = startLine == s.line ? s.col - startCol : 1
        case "{":
            s.advance()
            while true {
                s.skipBlanks()
                guard let c = s.peek, c != "}", c != "\n" else { break }
                if c == "," { s.advance(); continue }
                let kLine = s.line, kCol = s.col
                guard let k = readKey(&s) else { break }
                s.skipBlanks()
                guard s.peek == "=" else { break }
                s.advance()
                s.skipBlanks()
                let before = s.i
                value(&s, path: path + "." + k, line: kLine, keyCol: kCol, keyLength: k.count)
                if s.i == before { break }
            }
            if s.peek == "}" { s.advance() }
            length = s.col - startCol
        default:
            while let c = s.peek, c != ",", c != "]", c != "}", c != "#", c != "\n" { s.advance(); length += 1 }
            // Trailing blanks are not part of the value.
            var k = s.i - 1
            while k >= 0, length > 0, s.chars[k] == " " || s.chars[k] == "\t" { length -= 1; k -= 1 }
        }
        keys[path] = Location(line: line, keyColumn: keyCol, keyLength: keyLength,
                              valueColumn: contentCol, valueLength: max(1, length))
        _ = startLine
    }
}
