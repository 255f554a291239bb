import GestureConfig

/// A gesture expression checked alone, as the loader checks `gesture`:
/// its error, or its warnings, placed within the expression (line 1).
enum ExpressionCheck {
    static let file = "gesture"

    static func diagnostics(_ expression: String) -> [Diagnostic] {
        func placed(_ issue: ExpressionIssue, _ severity: Diagnostic.Severity) -> Diagnostic {
            Diagnostic(severity, file: file, line: 1, column: issue.offset + 1, length: issue.length,
                       words: issue.words, lineText: expression)
        }
        switch ExpressionParser.parse(expression) {
        case .success(let (_, warnings)): return warnings.map { placed($0, .warning) }
        case .failure(let e): return [placed(e, .error)]
        }
    }
}
