/// Text TOMLKit must not see. toml++ 3 (inside TOMLKit 0.6.0) asserts (debug)
/// or assumes (release: undefined behaviour) that an array value never starts
/// with `}`; `a = [}` aborts the process. This scan finds that case first and
/// reports it as the syntax error it is, so a typo never takes the daemon down.
/// It tracks strings, comments and nesting; valid TOML never trips it.
enum TOMLGuard {
    /// (line, column) of a `}` where an array value should start, if any.
    static func firstUnsafe(_ text: String) -> (line: Int, column: Int)? {
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
            if atLineStart && stack.isEmpty && ch == "[" {  // a table header: skip the line
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
                if ch == "}" && valueExpected && stack.last == "[" { return (line, col) }
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
}
