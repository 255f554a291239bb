import GestureBridge
import GestureCore
import Testing
import GestureTraces

/// Golden replays of the recorded traces in Tests/Traces: trace + bindings →
/// exactly these phases at these times (ms), `changed` left out.
struct ReplayGolden: Sendable, CustomTestStringConvertible {
    let file: String
    let table: GestureTable
    let expected: [String]
    var testDescription: String { file }
}

func b(_ name: String, _ g: GestureSpec, _ p: Priority = .normal, step: Double? = nil) -> Binding {
    Binding(name: name, gesture: g, priority: p, step: step.map(StepSpec.init(every:)))
}

let swipeLeft3 = GestureSpec.swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3)))
let swipeRight3 = GestureSpec.swipe(SwipeSpec(direction: .right, common: CommonArguments(fingers: 3)))
let everyday = GestureTable(desktop: [
    b("workspace-next", swipeLeft3, .high),
    b("workspace-previous", swipeRight3, .high),
    b("zoom", .magnify(MagnifySpec()), step: 0.15),
    b("hold-then-drag", .sequenced(.longPress(LongPressSpec(minimumDuration: 0.6)),
                                   .drag(DragSpec(minimumDistance: .px(40))))),
    b("double-tap", .tap(TapSpec(count: 2))),
])

let replayGoldens: [ReplayGolden] = [
    ReplayGolden(file: "touchscreen-swipe-left-3.jsonl", table: everyday,
                 expected: ["104 workspace-next began", "314 workspace-next ended"]),
    ReplayGolden(file: "touchscreen-swipe-reversed.jsonl", table: everyday,
                 expected: ["110 workspace-next began", "330 workspace-next cancelled"]),
    ReplayGolden(file: "touchscreen-press-then-drag.jsonl", table: everyday,
                 expected: ["600 hold-then-drag began", "910 hold-then-drag ended"]),
    ReplayGolden(file: "touchscreen-double-tap.jsonl", table: everyday,
                 expected: ["290 double-tap began", "290 double-tap ended"]),
    ReplayGolden(file: "touchscreen-pinch-out.jsonl", table: everyday,
                 // The zoom waits out finger-landing (80 ms): a 3-finger swipe could still land.
                 expected: ["90 zoom began", "90 zoom step-increase", "140 zoom step-increase",
                            "220 zoom step-increase", "310 zoom step-increase", "370 zoom ended"]),
    ReplayGolden(file: "touchpad-swipe-right-3.jsonl", table: everyday,
                 expected: ["10 workspace-previous began", "230 workspace-previous ended"]),
    ReplayGolden(file: "touchpad-pinch-out-in.jsonl", table: everyday,
                 expected: ["30 zoom began", "90 zoom step-increase", "200 zoom step-increase", "310 zoom ended",
                            "660 zoom began", "750 zoom step-decrease", "860 zoom step-decrease", "920 zoom ended"]),
    ReplayGolden(file: "app-scopes-window-switch.jsonl",
                 table: GestureTable(desktop: [b("workspace-next", swipeLeft3)],
                                     apps: [AppScope(classGlob: "firefox", bindings: [b("browser-back", swipeLeft3)])]),
                 expected: ["90 browser-back began", "230 browser-back ended",
                            "720 workspace-next began", "860 workspace-next ended"]),
]

@Suite struct ReplayGoldenTests {
    @Test(arguments: replayGoldens)
    func golden(_ g: ReplayGolden) throws {
        let trace = try TraceFile.read(path: TraceFiles.directory + "/" + g.file)
        let engine = GestureEngine(table: g.table, screen: trace.header.screen)
        let lines = Replayer.run(trace, table: g.table).compactMap { e -> String? in
            guard case .gesture(let ev) = e, ev.phase != .changed else { return nil }
            let phase = ev.step.map { "step-\($0.rawValue)" } ?? ev.phase.rawValue
            return "\(Int((ev.time * 1000).rounded())) \(engine.bindings[ev.binding].name) \(phase)"
        }
        #expect(lines == g.expected)
    }

    @Test func recordingAReplayedTraceGivesTheSameEvents() throws {
        // What replay reads, written back, reads the same and replays the same.
        for file in replayGoldens.map(\.file) {
            let trace = try TraceFile.read(path: TraceFiles.directory + "/" + file)
            let again = try TraceReader.parse(TraceWriter.write(trace))
            #expect(again == trace)
            #expect(Replayer.run(again, table: everyday) == Replayer.run(trace, table: everyday))
        }
    }
}
