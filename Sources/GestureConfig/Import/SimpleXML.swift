/// The XML of touchegg.conf: elements, attributes, text, comments, the
/// prolog and the five entities plus character references. Malformed input
/// is reported with its line and column.
struct SimpleXML {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
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

    private let chars: [Character]
    private var i = 0
    private var line = 1, column = 1
    let file: String

    static func parse(_ text: String, file: String) throws(ImportError) -> Element {
        var p = SimpleXML(chars: Array(ImportText.normalized(text)), file: file)
        return try p.document()
    }

    private init(chars: [Character], file: String) {
        self.chars = chars
        self.file = file
    }

    private func error(_ message: String, at position: (Int, Int)? = nil) -> ImportError {
        ImportError(file: file, line: position?.0 ?? line, column: position?.1 ?? column, message: "XML: " + message)
    }

    private mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < chars.count {
            if chars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
    }

    private func at(_ s: String) -> Bool {
        var k = i
        for c in s {
            guard k < chars.count, chars[k] == c else { return false }
            k += 1
        }
        return true
    }

    private mutating func skip(until end: String, what: String) throws(ImportError) {
        while i < chars.count && !at(end) { advance() }
        guard i < chars.count else { throw error("unterminated \(what)") }
        advance(end.count)
    }

    private mutating func skipMisc() throws(ImportError) {
        while i < chars.count {
            if chars[i].isWhitespace { advance() }
            else if at("<!--") { try skip(until: "-->", what: "comment") }
            else if at("<?") { try skip(until: "?>", what: "processing instruction") }
            else if at("<!DOCTYPE") { try skip(until: ">", what: "DOCTYPE") }
            else { return }
        }
    }

    private mutating func document() throws(ImportError) -> Element {
        try skipMisc()
        guard at("<") else { throw error("expected the root element") }
        let root = try element()
        try skipMisc()
        guard i == chars.count else { throw error("text after the root element") }
        return root
    }

    private mutating func name() throws(ImportError) -> String {
        var s = ""
        while i < chars.count, !chars[i].isWhitespace, !"=/>\"'<".contains(chars[i]) { s.append(chars[i]); advance() }
        guard !s.isEmpty else { throw error("expected a name") }
        return s
    }

    private mutating func skipSpace() { while i < chars.count, chars[i].isWhitespace { advance() } }

    /// Deeper than any touchegg.conf (4 levels); a hostile file of
    /// thousands of nested elements is refused, not recursed into.
    static let maximumDepth = 64
    private var depth = 0

    private mutating func element() throws(ImportError) -> Element {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("elements nested deeper than \(Self.maximumDepth) levels; this is no touchegg.conf")
        }
        let startLine = line, startColumn = column
        advance()   // <
        let n = try name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard i < chars.count else { throw error("unterminated <\(n)>") }
            if at("/>") { advance(2); return Element(name: n, attributes: attributes, line: startLine, column: startColumn) }
            if chars[i] == ">" { advance(); break }
            let a = try name()
            skipSpace()
            guard i < chars.count, chars[i] == "=" else { throw error("expected '=' after attribute '\(a)'") }
            advance()
            skipSpace()
            guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else { throw error("expected a quoted value for '\(a)'") }
            let q = chars[i]
            advance()
            var v = ""
            while i < chars.count, chars[i] != q { v.append(chars[i]); advance() }
            guard i < chars.count else { throw error("unterminated value of '\(a)'") }
            advance()
            attributes[a] = try decode(v)
        }
        let e = Element(name: n, attributes: attributes, line: startLine, column: startColumn)
        var text = ""
        while true {
            guard i < chars.count else { throw error("<\(n)> (line \(startLine)) is never closed") }
            if at("</") {
                let at = (line, column)
                advance(2)
                let closing = try name()
                guard closing == n else { throw error("</\(closing)> closes <\(n)> (line \(startLine))", at: at) }
                skipSpace()
                guard i < chars.count, chars[i] == ">" else { throw error("expected '>'") }
                advance()
                e.text = try decode(text)
                return e
            }
            if at("<!--") { try skip(until: "-->", what: "comment"); continue }
            if at("<![CDATA[") {
                advance(9)
                while i < chars.count && !at("]]>") { text.append(chars[i]); advance() }
                guard i < chars.count else { throw error("unterminated CDATA") }
                advance(3)
                continue
            }
            if chars[i] == "<" { e.children.append(try element()); continue }
            text.append(chars[i])
            advance()
        }
    }

    private func decode(_ s: String) throws(ImportError) -> String {
        guard s.contains("&") else { return s }
        var out = "", rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw error("'&' without ';'") }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x"), dec = entity.hasPrefix("#")
                guard dec, let v = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let u = Unicode.Scalar(v) else {
                    throw error("unknown entity '&\(entity);'")
                }
                out.unicodeScalars.append(u)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
