import GestureCore
import GestureTesting
import GestureTraces
import Testing

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

    @Test func tenFingersRestingActOnNothing() {
        var b = TraceBuilder.standard(seed: 8)
        b.land(10, at: Point(x: 900, y: 500), spacing: 45, stagger: 0.05)
        b.move(by: Point(x: 25, y: -15), over: 1.5, jitter: 2, curve: 0.5)
        b.lift(stagger: 0.05)
        #expect(Self.acted(b.trace) == [])
    }

    // Not yet right (the real-hands issue): written, and disabled until the
    // engine does it; run them with the trait removed to see where it stands.

    /// Two fingers closing to ×0.6 while the hand drifts 300 px: a pinch,
    /// taken today for a 2-finger swipe (whichever threshold is crossed first).
    @Test(.disabled("the real-hands issue: a drifting pinch fires swipe2-right"))
    func aDriftingPinchIsAPinch() {
        var b = TraceBuilder.standard(seed: 2)
        b.land(2, at: Point(x: 900, y: 500), spacing: 240, stagger: 0.03)
        for _ in 0..<40 {
            b.pinch(to: 0.988, over: 0)
            b.move(by: Point(x: 7.5, y: 1), over: 0.012, jitter: 1)
        }
        b.lift(stagger: 0.02)
        #expect(Self.acted(b.trace) == ["magnify2"])
    }

    /// Fingers added one by one over 3 s while the hand roams: nothing, where
    /// today every late finger starts a new attempt with all fingers down.
    @Test(.disabled("the real-hands issue: fingers added while roaming fire rotate5"))
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
