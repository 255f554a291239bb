/// The YAML of gesture tools' configs (fusuma): documents (`---`) of block
/// mappings, nested by indentation, with plain, 'single' or "double" quoted
/// scalars and comments. Other YAML (sequences, flow collections, anchors,
/// block scalars) is reported with its line and column, not guessed at.
enum BlockYAML {
    indirect enum Node {
        case scalar(String)
        case map([(key: String, value: Node, line: Int, column: Int)])

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
    }

    static func documents(_ text: String, file: String) throws(ImportError) -> [Node] {
        var docs: [[Line]] = [[]]
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            var s = Substring(raw)
            if s.last == "\r" { s.removeLast() }
            if s.hasPrefix("---") { docs.append([]); continue }
            if s.hasPrefix("...") { continue }
            let content = try stripComment(s, file: file, line: line)
            let indentPrefix = content.prefix { $0 == " " || $0 == "\t" }
            if indentPrefix.contains("\t") {
                throw ImportError(file: file, line: line, column: 1, message: "YAML: a tab in the indentation")
            }
            let body = content.dropFirst(indentPrefix.count)
            guard !body.isEmpty else { continue }
            docs[docs.count - 1].append(Line(number: line, indent: indentPrefix.count, text: body))
        }
        var out: [Node] = []
        for lines in docs where !lines.isEmpty {
            var i = 0
            out.append(try mapping(lines, &i, indent: lines[0].indent, file: file))
            if i < lines.count {
                throw ImportError(file: file, line: lines[i].number, column: lines[i].indent + 1, message: "YAML: bad indentation")
            }
        }
        return out
    }

    private static func mapping(_ lines: [Line], _ i: inout Int, indent: Int, file: String) throws(ImportError) -> Node {
        var entries: [(key: String, value: Node, line: Int, column: Int)] = []
        while i < lines.count, lines[i].indent == indent {
            let l = lines[i]
            if l.text.hasPrefix("- ") || l.text == "-" {
                throw ImportError(file: file, line: l.number, column: indent + 1, message: "YAML: sequences are not used by this importer")
            }
            guard let (key, rest) = try splitKey(l.text, file: file, line: l.number, column: indent + 1) else {
                throw ImportError(file: file, line: l.number, column: indent + 1, message: "YAML: expected 'key: value'")
            }
            i += 1
            let valueColumn = indent + l.text.count - rest.count + 1
            if rest.isEmpty {
                if i < lines.count, lines[i].indent > indent {
                    entries.append((key, try mapping(lines, &i, indent: lines[i].indent, file: file), l.number, indent + 1))
                } else {
                    entries.append((key, .scalar(""), l.number, indent + 1))
                }
            } else {
                entries.append((key, .scalar(try scalar(rest, file: file, line: l.number, column: valueColumn)), l.number, indent + 1))
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

    private static func scalar(_ s: Substring, file: String, line: Int, column: Int) throws(ImportError) -> String {
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
        case "{", "[", "&", "*", "|", ">", "!":
            throw ImportError(file: file, line: line, column: column,
                              message: "YAML: '\(first)' (flow collections, anchors, tags, block scalars) is not used by this importer")
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
