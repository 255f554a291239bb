// Three grammars of command-line words, side by side, on one skeleton (a
// word being built, whitespace ending it, each grammar's quotes):
//
//   - `ShellWords.direct`: what our `exec` runs without a shell — only when the
//     shell would do nothing but split the command into words.
//   - `ShellWords.shlex`: Python's POSIX-mode `shlex.split` (libinput-gestures
//     splits its commands so and runs them without a shell).
//   - `ShellWords.qprocess`: `QProcess::startDetached(QString)`'s split
//     (Touchégg 1.x runs its commands so).
//
// `WordsTests` runs the three on one table of inputs, so their differences
// are written next to each other.

/// The words of a line, built one character at a time.
private struct WordBuilder {
    var words: [String] = []
    var word = ""
    /// A word has started (an empty quoted one counts).
    var inWord = false

    mutating func append(_ c: Character) {
        word.append(c)
        inWord = true
    }

    /// Whitespace: the word being built, if any, is done.
    mutating func end() {
        if inWord { words.append(word) }
        word = ""
        inWord = false
    }

    /// '…': everything up to the closing quote, as it is (the shell's and
    /// shlex's single quotes alike). False if it is never closed.
    mutating func singleQuoted(_ it: inout String.Iterator) -> Bool {
        inWord = true
        while let q = it.next() {
            if q == "'" { return true }
            append(q)
        }
        return false
    }

    /// At the end of the line.
    mutating func finish() -> [String] {
        end()
        return words
    }
}

public enum ShellWords {
    // MARK: exec without a shell

    /// Characters the shell reads as themselves, outside quotes.
    public static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    /// What the shell treats specially as a first word: reserved words and
    /// builtins that are not also programs on PATH.
    static let reservedWords: Set<String> = [
        "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then", "until", "while",
        ".", ":", "alias", "bg", "break", "cd", "command", "continue", "eval", "exec", "exit", "export", "fg", "getopts",
        "hash", "jobs", "local", "read", "readonly", "return", "set", "shift", "source", "times", "trap", "type",
        "ulimit", "umask", "unalias", "unset", "wait",
    ]

    /// The words, if the command needs no shell; nil if it does.
    ///
    /// A command is started without a shell only when the shell would do
    /// nothing but split it into words: every word made of plain characters
    /// (letters, digits, `_@%+=:,./-` and any non-ASCII), `'single-quoted'`
    /// text, or `"double-quoted"` text without `$`, a backquote or a
    /// backslash; the first word not an assignment (`A=b cmd`), not a shell
    /// keyword or builtin without a program of its own (`cd`, `export`,
    /// `if`…), and no word starting with `~` (the shell expands it). Anything
    /// else — `|`, `;`, `&`, redirections, `$VAR`, globs, `#` comments,
    /// backslashes — goes to the shell.
    public static func direct(_ command: String) -> [String]? {
        var b = WordBuilder()
        var it = command.makeIterator()
        while let c = it.next() {
            switch c {
            case " ", "\t":
                b.end()
            case "'":
                guard b.singleQuoted(&it) else { return nil }   // unclosed: the shell says so
            case "\"":
                b.inWord = true
                while true {
                    guard let q = it.next() else { return nil }
                    if q == "\"" { break }
                    if q == "$" || q == "`" || q == "\\" { return nil }
                    b.append(q)
                }
            default:
                // `~` is not plain: no bare word starts with it here; a quoted one is literal, as in the shell.
                guard plain.contains(c) || !c.isASCII else { return nil }
                b.append(c)
            }
        }
        let words = b.finish()
        guard let first = words.first, !first.isEmpty else { return nil }
        if first.contains("=") || reservedWords.contains(first) { return nil }
        return words
    }

    // MARK: shlex

    /// POSIX-mode `shlex.split`: whitespace separates words; '…' is literal;
    /// in "…" a backslash escapes only `"` and `\`; outside quotes a
    /// backslash escapes any character; `#` is an ordinary character (shlex's
    /// comments are off). Nil for an unclosed quote or a trailing backslash.
    public static func shlex(_ line: String) -> [String]? {
        var b = WordBuilder()
        var it = line.makeIterator()
        while let c = it.next() {
            switch c {
            case " ", "\t", "\n":
                b.end()
            case "'":
                guard b.singleQuoted(&it) else { return nil }
            case "\"":
                b.inWord = true
                while true {
                    guard let q = it.next() else { return nil }
                    if q == "\"" { break }
                    if q == "\\" {
                        guard let e = it.next() else { return nil }
                        if e != "\"" && e != "\\" { b.append("\\") }
                        b.append(e)
                    } else {
                        b.append(q)
                    }
                }
            case "\\":
                guard let e = it.next() else { return nil }
                b.append(e)
            default:
                b.append(c)
            }
        }
        return b.finish()
    }

    // MARK: QProcess

    /// `QProcess::startDetached(QString)`'s split: words at spaces; double
    /// quotes group a word, and three quotes in a row are one literal quote;
    /// a backslash and a single quote are ordinary. Nil for an unclosed quote.
    public static func qprocess(_ line: String) -> [String]? {
        var b = WordBuilder()
        var quoted = false, quotes = 0
        /// A run of quotes ends: one toggles quoting, two make an empty word (or nothing).
        func endQuotes() {
            if quotes == 1 { quoted.toggle(); b.inWord = true }
            if quotes == 2 { b.inWord = true }
            quotes = 0
        }
        for c in line {
            if c == "\"" {
                quotes += 1
                if quotes == 3 { quotes = 0; b.append("\"") }
                continue
            }
            endQuotes()
            if (c == " " || c == "\t" || c == "\n") && !quoted {
                b.end()
            } else {
                b.append(c)
            }
        }
        endQuotes()
        guard !quoted else { return nil }
        return b.finish()
    }
}
