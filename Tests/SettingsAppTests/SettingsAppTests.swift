#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureConfig
import GestureBridge
import GestureCore
import GestureSettingsModel
import Testing
@testable import gesture_bridge_settings

/// The repository: three levels up from this file.
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

func readFile(_ path: String) -> String {
    guard let f = fopen(path, "r") else { return "" }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct AppOptionsTests {
    static let env = ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/home/ada/.config"]

    @Test(arguments: [
        ([], "/home/ada/.config/gesture-bridge/config.toml"),
        (["--config", "/tmp/x.toml"], "/tmp/x.toml"),
        (["--config=/tmp/y.toml"], "/tmp/y.toml"),
    ])
    func theConfigPath(args: [String], path: String) throws {
        let parsed = try #require(try AppOptions.parse(args, environment: Self.env).get())
        #expect(parsed.configPath == path)
    }

    @Test(arguments: [["--config"], ["--verbose"], ["a.toml"]])
    func whatItDoesNotTakeIsSaid(args: [String]) {
        guard case .failure(let e) = AppOptions.parse(args, environment: Self.env) else {
            Issue.record("\(args) was accepted")
            return
        }
        #expect(!e.description.isEmpty)
    }

    @Test func helpIsNotAConfig() throws {
        #expect(try AppOptions.parse(["--help"], environment: Self.env).get() == nil)
    }

    /// One instance per config file: the default file has the app's own
    /// name; each other file a name of its own, the same each time.
    @Test func oneApplicationNamePerFile() throws {
        func id(_ args: [String]) throws -> String {
            try #require(try AppOptions.parse(args, environment: Self.env).get()).applicationID(base: "a.B")
        }
        #expect(try id([]) == "a.B")
        #expect(try id(["--config", "/home/ada/.config/gesture-bridge/config.toml"]) == "a.B")
        let x = try id(["--config", "/tmp/x.toml"])
        #expect(x.hasPrefix("a.B.Config") && x.count == "a.B.Config".count + 16)
        #expect(try id(["--config", "/tmp/x.toml"]) == x)
        #expect(try id(["--config", "/tmp/y.toml"]) != x)
        #expect(g_application_id_is_valid(x) != 0)
    }
}

/// The stream the app reads is the one `watch` reads: the same verdicts on
/// the same recorded streams (Tests/Monitor/*.stream.jsonl, made by
/// `replay --monitor` from recorded traces).
@Suite struct LiveStateTests {
    static func state(_ stream: String) -> LiveState {
        var s = LiveState()
        for line in readFile(repositoryRoot + "/Tests/Monitor/" + stream).split(separator: "\n") { s.consume(line) }
        return s
    }

    @Test func aShortSwipeSaysWhyNot() {
        let s = Self.state("short-swipe.stream.jsonl")
        #expect(s.verdicts.last == "nothing fired; closest: swipe-left-3: travelled 54 px (14.3 mm) of the 80 px swipe-distance")
        #expect(s.acted.isEmpty)
        // Every binding of the attempt is out, with its reason.
        let b = s.devices[11]?.bindings.first { $0.name == "swipe-left-3" }?.standing
        #expect(b?.standing == "failed")
        #expect(b?.reason == "travelled 54 px (14.3 mm) of the 80 px swipe-distance")
    }

    @Test func aSwipeLightsItsBindingOnce() {
        let s = Self.state("swipe.stream.jsonl")
        #expect(s.acted == ["swipe-left-3": 1])
        #expect(s.verdicts.contains { $0.hasPrefix("swipe-left-3 ended") })
    }

    /// The verdict lines the app shows are watch's, line for line.
    @Test(arguments: ["short-swipe", "swipe", "taps", "two-fingers-held"])
    func verdictsAreWatchs(name: String) {
        let s = Self.state(name + ".stream.jsonl")
        let watch = readFile(repositoryRoot + "/Tests/Monitor/" + name + ".watch.txt")
        // A verdict watch wraps goes on in lines indented by 4.
        var recent: [String] = []
        for line in watch.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "recent:" }).dropFirst()
        where !line.isEmpty {
            if line.hasPrefix("    "), !recent.isEmpty { recent[recent.count - 1] += " " + line.dropFirst(4) }
            else { recent.append(String(line.trimmingPrefix("  "))) }
        }
        #expect(s.verdicts.suffix(recent.count) == recent[...])
    }

    @Test func aBarIsItsMeasure() {
        var s = LiveState()
        s.consume(#"{"t": 0, "type": "standing", "device": 2, "binding": "b", "standing": "joined"}"#)
        s.consume(#"{"t": 0.1, "type": "frame", "device": 2, "kind": "touchpad", "fingers": [], "bindings": [{"binding": "b", "standing": "possible", "measure": "distance", "value": 20, "threshold": 80, "unit": "mm"}]}"#)
        let b = s.live("b")
        #expect(b?.fraction == 0.25)
        #expect(b?.measureText == "20/80 mm")
        #expect(b?.isOut == false)
    }

    /// Try It's shape line: the path a recorded swipe's frames draw, kept
    /// when its attempt is over (a 3-finger swipe left: a line going left).
    @Test func anAttemptsPathIsKeptForTryItsShapeLine() throws {
        let s = Self.state("swipe.stream.jsonl")
        #expect(s.drawnCount == 1 && s.drawing.isEmpty)
        let first = try #require(s.lastDrawn.first), last = try #require(s.lastDrawn.last)
        #expect(s.lastDrawn.count > 5)
        #expect(last.x - first.x < -100 && abs(last.y - first.y) < 40, "\(first) → \(last)")
    }

    /// A touchpad's frames place no fingers: its attempt's path is the
    /// gesture's travel, an L drawn down then right here (the frames as the
    /// monitor writes a 3-finger swipe's), kept when the attempt is over.
    @Test func aTouchpadsTravelIsTryItsShapeLine() throws {
        var s = LiveState()
        s.consume(#"{"t": 0, "type": "standing", "device": 12, "binding": "b", "standing": "joined"}"#)
        var t = 0.0
        let corner = (0...10).map { (0.0, Double($0) * 20) } + (1...10).map { (Double($0) * 20, 200.0) }
        for (dx, dy) in corner {
            t += 1.0 / 60
            s.consume(Substring(#"{"t": \#(t), "type": "frame", "device": 12, "kind": "touchpad", "touchpad": {"gesture": "swipe", "fingers": 3, "dx": \#(dx), "dy": \#(dy), "scale": 1, "angle": 0}, "fingers": [], "bindings": []}"#))
        }
        #expect(s.drawnCount == 0 && s.drawing[12]?.points.count == corner.count)
        s.consume(Substring(#"{"t": \#(t + 0.01), "type": "over", "device": 12}"#))
        #expect(s.drawnCount == 1 && s.drawing.isEmpty)
        #expect(s.lastDrawn.map { [$0.x, $0.y] } == corner.map { [$0.0, $0.1] })
        // The L it draws is the L taught: the shape line says so.
        let set = StrokeSet([StrokeShape(name: "L", templates: [[Point(x: 0, y: 0), Point(x: 0, y: 200), Point(x: 200, y: 200)]])])
        #expect(DrawnShape.verdict(s.lastDrawn, in: set).hasPrefix("matches L"))
    }

    /// A stroke drawn with a mouse or pen button comes as one `stroke` line
    /// (docs/monitor.md): its path is Try It's last drawing, and the shape
    /// line matches it as the daemon did; no frame or `over` comes with it.
    @Test func aPointerStrokeIsTryItsShapeLine() throws {
        var s = LiveState()
        let down: [(Double, Double)] = (0...10).map { (300, 100 + Double($0) * 20) }
        let across: [(Double, Double)] = (1...10).map { (300 + Double($0) * 20, 300) }
        let corner = down + across
        let path = corner.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        s.consume(Substring(#"{"t": 4.2, "type": "stroke", "device": 9, "button": 3, "path": [\#(path)], "binding": "corner"}"#))
        #expect(s.drawnCount == 1 && s.drawing.isEmpty)
        #expect(s.lastDrawn.map { [$0.x, $0.y] } == corner.map { [$0.0, $0.1] })
        let set = StrokeSet([StrokeShape(name: "L", templates: [[Point(x: 0, y: 0), Point(x: 0, y: 200), Point(x: 200, y: 200)]])])
        #expect(DrawnShape.verdict(s.lastDrawn, in: set).hasPrefix("matches L"))
        // A stroke of one point (a click) draws nothing: the last drawing stays.
        s.consume(#"{"t": 5, "type": "stroke", "device": 9, "button": 3, "path": [[1, 1]]}"#)
        #expect(s.drawnCount == 1 && s.lastDrawn.count == corner.count)
    }
}

@Suite struct SessionStatusTests {
    static var running: DaemonState {
        var d = DaemonState()
        d.pid = 42
        d.config = "/home/ada/.config/gesture-bridge/config.toml"
        d.configStatus = "loaded (8 bindings)"
        return d
    }

    @Test func waylandIsSaidAtOnceAndAlone() {
        let m = SessionStatus.messages(environment: ["XDG_SESSION_TYPE": "wayland"], display: ":0", daemon: nil,
                                       configPath: Self.running.config, configExists: false)
        #expect(m.count == 1)
        #expect(m.first?.level == .error)
        #expect(m.first?.text.contains("Wayland") == true)
    }

    @Test func notRunningOffersToStartIt() {
        let m = SessionStatus.messages(environment: [:], display: ":1", daemon: nil, configPath: Self.running.config,
                                       configExists: true)
        #expect(m == [BannerMessage(level: .warning, text: "gesture-bridge is not running on :1: these gestures do nothing until it runs.",
                                    fix: "Start gesture-bridge", fixID: "start")])
    }

    @Test func noFileOffersAFirstConfig() {
        let m = SessionStatus.messages(environment: [:], display: ":0", daemon: Self.running, configPath: Self.running.config,
                                       configExists: false)
        #expect(m.map(\.fixID) == ["init"])
    }

    @Test func runningOnItsConfigSaysNothing() {
        #expect(SessionStatus.messages(environment: [:], display: ":0", daemon: Self.running, configPath: Self.running.config,
                                       configExists: true).isEmpty)
    }

    @Test func anotherFileOrAFailedLoadIsSaid() {
        var d = Self.running
        let other = SessionStatus.messages(environment: [:], display: ":0", daemon: d, configPath: "/tmp/other.toml",
                                           configExists: true)
        #expect(other.first?.text.contains("this window edits /tmp/other.toml") == true)
        d.configStatus = "the file has errors since it changed; running the last good config (8 bindings)"
        let failed = SessionStatus.messages(environment: [:], display: ":0", daemon: d, configPath: d.config, configExists: true)
        #expect(failed.first?.level == .warning)
        #expect(failed.first?.text.contains("running the last good config") == true)
    }
}

@Suite struct ChordTests {
    static let ctrl = GDK_CONTROL_MASK.rawValue, alt = GDK_ALT_MASK.rawValue, shift = GDK_SHIFT_MASK.rawValue,
               sup = GDK_SUPER_MASK.rawValue

    @Test(arguments: [
        (UInt32(GDK_KEY_t), ctrl | alt, "ctrl+alt+t"),
        (UInt32(GDK_KEY_plus), ctrl | shift, "ctrl+plus"),
        (UInt32(GDK_KEY_A), shift, "shift+a"),
        (UInt32(GDK_KEY_ISO_Left_Tab), alt | shift, "alt+shift+Tab"),
        (UInt32(GDK_KEY_Page_Down), sup, "super+Page_Down"),
        (UInt32(GDK_KEY_Right), ctrl | alt | shift, "ctrl+alt+shift+Right"),
        (UInt32(GDK_KEY_F5), 0, "F5"),
    ])
    func aKeyPressIsAChord(keyval: UInt32, state: UInt32, chord: String) {
        #expect(Chord.of(keyval: keyval, state: state) == chord)
    }

    @Test(arguments: [UInt32(GDK_KEY_Control_L), UInt32(GDK_KEY_Shift_R), UInt32(GDK_KEY_Super_L)])
    func aModifierAloneWaitsForTheKey(keyval: UInt32) {
        #expect(Chord.of(keyval: keyval, state: Self.ctrl) == nil)
    }
}

@Suite struct ParsingTests {
    /// `gesture-bridge tune`'s output, as docs/monitor.md shows it.
    @Test func tunesChangeIsReadFromItsOutput() {
        let output = """
            # tune: swipe-left-3 acted in 0 of 3 attempts with the config as it is.
            # The smallest change under which it acts in 3 of 3:
            [settings]
            swipe-distance = "56px"   # was 80px
            finger-landing = "120ms"   # was 80ms
            # Gains: 3 more attempts recognized.
            # Risks: none found; checked against 21 everyday hands that must fire nothing.
            """
        let change = TryItPage.settingsChange(output)
        #expect(change.map(\.key) == ["swipe-distance", "finger-landing"])
        #expect(change.map(\.value) == ["\"56px\"", "\"120ms\""])
    }

    @Test func aDeviceTableIsNotSettings() {
        #expect(TryItPage.settingsChange("[[device]]\nmatch = \"usb:04f3:2b7c\"\nswipe-distance = \"56px\"   # was 80px\n").isEmpty)
    }

    @Test(arguments: [
        (#"WM_CLASS = "navigator", "firefox""#, ["firefox"]),
        (#"WM_CLASS = "gb-drive", "Xmessage""#, ["Xmessage"]),
        ("WM_CLASS:  not found.", []),
        ("_NET_WM_NAME = \"x\"", []),
    ])
    func xpropsClass(line: String, classes: [String]) {
        #expect(RunningApplications.parse(Substring(line)) == classes)
    }

    @Test(arguments: [("60px", SettingInfo.Kind.length, "\"60px\""), ("\"250ms\"", .time, "\"250ms\""),
                      (" true ", .boolean, "true")])
    func aTypedValueIsTOML(typed: String, kind: SettingInfo.Kind, toml: String) {
        #expect(SettingsPage.toml(typed, kind: kind) == toml)
    }
}

/// Issue 52, point 5: AdwEntryRow (libadwaita 1.2) is used exactly when the
/// library loaded has it, and never when the 1.1 way is asked for.
@Suite struct EntryRowTests {
    @Test func followsTheLibrary() {
        let has = dlsym(dlopen(nil, RTLD_NOW), "adw_entry_row_new") != nil
        #expect((AdwEntryRow.load() != nil) == has)
        setenv("GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1", "1", 1)
        defer { unsetenv("GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1") }
        #expect(AdwEntryRow.load() == nil)
    }
}
