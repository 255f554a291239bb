/// Shell-style globs for WM_CLASS: `*`, `?`, `[abc]`, `[a-z]`, `[!x]`.
/// Matching ignores ASCII case: WM_CLASS spellings vary ("firefox", "Firefox").
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8).map(lower)
        let t = Array(text.utf8).map(lower)
        return match(p, 0, t, 0)
    }

    private static func lower(_ c: UInt8) -> UInt8 { (c >= 65 && c <= 90) ? c + 32 : c }

    private static func match(_ p: [UInt8], _ pi: Int, _ t: [UInt8], _ ti: Int) -> Bool {
        var pi = pi, ti = ti
        var starP = -1, starT = -1
        while ti < t.count {
            if pi < p.count, p[pi] == UInt8(ascii: "*") {
                starP = pi; starT = ti; pi += 1
                continue
            }
            if pi < p.count, let next = single(p, pi, t[ti]) {
                pi = next; ti += 1
                continue
            }
            if starP >= 0 {
                starT += 1; ti = starT; pi = starP + 1
                continue
            }
            return false
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }

    /// Matches one character at p[pi]; returns the index after the pattern element.
    private static func single(_ p: [UInt8], _ pi: Int, _ c: UInt8) -> Int? {
        let ch = p[pi]
        if ch == UInt8(ascii: "?") { return pi + 1 }
        if ch == UInt8(ascii: "["), let close = p[(pi + 1)...].firstIndex(of: UInt8(ascii: "]")), close > pi + 1 {
            var i = pi + 1
            var negate = false
            if p[i] == UInt8(ascii: "!") || p[i] == UInt8(ascii: "^") { negate = true; i += 1 }
            var hit = false
            while i < close {
                if i + 2 < close, p[i + 1] == UInt8(ascii: "-") {
                    if c >= p[i] && c <= p[i + 2] { hit = true }
                    i += 3
                } else {
                    if c == p[i] { hit = true }
                    i += 1
                }
            }
            return hit != negate ? close + 1 : nil
        }
        return ch == c ? pi + 1 : nil
    }
}
