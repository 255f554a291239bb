import GestureCore
/// TOML syntax errors from toml++, as our diagnostics.
enum TOMLSyntax {
    static func diagnostic(_ e: TOMLSyntaxError, file: String, map: SourceMap) -> Diagnostic {
        let line = max(1, e.begin.line), column = max(1, e.begin.column)
        var length = 1
        if e.end.line == line && e.end.column > column { length = e.end.column - column }
        return Diagnostic(.error, file: file, line: line, column: column, length: length,
                          words: Words("TOML syntax: {message}", ["message": e.message]), lineText: map.lineText(line))
    }

    /// The document's root table, or its syntax error as a diagnostic.
    static func parse(_ text: String, file: String) -> Result<(TOMLTable, SourceMap), ConfigErrors> {
        switch TOMLParser.parse(text) {
        case .success(let root):
            return .success((root.table ?? TOMLTable(), SourceMap(text, root: root)))
        case .failure(let e):
            return .failure(ConfigErrors(diagnostics: [diagnostic(e, file: file, map: SourceMap(text))]))
        }
    }
}
