import TOMLKit

/// TOML syntax errors from TOMLKit (toml++), as our diagnostics.
enum TOMLSyntax {
    static func diagnostic(_ e: TOMLParseError, file: String, map: SourceMap) -> Diagnostic {
        let line = max(1, e.source.begin.line), column = max(1, e.source.begin.column)
        var length = 1
        if e.source.end.line == line && e.source.end.column > column { length = e.source.end.column - column }
        return Diagnostic(.error, file: file, line: line, column: column, length: length,
                          message: "TOML syntax: \(e.description)", lineText: map.lineText(line))
    }

    /// What TOMLGuard found, worded like toml++'s own errors.
    static func unsafe(_ at: TOMLGuard.Unsafe, file: String, map: SourceMap) -> Diagnostic {
        Diagnostic(.error, file: file, line: at.line, column: at.column, message: "TOML syntax: \(at.message)",
                   lineText: map.lineText(at.line))
    }
}
