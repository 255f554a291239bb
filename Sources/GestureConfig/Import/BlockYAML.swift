/// The YAML of gesture tools' configs (fusuma): documents (`---`) of block
/// mappings nested by indentation, block sequences (`- item`), one-line flow
/// collections (`{ application: X }`, `[a, b]`), block scalars (`|`, `>`),
/// plain, 'single' or "double" quoted scalars and comments. Anchors, aliases
/// and tags are reported with their line and column, not guessed at.
enum BlockYAML {
    indirect enum Node {
        case scalar(String)
        case map([(key: String, value: Node, line: Int, column: Int)])
        case seq([Node])

        var map: [(key: String, value: Node, line: Int, column: Int)]? {
            if case .map(let m) = self { return m } else { return nil }
        }
        var scalar: String? {
            if case .scalar(let s) = self { return s } else { return nil }
        }
    }

    struct Line {
        var number: Int
        var indent: Int
        var text: Substring
        /// The line after its indentation, comment and all (a block scalar's text).
        var raw: Substring
    }

    static func documents(_ text: String, file: String) throws(ImportError) -> [Node] {
        var docs: [[Line]] = [[]]
        for (i, raw) in ImportText.normalized(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let s = Substring(raw)
            if s.hasPrefix("---") { docs.append([]); continue }
            if s.hasPrefix("...") { continue }
            let content = try stripComment(s, file: file, line: line)
            let indentPrefix = content.prefix { $0 == " " || $0 == "\t" }
            if indentPrefix.contains("\t") {
                throw ImportError(file: file, line: line, column: 1, message: "YAML: a tab in the indentation")
            }
            let body = content.dropFirst(indentPrefix.count)
            guard !body.isEmpty else { continue }
            docs[docs.count - 1].append(Line(number: line, indent: indentPrefix.count, text: body,
                                             raw: s.dropFirst(indentPrefix.count)))
        }
        var out: [Node] = []
        for var lines in docs where !lines.isEmpty {
            var i = 0
            out.append(try block(&lines, &i, indent: lines[0].indent, file: file))
            if i < lines.count {
                throw ImportError(file: file, line: lines[i].number, column: lines[i].indent + 1, message: "YAML: bad indentation")
            }
        }
        return out
    }

    static func isItem(_ text: Substring) -> Bool { text.hasPrefix("- ") || text == "-" }

    /// A mapping or a sequence, by its first line.
    private static func block(_ lines: inout [Line], _ i: inout Int, indent: Int, file: String) throws(ImportError) -> Node {
        isItem(lines[i].text) ? try sequence(&lines, &i, indent: indent, file: file)
            : try mapping(&lines, &i, indent: indent, file: file)
    }

    /// `- item` lines at `indent`; an item `- key: value` is a mapping whose
    /// first entry sits on the dash's line, two columns in.
    private static func sequence(_ lines: inout [Line], _ i: inout Int, indent: Int, file: String) throws(ImportError) -> Node {
        var items: [Node] = []
        while i < lines.count, lines[i].indent == indent, isItem(lines[i].text) {
            let l = lines[i]
            let rest = l.text.dropFirst().drop { $0 == " " }
            let column = indent + l.text.count - rest.count + 1
            if rest.isEmpty {
                i += 1
                if i < lines.count, lines[i].indent > indent { items.append(try block(&lines, &i, indent: lines[i].indent, file: file)) }
                else { items.append(.scalar("")) }
                continue
            }
            let key = "{[\"'".contains(rest.first!) ? nil : try splitKey(rest, file: file, line: l.number, column: column)
            if isItem(rest) || key != nil {
                // The item is itself a block: read it in place, indented where its text starts.
                lines[i] = Line(number: l.number, indent: column - 1, text: rest, raw: rest)
                items.append(try block(&lines, &i, indent: column - 1, file: file))
            } else {
                i += 1
                items.append(try value(rest, &lines, &i, parentIndent: indent, file: file, line: l.number, column: column))
            }
        }
        return .seq(items)
    }

    private static func mapping(_ lines: inout [Line], _ i: inout Int, indent: Int, file: String) throws(ImportError) -> Node {
        var entries: [(key: String, value: Node, line: Int, column: Int)] = []
        while i < lines.count, lines[i].indent == indent, !isItem(lines[i].text) {
            let l = lines[i]
            guard let (key, rest) = try splitKey(l.text, file: file, line: l.number, column: indent + 1) else {
                throw ImportError(file: file, line: l.number, column: indent + 1, message: "YAML: expected 'key: value'")
            }
            i += 1
            let valueColumn = indent + l.text.count - rest.count + 1
            if rest.isEmpty {
                if i < lines.count, lines[i].indent > indent || (lines[i].indent == indent && isItem(lines[i].text)) {
                    // Nested, or a sequence at the key's own indentation (YAML allows it).
                    entries.append((key, try block(&lines, &i, indent: lines[i].indent, file: file), l.number, indent + 1))
                } else {
                    entries.append((key, .scalar(""), l.number, indent + 1))
                }
            } else {
                entries.append((key, try value(rest, &lines, &i, parentIndent: indent, file: file, line: l.number, column: valueColumn),
                                l.number, indent + 1))
            }
        }
        if i < lines.count, lines[i].indent > indent {
            throw ImportError(file: file, line: lines[i].number, column: lines[i].indent + 1, message: "YAML: bad indentation")
        }
        return .map(entries)
    }

    /// `key: rest` (the key plain or quoted); nil if there is no `:`.
    private static func splitKey(_ s: Substring, file: String, line: Int, column: Int) throws(ImportError) -> (String, Substring)? {
        if let q = s.first, q == "\"" || q == "'" {
            guard let close = s.dropFirst().firstIndex(of: q) else {
                throw ImportError(file: file, line: line, column: column, message: "YAML: unterminated quoted key")
            }
            let after = s[s.index(after: close)...]
            guard after.first == ":" else { return nil }
            return (String(s[s.index(after: s.startIndex)..<close]), after.dropFirst().drop { $0 == " " })
        }
        var idx = s.startIndex
        while idx < s.endIndex {
            if s[idx] == ":" {
                let next = s.index(after: idx)
                if next == s.endIndex || s[next] == " " {
                    return (String(s[..<idx]).trimmingWhitespace(), s[next...].drop { $0 == " " })
                }
            }
            idx = s.index(after: idx)
        }
        return nil
    }

    /// A value on its key's (or dash's) line: a block scalar, whose text is
    /// the more-indented lines after it; a flow collection; or a scalar.
    private static func value(_ s: Substring, _ lines: inout [Line], _ i: inout Int, parentIndent: Int,
                              file: String, line: Int, column: Int) throws(ImportError) -> Node {
        let t = s.trimmingSuffixWhitespace()
        if let first = t.first, first == "|" || first == ">", t.dropFirst().allSatisfy({ "+-0123456789".contains($0) }) {
            var text: [Substring] = []
            while i < lines.count, lines[i].indent > parentIndent {
                text.append(lines[i].raw.trimmingSuffixWhitespace())
                i += 1
            }
            return .scalar(text.joined(separator: first == "|" ? "\n" : " "))
        }
        if let first = t.first, first == "{" || first == "[" {
            var flow = FlowReader(chars: Array(t), file: file, line: line, column: column)
            let node = try flow.node()
            try flow.end()
            return node
        }
        return .scalar(try scalar(s, file: file, line: line, column: column))
    }

    /// One-line flow collections: `{ key: value, … }`, `[a, b]`, nested.
    struct FlowReader {
        let chars: [Character]
        var k = 0
        let file: String, line: Int, column: Int

        init(chars: [Character], file: String, line: Int, column: Int) {
            self.chars = chars
            self.file = file
            self.line = line
            self.column = column
        }

        func error(_ message: String) -> ImportError {
            ImportError(file: file, line: line, column: column + k, message: "YAML: " + message)
        }
        mutating func spaces() { while k < chars.count, chars[k] == " " || chars[k] == "\t" { k += 1 } }

        mutating func node() throws(ImportError) -> Node {
            spaces()
            guard k < chars.count else { throw error("a flow collection must close on its line") }
            switch chars[k] {
            case "{":
                k += 1
                var entries: [(key: String, value: Node, line: Int, column: Int)] = []
                spaces()
                if k < chars.count, chars[k] == "}" { k += 1; return .map(entries) }
                while true {
                    let keyColumn = column + k
                    guard case .scalar(let key) = try item(stopAt: ":,}") else { throw error("expected a key") }
                    spaces()
                    var value = Node.scalar("")
                    if k < chars.count, chars[k] == ":" { k += 1; value = try node() }
                    entries.append((key, value, line, keyColumn))
                    spaces()
                    guard k < chars.count else { throw error("a flow collection must close on its line") }
                    if chars[k] == "}" { k += 1; return .map(entries) }
                    guard chars[k] == "," else { throw error("expected ',' or '}'") }
                    k += 1
                }
            case "[":
                k += 1
                var items: [Node] = []
                spaces()
                if k < chars.count, chars[k] == "]" { k += 1; return .seq(items) }
                while true {
                    items.append(try node())
                    spaces()
                    guard k < chars.count else { throw error("a flow collection must close on its line") }
                    if chars[k] == "]" { k += 1; return .seq(items) }
                    guard chars[k] == "," else { throw error("expected ',' or ']'") }
                    k += 1
                }
            default:
                return try item(stopAt: ",}]")
            }
        }

        /// A scalar inside a flow collection: quoted, or plain up to a stop character.
        mutating func item(stopAt stops: String) throws(ImportError) -> Node {
            spaces()
            if k < chars.count, chars[k] == "{" || chars[k] == "[" { return try node() }
            if k < chars.count, chars[k] == "'" || chars[k] == "\"" {
                let q = chars[k], start = k
                k += 1
                while k < chars.count, chars[k] != q || (q == "'" && k + 1 < chars.count && chars[k + 1] == "'") {
                    if q == "'" && chars[k] == "'" { k += 1 }   // '' inside '…'
                    if q == "\"" && chars[k] == "\\" { k += 1 }
                    k += 1
                }
                guard k < chars.count else { throw error("unterminated string") }
                k += 1
                return .scalar(try BlockYAML.scalar(Substring(String(chars[start..<k])), file: file, line: line, column: column + start))
            }
            let start = k
            // A ':' ends a key only when a space, a stop or the end follows it.
            while k < chars.count, !stops.contains(chars[k]) || (chars[k] == ":" && k + 1 < chars.count && !" ,}]".contains(chars[k + 1])) {
                k += 1
            }
            return .scalar(String(chars[start..<k]).trimmingWhitespace())
        }

        mutating func end() throws(ImportError) {
            spaces()
            if k < chars.count { throw error("unexpected '\(chars[k])' after a flow collection") }
        }
    }

    static func scalar(_ s: Substring, file: String, line: Int, column: Int) throws(ImportError) -> String {
        let t = String(s).trimmingWhitespace()
        guard let first = t.first else { return "" }
        switch first {
        case "'":
            guard t.count >= 2, t.last == "'" else {
                throw ImportError(file: file, line: line, column: column, message: "YAML: unterminated 'string'")
            }
            return String(t.dropFirst().dropLast()).replacingAll("''", with: "'")
        case "\"":
            guard t.count >= 2, t.last == "\"" else {
                throw ImportError(file: file, line: line, column: column, message: "YAML: unterminated \"string\"")
            }
            var out = "", escaped = false
            for c in t.dropFirst().dropLast() {
                if escaped {
                    switch c { case "n": out += "\n"; case "t": out += "\t"; default: out.append(c) }
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else {
                    out.append(c)
                }
            }
            return out
        case "&", "*", "!":
            throw ImportError(file: file, line: line, column: column,
                              message: "YAML: '\(first)' (anchors, aliases, tags) is not read by this importer")
        default:
            return t
        }
    }

    /// The line without its comment (a `#` at the start or after a space,
    /// outside quotes).
    private static func stripComment(_ s: Substring, file: String, line: Int) throws(ImportError) -> Substring {
        var quote: Character? = nil
        var previous: Character = " "
        var idx = s.startIndex
        while idx < s.endIndex {
            let c = s[idx]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                return s[..<idx]
            }
            previous = c
            idx = s.index(after: idx)
        }
        return s
    }
}

extension Substring {
    func trimmingSuffixWhitespace() -> Substring {
        var t = self
        while let l = t.last, l == " " || l == "\t" { t.removeLast() }
        return t
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
