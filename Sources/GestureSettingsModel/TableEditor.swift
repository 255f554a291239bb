import GestureConfig
import GestureCore

/// The edits of one text, as replacements of byte ranges: a key's value
/// replaced in place, a key's lines removed, a key appended to a table, a
/// table removed or inserted. Nothing outside those ranges is touched.
struct TableEditor {
    let outline: ConfigOutline
    let edit: TextEdit
    var eol: String { edit.lineBreak }

    typealias Replacement = (range: Range<Int>, with: String)

    func table(_ path: String) -> ConfigOutline.Table? { outline.table(path) }

    // MARK: Keys

    /// `key = value` in place of the current value.
    func replaceValue(_ m: ConfigOutline.Member, with literal: String) -> Replacement {
        (m.value.bytes, literal)
    }

    /// The key's lines (from its line's start through its value's last line
    /// and break; a comment after the value on that line goes with it).
    func removeKey(_ m: ConfigOutline.Member) -> Replacement {
        (atEnd(edit.lineStart(m.line)..<edit.lineEndWithBreak(m.value.lines.upperBound)), "")
    }

    /// A key's lines removed from the end of a text without a final line
    /// break take the break before them too (it ends a line of the same
    /// table), so the text still ends without one.
    func atEnd(_ r: Range<Int>) -> Range<Int> {
        guard r.upperBound == edit.bytes.count, !edit.endsWithBreak, r.lowerBound > 0 else { return r }
        var start = r.lowerBound - 1
        if start > 0, edit.bytes[start] == UInt8(ascii: "\n"), edit.bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
        return start..<r.upperBound
    }

    /// `key = literal` as a new line after the table's last line.
    func appendKey(_ key: String, _ literal: String, to t: ConfigOutline.Table) -> Replacement {
        insertLines(["\(key) = \(literal)"], after: TableSpan.lastKeyEnd(t, edit))
    }

    /// Lines inserted at a line's start `offset`; at the end of a text
    /// without a final line break, after a break, and the text still ends without one.
    func insertLines(_ lines: [String], after offset: Int) -> Replacement {
        if offset == edit.bytes.count && !edit.endsWithBreak {
            return (offset..<offset, eol + lines.joined(separator: eol))
        }
        return (offset..<offset, lines.map { $0 + eol }.joined())
    }

    // MARK: Tables

    /// A table's block: the comment lines directly above its header (no
    /// blank line between) through its last key's line. Comment lines below
    /// its last key are not in it (they may be about what follows).
    func block(_ t: ConfigOutline.Table) -> (firstLine: Int, range: Range<Int>) {
        var top = t.line
        while top > 1, edit.isComment(top - 1) { top -= 1 }
        return (top, edit.lineStart(top)..<TableSpan.lastKeyEnd(t, edit))
    }

    /// The block removed, with one blank line next to it when it stood
    /// between two (the one below; at the end of the text, the one above),
    /// so the tables around keep one blank line between them and a comment
    /// below it is not glued to what is above.
    func removeBlock(_ t: ConfigOutline.Table) -> Replacement {
        let (top, range) = block(t)
        var r = range
        let atEnd = r.upperBound >= edit.bytes.count
        let blankAbove = top == 1 || edit.isBlank(top - 1)
        let below = edit.line(of: r.upperBound)
        if !atEnd, blankAbove, edit.isBlank(below) {
            r = r.lowerBound..<edit.lineEndWithBreak(below)
        } else if atEnd, top > 1, edit.isBlank(top - 1) {
            r = edit.lineStart(top - 1)..<r.upperBound
        }
        // At the end of a text without a final line break, the line break
        // before the block stays: it ends the line of the table above, whose
        // bytes are not this edit's to change.
        return (r, "")
    }

    /// A new table after `anchor`'s last key: a blank line, then its lines.
    func insertTable(_ lines: [String], after anchor: ConfigOutline.Table) -> Replacement {
        insertLines([""] + lines, after: TableSpan.lastKeyEnd(anchor, edit))
    }

    /// A new table before `next`'s block (its attached comments), a blank line after it.
    func insertTable(_ lines: [String], before next: ConfigOutline.Table) -> Replacement {
        insertLines(lines + [""], after: block(next).range.lowerBound)
    }

    /// A new table at the end of the text, after a blank line.
    func appendTable(_ lines: [String]) -> Replacement {
        let blank = edit.bytes.isEmpty ? [] : [""]
        return insertLines(blank + lines, after: edit.bytes.count)
    }

    /// Replacements applied; overlapping removals merged first.
    func apply(_ replacements: [Replacement]) -> String {
        var sorted = replacements.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var merged: [Replacement] = []
        for r in sorted {
            if let last = merged.last, r.range.lowerBound < last.range.upperBound {
                merged[merged.count - 1] = (last.range.lowerBound..<max(last.range.upperBound, r.range.upperBound),
                                            last.with + r.with)
            } else {
                merged.append(r)
            }
        }
        sorted = merged
        return edit.applying(sorted)
    }
}
