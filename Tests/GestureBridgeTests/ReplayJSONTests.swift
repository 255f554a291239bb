@testable import GestureTools
import GestureSystem
import GestureBridge
import GestureConfig
import GestureCore
import Testing
import GestureTraces

/// `replay --json` over the recorded traces, byte for byte: Tests/Replay/cases.txt
/// names each config and its traces; CONFIG.expected.jsonl is the output.
struct ReplayCase: Sendable, CustomTestStringConvertible {
    let config: String
    let traces: [String]
    var testDescription: String { config }

    static let directory = TraceFiles.directory.replacingSuffix("/Traces", with: "/Replay")

    static let all: [ReplayCase] = {
        guard case .success(let text) = FileSystem.read(directory + "/cases.txt") else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "|")
            return ReplayCase(config: parts[0].trimmed, traces: parts[1].split(separator: " ").map(String.init))
        }
    }()

    var configPath: String { Self.directory + "/\(config).toml" }
    var tracePaths: [String] { traces.map { TraceFiles.directory + "/\($0).jsonl" } }
    var expected: String {
        guard case .success(let t) = FileSystem.read(Self.directory + "/\(config).expected.jsonl") else { return "<missing>" }
        return t
    }
}

/// A loader that does not depend on the machine: built-in keymaps, no desktop.
let isolatedLoader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])

@Suite(.serialized) struct ReplayJSONTests {
    @Test func casesAreThere() { #expect(ReplayCase.all.count == 4) }

    @Test(arguments: ReplayCase.all)
    func libraryOutputMatches(_ c: ReplayCase) throws {
        let config = try isolatedLoader.load(path: c.configPath).get()
        #expect(config.warnings.isEmpty)
        let printer = ReplayPrinter(config: config, json: true, explain: false)
        var out = ""
        for path in c.tracePaths {
            let trace = try TraceFile.read(path: path)
            for e in Replayer.run(trace, table: config.table) {
                for line in printer.lines(e) { out += line.text + "\n" }
            }
        }
        #expect(out == c.expected)
    }

    @Test(arguments: ReplayCase.all)
    func commandOutputMatches(_ c: ReplayCase) {
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--json", "--config", c.configPath] + c.tracePaths,
                          environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
        #expect(r.status == 0)
        #expect(r.stdout == c.expected)   // nothing else on stdout
        #expect(r.stderr == "")
    }

    @Test func explainGoesToStderrWithJSON() {
        let c = ReplayCase.all[0]
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--json", "--explain", "--config", c.configPath] + c.tracePaths,
                          environment: ["HOME": "/nonexistent"])
        #expect(r.stdout == c.expected)
        #expect(r.stderr.contains("workspace-next wins: it recognized its gesture"))
        #expect(r.stderr.contains("claimed by workspace-next: applications never see it"))
    }

    @Test func humanColumns() {
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--config", ReplayCase.directory + "/everyday.toml",
                                                TraceFiles.directory + "/touchscreen-swipe-reversed.jsonl"],
                          environment: ["HOME": "/nonexistent"])
        #expect(r.stdout == "    0.330  workspace-next          cancelled      exec notify-send 'swipe undone'\n")
    }

    @Test func brokenTraceNamesLineAndKey() {
        let path = "/tmp/gesture-bridge-broken-\(getpid()).jsonl"
        defer { removeTree(path) }
        _ = FileSystem.write("{\"trace\": 1, \"screen\": {\"width\": 10, \"height\": 10}, \"devices\": []}\n{\"t\": 0}\n", to: path)
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--json", "--config", ReplayCase.directory + "/kinds.toml", path],
                          environment: ["HOME": "/nonexistent"])
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == "\(path):2: 'ev': missing required key\n")
    }
}

extension String {
    func replacingSuffix(_ s: String, with r: String) -> String { hasSuffix(s) ? String(dropLast(s.count)) + r : self }
}

extension Substring {
    var trimmed: String { String(self).split(separator: " ").joined(separator: " ") }
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct HugeValueTests {
    @Test func hugeButFiniteValuesArePrintedNotTrapped() throws {
        let text = """
            {"trace": 1, "screen": {"width": 1920, "height": 1080}, "devices": [{"id": 11, "name": "ts", "kind": "touchscreen"}]}
            {"t": 1.5, "dev": 11, "ev": "touch-begin", "id": 1, "x": 1e300, "y": 5}
            {"t": 1.55, "dev": 11, "ev": "touch-end", "id": 1, "x": 1e300, "y": 5}
            {"t": 1e200, "dev": 11, "ev": "touch-begin", "id": 2, "x": 5, "y": 5}
            """
        let trace = try TraceReader.parse(text)
        let config = try isolatedLoader.load(text: "keymap = \"none\"\n[[bind]]\ngesture = \"tap()\"\non-ended = \"exec true\"\n", file: "c.toml").get()
        let printer = ReplayPrinter(config: config, json: false, explain: true)
        var lines: [String] = []
        for e in Replayer.run(trace, table: config.table, explain: true) {
            lines += printer.lines(e).map(\.text)
            if case .gesture(let g) = e {
                let env = GestureEnvironment.variables(g, name: "tap", window: .desktop)
                #expect(env["GESTURE_X"] == "1e+300")
            }
        }
        #expect(lines.contains { $0.contains("1.550") && $0.contains("exec true") })
        // At t = 1e200 deadlines lose precision (nothing fires), but nothing traps either.
        #expect(lines.contains { $0.contains("1e+200  arena") })
    }
}
