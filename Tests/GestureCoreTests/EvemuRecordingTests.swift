@testable import GestureCore
import GestureTesting
import GestureTraces
import Testing

// The evemu reader and the real-hands scorer on small texts written here
// (the real recordings are read in place by RealHandsOfflineTests).

@Suite struct EvemuRecordingTests {
    /// A device 0–799 × 0–479 (as the Atmel maXTouch declares it).
    static let desc = """
        # EVEMU 1.3
        N: Test Touchscreen
        I: 0018 0000 0000 0000
        A: 00 0 799 0 0 0
        A: 01 0 479 0 0 0
        A: 2f 0 9 0 0 0
        A: 35 0 799 0 0 0
        A: 36 0 479 0 0
        A: 39 0 65535 0 0 0
        """

    /// Two fingers: slot 0 lands at 10.5 s, slot 1 in the next frame;
    /// slot 0 moves (x only, and once not at all); both lift; a third touch
    /// comes later. evemu writes type and code in hex, values in decimal.
    static let events = """
        E: 10.500000 0003 002f 0000
        E: 10.500000 0003 0039 0021
        E: 10.500000 0003 0035 0400
        E: 10.500000 0003 0036 0240
        E: 10.500000 0000 0000 0000
        E: 10.520000 0003 002f 0001
        E: 10.520000 0003 0039 0022
        E: 10.520000 0003 0035 0100
        E: 10.520000 0003 0036 0048
        E: 10.520000 0000 0000 0000
        E: 10.540000 0003 002f 0000
        E: 10.540000 0003 0035 0500
        E: 10.540000 0000 0000 0000
        E: 10.560000 0003 0035 0500
        E: 10.560000 0000 0000 0000
        E: 10.580000 0003 0039 -001
        E: 10.580000 0003 002f 0001
        E: 10.580000 0003 0039 -001
        E: 10.580000 0000 0000 0000
        E: 12.000000 0003 002f 0003
        E: 12.000000 0003 0039 0023
        E: 12.000000 0003 0035 0799
        E: 12.000000 0003 0036 0479
        E: 12.000000 0000 0000 0000
        E: 12.100000 0003 0039 -001
        E: 12.100000 0000 0000 0000
        """

    @Test func framesBecomeTouchesOnTheScreenFromTheFirstEvent() throws {
        let r = try EvemuRecording(desc: Self.desc, events: Self.events)
        #expect(r.name == "Test Touchscreen")
        let d = EvemuRecording.deviceID
        let want: [TraceEvent] = [
            TraceEvent(t: 0, input: .touchBegin(device: d, touch: 1, at: Point(x: 961.2, y: 541.127))),
            TraceEvent(t: 0.02, input: .touchBegin(device: d, touch: 2, at: Point(x: 240.3, y: 108.225))),
            TraceEvent(t: 0.04, input: .touchUpdate(device: d, touch: 1, at: Point(x: 1201.502, y: 541.127))),
            TraceEvent(t: 0.08, input: .touchEnd(device: d, touch: 1, at: Point(x: 1201.502, y: 541.127))),
            TraceEvent(t: 0.08, input: .touchEnd(device: d, touch: 2, at: Point(x: 240.3, y: 108.225))),
            TraceEvent(t: 1.5, input: .touchBegin(device: d, touch: 3, at: Point(x: 1920, y: 1080))),
            TraceEvent(t: 1.6, input: .touchEnd(device: d, touch: 3, at: Point(x: 1920, y: 1080))),
        ]
        #expect(r.trace.events.count == want.count)
        for (a, b) in zip(r.trace.events, want) {
            #expect(abs(a.t - b.t) < 1e-6 && Self.sameKind(a.input, b.input), "\(a) vs \(b)")
            if let p = Self.point(a.input), let q = Self.point(b.input) {
                #expect((p - q).length < 0.01, "\(p) vs \(q)")
            }
        }
        #expect(r.sequences.map(\.start) == [0, 1.5])
        #expect(r.sequences.map(\.maxFingers) == [2, 1])
        #expect(r.trace.header.screen.width == 1920 && r.trace.header.devices.map(\.kind) == [.touchscreen])
    }

    @Test func aDeviceWithoutMultiTouchAxesIsAClearError() {
        #expect(throws: EvemuRecording.ReadError.self) {
            try EvemuRecording(desc: "N: mouse\nA: 00 0 10 0 0 0\n", events: "")
        }
        do {
            _ = try EvemuRecording(desc: Self.desc, events: "E: 0.1 0003 0035\n")
            Issue.record("a short event line was read")
        } catch {
            #expect(error.description == "line 1: an event line that is not `E: time type code value`")
        }
    }

    static func sameKind(_ a: Input, _ b: Input) -> Bool {
        switch (a, b) {
        case (.touchBegin(_, let x, _), .touchBegin(_, let y, _)),
             (.touchUpdate(_, let x, _), .touchUpdate(_, let y, _)),
             (.touchEnd(_, let x, _), .touchEnd(_, let y, _)): return x == y
        default: return false
        }
    }

    static func point(_ i: Input) -> Point? {
        switch i {
        case .touchBegin(_, _, let p), .touchUpdate(_, _, let p), .touchEnd(_, _, let p): return p
        default: return nil
        }
    }
}

@Suite struct RealHandsScoreTests {
    static let labels = """
        [{"name": "r", "kind_by_props": "touchscreen", "sequences": [
          {"index": 0, "t": 0, "label": "a pinch in", "must": ["magnify2:in"], "may": ["rotate2:cw"]},
          {"index": 1, "t": 2, "label": "a stroke", "must": [], "may": []},
          {"index": 2, "t": 4, "label": "a 4-finger swipe", "must": ["swipe4-down"], "may": ["magnify4:in"]}]}]
        """

    static func g(_ t: Seconds, _ b: BindingID, _ phase: GesturePhase, _ step: StepDirection? = nil) -> Effect {
        .gesture(GestureEvent(time: t, binding: b, phase: phase, step: step, device: 11, value: GestureValue()))
    }

    @Test func firedIsAttributedToItsSequenceAndJudged() throws {
        let recording = try #require(try RealHandsLabels(json: Self.labels).recordings.first)
        let names = ["magnify2", "rotate2", "tap1", "swipe4-down", "magnify4"]
        let steps = [true, true, false, false, true]
        let effects = [
            Self.g(0.5, 0, .began), Self.g(0.5, 0, .step, .decrease),
            Self.g(0.6, 1, .began), Self.g(0.6, 1, .step, .increase),
            Self.g(0.9, 0, .ended), Self.g(0.9, 1, .ended),
            // A tap ending after the stroke lifted still belongs to it.
            Self.g(2.5, 2, .began), Self.g(2.5, 2, .ended),
            Self.g(4.2, 3, .began), Self.g(4.2, 4, .began), Self.g(4.3, 4, .cancelled), Self.g(4.4, 3, .ended),
        ]
        let s = RealHandsScore(recording, starts: [0, 2, 4], effects: effects, names: names, steps: steps)
        #expect(s.sequenceCountMismatch == nil)
        #expect(s.sequences.map(\.fired) == [["magnify2:in", "rotate2:cw"], ["tap1"], ["swipe4-down", "magnify4"]])
        #expect(s.sequences.map(\.recognized) == [true, false, true])
        // A magnify that began and never stepped fires as its bare name:
        // allowed where one of its directions is.
        #expect(s.sequences.map(\.unexpected) == [[], ["tap1"], []])
        #expect((s.mustSequences, s.recognized, s.negatives, s.falseOnNegatives, s.unexpected) == (2, 2, 1, 1, 1))
        #expect(s.lines[1].hasPrefix("FALSE r #1  want nothing  fired tap1"))
    }

    @Test func malformedLabelsAreAClearError() {
        #expect(throws: RealHandsLabels.ReadError.self) { try RealHandsLabels(json: "[{\"name\": 1}]") }
        #expect(throws: RealHandsLabels.ReadError.self) { try RealHandsLabels(json: "[{") }
    }
}
