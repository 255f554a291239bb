import GestureCore
import GestureTesting
import GestureTraces
import Testing

// Issue 59, the causes behind the variants' false triggers (docs/engine.md,
// "One reading, with a margin"): a hand that had more fingers is no gesture
// of fewer; fingers dragging past one that rests neither pinch nor turn;
// three or more fingers that set off together turn only by outweighing
// their travel. Bindings as real.toml's (HandsAsTheyComeTests.table).

@Suite struct AmbiguousHandTests {
    static func began(_ b: TraceBuilder) -> [String] { RecordedHandShapesTests.began(b) }

    /// Two fingers drag 90 px down toward a third that rests (ts22's
    /// drag, its fingers landing in another order): the three close ×0.46,
    /// 32 px of spread against 60 px of travel. Neither a pinch nor (60 px)
    /// a swipe; `--explain` says it could not tell the spread from the travel.
    @Test func fingersDraggingPastARestingOneDoNotPinch() {
        var b = TraceBuilder.standard(seed: 59)
        b.land(at: [Point(x: 800, y: 400), Point(x: 860, y: 400), Point(x: 830, y: 520)], stagger: 0.01)
        b.wait(0.03)
        b.moveEach(by: [Point(x: 0, y: 90), Point(x: 0, y: 90), .zero], over: 0.3, jitter: 0.5)
        b.lift(stagger: 0.01)
        #expect(Self.began(b) == [])
        let table = HandsAsTheyComeTests.table
        let printer = ReplayPrinter(table: table, json: false, explain: true)
        let lines = Replayer.run(b.trace, table: table, explain: true).flatMap { printer.lines($0).map(\.text) }
        #expect(lines.contains { $0.contains("magnify3 concedes") && $0.contains("could not tell spread from travel") },
                "\(lines.filter { $0.contains("magnify3") })")
    }

    /// Four fingers down, two lift (a flicker), one lands again, and the
    /// three drag 120 px right: the hand had four, so no 3-finger swipe
    /// (ts22's drag flickering 2-3-4, ts14's pinch lifting 4-3-2-3-4).
    /// Three fingers that never had a fourth still swipe.
    @Test func aHandThatHadMoreFingersIsNoGestureOfFewer() {
        var b = TraceBuilder.standard(seed: 59)
        b.land(4, at: Point(x: 900, y: 500), spacing: 60, stagger: 0.01)
        b.wait(0.25)
        b.liftLast(2)
        b.wait(0.25)
        b.land(at: [Point(x: 1020, y: 500)])
        b.wait(0.25)
        b.move(by: Point(x: 120, y: 0), over: 0.3, jitter: 0.5)
        b.lift(stagger: 0.01)
        #expect(!Self.began(b).contains("swipe3-right"), "\(Self.began(b))")

        var c = TraceBuilder.standard(seed: 59)
        c.land(3, at: Point(x: 900, y: 500), spacing: 60, stagger: 0.01)
        c.wait(0.25)
        c.move(by: Point(x: 120, y: 0), over: 0.3, jitter: 0.5)
        c.lift(stagger: 0.01)
        #expect(Self.began(c) == ["swipe3-right"])
    }

    /// One finger drags 212 px alone; a second lands beside it 1 s later,
    /// 157 px away, and rests while the first drags on 60 px (ts16 #2's
    /// 2-finger stage at × 0.5): ×1.3 when the landing window closes, the
    /// spread no more than the travel (with one finger still it cannot be
    /// more). No pinch. The same pair with the second finger moving away
    /// too is one (the real late-finger pinches move both fingers).
    @Test(arguments: [(Point.zero, false), (Point(x: -30, y: 50), true)])
    func aFingerRestingBesideOneThatDragsOnIsNoPinch(second: Point, pinches: Bool) {
        var b = TraceBuilder.standard(seed: 59)
        b.land(at: [Point(x: 800, y: 600)])
        b.move(by: Point(x: 150, y: -150), over: 1.0, jitter: 0.3)
        b.wait(0.02)
        b.land(at: [Point(x: 880, y: 590)])
        b.wait(0.02)
        b.moveEach(by: [Point(x: 40, y: -45), second], over: 0.25, jitter: 0.3)
        b.lift(stagger: 0.01)
        #expect(Self.began(b).contains("magnify2") == pinches, "\(Self.began(b))")
    }
}
