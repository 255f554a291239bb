import GestureActions
import Testing

/// The three word grammars on one table of inputs: what our `exec` runs
/// without a shell (`direct`, nil: it needs one), Python's shlex
/// (libinput-gestures) and QProcess (Touchégg 1.x). nil: the line is
/// refused (an unclosed quote), or for `direct`, left to the shell.
@Suite struct ShellWordsTests {
    struct Row: Sendable, CustomStringConvertible {
        let line: String
        let direct: [String]?
        let shlex: [String]?
        let qprocess: [String]?
        var description: String { line }
    }

    static let table: [Row] = [
        Row(line: "a b  c", direct: ["a", "b", "c"], shlex: ["a", "b", "c"], qprocess: ["a", "b", "c"]),
        Row(line: "say \"two words\" x", direct: ["say", "two words", "x"], shlex: ["say", "two words", "x"],
            qprocess: ["say", "two words", "x"]),
        // A single quote is the shell's and shlex's quote, an ordinary character to Qt.
        Row(line: "echo 'it'\\''s'", direct: nil, shlex: ["echo", "it's"], qprocess: ["echo", "'it'\\''s'"]),
        // Three double quotes are one literal quote to Qt; two empty quoted strings and a q elsewhere.
        Row(line: "echo \"\"\"q\"\"\"", direct: ["echo", "q"], shlex: ["echo", "q"], qprocess: ["echo", "\"q\""]),
        Row(line: "e \"\"", direct: ["e", ""], shlex: ["e", ""], qprocess: ["e", ""]),
        // `$` and `|` mean something only to the shell.
        Row(line: "notify-send $HOME|x", direct: nil, shlex: ["notify-send", "$HOME|x"],
            qprocess: ["notify-send", "$HOME|x"]),
        // A builtin needs the shell; the others just split it.
        Row(line: "cd /tmp", direct: nil, shlex: ["cd", "/tmp"], qprocess: ["cd", "/tmp"]),
        Row(line: "say \"open", direct: nil, shlex: nil, qprocess: nil),
        // A backslash escapes in shlex; it is an ordinary character to Qt.
        Row(line: "a\\ b", direct: nil, shlex: ["a b"], qprocess: ["a\\", "b"]),
        Row(line: "ünï code", direct: ["ünï", "code"], shlex: ["ünï", "code"], qprocess: ["ünï", "code"]),
        Row(line: "  ", direct: nil, shlex: [], qprocess: []),
    ]

    @Test(arguments: table)
    func eachGrammarSplitsTheLineItsWay(row: Row) {
        #expect(ShellWords.direct(row.line) == row.direct)
        #expect(ShellWords.shlex(row.line) == row.shlex)
        #expect(ShellWords.qprocess(row.line) == row.qprocess)
    }
}
