import GestureBridge
import GestureCore
import Testing
import GestureTraces
import GestureTesting

// Touches recorded by other people on real touchscreens (whot/evemu-devices,
// converted to traces: Tests/Traces/real/README.md), replayed against a
// user's everyday bindings. Each must do what the hand did, and nothing else.

struct RealRecording: CustomTestStringConvertible, Sendable {
    let file: String
    /// The bindings that must act (end or step), each once.
    let acts: [String]
    let what: String
    var testDescription: String { file }
}

let realRecordings: [RealRecording] = [
    RealRecording(file: "atmel-4-finger-drag-down.jsonl", acts: ["swipe4-down"],
                  what: "4 fingers landing at 0, 28, 28 and 111 ms drag down ~270 px"),
    RealRecording(file: "ep0430m09-4-finger-drag.jsonl", acts: ["swipe4-up"],
                  what: "4 fingers in one frame drag 170-280 px (up, as its axes map)"),
    RealRecording(file: "ep0430m09-2-finger-scroll.jsonl", acts: [],
                  what: "a two-finger scroll: no swipe, no pinch, no rotation (the old engine rotated)"),
    RealRecording(file: "atmel-2-finger-press.jsonl", acts: [],
                  what: "two fingers held 0.8 s: a press, not a tap"),
    RealRecording(file: "atmel-1-finger-fast-taps.jsonl", acts: [],
                  what: "one-finger taps: no binding wants one finger"),
    RealRecording(file: "dell-canvas-2-4-5-fingers.jsonl", acts: ["tap2"],
                  what: "a 0.36 s two-finger tap, then 4 and 5 fingers landing over 275 and 81 ms moving every which way, then one finger"),
]

/// A user's everyday bindings: the recognition corpus's (3- and 4-finger
/// swipes, magnify, rotate, 2- and 3-finger taps).
let realBindings = RecognitionCorpus.table

@Suite struct RealRecordingTests {
    @Test(arguments: realRecordings)
    func realHardwareDoesWhatTheHandDid(_ r: RealRecording) throws {
        let trace = try TraceFile.read(path: TraceFiles.directory + "/real/" + r.file)
        let engine = GestureEngine(table: realBindings, screen: trace.header.screen)
        let acted = Replayer.run(trace, table: realBindings).compactMap { e -> String? in
            guard case .gesture(let g) = e, g.phase == .ended || g.phase == .step else { return nil }
            return engine.bindings[g.binding].name
        }
        #expect(acted == r.acts, "\(r.what): \(acted)")
    }
}
