import CX11
@testable import GestureX11
import Testing

/// FrameGather says when a read stopped inside a touchscreen frame, which
/// X writes one touch event at a time.
///
/// The sequences are shaped like the E2E swipe (touchscreen-swipe-left-3):
/// three fingers, a frame every 12 ms, X's stamps in ms. Each step is one
/// event and whether the frame is unfinished once the read stops after it.
@Suite struct FrameGatherTests {
    enum Kind { case begin, update, end }
    /// One event (`touch` on device 10, X's time `ms`), and `awaitsRest` after it.
    struct Step: CustomStringConvertible {
        let kind: Kind, touch: UInt32, ms: UInt32, awaits: Bool
        var description: String { "\(kind) \(touch) at \(ms) → \(awaits)" }
    }
    static func b(_ t: UInt32, _ ms: UInt32, _ a: Bool) -> Step { Step(kind: .begin, touch: t, ms: ms, awaits: a) }
    static func u(_ t: UInt32, _ ms: UInt32, _ a: Bool) -> Step { Step(kind: .update, touch: t, ms: ms, awaits: a) }
    static func e(_ t: UInt32, _ ms: UInt32, _ a: Bool) -> Step { Step(kind: .end, touch: t, ms: ms, awaits: a) }

    static let cases: [(String, [Step])] = [
        // Three fingers land in one frame: each landing completes what is known.
        ("a landing frame", [b(1, 1000, false), b(2, 1000, false), b(3, 1000, false)]),
        // The next frame, read one write at a time: unfinished until the third.
        ("a moving frame read write by write", [
            b(1, 1000, false), b(2, 1000, false), b(3, 1000, false),
            u(1, 1012, true), u(2, 1012, true), u(3, 1012, false),
        ]),
        // X's driver posts a frame's events one after another: a stamp 1 ms on is the same frame.
        ("a frame over a millisecond's edge", [
            b(1, 1000, false), b(2, 1000, false), b(3, 1000, false),
            u(1, 1012, true), u(2, 1013, true), u(3, 1013, false),
        ]),
        // The lift: an ended touch is not waited for; the others' ends are.
        ("the lift, read write by write", [
            b(1, 1000, false), b(2, 1000, false),
            u(1, 1012, true), u(2, 1012, false),
            e(1, 1024, true), e(2, 1024, false),
        ]),
        // A finger that does not move has no event: waited for while it
        // moved lately, not once it has been still for 50 ms.
        ("a resting finger", [
            b(1, 1000, false), b(2, 1000, false),
            u(1, 1012, true), u(1, 1024, true), u(1, 1048, true), u(1, 1050, true), u(1, 1051, false),
        ]),
        // An end never seen (a device unplugged mid-touch): still, so not
        // waited for after 50 ms, and forgotten at the next landing.
        ("a touch whose end never came", [
            b(7, 1000, false),
            b(1, 2000, false), u(1, 2012, false),
        ]),
        // X's 32-bit millisecond clock wraps after 49 days.
        ("X's clock wrapping", [
            b(1, UInt32.max - 5, false), b(2, UInt32.max - 5, false),
            u(1, 6, true), u(2, 6, false),
        ]),
    ]

    @Test(arguments: cases)
    func saysWhenAReadStoppedInsideAFrame(_ name: String, _ steps: [Step]) {
        var frame = FrameGather()
        for (i, step) in steps.enumerated() {
            let type: Int32 = switch step.kind {
            case .begin: XI_TouchBegin
            case .update: XI_TouchUpdate
            case .end: XI_TouchEnd
            }
            frame.saw(type, TouchOwnership.Key(device: 10, touch: step.touch), at: step.ms)
            #expect(frame.awaitsRest == step.awaits, "\(name), step \(i): \(step)")
        }
    }

    /// Two touchscreens: a touch of the other device counts as one of the frame too (the wait is short either way).
    @Test func touchesOfTwoDevicesAreOneHand() {
        var frame = FrameGather()
        frame.saw(XI_TouchBegin, .init(device: 10, touch: 1), at: 1000)
        frame.saw(XI_TouchBegin, .init(device: 11, touch: 1), at: 1000)
        frame.saw(XI_TouchUpdate, .init(device: 10, touch: 1), at: 1012)
        #expect(frame.awaitsRest)
        frame.saw(XI_TouchUpdate, .init(device: 11, touch: 1), at: 1012)
        #expect(!frame.awaitsRest)
    }
}
