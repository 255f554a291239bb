@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// The engine's one model of the fingers, as its readers (the monitor
/// stream, the Touchégg forwarder) see it: `GestureEngine.snapshot(of:)`.
@Suite struct DeviceSnapshotTests {
    let screen = Screen(width: 1920, height: 1080)
    let pad = Device(id: 12, name: "pad", kind: .touchpad)
    let ts = Device(id: 11, name: "ts", kind: .touchscreen)

    func engine() -> GestureEngine {
        GestureEngine(table: GestureTable(desktop: [bind("left", swipe(.left)), bind("zoom", magnify(fingers: 3))]),
                      screen: screen, devices: [ts, pad])
    }

    @Test func touchesAreSaidByIdWithTheFrameBeingBuiltAlreadyIn() {
        var e = engine()
        _ = e.process(.touchBegin(device: 11, touch: 7, at: Point(x: 100, y: 100)), at: 1)
        _ = e.process(.touchBegin(device: 11, touch: 3, at: Point(x: 200, y: 100)), at: 1.0005)
        _ = e.process(.touchUpdate(device: 11, touch: 7, at: Point(x: 90, y: 101)), at: 1.01)
        var s = e.snapshot(of: 11)
        #expect(s.device == ts && s.kind == .touchscreen && s.source == .touch && !s.touchpadGesture)
        #expect(s.fingers == [Finger(touch: 3, position: Point(x: 200, y: 100), down: true),
                              Finger(touch: 7, position: Point(x: 90, y: 101), down: true)])
        #expect(s.fingersDown == 2 && s.landed == 2)
        #expect(s.attempting && s.standings.map(\.binding) == [0, 1])
        // A lift is said at once, where it lifted; once its frame is judged it is gone.
        _ = e.process(.touchEnd(device: 11, touch: 3, at: Point(x: 205, y: 100)), at: 1.02)
        s = e.snapshot(of: 11)
        #expect(s.fingers.map(\.down) == [false, true] && s.fingers[0].position == Point(x: 205, y: 100))
        _ = e.advance(to: 1.03)
        #expect(e.snapshot(of: 11).fingers.map(\.touch) == [7])
        // Asked only for the hand, the standings stay unread.
        let hand = e.snapshot(of: 11, .hand)
        #expect(hand.standings.isEmpty && hand.attempting && hand.device == nil && hand.kind == .touchscreen)
    }

    @Test func aTouchpadPinchIsItsEventsSummed() {
        var e = engine()
        _ = e.process(.pinchBegin(device: 12, fingers: 3, at: centre), at: 1)
        _ = e.process(.pinchUpdate(device: 12, fingers: 3, delta: Point(x: 2, y: -1), scale: 1.2, angleDelta: 3), at: 1.01)
        _ = e.process(.pinchUpdate(device: 12, fingers: 3, delta: Point(x: 1, y: 0), scale: 1.5, angleDelta: -1), at: 1.02)
        let s = e.snapshot(of: 12)
        #expect(s.touchpadGesture && s.source == .touchpadPinch && s.landed == 3 && s.fingers.isEmpty)
        #expect(s.travel == Point(x: 3, y: -1) && s.scale == 1.5 && s.angle == 2)
        // No unaccelerated motion in a pinch: the accelerated stands in.
        #expect(abs(s.unaccelerated.x - 3) < 1e-9 && abs(s.unaccelerated.y + 1) < 1e-9)
        _ = e.process(.pinchEnd(device: 12, fingers: 3, cancelled: false), at: 1.03)
        #expect(!e.snapshot(of: 12).touchpadGesture)
    }

    @Test func anUnknownDeviceHasNothing() {
        let s = engine().snapshot(of: 99)
        #expect(s.device == nil && s.kind == nil && s.fingers.isEmpty && !s.attempting && s.standings.isEmpty && s.scale == 1)
    }

    /// Reading is read-only: a trace played with a snapshot read after
    /// every call makes the same effects as without, and a kept snapshot
    /// says the same as a fresh one.
    @Test func readingChangesNothing() {
        var b = TraceBuilder.standard()
        b.land(3, at: centre)
        b.move(by: Point(x: -300, y: 10), over: 0.3)
        b.lift()
        var quiet = engine(), watched = engine()
        var kept = DeviceSnapshot()
        for ev in b.trace.events {
            let a = quiet.process(ev.input, at: ev.t)
            let w = watched.process(ev.input, at: ev.t)
            #expect(a == w)
            watched.snapshot(of: 11, into: &kept)
            let fresh = watched.snapshot(of: 11)
            #expect(kept.fingers == fresh.fingers && kept.standings == fresh.standings && kept.travel == fresh.travel)
        }
        #expect(quiet.advance(to: 5) == watched.advance(to: 5))
    }

    @Test func meanMotionAndWidthFollowTheFingersOfTheStart() {
        let start = [Finger(touch: 1, position: Point(x: 0, y: 0), down: true),
                     Finger(touch: 2, position: Point(x: 100, y: 0), down: true)]
        let now = [Finger(touch: 1, position: Point(x: -20, y: 10), down: true),
                   Finger(touch: 2, position: Point(x: 140, y: 10), down: false),
                   Finger(touch: 5, position: Point(x: 500, y: 0), down: true)]
        // Touch 5 landed later: not in the mean, but in the span (as Touchégg counts them).
        #expect(now.meanMotion(from: start) == Point(x: 10, y: 10))
        #expect(now.widthRatio(from: start) == 5.2)
        #expect(now.widthRatio(from: [start[0]]) == 1)
        #expect([Finger]().meanMotion(from: start) == .zero)
    }
}
