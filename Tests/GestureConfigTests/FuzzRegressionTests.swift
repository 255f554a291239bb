@testable import GestureConfig
import GestureSystem
import Testing

/// Inputs the fuzzer found that broke a parser: each must now give a clean
/// answer (a value or errors), quickly.
@Suite struct FuzzRegressionTests {
    static let directory = repositoryDirectory("Tests/FuzzRegressions")

    @Test(arguments: FileSystem.list(directory).filter { $0.hasPrefix("config-") })
    func configInputs(_ name: String) throws {
        guard case .success(let text) = FileSystem.read(Self.directory + "/" + name) else {
            Issue.record("cannot read \(name)")
            return
        }
        // Before the fix, this never returned (the source locator looped, out of memory).
        if case .success = testLoader().load(text: text, file: name) { Issue.record("\(name) loaded") }
    }

    /// toml++ 3.3 asserts (or, under NDEBUG, assumes) that no `}` starts an
    /// array value: CTOML turns its assertions into checks, and the typo is
    /// toml++'s own syntax error at the brace.
    @Test(arguments: [("a = [}", "1:6"), ("a = [ } } } ]", "1:7"), ("a = { b = [ }", "1:13"),
                      ("x = 1\non-ended = [\n  \"key a\",\n}", "4:1"), ("a = [1, }", "1:9")])
    func closingBraceInAnArrayIsASyntaxError(_ text: String, _ position: String) {
        guard case .failure(let e) = testLoader().load(text: text, file: "c.toml") else { Issue.record("loaded"); return }
        #expect(e.diagnostics[0].description.hasPrefix(
            "c.toml:\(position): TOML syntax: Error while parsing value: could not determine value type"))
    }

    /// toml++ 3.3 asserts that a table header's key starts with a key
    /// character or a quote (the fuzzer found `[[\u{FFFD}bind]]`): with
    /// CTOML's checks, toml++ reports its own syntax error there.
    @Test(arguments: [("[[\u{FFFD}\u{FFFD}bind]]", "1:3", "'\u{FFFD}'"), ("[\n", "1:2", "'\\n'"),
                      ("a = 1\n[[[x]]]", "2:3", "'['"), ("[ =x]", "1:3", "'='"), ("  [\t#]", "1:5", "'#'"),
                      ("[[ .a]]", "1:4", "'.'"), ("[ é ]", "1:3", "'é'")])
    func aTableHeaderKeyThatCannotStartIsASyntaxError(_ text: String, _ position: String, _ saw: String) {
        guard case .failure(let e) = testLoader().load(text: text, file: "c.toml") else { Issue.record("loaded"); return }
        #expect(e.diagnostics[0].description.hasPrefix("c.toml:\(position): TOML syntax: Error while parsing key: "
            + "expected bare key starting character or string delimiter, saw \(saw)"))
    }

    /// Headers toml++ judges (valid, or its own error at its place): never an abort.
    @Test(arguments: [("[a]", nil), ("[ a ]", nil), ("[[a]]", nil), ("[[ a.b ]]", nil), ("[\"x y\"]", nil),
                      ("['x']", nil), ("[ ]", "1:3"), ("[ [a] ]", "1:3"), ("[a.]", "1:4"), ("[-_9]", nil),
                      ("[a] # [\n", nil), ("x = \"\"\"\n[\n\"\"\"", nil)] as [(String, String?)])
    func headersTomlppJudges(_ text: String, _ error: String?) {
        switch TOMLSyntax.parse(text, file: "c.toml") {
        case .success: #expect(error == nil)
        case .failure(let e): #expect(error.map { e.diagnostics[0].description.hasPrefix("c.toml:\($0): TOML syntax: ") } == true)
        }
    }

    @Test(arguments: ["a = [\"}\", '}', \"\"\"\n}\n\"\"\"] # }", "[t]\nb = [ { c = 1 }, { d = [] } ]", "a = [ # }\n 1 ]"])
    func validTOMLWithBracketsInStringsAndCommentsParses(_ text: String) {
        guard case .success = TOMLSyntax.parse(text, file: "c.toml") else { Issue.record("refused: \(text)"); return }
    }

    /// Text that breaks toml++'s internal invariants (it asserts on them, or
    /// assumes them under NDEBUG): a located syntax error, never an abort.
    @Test(arguments: ["a = [}", "a = [#\n", "a = [ , } ]", "[x]\nb = { c = }", "a = [[[[", "a = {", "a = [ } } } ]",
                      "a = { b = [ }"])
    func malformedValuesAreLocatedSyntaxErrors(_ text: String) {
        guard case .failure(let e) = TOMLSyntax.parse(text, file: "c.toml") else { Issue.record("parsed: \(text)"); return }
        #expect(e.diagnostics.count == 1)
        #expect(e.diagnostics[0].description.contains(": TOML syntax: Error while parsing"))
        #expect(e.diagnostics[0].line >= 1 && e.diagnostics[0].column > 1)
    }
}
