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
    public var message: String
    /// The offending line, shown under the message.
    public var lineText: String?

    public init(_ severity: Severity, file: String, line: Int, column: Int, length: Int = 1, message: String,
                lineText: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.length = max(1, length)
        self.message = message
        self.lineText = lineText
    }

    public var isError: Bool { severity == .error }

    public var description: String {
        var s = "\(file):\(line):\(column): "
        if severity == .warning { s += "warning: " }
        s += message
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
}
