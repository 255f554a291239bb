import GestureCore
import GestureActions

/// Commands of a tool that runs them without a shell (libinput-gestures:
/// Python's `shlex.split`, then `Popen(argv)`; Touchégg 1.x: QProcess),
/// carried over to our `exec`, which runs under `/bin/sh -c`: split as that
/// tool splits (`ShellWords`), then each word quoted so that the shell hands the
/// program exactly the same words.
enum ShellQuoting {
    /// The words as one `/bin/sh` command line that runs the same argv. With
    /// `expandFirst`, the first word's `~` and `$VAR`/`${VAR}` are expanded
    /// by the shell, as libinput-gestures expands them itself.
    static func command(_ argv: [String], expandFirst: Bool = false) -> String {
        argv.enumerated().map { i, w in i == 0 && expandFirst ? expandingQuote(w) : quote(w) }.joined(separator: " ")
    }

    /// Characters the shell reads as themselves (the same as `exec` runs without a shell).
    static let safe = ShellWords.plain

    /// A word the shell reads back unchanged: bare when it is only safe
    /// characters, otherwise in single quotes ('\'' for a quote inside).
    static func quote(_ w: String) -> String {
        if !w.isEmpty && w.allSatisfy({ safe.contains($0) }) { return w }
        return "'" + w.replacingAll("'", with: "'\\''") + "'"
    }

    /// `~/bin/x` → `"$HOME"/bin/x`; `$VAR` and `${VAR}` kept for the shell
    /// to expand (inside double quotes, where nothing else is special but
    /// `"`, `\`, a backquote and `$(`, which are escaped).
    static func expandingQuote(_ w: String) -> String {
        var rest = Substring(w), out = ""
        if rest == "~" || rest.hasPrefix("~/") { out = "\"$HOME\""; rest = rest.dropFirst() }
        guard !rest.isEmpty else { return out }
        guard rest.contains("$") else { return out + quote(String(rest)) }
        let chars = Array(rest)
        var inner = ""
        for (k, c) in chars.enumerated() {
            let runsCommand = c == "$" && k + 1 < chars.count && chars[k + 1] == "("
            if c == "\"" || c == "\\" || c == "`" || runsCommand { inner.append("\\") }
            inner.append(c)
        }
        return out + "\"" + inner + "\""
    }
}
