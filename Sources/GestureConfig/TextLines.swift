/// A text as UTF-8 bytes and lines, for `TOMLTextEditor`: the offsets
/// `ConfigOutline` gives, lines with their breaks (LF or CRLF, as the file
/// has them), and replacements applied together so every byte outside them
/// stays.
struct TextLines: Sendable {
    let bytes: [UInt8]
    /// Offset of each line's first byte; a last line without a break counts
    /// (an empty one after a final break does not).
    let lineStarts: [Int]
    /// The file's line break: CRLF when its first break is one.
    let lineBreak: String

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") && i + 1 < bytes.count { starts.append(i + 1) }
        lineStarts = starts
        if let nl = bytes.firstIndex(of: UInt8(ascii: "\n")), nl > 0, bytes[nl - 1] == UInt8(ascii: "\r") {
            lineBreak = "\r\n"
        } else {
            lineBreak = "\n"
        }
    }

    func slice(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }

    var lineCount: Int { lineStarts.count }

    /// Line (from 1) holding byte `offset`.
    func line(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func lineStart(_ line: Int) -> Int { lineStarts[line - 1] }

    /// One past line `line`'s break (the next line's start, or the end).
    func lineEndWithBreak(_ line: Int) -> Int { line < lineStarts.count ? lineStarts[line] : bytes.count }

    /// The line's text without its break.
    func text(ofLine line: Int) -> Substring {
        var end = lineEndWithBreak(line)
        if end > lineStart(line), end <= bytes.count, end > 0, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStart(line), bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return Substring(String(decoding: bytes[lineStart(line)..<end], as: UTF8.self))
    }

    func isBlank(_ line: Int) -> Bool { text(ofLine: line).allSatisfy { $0 == " " || $0 == "\t" } }

    /// A line holding only a `#` comment.
    func isComment(_ line: Int) -> Bool { text(ofLine: line).drop { $0 == " " || $0 == "\t" }.first == "#" }

    /// The last line ends with a line break (or the text is empty).
    var endsWithBreak: Bool { bytes.isEmpty || bytes.last == UInt8(ascii: "\n") }

    /// The text with each replacement made, in order of their ranges (ranges
    /// must not overlap; an empty range inserts; insertions at one offset in
    /// the order given).
    func applying(_ replacements: [(range: Range<Int>, with: String)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacements.reduce(0) { $0 + $1.with.utf8.count })
        var at = 0
        for r in replacements {
            out += bytes[at..<r.range.lowerBound]
            out += Array(r.with.utf8)
            at = r.range.upperBound
        }
        out += bytes[at...]
        return String(decoding: out, as: UTF8.self)
    }
}
