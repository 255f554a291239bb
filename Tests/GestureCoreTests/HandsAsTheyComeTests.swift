import GestureCore
import GestureTesting
import GestureTraces
import Testing

#if canImport(Glibc)
import Glibc
#endif

// Hands as the real-hands issue describes them, written from its words: every
// 2–5-finger swipe, pinch and rotation and 1–4-finger taps bound at once,
// simultaneous, as in the live runs it reports. What acts must be what the
// hand did; what a resting or roaming hand does must act on nothing.

@Suite struct HandsAsTheyComeTests {
    static let table: GestureTable = {
        var b: [Binding] = []
        for n in 2...5 {
            for d in [Direction.left, .right, .up, .down] {
                b.append(Binding(name: "swipe\(n)-\(d.rawValue)",
                                 gesture: .swipe(SwipeSpec(direction: d, common: CommonArguments(fingers: n))),
                                 priority: .simultaneous))
            }
            b.append(Binding(name: "magnify\(n)", gesture: .magnify(MagnifySpec(common: CommonArguments(fingers: n))),
                             priority: .simultaneous))
            b.append(Binding(name: "rotate\(n)", gesture: .rotate(RotateSpec(common: CommonArguments(fingers: n))),
                             priority: .simultaneous))
        }
        for n in 1...4 {
            b.append(Binding(name: "tap\(n)", gesture: .tap(TapSpec(count: 1, common: CommonArguments(fingers: n))),
                             priority: .simultaneous))
        }
        return GestureTable(desktop: b)
    }()

    /// The bindings that ended, in order (a binding that only stepped, once).
    static func acted(_ t: Trace) -> [String] {
        let engine = GestureEngine(table: table, screen: t.header.screen)
        var out: [String] = []
        var stepped: Set<String> = []
        for case .gesture(let g) in Replayer.run(t, table: table) {
            let name = engine.bindings[g.binding].name
            if g.phase == .ended { out.append(name) }
            if g.phase == .step, stepped.insert(name).inserted, !out.contains(name) { out.append(name) }
        }
        return out
    }

    @Test(arguments: [1.0, 0.6, 2.5])
    func fingersPutDownOneByOneAreNoTap(apart: Double) {
        var b = TraceBuilder.standard(seed: 6)
        b.land(at: [Point(x: 800, y: 500)])
        b.wait(apart)
        b.land(at: [Point(x: 900, y: 500)])
        b.wait(apart)
        b.land(at: [Point(x: 980, y: 520)])
        b.wait(0.1)
        b.lift(stagger: 0.02)
        b.wait(0.6)
        #expect(Self.acted(b.trace) == [])
    }

    @Test func aSecondFingerLandingLateStillPinches() {
        var b = TraceBuilder.standard(seed: 3)
        b.land(at: [Point(x: 800, y: 500)])
        b.wait(0.7)
        b.land(at: [Point(x: 1000, y: 520)])
        b.wait(0.05)
        b.pinch(to: 1.8, over: 0.4, jitter: 1)
        b.lift(stagger: 0.02)
        #expect(Self.acted(b.trace) == ["magnify2"])
    }

    @Test func aFourFingerTapLandingOver160msIsATap() {
        var b = TraceBuilder.standard(seed: 7)
        b.land(4, at: Point(x: 900, y: 500), spacing: 50, stagger: 0.053)
        b.wait(0.25)
        b.lift(stagger: 0.01)
        b.wait(0.6)
        #expect(Self.acted(b.trace) == ["tap4"])
    }

    @Test func quickSingleTapsAreSingleTaps() {
        var b = TraceBuilder.standard(seed: 5)
        b.tap(1, at: Point(x: 800, y: 500), holding: 0.06)
        b.wait(0.05)
        b.tap(1, at: Point(x: 1100, y: 300), holding: 0.06)
        b.wait(0.6)
        #expect(Self.acted(b.trace) == ["tap1", "tap1"])
    }

    @Test func aOneFingerStrokeIsNoTap() {
        var b = TraceBuilder.standard(seed: 4)
        b.land(at: [Point(x: 800, y: 500)])
        b.move(by: Point(x: 120, y: 10), over: 0.12, jitter: 1)
        b.lift()
        #expect(Self.acted(b.trace) == [])
    }

    /// Ten fingers rest; five lift, and one lands again a second later: the
    /// hand was more than any binding wants, and stays no gesture.
    @Test func aPalmThatLiftsPartlyAndLandsAgainActsOnNothing() {
        var b = TraceBuilder.standard(seed: 18)
        b.land(10, at: Point(x: 900, y: 500), spacing: 45, stagger: 0.03)
        b.wait(0.5)
        b.liftLast(6)
        b.wait(1.0)
        b.land(at: [Point(x: 1300, y: 520)])
        b.wait(0.1)
        b.pinch(to: 1.6, over: 0.3, jitter: 1)
        b.lift(stagger: 0.02)
        #expect(Self.acted(b.trace) == [])
    }

    @Test func tenFingersRestingActOnNothing() {
        var b = TraceBuilder.standard(seed: 8)
        b.land(10, at: Point(x: 900, y: 500), spacing: 45, stagger: 0.05)
        b.move(by: Point(x: 25, y: -15), over: 1.5, jitter: 2, curve: 0.5)
        b.lift(stagger: 0.05)
        #expect(Self.acted(b.trace) == [])
    }

    // Swipe versus pinch is decided as libinput decides it: from each
    // finger's own motion once every finger has moved a little (FingerMotion).

    /// `n` fingers land and rest 0.1 s; then 40 steps of `shape` while the
    /// hand drifts by `drift`, faster and faster; they lift. What acted.
    static func whileDrifting(_ n: Int, spacing: Double, seed: UInt64, by drift: Point,
                              _ shape: @escaping (inout TraceBuilder) -> Void) -> [String] {
        var b = TraceBuilder.standard(seed: seed)
        b.land(n, at: Point(x: 700, y: 500), spacing: spacing, stagger: 0.02)
        b.wait(0.1)
        b.whileDrifting(by: drift, steps: 40, stepTime: 0.006, jitter: 0.5, shape)
        b.lift(stagger: 0.02)
        return acted(b.trace)
    }

    /// Two fingers closing to ×0.6 while the hand drifts 300 px, the drift
    /// growing as the hand gets going (the fingers set off towards each
    /// other): a pinch, though the hand travels farther than the fingers close.
    @Test(arguments: [(0.6, 300.0), (0.5, 700.0), (0.7, 100.0)])
    func aDriftingPinchIsAPinch(closing: Double, drift: Double) {
        let perStep = pow(closing, 1 / 40.0)
        #expect(Self.whileDrifting(2, spacing: 240, seed: 2, by: Point(x: drift, y: 40)) {
            $0.pinch(to: perStep, over: 0.006, jitter: 0.5)
        } == ["magnify2"])
    }

    /// Five fingers closing with a twist while the hand drifts: a pinch.
    @Test func aFiveFingerPinchWithATwistIsAPinch() {
        let acted = Self.whileDrifting(5, spacing: 70, seed: 11, by: Point(x: 0, y: 140)) {
            $0.pinch(to: 0.985, over: 0.006, jitter: 0.5)
            $0.rotate(by: 0.5, over: 0.006)
        }
        #expect(acted.first == "magnify5")
        #expect(!acted.contains { $0.hasPrefix("swipe") })
    }

    /// Two fingers turning ~95° while the hand drags 250 px: a rotation.
    @Test func aRotationWhileDraggingIsARotation() {
        let acted = Self.whileDrifting(2, spacing: 160, seed: 12, by: Point(x: 250, y: -40)) {
            $0.rotate(by: 95 / 40, over: 0.006, jitter: 0.5)
        }
        #expect(acted.first == "rotate2")
        #expect(!acted.contains { $0.hasPrefix("swipe") })
    }

    /// A two-finger swipe whose fingers drift apart as it goes (×1.3) is
    /// still a swipe: the fingers set off the same way.
    @Test func aSwipeWhoseFingersSpreadLaterIsASwipe() {
        var b = TraceBuilder.standard(seed: 13)
        b.land(2, at: Point(x: 900, y: 500), spacing: 60, stagger: 0.02)
        b.move(by: Point(x: -60, y: 3), over: 0.08, jitter: 1)
        b.pinch(to: 1.3, over: 0.05, jitter: 1)
        b.move(by: Point(x: -200, y: 6), over: 0.15, jitter: 1)
        b.lift(stagger: 0.01)
        #expect(Self.acted(b.trace) == ["swipe2-left"])
    }

    /// One finger taps as the next comes down (the lift and the landing in
    /// one frame: two single taps; overlapping by 10 ms: no tap can be told),
    /// never a 2-finger tap.
    @Test(arguments: [(0.0, ["tap1", "tap1"]), (0.010, [])])
    func drummedTapsAreSingleTaps(overlap: Double, acts: [String]) {
        var b = TraceBuilder.standard(seed: 14)
        b.land(at: [Point(x: 800, y: 500)])
        b.wait(0.07 - overlap)
        if overlap == 0 {
            // One frame: the first finger lifts, the second lands.
            b.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 1, at: Point(x: 800, y: 500)))
            b.emit(.touchBegin(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
            b.wait(0.07)
            b.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
        } else {
            b.emit(.touchBegin(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
            b.wait(overlap)
            b.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 1, at: Point(x: 800, y: 500)))
            b.wait(0.06)
            b.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
        }
        b.wait(0.6)
        #expect(Self.acted(b.trace) == acts)
    }

    /// The lift and the landing of one frame, delivered by X in two reads
    /// (the second read judged only after the first half's frame closed), do
    /// what they do in one: the daemon live and `replay` agree.
    @Test func aLiftAndALandingInOneFrameAreTheSameSplitOrWhole() {
        var whole = TraceBuilder.standard(seed: 17)
        whole.land(at: [Point(x: 800, y: 500)])
        whole.wait(0.07)
        whole.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 1, at: Point(x: 800, y: 500)))
        whole.emit(.touchBegin(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
        whole.wait(0.07)
        whole.emit(.touchEnd(device: TraceBuilder.touchscreenID, touch: 2, at: Point(x: 1000, y: 480)))
        whole.wait(0.6)
        // Split: time passes (the frame's deadline) between the two halves.
        let engine = { () -> [String] in
            var e = GestureEngine(table: Self.table, screen: whole.trace.header.screen)
            for d in whole.trace.header.devices { _ = e.process(.deviceAdded(d), at: 0) }
            var names: [String] = []
            for (k, ev) in whole.trace.events.enumerated() {
                if k == 2 { for case .gesture(let g) in e.advance(to: ev.t + 0.01) where g.phase == .ended {
                    names.append(e.bindings[g.binding].name) } }
                for case .gesture(let g) in e.process(ev.input, at: max(ev.t, e.now)) where g.phase == .ended {
                    names.append(e.bindings[g.binding].name)
                }
            }
            for case .gesture(let g) in e.advance(to: 5) where g.phase == .ended { names.append(e.bindings[g.binding].name) }
            return names
        }
        #expect(Self.acted(whole.trace) == ["tap1", "tap1"])
        #expect(engine() == ["tap1", "tap1"])
    }

    /// A 2-finger touchpad scroll libinput took for a pinch: scale 1 ± 6 %
    /// while the centre moves 25 mm sideways. No magnify, no rotation.
    @Test func aTouchpadScrollReportedAsAPinchIsNoPinch() {
        var b = TraceBuilder.standard(device: .touchpad, seed: 15)
        let d = TraceBuilder.touchpadID
        b.emit(.pinchBegin(device: d, fingers: 2, at: Point(x: 960, y: 540)))
        let frames = 25
        for k in 1...frames {
            b.wait(0.012)
            let f = Double(k) / Double(frames)
            // 1 mm of the pad is 11.7 units of libinput's motion (39.4 at
            // 1000 dpi, slowed by its touchpad factor, 0.2968).
            b.emit(.pinchUpdate(device: d, fingers: 2, delta: Point(x: 11.7, y: 0.6), scale: 1 + 0.06 * sin(f * Double.pi),
                                angleDelta: 0.2))
        }
        b.wait(0.012)
        b.emit(.pinchEnd(device: d, fingers: 2, cancelled: false))
        #expect(Self.acted(b.trace) == [])
    }

    /// A touchpad pinch whose centre drifts a little: a pinch.
    @Test func aTouchpadPinchThatDriftsALittleIsAPinch() {
        var b = TraceBuilder.standard(device: .touchpad, seed: 16)
        let d = TraceBuilder.touchpadID
        b.emit(.pinchBegin(device: d, fingers: 2, at: Point(x: 960, y: 540)))
        for k in 1...25 {
            b.wait(0.012)
            b.emit(.pinchUpdate(device: d, fingers: 2, delta: Point(x: 4, y: 2), scale: 1 + 0.03 * Double(k),
                                angleDelta: 0))
        }
        b.wait(0.012)
        b.emit(.pinchEnd(device: d, fingers: 2, cancelled: false))
        #expect(Self.acted(b.trace) == ["magnify2"])
    }

    /// Fingers added one by one over 3 s while the hand roams: nothing, where
    /// today every late finger starts a new attempt with all fingers down.
    @Test
    func fingersAddedWhileRoamingActOnNothing() {
        var b = TraceBuilder.standard(seed: 9)
        for k in 0..<5 {
            b.land(at: [Point(x: 700 + Double(k) * 60, y: 500)])
            b.move(by: Point(x: 40, y: 15), over: 0.6, jitter: 1.5, curve: 0.3)
        }
        b.lift(stagger: 0.05)
        #expect(Self.acted(b.trace) == [])
    }
}
