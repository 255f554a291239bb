@testable import GestureConfig
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

    /// toml++ aborts on a `}` where an array value should start: we answer first.
    @Test(arguments: [("a = [}", "1:6"), ("a = [ } } } ]", "1:7"), ("a = { b = [ }", "1:13"),
                      ("x = 1\non-ended = [\n  \"key a\",\n}", "4:1"), ("a = [1, }", "1:9")])
    func closingBraceInAnArrayIsASyntaxError(_ text: String, _ position: String) {
        guard case .failure(let e) = testLoader().load(text: text, file: "c.toml") else { Issue.record("loaded"); return }
        #expect(e.diagnostics[0].description.hasPrefix(
            "c.toml:\(position): TOML syntax: Error while parsing array: expected value or closing ']', saw '}'"))
    }

    /// toml++ aborts when a table header's key starts with anything but a key
    /// character or a quote (the fuzzer found `[[\u{FFFD}bind]]`): we answer first.
    @Test(arguments: [("[[\u{FFFD}\u{FFFD}bind]]", "1:3", "'\u{FFFD}'"), ("[\n", "1:2", "a line break"),
                      ("a = 1\n[[[x]]]", "2:3", "'['"), ("[ =x]", "1:3", "'='"), ("  [\t#]", "1:5", "'#'"),
                      ("[[ .a]]", "1:4", "'.'"), ("[ é ]", "1:3", "'é'")])
    func aTableHeaderKeyThatCannotStartIsASyntaxError(_ text: String, _ position: String, _ saw: String) {
        guard case .failure(let e) = testLoader().load(text: text, file: "c.toml") else { Issue.record("loaded"); return }
        #expect(e.diagnostics[0].description.hasPrefix("c.toml:\(position): TOML syntax: Error while parsing table header: "
            + "expected bare key starting character or string delimiter, saw \(saw)"))
    }

    /// Headers toml++ judges itself (valid, or its own error) pass the guard.
    @Test(arguments: ["[a]", "[ a ]", "[[a]]", "[[ a.b ]]", "[\"x y\"]", "['x']", "[ ]", "[ [a] ]", "[a.]", "[-_9]",
                      "[a] # [\n", "x = \"\"\"\n[\n\"\"\""])
    func headersTomlppJudgesPassTheGuard(_ text: String) {
        #expect(TOMLGuard.firstUnsafe(text) == nil)
        _ = testLoader().load(text: text, file: "c.toml")   // and do not abort
    }

    @Test(arguments: ["a = [\"}\", '}', \"\"\"\n}\n\"\"\"] # }", "[t]\nb = [ { c = 1 }, { d = [] } ]", "a = [ # }\n 1 ]"])
    func validTOMLPassesTheGuard(_ text: String) {
        #expect(TOMLGuard.firstUnsafe(text) == nil)
    }

    /// The source locator runs on text TOMLKit has not judged yet: it must
    /// finish on anything. (Straight to it: toml++ asserts on some of these in
    /// debug builds, an upstream bug noted in docs/reliability.md.)
    @Test func theSourceLocatorFinishesOnMalformedText() {
        for text in ["a = [}", "a = [#\n", "a = [ , } ]", "[x]\nb = { c = }", "a = [[[[", "a = {", "a = [ } } } ]", "a = { b = [ }"] {
            let map = SourceMap(text)
            #expect(map.lines.count == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
    }
}
