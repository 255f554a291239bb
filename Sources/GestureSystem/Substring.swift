extension String {
    /// Whether `part` stands somewhere in this string, byte for byte (UTF-8).
    /// String's own `contains` of a string comes from _StringProcessing,
    /// which links the regex engine and Unicode's name tables (about 1.5 MB)
    /// into the daemon for a substring search.
    public func includes(_ part: String) -> Bool {
        let text = Array(utf8), p = Array(part.utf8)
        guard p.count <= text.count else { return false }
        guard !p.isEmpty else { return true }
        for i in 0...(text.count - p.count) where text[i..<(i + p.count)].elementsEqual(p) { return true }
        return false
    }

    /// Without leading and trailing white space (spaces, tabs, line breaks):
    /// what a user typed in a field, a value in another tool's config.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }

    /// For XML, SVG and GLib markup (GTK labels): XML's five escaped, and
    /// control characters XML 1.0 cannot carry replaced (U+FFFD).
    public var xmlEscaped: String {
        var out = ""
        for u in unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            default: if u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
