/// Edits a TOML text in place: a key's value replaced, a key added or
/// removed, a `[table]` or `[[array]]` entry added or removed. Every byte
/// outside the spans it changes stays: comments, blank lines, key order,
/// spacing, CRLF line breaks (the lines it writes use the file's own), a
/// missing final line break. The spans are `ConfigOutline`'s (toml++'s tree
/// and positions, as the loader reads them). Each edit is a `Replacement`
/// computed on the text as it is; `applying` makes several at once. The
/// settings app's model, `strokes.toml`'s writer and `tune --write` write
/// with it.
public struct TOMLTextEditor: Sendable {
    /// A byte range of the text and what takes its place (an empty range inserts).
    public struct Replacement: Sendable {
        public var range: Range<Int>
        public var text: String
    }

    /// Where a new key's line goes in its table.
    public enum Place: Sendable {
        /// On the line after the table's header.
        case first
        /// After its last key's last line.
        case last
        /// On the line before line `line` (from 1).
        case before(line: Int)
        /// On the line after line `line`.
        case after(line: Int)
    }

    public let outline: ConfigOutline
    let lines: TextLines

    /// `text` with its outline (`ConfigOutline.of(text)`).
    public init(_ text: String, outline: ConfigOutline) {
        self.outline = outline
        lines = TextLines(text)
    }

    /// nil when `text` is not TOML.
    public init?(_ text: String) {
        guard let outline = ConfigOutline.of(text) else { return nil }
        self.init(text, outline: outline)
    }

    // MARK: Reading

    /// The file's line break: CRLF when its first break is one, else LF.
    public var lineBreak: String { lines.lineBreak }

    public func table(_ path: String) -> ConfigOutline.Table? { outline.table(path) }

    /// The text of a byte range (a value's `bytes`).
    public func text(of range: Range<Int>) -> String { lines.slice(range) }

    /// A table's header line through its last key's last line and break:
    /// what editing its keys may touch.
    public func span(of t: ConfigOutline.Table) -> Range<Int> { lines.lineStart(t.line)..<lastKeyEnd(t) }

    /// The line of `t`'s region (to the next table's header) that is `key`
    /// commented out: `# slop = "18px"   # …`; nil when there is none.
    public func commentedOutKey(_ key: String, in t: ConfigOutline.Table) -> Int? {
        let next = outline.tables.first { $0.line > t.line }.map { $0.line - 1 } ?? lines.lineCount
        guard next > t.line else { return nil }
        for line in (t.line + 1)...next {
            var s = lines.text(ofLine: line).drop { $0 == " " || $0 == "\t" }
            guard s.first == "#" else { continue }
            s = s.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard s.hasPrefix(key) else { continue }
            if s.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" { return line }
        }
        return nil
    }

    // MARK: Keys

    /// `key = literal` in `t`: the value replaced where the table has the
    /// key, else a new line at `place`. `comment`: as `setValue`'s.
    public func set(_ key: String, _ literal: String, comment: String? = nil, in t: ConfigOutline.Table,
                    newAt place: Place = .last) -> Replacement {
        if let m = t.members.first(where: { $0.key == key }) { return setValue(of: m, to: literal, comment: comment) }
        return insertKey(key, literal, comment: comment, in: t, at: place)
    }

    /// The member's value replaced by `literal` (TOML as written: `"250ms"`,
    /// `true`, an array over several lines). With a `comment`, `# comment`
    /// follows it on its line, in place of what followed the value there (a
    /// key of a table with a header: spaces and a comment, or nothing).
    public func setValue(of m: ConfigOutline.Member, to literal: String, comment: String? = nil) -> Replacement {
        guard let comment else { return Replacement(range: m.value.bytes, text: written(literal)) }
        let lineEnd = lines.lineStart(m.value.lines.upperBound) + lines.text(ofLine: m.value.lines.upperBound).utf8.count
        return Replacement(range: m.value.bytes.lowerBound..<max(m.value.bytes.upperBound, lineEnd),
                           text: written(literal) + Self.commentSpacing + comment)
    }

    /// `key = literal` (and `# comment`) as a new line of `t` at `place`.
    public func insertKey(_ key: String, _ literal: String, comment: String? = nil, in t: ConfigOutline.Table,
                          at place: Place = .last) -> Replacement {
        let offset: Int
        switch place {
        case .first: offset = lines.lineEndWithBreak(t.line)
        case .last: offset = lastKeyEnd(t)
        case .before(let line): offset = lines.lineStart(line)
        case .after(let line): offset = lines.lineEndWithBreak(line)
        }
        return insertLines(["\(key) = \(literal)" + (comment.map { Self.commentSpacing + $0 } ?? "")], at: offset)
    }

    /// The member's lines: from its line's start through its value's last
    /// line and break (a comment after the value on that line goes with it).
    public func removeKey(_ m: ConfigOutline.Member) -> Replacement {
        Replacement(range: atEnd(lines.lineStart(m.line)..<lines.lineEndWithBreak(m.value.lines.upperBound)), text: "")
    }

    // MARK: Tables

    /// The table's block removed: the comment lines directly above its
    /// header (no blank line between) through its last key's line, and one
    /// blank line next to it when it stood between two (the one below; at
    /// the end of the text, the one above), so the tables around keep one
    /// blank line between them and a comment below it is not glued to what
    /// is above. Comment lines below its last key stay (they may be about
    /// what follows).
    public func removeTable(_ t: ConfigOutline.Table) -> Replacement {
        let (top, range) = block(t)
        var r = range
        let atEnd = r.upperBound >= lines.bytes.count
        let blankAbove = top == 1 || lines.isBlank(top - 1)
        let below = lines.line(of: r.upperBound)
        if !atEnd, blankAbove, lines.isBlank(below) {
            r = r.lowerBound..<lines.lineEndWithBreak(below)
        } else if atEnd, top > 1, lines.isBlank(top - 1) {
            r = lines.lineStart(top - 1)..<r.upperBound
        }
        // At the end of a text without a final line break, the line break
        // before the block stays: it ends the line of the table above, whose
        // bytes are not this edit's to change.
        return Replacement(range: r, text: "")
    }

    /// A new table (its header line, then its keys' lines) after `t`'s last
    /// key, a blank line before it.
    public func insertTable(_ tableLines: [String], after t: ConfigOutline.Table) -> Replacement {
        insertLines([""] + tableLines, at: lastKeyEnd(t))
    }

    /// A new table before `t`'s block (the comments above it), a blank line after it.
    public func insertTable(_ tableLines: [String], before t: ConfigOutline.Table) -> Replacement {
        insertLines(tableLines + [""], at: block(t).range.lowerBound)
    }

    /// A new table at the end of the text, after a blank line (none in an empty text).
    public func appendTable(_ tableLines: [String]) -> Replacement {
        insertLines((lines.bytes.isEmpty ? [] : [""]) + tableLines, at: lines.bytes.count)
    }

    // MARK: Applying

    /// The text with every replacement made, each as computed on this text:
    /// overlapping ones merged (a table's block and its sub-table's), and
    /// insertions at one offset in the order given.
    public func applying(_ replacements: [Replacement]) -> String {
        let sorted = replacements.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var merged: [(range: Range<Int>, with: String)] = []
        for r in sorted {
            if let last = merged.last, r.range.lowerBound < last.range.upperBound {
                merged[merged.count - 1] = (last.range.lowerBound..<max(last.range.upperBound, r.range.upperBound),
                                            last.with + r.text)
            } else {
                merged.append((r.range, r.text))
            }
        }
        return lines.applying(merged)
    }

    // MARK: Spans

    /// Between a value and the comment `tune` writes after it.
    static let commentSpacing = "   # "

    /// One past the line break of the table's last line: its header's line,
    /// or the last line of its last key's value.
    func lastKeyEnd(_ t: ConfigOutline.Table) -> Int {
        let last = t.members.map(\.value.lines.upperBound).max() ?? t.line
        return lines.lineEndWithBreak(max(last, t.line))
    }

    /// A table's block: the comment lines directly above its header (no
    /// blank line between) through its last key's line.
    func block(_ t: ConfigOutline.Table) -> (firstLine: Int, range: Range<Int>) {
        var top = t.line
        while top > 1, lines.isComment(top - 1) { top -= 1 }
        return (top, lines.lineStart(top)..<lastKeyEnd(t))
    }

    /// A key's lines removed from the end of a text without a final line
    /// break take the break before them too (it ends a line of the same
    /// table), so the text still ends without one.
    func atEnd(_ r: Range<Int>) -> Range<Int> {
        guard r.upperBound == lines.bytes.count, !lines.endsWithBreak, r.lowerBound > 0 else { return r }
        var start = r.lowerBound - 1
        if start > 0, lines.bytes[start] == UInt8(ascii: "\n"), lines.bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
        return start..<r.upperBound
    }

    /// Lines inserted at a line's start `offset`, each ending in the file's
    /// line break; at the end of a text without a final line break, after
    /// one, and the text still ends without one.
    func insertLines(_ new: [String], at offset: Int) -> Replacement {
        let new = new.map(written)
        if offset == lines.bytes.count && !lines.endsWithBreak {
            return Replacement(range: offset..<offset, text: lineBreak + new.joined(separator: lineBreak))
        }
        return Replacement(range: offset..<offset, text: new.map { $0 + lineBreak }.joined())
    }

    /// Text to write, its line breaks the file's (a value over several lines).
    func written(_ s: String) -> String {
        lineBreak == "\n" ? s : s.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineBreak)
    }
}
