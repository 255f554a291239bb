/// Text TOMLKit must not see. toml++ 3 (inside TOMLKit 0.6.0) asserts (debug)
/// or assumes (release: undefined behaviour) two things a typo can break:
///   - an array value never starts with `}`: `a = [}` aborts the process;
///   - a table header's key starts with a key character or a quote:
///     `[\n`, `[[[x]]]` or `[[\u{FFFD}bind]]` abort it (found by the fuzzer).
/// This scan finds those cases first and reports them as the syntax errors
/// they are, so a typo never takes the daemon down. It tracks strings,
/// comments and nesting; valid TOML never trips it.
enum TOMLGuard {
    struct Unsafe: Equatable {
        var line: Int
        var column: Int
        /// Worded like toml++'s own errors.
        var message: String
    }

    /// The first place toml++ would abort on, if any.
    static func firstUnsafe(_ text: String) -> Unsafe? {
        let c = Array(text.unicodeScalars)
        var i = 0, line = 1, col = 1
        var stack: [Character] = []          // open '[' (arrays) and '{' (inline tables) of values
        var valueExpected = false            // right after '[' or a ',' inside an array
        var atLineStart = true
        func advance(_ n: Int = 1) {
            for _ in 0..<n where i < c.count {
                if c[i] == "\n" { line += 1; col = 1 } else { col += 1 }
                i += 1
            }
        }
        func at(_ s: String) -> Bool {
            let u = Array(s.unicodeScalars)
            return i + u.count <= c.count && Array(c[i..<(i + u.count)]) == u
        }
        while i < c.count {
            let ch = c[i]
            if ch == "#" {                                  // comment to end of line
                while i < c.count, c[i] != "\n" { advance() }
                continue
            }
            if ch == "\"" || ch == "'" {                    // strings, single or multi-line
                let q = String(ch)
                let triple = at(q + q + q)
                advance(triple ? 3 : 1)
                while i < c.count {
                    if ch == "\"" && c[i] == "\\" { advance(2); continue }
                    if triple ? at(q + q + q) : c[i] == ch { advance(triple ? 3 : 1); break }
                    if !triple && c[i] == "\n" { break }
                    advance()
                }
                valueExpected = false
                atLineStart = false
                continue
            }
            if ch == "\n" {
                if stack.isEmpty { atLineStart = true }
                advance()
                continue
            }
            if ch == " " || ch == "\t" || ch == "\r" { advance(); continue }
            if atLineStart && stack.isEmpty && ch == "[" {  // a table header: its key's start, then skip the line
                advance()
                let spaced = i < c.count && (c[i] == " " || c[i] == "\t")
                while i < c.count, c[i] == " " || c[i] == "\t" { advance() }
                if i < c.count, c[i] == "[", !spaced {      // [[array of tables]]
                    advance()
                    while i < c.count, c[i] == " " || c[i] == "\t" { advance() }
                }
                if i < c.count, !(c[i] == "[" && spaced), !startsKey(c[i]) {
                    let saw = c[i] == "\n" || c[i] == "\r" ? "a line break" : "'\(c[i])'"
                    return Unsafe(line: line, column: col, message:
                        "Error while parsing table header: expected bare key starting character or string delimiter, saw \(saw)")
                }
                while i < c.count, c[i] != "\n" { advance() }
                continue
            }
            atLineStart = false
            switch ch {
            case "[":
                stack.append("[")
                valueExpected = true
            case "{":
                stack.append("{")
                valueExpected = false
            case "]", "}":
                if ch == "}" && valueExpected && stack.last == "[" {
                    return Unsafe(line: line, column: col, message: "Error while parsing array: expected value or closing ']', saw '}'")
                }
                if !stack.isEmpty { stack.removeLast() }
                valueExpected = false
            case ",":
                valueExpected = stack.last == "["
            default:
                valueExpected = false
            }
            advance()
        }
        return nil
    }

    /// What toml++ 3 (TOML 1.0, no unreleased features) lets a key start with,
    /// or reports an error for itself (`]`: an empty header).
    private static func startsKey(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'", "]": return true
        default: return false
        }
    }
}
