import GestureCore
import GestureTesting
import GestureTraces
import Testing

#if canImport(Glibc)
import Glibc
#endif

// Issue 51's shapes, measured on recordings of devices outside
// ../shared/real-hands: hands that arrive over time, and hands making two
// motions at once (travel with a turn, a spread with a twist, a slow
// straight travel). Bindings as real.toml's (HandsAsTheyComeTests.table:
// every 2–5-finger swipe, magnify and rotate, 1–4-finger taps,
// simultaneous). What a live run logs is what began, so a binding that
// began and was cancelled is a false trigger here too.

@Suite struct WholeHandTests {
    static func began(_ b: TraceBuilder) -> [String] { RecordedHandShapesTests.began(b) }

    /// The hand down in `b` makes its motion (`TraceBuilder.transform`) and
    /// lifts: what began.
    static func began(after b: TraceBuilder, scale: Double, degrees: Double, drift: Point, over duration: Seconds,
                      jitter: Double, liftStagger: Seconds = 0.02) -> [String] {
        var b = b
        b.transform(scale: scale, degrees: degrees, drift: drift, over: duration, jitter: jitter)
        b.lift(stagger: liftStagger)
        return began(b)
    }

    /// A 1920×1080 screen at 3.78 px/mm.
    static let pxPerMM = 3.78

    /// 2 fingers 300 px apart turn 95° clockwise while the hand drags 530 px
    /// down: their centre travels farther than their tips turn (250 px of
    /// arc), and both fingers go down at first. A turn, not a swipe.
    @Test(arguments: [1.2, 0.7, 2.0])
    func aTurnWhileTheHandDragsIsATurn(over duration: Double) {
        var b = TraceBuilder.standard(seed: 51)
        b.land(at: [Point(x: 810, y: 260), Point(x: 1110, y: 270)])
        b.wait(0.04)
        let began = Self.began(after: b, scale: 1, degrees: 95, drift: Point(x: 0, y: 530), over: duration,
                               jitter: 1, liftStagger: 0.02)
        #expect(began.contains("rotate2"), "\(began)")
        #expect(!began.contains { $0.hasPrefix("swipe") || $0.hasPrefix("magnify") }, "\(began)")
    }

    /// 5 fingers close ×0.75 with a 37° twist as the hand drifts left and
    /// down (190 px, 120 px) over 0.8 s: a pinch. The twist is the fingers'
    /// own motion too, and together with the spread it outweighs the
    /// hand's drift; the spread outweighs the twist.
    @Test(arguments: [1, 2, 3])
    func aTwistedFiveFingerPinchIsAPinch(seed: Int) {
        var b = TraceBuilder.standard(seed: UInt64(seed))
        b.land(at: [Point(x: 800, y: 420), Point(x: 880, y: 350), Point(x: 960, y: 330), Point(x: 1040, y: 360),
                    Point(x: 1090, y: 470)], stagger: 0.015)
        b.wait(0.05)
        let began = Self.began(after: b, scale: 0.75, degrees: -37, drift: Point(x: -190, y: 120), over: 0.8,
                               jitter: 1.5, liftStagger: 0.02)
        #expect(began.contains("magnify5"), "\(began)")
        #expect(!began.contains { $0.hasPrefix("swipe") }, "\(began)")
    }

    /// 4 fingers travel 62 mm (234 px) down over 4.2 s, their spread
    /// wobbling by a few %: a swipe, however slow. Its fingers all go the
    /// same way, and its travel is ten times its spread.
    @Test(arguments: [1, 2, 3])
    func aSlowFourFingerSwipeIsASwipe(seed: Int) {
        var b = TraceBuilder.standard(seed: UInt64(seed))
        b.land(4, at: Point(x: 900, y: 380), spacing: 70, stagger: 0.02)
        b.wait(0.1)
        let began = Self.began(after: b, scale: 1.06, degrees: 2, drift: Point(x: 8, y: 62 * Self.pxPerMM), over: 4.2,
                               jitter: 1, liftStagger: 0.02)
        #expect(began == ["swipe4-down"], "\(began)")
    }

    /// A finger rests; its pair lands 0.9 s later 300 px right, and the two
    /// close ×0.57 as the hand drifts 150 px down: a pinch, and nothing
    /// else (the live run also fired a 2-finger swipe right, the late
    /// finger's first motion toward the first).
    @Test(arguments: [1, 2, 3])
    func aPinchWhoseSecondFingerLandsLateIsOnlyAPinch(seed: Int) {
        var b = TraceBuilder.standard(seed: UInt64(seed))
        b.land(at: [Point(x: 760, y: 400)])
        b.move(by: Point(x: 4, y: 10), over: 0.9, jitter: 1)
        b.land(at: [Point(x: 1060, y: 430)])
        b.wait(0.03)
        let began = Self.began(after: b, scale: 0.57, degrees: 6, drift: Point(x: 0, y: 150), over: 0.7,
                               jitter: 1, liftStagger: 0.03)
        #expect(began == ["magnify2"], "\(began)")
    }

    /// Fingers put down one by one up to ten over 3 s; after the third
    /// lands the three drag 120 px left, after the fifth the five drag
    /// 150 px up, each drag between two landings. A hand still growing is
    /// no 2-, 3- or 5-finger gesture, and ten fingers are more than any
    /// binding wants: nothing begins.
    @Test(arguments: [1, 2, 3])
    func fingersLandingOneByOneUpToTenAreNothing(seed: Int) {
        var b = TraceBuilder.standard(seed: UInt64(seed))
        let every = 3.0 / 9
        for k in 0..<10 {
            let row = Double(k % 5), hand = Double(k / 5)
            b.land(at: [Point(x: 500 + row * 90 + hand * 600, y: 500 + (k % 2 == 0 ? 0 : 30))])
            switch k + 1 {
            case 3: b.move(by: Point(x: -120, y: 0), over: every * 0.8, jitter: 1)
            case 5: b.move(by: Point(x: 0, y: -150), over: every * 0.8, jitter: 1)
            default: b.move(by: Point(x: 2, y: 3), over: every * 0.8, jitter: 1)
            }
            b.wait(every * 0.2)
        }
        b.move(by: Point(x: 10, y: 10), over: 0.5, jitter: 1)
        b.lift(stagger: 0.02)
        let began = Self.began(b)
        #expect(began == [], "\(began)")
    }

    /// Ten fingers land within 0.2 s and spread ×1.5: nothing binds ten
    /// fingers, so nothing begins (the live run fired a 5-finger rotation).
    @Test(arguments: [0.0, 0.02])
    func aTenFingerSpreadIsNothing(stagger: Double) {
        var b = TraceBuilder.standard(seed: 10)
        var points: [Point] = []
        for k in 0..<10 {
            let a = Double(k) * 2 * Double.pi / 10
            points.append(Point(x: 960 + 200 * cos(a), y: 540 + 200 * sin(a)))
        }
        b.land(at: points, stagger: stagger)
        b.wait(0.05)
        let began = Self.began(after: b, scale: 1.5, degrees: 10, drift: .zero, over: 0.6,
                               jitter: 1, liftStagger: 0.01)
        #expect(began == [], "\(began)")
    }
}
