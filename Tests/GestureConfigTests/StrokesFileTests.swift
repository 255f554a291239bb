import Foundation
@testable import GestureConfig
import GestureCore
import Testing

/// `strokes.toml` beside the config: read with it, written by `teach`,
/// every mistake located, and a config naming an untaught shape warned of.
@Suite struct StrokesFileTests {
    static let good = """
        [L]
        threshold = 0.82
        templates = [
          [0, 0, 0, 100, 60, 100],
          [0, 0, 0.5, 90, 70, 92],
        ]

        ["check mark"]
        templates = [[0, 0, 30, 40, 100, -60]]
        """

    @Test func readsShapesThresholdsAndSeveralTemplates() throws {
        let set = try StrokesFile.parse(Self.good, file: "strokes.toml").get()
        #expect(set.shapes.map(\.name) == ["L", "check mark"])
        #expect(set["L"]?.threshold == 0.82 && set["L"]?.templates.count == 2)
        #expect(set["L"]?.templates[1][1] == Point(x: 0.5, y: 90))
        #expect(set["check mark"]?.needed == StrokeShape.defaultThreshold)
        // Written back and read again: the same shapes.
        let again = try StrokesFile.parse(StrokesFile.text(set), file: "strokes.toml").get()
        #expect(again == set)
    }

    /// A coordinate past Int's range (the easystroke fuzz target found
    /// 1e300 trapped the writer's rounding to tenths): written as Swift
    /// prints it, read back the same.
    @Test func aHugeCoordinateIsWrittenBackAsItIs() throws {
        let set = try StrokesFile.parse("[L]\ntemplates = [[0, 0, 1e300, -2e16, 0.25, 3]]", file: "strokes.toml").get()
        let text = StrokesFile.text(set)
        #expect(text.contains("[0, 0, 1e+300, -2e+16, 0.3, 3]"), "\(text)")
        #expect(try StrokesFile.parse(text, file: "strokes.toml").get()["L"]?.templates[0][1] == Point(x: 1e300, y: -2e16))
    }

    static let broken: [(String, String)] = [
        ("[L]\ntemplates = [[0, 0, 1]]", "strokes.toml:2:14: a template needs x, y pairs, at least two points; it has 3 numbers"),
        ("[L]\ntemplates = [[0, 0, \"a\", 1]]", "strokes.toml:2:21: a template holds numbers only (x, y in px); got a string"),
        ("[L]\nthreshold = 1.5\ntemplates = [[0, 0, 1, 1]]", "strokes.toml:2:13: 'threshold' takes a score above 0 and at most 1, e.g. threshold = 0.8"),
        ("[L]\nthreshold = 0.8", "strokes.toml:1:2: [L] has no templates; add templates = [[x, y, x, y, ...]]"),
        ("[L]\ntemplate = [[0, 0, 1, 1]]", "strokes.toml:2:1: unknown key 'template' in [L]; expected threshold, templates"),
        ("L = 3", "strokes.toml:1:1: 'L' must be a table of a shape: [L] with templates = [...]"),
        ("[L\n", "strokes.toml:1:"),
    ]

    @Test(arguments: broken)
    func aMistakeIsLocated(_ text: String, _ expected: String) {
        guard case .failure(let e) = StrokesFile.parse(text, file: "strokes.toml") else {
            Issue.record("parsed: \(text)")
            return
        }
        #expect(e.diagnostics.first?.description.hasPrefix(expected) == true, "\(e)")
    }

    /// The daemon's reload: a config whose strokes file is broken does not
    /// load (so the daemon keeps its last good config and shapes), and the
    /// shapes reach the engine's settings.
    @Test func loadsWithTheConfigAndFailsItWhenBroken() throws {
        let dir = "/tmp/gesture-bridge-strokes-\(getpid())"
        defer { removeTree(dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let config = dir + "/config.toml"
        try "[[bind]]\ngesture = 'stroke(\"L\")'\non-ended = \"key F5\"\n[[bind]]\ngesture = 'stroke(\"O\")'\non-ended = \"key F6\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        try Self.good.write(toFile: dir + "/strokes.toml", atomically: true, encoding: .utf8)
        let loaded = try testLoader().load(path: config).get()
        #expect(loaded.table.settings.strokes.shapes.map(\.name) == ["L", "check mark"])
        #expect(loaded.warnings.map { String($0.description.split(separator: "\n")[0]) } == [
            "\(config):5:12: warning: no shape 'O' is taught, so it never fires; teach it with gesture-bridge teach O (taught: L, check mark)",
        ])
        try "[L]\ntemplates = [[0, 0, 1]]\n".write(toFile: dir + "/strokes.toml", atomically: true, encoding: .utf8)
        guard case .failure(let e) = testLoader().load(path: config) else {
            Issue.record("a broken strokes.toml loaded")
            return
        }
        #expect(e.description.hasPrefix("\(dir)/strokes.toml:2:14: a template needs x, y pairs"))
    }
}

/// `teach` and the settings app's "Draw a shape" write one shape into the
/// file the user may have edited: the rest of it stays, byte for byte.
@Suite struct StrokesFileUpdateTests {
    static let text = """
        # my shapes

        [L]   # the terminal
        threshold = 0.82
        templates = [
          [0, 0, 0, 100, 60, 100],
        ]

        # a check
        ["check mark"]
        templates = [[0, 0, 30, 40, 100, -60]]

        """

    /// L's threshold 0.86 and a second template (TOMLTextEditorTests edits the same).
    static let inPlace = """
        # my shapes

        [L]   # the terminal
        threshold = 0.86
        templates = [
          [0, 0, 0, 100, 60, 100],
          [0, 0, 1, 80, 50, 82.3],
        ]

        # a check
        ["check mark"]
        templates = [[0, 0, 30, 40, 100, -60]]

        """
    /// "v w" added at the end.
    static let added = text + "\n[\"v w\"]\nthreshold = 0.90\ntemplates = [\n  [0, 0, 10, 20],\n]\n"
    /// Then "check mark" removed, with the comment above it.
    static let removed = """
        # my shapes

        [L]   # the terminal
        threshold = 0.82
        templates = [
          [0, 0, 0, 100, 60, 100],
        ]

        ["v w"]
        threshold = 0.90
        templates = [
          [0, 0, 10, 20],
        ]

        """

    @Test func aShapesTemplatesAndThresholdReplacedInPlace() throws {
        var set = try StrokesFile.parse(Self.text, file: "strokes.toml").get()
        set.shapes[0].templates.append([Point(x: 0, y: 0), Point(x: 1, y: 80), Point(x: 50, y: 82.25)])
        set.shapes[0].threshold = 0.86
        let out = StrokesFile.updating(Self.text, shape: "L", in: set)
        #expect(out == Self.inPlace)
        #expect(try StrokesFile.parse(out, file: "strokes.toml").get()["L"]?.templates.count == 2)
    }

    @Test func aNewShapeGoesAtTheEndAndARemovedOneTakesItsCommentAlong() throws {
        var set = try StrokesFile.parse(Self.text, file: "strokes.toml").get()
        set.shapes.append(StrokeShape(name: "v w", threshold: 0.9, templates: [[Point(x: 0, y: 0), Point(x: 10, y: 20)]]))
        let added = StrokesFile.updating(Self.text, shape: "v w", in: set)
        #expect(added == Self.added)
        set.shapes.removeAll { $0.name == "check mark" }
        let removed = StrokesFile.updating(added, shape: "check mark", in: set)
        #expect(removed == Self.removed)
        // No file yet: the whole text, its heading first.
        #expect(StrokesFile.updating("", shape: "v w", in: set) == StrokesFile.text(set))
    }
}
