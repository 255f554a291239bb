#if canImport(Glibc)
import Glibc
#endif

/// Whether a command needs a shell, and its words when it does not.
///
/// A command is started without a shell only when the shell would do
/// nothing but split it into words: every word made of plain characters
/// (letters, digits, `_@%+=:,./-` and any non-ASCII), `'single-quoted'`
/// text, or `"double-quoted"` text without `$`, a backquote or a backslash;
/// the first word not an assignment (`A=b cmd`), not a shell keyword or
/// builtin without a program of its own (`cd`, `export`, `if`…), and no word
/// starting with `~` (the shell expands it). Anything else — `|`, `;`, `&`,
/// redirections, `$VAR`, globs, `#` comments, backslashes — goes to the shell.
public enum ExecWords {
    /// Characters the shell reads as themselves, outside quotes.
    public static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    /// What the shell treats specially as a first word: reserved words and
    /// builtins that are not also programs on PATH.
    static let shellWords: Set<String> = [
        "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then", "until", "while",
        ".", ":", "alias", "bg", "break", "cd", "command", "continue", "eval", "exec", "exit", "export", "fg", "getopts",
        "hash", "jobs", "local", "read", "readonly", "return", "set", "shift", "source", "times", "trap", "type",
        "ulimit", "umask", "unalias", "unset", "wait",
    ]

    /// The words, if the command needs no shell; nil if it does.
    public static func direct(_ command: String) -> [String]? {
        var words: [String] = []
        var word = "", inWord = false
        var it = command.makeIterator()
        while let c = it.next() {
            switch c {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                while true {
                    guard let q = it.next() else { return nil }   // unclosed: the shell says so
                    if q == "'" { break }
                    word.append(q)
                }
            case "\"":
                inWord = true
                while true {
                    guard let q = it.next() else { return nil }
                    if q == "\"" { break }
                    if q == "$" || q == "`" || q == "\\" { return nil }
                    word.append(q)
                }
            default:
                guard plain.contains(c) || !c.isASCII else { return nil }
                if c == "~" { return nil }
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        guard let first = words.first, !first.isEmpty else { return nil }
        if first.contains("=") || shellWords.contains(first) { return nil }
        // `~` is not plain, so no word starts with it here; a quoted one is literal, as in the shell.
        return words
    }

    /// The program as the shell finds it: a name with a slash as it is,
    /// otherwise the first executable file of that name along `path`
    /// (the environment's PATH; an empty entry is the current directory).
    public static func lookup(_ name: String, path: String?) -> String? {
        if name.contains("/") { return name }
        let dirs = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        for d in dirs {
            let candidate = (d.isEmpty ? "." : String(d)) + "/" + name
            var st = stat()
            if stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
