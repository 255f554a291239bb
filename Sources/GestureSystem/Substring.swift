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
}
