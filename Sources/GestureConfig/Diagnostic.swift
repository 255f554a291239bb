import GestureCore

/// A mistake (or a warning) in a config or keymap file, where it is and what
/// would be accepted; rendered as config.md shows:
///
///     config.toml:14:29: unknown direction '.lef'; expected .left, .right, .up, .down
///       gesture = "swipe(fingers: 3, direction: .lef)"
///                                               ^~~~
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case error, warning }

    public var severity: Severity
    public var file: String
    public var line: Int
    public var column: Int
    /// Characters the caret underlines (at least 1).
    public var length: Int
    /// What is wrong, in words the command says in the user's language.
    public var words: Words
    /// What is wrong, in English.
    public var message: String {
        get { words.description }
        set { words = Words.verbatim(newValue) }
    }
    /// The offending line, shown under the message.
    public var lineText: String?

    public init(_ severity: Severity, file: String, line: Int, column: Int, length: Int = 1, message: String,
                lineText: String? = nil) {
        self.init(severity, file: file, line: line, column: column, length: length, words: Words.verbatim(message),
                  lineText: lineText)
    }

    public init(_ severity: Severity, file: String, line: Int, column: Int, length: Int = 1, words: Words,
                lineText: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.length = max(1, length)
        self.words = words
        self.lineText = lineText
    }

    public var isError: Bool { severity == .error }

    public var description: String { text { $0 } }

    /// The diagnostic with its message in the language `translate` gives
    /// (the command's gettext): `file:line:column: ` and the caret lines
    /// stay as they are in every language, so a tool that reads the
    /// location still finds it.
    public func text(_ translate: (String) -> String) -> String {
        var s = "\(file):\(line):\(column): "
        if severity == .warning {
            // TRANSLATORS: keep {message}; "warning" as compilers say it in your language.
            s += Words("warning: {message}", ["message": words]).text(translate)
        } else {
            s += words.text(translate)
        }
        if let text = lineText {
            // Tabs are shown as one space each so the caret lines up.
            let shown = String(text.map { $0 == "\t" ? " " : $0 })
            s += "\n  " + shown + "\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
                + String(repeating: "~", count: length - 1)
        }
        return s
    }
}

/// Every diagnostic of one load, in file order.
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// Every diagnostic in the language `translate` gives.
    public func text(_ translate: (String) -> String) -> String {
        diagnostics.map { $0.text(translate) }.joined(separator: "\n")
    }
}
