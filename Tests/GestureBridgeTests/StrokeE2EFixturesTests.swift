import GestureBridge
import GestureConfig
import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import Testing

/// The strokes E2E scenario's touchscreen recordings (Tests/E2E/make-fixtures.py),
/// read straight from their evemu files into the engine under the scenario's
/// config and shapes, on the VM's 1024 × 768 screen: each does offline what
/// the scenario asserts live, so a failing VM run is the VM's story, not the
/// fixture's. (The touchpad's drawing needs libinput: live only.)
@Suite struct StrokeE2EFixturesTests {
    static func read(_ path: String) throws -> String {
        try FileSystem.read(repositoryRoot + "/Tests/E2E/" + path).get()
    }

    static func config() throws -> LoadedConfig {
        var loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
        loader.strokes = try StrokesFile.parse(read("strokes/strokes.toml"), file: "strokes.toml").get()
        return try loader.load(text: read("strokes/config.toml"), file: "config.toml").get()
    }

    static func table() throws -> GestureTable { try config().table }

    static func recording(_ name: String) throws -> EvemuRecording {
        try EvemuRecording(desc: read("devices/touchscreen.desc"), events: read("recordings/\(name).evemu"), screen: EvemuRecording.vmScreen)
    }

    @Test(arguments: [
        ("touchscreen-stroke-L-1", ["touchscreen-stroke-L"]),
        ("touchscreen-press-then-circle-1", ["press-then-circle"]),
        ("touchscreen-circle-1", []),   // no press: the composition never starts
    ])
    func touchscreenRecordingEndsItsBinding(_ recording: String, _ want: [String]) throws {
        let table = try Self.table()
        let rec = try Self.recording(recording)
        let names = GestureEngine(table: table, screen: rec.trace.header.screen).bindings.map(\.name)
        var ended: [String] = []
        for case .gesture(let g) in Replayer.run(rec.trace, table: table) where g.phase == .ended { ended.append(names[g.binding]) }
        #expect(ended == want, "\(recording)")
    }

    /// `watch` says why a stroke was not recognized with the shapes' own
    /// names (strokes.toml), as `replay --explain` does: a circle drawn
    /// where an "L" is bound is "closest: circle … (not L)".
    @Test func theMonitorsWhyNotNamesTheShapes() throws {
        let lines = MonitorFeed.lines(of: try Self.recording("touchscreen-circle-1").trace, config: try Self.config())
        let whyNot = lines.filter { $0.contains("touchscreen-stroke-L") && $0.contains("closest") }
        #expect(!whyNot.isEmpty, "no why-not for touchscreen-stroke-L in:\n\(lines.joined(separator: "\n"))")
        #expect(whyNot.allSatisfy { $0.contains("closest: circle") && $0.contains("(not L)") }, "\(whyNot)")
        #expect(!lines.contains { $0.contains("a shape taught") })
    }
}
