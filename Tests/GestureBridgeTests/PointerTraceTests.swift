#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
@testable import GestureTools
import GestureConfig
import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import GestureX11
import Testing

/// Traces of a mouse and a pen (trace-format.md's pointer records:
/// `button-press`, `motion`, `button-release` of a `mouse` or `pen`
/// device): read and written back, refused where wrong, replayed with the
/// daemon's machine and matching (`replay`, `--explain`, `--json`,
/// `--monitor` and `watch`), taught from (`teach`), recorded.
@Suite struct PointerTraceTests {
    static let header = #"{"trace": 1, "screen": {"width": 1920, "height": 1080, "px_per_mm": 3.78}, "devices": [{"id": 13, "name": "USB mouse", "kind": "mouse"}, {"id": 14, "name": "Wacom Intuos Pen stylus", "kind": "pen"}, {"id": 11, "name": "ELAN Touchscreen", "kind": "touchscreen"}]}"#

    static let texts: [String] = [
        // A stroke drawn with the right button.
        header + "\n" + """
        {"t": 0, "dev": 13, "ev": "button-press", "button": 3, "x": 700, "y": 400}
        {"t": 0.008, "dev": 13, "ev": "motion", "x": 702, "y": 404.5}
        {"t": 0.016, "dev": 13, "ev": "motion", "x": 706.25, "y": 420}
        {"t": 0.64, "dev": 13, "ev": "button-release", "button": 3, "x": 850, "y": 560}

        """,
        // The pen: its tip (1), then a side button (2) with Super held, then
        // a finger on the touchscreen with nothing held.
        header + "\n" + """
        {"t": 0, "dev": 14, "ev": "button-press", "button": 1, "x": 100, "y": 100}
        {"t": 0.005, "dev": 14, "ev": "motion", "x": 101, "y": 100}
        {"t": 0.01, "dev": 14, "ev": "button-release", "button": 1, "x": 101, "y": 100}
        {"t": 1.5, "mods": "super", "dev": 14, "ev": "button-press", "button": 2, "x": 300, "y": 300}
        {"t": 1.9, "dev": 14, "ev": "button-release", "button": 2, "x": 300, "y": 300}
        {"t": 2, "dev": 11, "ev": "touch-begin", "id": 1, "x": 500, "y": 500}
        {"t": 2.1, "dev": 11, "ev": "touch-end", "id": 1, "x": 500, "y": 500}

        """,
    ]

    @Test(arguments: texts)
    func aPointerTraceReadsAndWritesBackByteIdentical(_ text: String) throws {
        let trace = try TraceReader.parse(text, file: "t.jsonl")
        #expect(trace.header.devices.map(\.kind) == [.mouse, .pen, .touchscreen])
        #expect(trace.events.contains { if case .buttonPress = $0.input { true } else { false } })
        #expect(TraceWriter.write(trace) == text)
    }

    /// Each wrong pointer record is refused at its file, line and column
    /// (the column of the wrong value, as for every record).
    static let wrong: [(line: String, error: String)] = [
        (#"{"t": 0, "dev": 13, "ev": "button-press", "button": 12, "x": 1, "y": 1}"#,
         "t.jsonl:2:53: 'button': unknown button 12; a pointer's buttons are 1-9"),
        (#"{"t": 0, "dev": 13, "ev": "button-release", "button": 0, "x": 1, "y": 1}"#,
         "t.jsonl:2:55: 'button': unknown button 0; a pointer's buttons are 1-9"),
        (#"{"t": 0, "ev": "motion", "x": 1, "y": 1}"#,
         "t.jsonl:2:16: 'ev': a motion record needs 'dev', the mouse or pen it comes from"),
        (#"{"t": 0, "dev": 11, "ev": "button-press", "button": 3, "x": 1, "y": 1}"#,
         "t.jsonl:2:17: 'dev': device 11 is a touchscreen in the header; button-press records come from a mouse or pen"),
        (#"{"t": 0, "dev": 14, "ev": "touch-begin", "id": 1, "x": 1, "y": 1}"#,
         "t.jsonl:2:17: 'dev': device 14 is a pen in the header; touch-begin records come from a touchscreen or touchpad"),
        (#"{"t": 0, "dev": 13, "ev": "motion", "x": 1}"#,
         "t.jsonl:2: 'y': missing required key"),
    ]

    @Test(arguments: wrong)
    func aWrongPointerRecordIsALocatedError(_ c: (line: String, error: String)) {
        #expect(throws: TraceError.self) { try TraceReader.parse(Self.header + "\n" + c.line + "\n", file: "t.jsonl") }
        do {
            _ = try TraceReader.parse(Self.header + "\n" + c.line + "\n", file: "t.jsonl")
        } catch {
            #expect(error.description == c.error)
        }
    }

    // MARK: Replay, through the command

    /// A folder with a config binding an L to button 3 (no modifiers) and
    /// its strokes.toml.
    final class Folder {
        let path = "/tmp/gesture-bridge-pointer-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        var config: String { path + "/config.toml" }
        init(strokes: StrokeSet? = nil, settings: String = "") {
            _ = mkdir(path, 0o700)
            _ = FileSystem.write("""
                version = 1
                keymap = "generic"
                \(settings)

                [[bind]]
                name = "close-tab"
                gesture = 'stroke("L", button: 3)'
                modifiers = "none"
                on-ended = "key ctrl+w"

                """, to: config)
            if let strokes { _ = FileSystem.write(StrokesFile.text(strokes), to: path + "/strokes.toml") }
        }
        deinit { removeTree(path) }

        /// A trace written here.
        func trace(_ name: String, _ events: [TraceEvent]) -> String {
            let file = path + "/" + name + ".jsonl"
            _ = FileSystem.write(TraceWriter.write(PointerDrawing.trace(events)), to: file)
            return file
        }

        func run(_ args: [String]) -> Spawned {
            Spawn.run(Spawn.gestureBridge, args, environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
        }
    }

    /// An L as a hand draws it, `size` px tall, its points wobbling a px or two.
    static func ell(_ size: Double, wobble: Double = 1.5) -> [Point] {
        PointerDrawing.scaled(StrokeShapes.ell(200).enumerated().map { i, p in
            p + Point(x: wobble * StrokeShapes.sine(Double(i) * 1.7), y: wobble * StrokeShapes.cosine(Double(i) * 2.3))
        }, to: size, centre: Point(x: 800, y: 450))
    }

    static let taughtL = StrokeSet([StrokeShape(name: "L", templates: [StrokeShapes.ell(200)])])

    @Test func anLDrawnWithButton3FiresItsBindingAsJSON() {
        let f = Folder(strokes: Self.taughtL)
        let trace = f.trace("l", PointerDrawing.events(PointerDrawing.timed(Self.ell(260))))
        let r = f.run(["replay", "--json", "--config", f.config, trace])
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout == #"{"t": 0.328, "binding": "close-tab", "phase": "ended", "action": "key ctrl+w"}"# + "\n")
        // With another button, or Super held, nothing is bound: nothing fires.
        let other = f.trace("l2", PointerDrawing.events(PointerDrawing.timed(Self.ell(260)), button: 2))
        #expect(f.run(["replay", "--json", "--config", f.config, other]).stdout == "")
        var held = PointerDrawing.events(PointerDrawing.timed(Self.ell(260)))
        held.insert(TraceEvent(t: 0, input: .modifiers(.super)), at: 0)
        #expect(f.run(["replay", "--json", "--config", f.config, f.trace("super", held)]).stdout == "")
    }

    @Test func aRightClickFiresNothingAndIsPassedToTheWindow() {
        let f = Folder(strokes: Self.taughtL)
        let trace = f.trace("click", PointerDrawing.click())
        #expect(f.run(["replay", "--json", "--config", f.config, trace]).stdout == "")
        let r = f.run(["replay", "--explain", "--config", f.config, trace])
        #expect(r.stdout == """
                0.000  button 3                pressed (device 13): 1 stroke binding can begin; taken
                0.088  button 3                released within 16 px: a click, passed to the window (one press, one release at the press's place)

            """)
    }

    @Test func aPressHeldStillGoesToTheApplicationAndAnUnboundOneToTheWindow() {
        let f = Folder(strokes: Self.taughtL)
        let p = Point(x: 700, y: 400)
        // Held within 4 px for 300 ms, then dragged 200 px: the drag is the application's.
        let drag = PointerDrawing.events([(p, 0), (p + Point(x: 1, y: 0), 0.3)]
            + (1...20).map { (p + Point(x: Double($0) * 10, y: 0), 0.3 + Double($0) * 0.01) })
        let r = f.run(["replay", "--explain", "--config", f.config, f.trace("drag", drag)])
        #expect(r.stdout.contains("0.250  button 3                held still for 250 ms: handed to the application, to the release\n"))
        #expect(!r.stdout.contains("fires"))
        let middle = f.trace("middle", PointerDrawing.events(PointerDrawing.timed(Self.ell(260)), button: 2))
        #expect(f.run(["replay", "--explain", "--config", f.config, middle]).stdout
            == "    0.000  button 2                pressed (device 13): no stroke bound here; the window gets the press as made\n")
    }

    /// `button-hold` ([settings]) is the replay's hold as the daemon's.
    @Test func theHoldIsTheConfigsButtonHold() {
        let f = Folder(strokes: Self.taughtL, settings: "[settings]\nbutton-hold = \"500ms\"\n")
        let p = Point(x: 700, y: 400)
        let drag = PointerDrawing.events([(p, 0), (p + Point(x: 1, y: 0), 0.3)]
            + (1...20).map { (p + Point(x: Double($0) * 10, y: 0), 0.3 + Double($0) * 0.01) })
        let r = f.run(["replay", "--explain", "--config", f.config, f.trace("drag", drag)])
        #expect(!r.stdout.contains("held still"), "\(r.stdout)")
        #expect(r.stdout.contains("stroke drawn (22 points): no shape"), "\(r.stdout)")
        let long = PointerDrawing.events([(p, 0), (p, 0.6), (p + Point(x: 100, y: 0), 0.7)])
        #expect(f.run(["replay", "--explain", "--config", f.config, f.trace("long", long)]).stdout
            .contains("    0.500  button 3                held still for 500 ms: handed to the application, to the release\n"))
    }

    @Test func explainSaysWhatWasDrawnAndMatched() {
        let f = Folder(strokes: Self.taughtL)
        let l = f.run(["replay", "--explain", "--config", f.config, f.trace("l", PointerDrawing.events(PointerDrawing.timed(Self.ell(300))))])
        #expect(l.stdout.contains("button 3                stroke drawn (41 points): matched L (score "))
        #expect(l.stdout.contains("close-tab fires\n"))
        // A circle is no L: nothing fires, the closest said.
        let circle = PointerDrawing.scaled(StrokeShapes.circle(100, clockwise: true), to: 300)
        let c = f.run(["replay", "--explain", "--config", f.config, f.trace("o", PointerDrawing.events(PointerDrawing.timed(circle)))])
        #expect(c.stdout.contains("stroke drawn (65 points): no shape, closest L (score "))
        #expect(c.stdout.contains("nothing fires\n"))
    }

    /// `teach` from three mouse traces writes L's templates and says the
    /// button; the L then fires drawn at other sizes and speeds, a circle
    /// and a right-click do not.
    @Test func teachFromThreeMouseTracesThenReplay() throws {
        let f = Folder()
        let examples = [180.0, 250, 330].enumerated().map { i, size in
            f.trace("example\(i)", PointerDrawing.events(PointerDrawing.timed(Self.ell(size, wobble: 1 + Double(i)), interval: 0.006 + 0.002 * Double(i))))
        }
        let taught = f.run(["teach", "--config", f.config, "L"] + examples)
        #expect(taught.status == 0, "\(taught.stderr)")
        #expect(taught.stdout.contains("L: 3 examples, threshold "))
        #expect(taught.stdout.contains("your attempts, each against the others: 3 of 3 recognized"))
        #expect(taught.stdout.hasSuffix("bind it with gesture = 'stroke(\"L\", button: 3)'\n"))
        let set = try StrokesFile.load(path: f.path + "/strokes.toml").get()
        #expect(set["L"]?.templates.count == 3)
        for (i, size) in [150.0, 220, 400].enumerated() {
            let t = f.trace("again\(i)", PointerDrawing.events(PointerDrawing.timed(Self.ell(size, wobble: 2.5), interval: 0.01)))
            #expect(f.run(["replay", "--json", "--config", f.config, t]).stdout.contains("\"binding\": \"close-tab\""), "\(size) px")
        }
        let circle = PointerDrawing.scaled(StrokeShapes.circle(100, clockwise: false), to: 250)
        #expect(f.run(["replay", "--json", "--config", f.config, f.trace("o", PointerDrawing.events(PointerDrawing.timed(circle)))]).stdout == "")
        #expect(f.run(["replay", "--json", "--config", f.config, f.trace("click", PointerDrawing.click())]).stdout == "")
    }

    /// Several drawings in one trace: each press is an attempt, however soon the next.
    @Test func eachPressIsAnAttempt() {
        var events: [TraceEvent] = []
        for k in 0..<3 { events += PointerDrawing.events(PointerDrawing.timed(Self.ell(200)), from: Double(k) * 0.4) }
        events += PointerDrawing.click(from: 1.5)
        let parts = PointerDrawing.trace(events).attempts()
        #expect(parts.count == 4)
        #expect(parts.prefix(3).allSatisfy { StrokeExample($0)?.button == 3 })
        #expect(StrokeExample(parts[3]) == nil)   // a click is no drawing
    }

    /// `replay --monitor` says a drawn stroke as the daemon's stream does,
    /// and `watch` shows what fired.
    @Test func watchShowsAPointerStroke() {
        let f = Folder(strokes: Self.taughtL)
        let r = f.run(["replay", "--monitor", "--config", f.config, f.trace("l", PointerDrawing.events(PointerDrawing.timed(Self.ell(260))))])
        let stroke = r.stdout.split(separator: "\n").filter { $0.contains("\"type\": \"stroke\"") }
        #expect(stroke.count == 1 && stroke[0].hasSuffix("\"binding\": \"close-tab\"}"))
        var view = WatchView(title: "t")
        for line in r.stdout.split(separator: "\n") { view.consume(line) }
        #expect(view.render().contains { $0 == "  close-tab fired: a stroke drawn with button 3 (41 points)" })
        var none = WatchView(title: "t")
        none.consume(#"{"t": 1, "type": "stroke", "device": 13, "button": 3, "path": [[0, 0], [100, 0]]}"#)
        #expect(none.render().contains { $0 == "  nothing fired: a stroke drawn with button 3 (2 points) matched no shape" })
    }

    /// `teach --live --button`'s count: a drawing is an attempt, a click is not.
    @Test func liveAttemptsCountDrawingsNotClicks() {
        var live = LiveAttempts(wanted: 2)
        let finished = (PointerDrawing.click() + PointerDrawing.events(PointerDrawing.timed(Self.ell(200)), from: 1))
            .filter { live.see($0.input) }
        #expect(finished.count == 1 && live.done == 1)
    }

    /// The daemon's record: a press's own modifiers on its line, the
    /// engine's on the next begin; read back as they were.
    @Test func theRecordWritesPointerRecords() throws {
        let path = "/tmp/gesture-bridge-pointer-record-\(getpid()).jsonl"
        defer { removeTree(path) }
        var error = ""
        let rec = try #require(TraceRecording(path: path, start: 0, error: &error))
        rec.write(PointerDrawing.header())
        let drawn = PointerDrawing.events(PointerDrawing.timed(Self.ell(200)))
        for (i, e) in drawn.enumerated() {
            rec.write(PointerRecord(input: e.input, time: e.t, modifiers: i == 0 ? .super : []), at: e.t)
        }
        rec.flush()
        let text = try FileSystem.read(path).get()
        let back = try TraceReader.parse(text)
        #expect(back.events.first?.input == .modifiers(.super))
        #expect(Array(back.events.dropFirst()) == drawn)
    }
}
