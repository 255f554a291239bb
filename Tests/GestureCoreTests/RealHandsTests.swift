@testable import GestureCore
import Testing
import GestureTesting

// Recognition on hands as they are: every gesture kind and finger count,
// performed by hands that land apart (up to 200 ms), wait before moving, ease
// in and out, wobble and drift, lift apart, and whose frames X splits over two
// milliseconds. Each must fire its binding once, and nothing else.

/// A user's everyday bindings, all at once: what competes in real use (the
/// recognition corpus's: 3- and 4-finger swipes each way, high; magnify;
/// rotate; 2- and 3-finger taps).
let everydayHands: [Binding] = RecognitionCorpus.table.desktop

struct HandGesture: CustomTestStringConvertible, Sendable {
    let name: String
    let fingers: Int
    let motion: HandMotion
    let duration: Seconds
    /// The binding that must fire (began and ended once).
    let expected: String
    var testDescription: String { name }
}

let handGestures: [HandGesture] = [
    HandGesture(name: "3 left", fingers: 3, motion: .translate(Point(x: -320, y: 0)), duration: 0.3, expected: "swipe3-left"),
    HandGesture(name: "3 right", fingers: 3, motion: .translate(Point(x: 320, y: 0)), duration: 0.3, expected: "swipe3-right"),
    HandGesture(name: "3 up", fingers: 3, motion: .translate(Point(x: 0, y: -260)), duration: 0.3, expected: "swipe3-up"),
    HandGesture(name: "3 down", fingers: 3, motion: .translate(Point(x: 0, y: 260)), duration: 0.3, expected: "swipe3-down"),
    HandGesture(name: "4 left", fingers: 4, motion: .translate(Point(x: -320, y: 0)), duration: 0.35, expected: "swipe4-left"),
    HandGesture(name: "4 right", fingers: 4, motion: .translate(Point(x: 320, y: 0)), duration: 0.35, expected: "swipe4-right"),
    HandGesture(name: "4 up", fingers: 4, motion: .translate(Point(x: 0, y: -260)), duration: 0.35, expected: "swipe4-up"),
    HandGesture(name: "4 down", fingers: 4, motion: .translate(Point(x: 0, y: 260)), duration: 0.35, expected: "swipe4-down"),
    HandGesture(name: "pinch out", fingers: 2, motion: .pinch(1.8), duration: 0.35, expected: "zoom"),
    HandGesture(name: "pinch in", fingers: 2, motion: .pinch(0.55), duration: 0.35, expected: "zoom"),
    HandGesture(name: "rotate cw", fingers: 2, motion: .rotate(50), duration: 0.4, expected: "turn"),
    HandGesture(name: "rotate ccw", fingers: 2, motion: .rotate(-50), duration: 0.4, expected: "turn"),
    HandGesture(name: "tap 2", fingers: 2, motion: .still, duration: 0.12, expected: "tap2"),
    HandGesture(name: "tap 3", fingers: 3, motion: .still, duration: 0.1, expected: "tap3"),
]

/// Landing spreads 0–200 ms, a start delay or none, lifts together or 80 ms apart.
let hands: [Hand] = [0, 0.05, 0.1, 0.15, 0.2].flatMap { landing in
    [0, 0.08].flatMap { start in
        [0, 0.08].map { lifts in
            Hand(landingSpread: landing, startDelay: start, easing: true, jitter: 1.5, drift: 12, liftSpread: lifts,
                 splitFrames: 0.25)
        }
    }
}

@Suite struct RealHandsTests {
    @Test(arguments: handGestures, hands)
    func touchscreenGestureFiresItsBindingOnce(_ g: HandGesture, _ hand: Hand) {
        // Pinches and rotations need the room fingers really have: 160 px apart.
        let spacing = g.fingers == 2 ? 160.0 : 60
        var b = TraceBuilder.standard(seed: UInt64(g.name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        b.perform(g.fingers, at: centre, spacing: spacing, g.motion, over: g.duration, hand: hand)
        let r = Run(b, everydayHands)
        #expect(r.phases == ["\(g.expected):began", "\(g.expected):ended"]
                    || g.expected == "zoom" && r.phases.first == "zoom:began" && r.phases.last == "zoom:ended",
                "\(g.name) by a hand with \(hand): \(r.phases)")
        #expect(Set(r.gestures.map { r.engine.bindings[$0.binding].name }) == [g.expected])
    }

    /// Touchpads: libinput already decided the swipe; real 8–16 mm swipes give
    /// 12–143 px of XI 2.4 delta, slow at first when eased.
    @Test(arguments: [12.0, 25, 60, 143], [3, 4])
    func touchpadSwipeOfRealLengthFires(_ length: Double, _ fingers: Int) {
        for (dir, v) in [("left", Point(x: -1, y: 0)), ("right", Point(x: 1, y: 0)), ("up", Point(x: 0, y: -1)),
                         ("down", Point(x: 0, y: 1))] {
            var b = TraceBuilder.standard(device: .touchpad, seed: UInt64(length))
            b.touchpadSwipe(fingers: fingers, by: v * length + Point(x: v.y, y: v.x) * (length * 0.2), over: 0.25,
                            hand: Hand(startDelay: 0.02, easing: true, jitter: 0.5))
            let r = Run(b, everydayHands)
            let want = "swipe\(fingers)-\(dir)"
            #expect(r.phases == ["\(want):began", "\(want):ended"], "\(length) px \(dir): \(r.phases)")
        }
    }
}

// MARK: The named regressions of real hands

@Suite struct RealHandRegressionTests {
    /// The fourth finger lands 60 ms after the first, the hand starts later and
    /// slowly: 80 px comes ~300 ms after the first touch, past grab-timeout.
    func slowFourFingerSwipe(_ b: inout TraceBuilder) -> Performed {
        b.perform(4, at: centre, .translate(Point(x: -300, y: 0)), over: 0.5,
                  hand: Hand(landingSpread: 0.06, startDelay: 0.1, easing: true, jitter: 1, drift: 8, liftSpread: 0.04))
    }

    @Test func slowFourFingerSwipeOverAnAppGoesToTheParentsHighBinding() throws {
        var b = TraceBuilder.standard()
        b.window(class: "firefox")
        let p = slowFourFingerSwipe(&b)
        let r = Run(b, [bind("desktop", swipe(.left, fingers: 4), .high)],
                    apps: [AppScope(classGlob: "firefox", bindings: [bind("app", swipe(.left, fingers: 4))])])
        #expect(r.phases == ["desktop:began", "desktop:ended"])
        let began = try #require(r.first("desktop", .began))
        // It crossed its threshold after the first touch's grab-timeout: that
        // touch went to the application then, and the gesture still acted
        // (the touches still held when it won are its own).
        #expect(began.time > Settings().grabTimeout)
        let first = try #require(r.touches.first { $0.touch == 1 })
        #expect(first.decision == .released && first.reason == .grabTimeout && first.time == Settings().grabTimeout)
        #expect(r.touches.count == 4 && r.touches.allSatisfy { $0.reason == .grabTimeout || $0.reason == .wonBy(0) })
        #expect(began.time - p.moment(at: 80.0 / 300, easing: true) < 0.011)
    }

    @Test func fingersLandingOver150msMakeOneThreeFingerSwipe() {
        var b = TraceBuilder.standard()
        b.perform(3, at: centre, .translate(Point(x: 0, y: -250)), over: 0.3,
                  hand: Hand(landingSpread: 0.15, startDelay: 0.03, jitter: 1))
        let r = Run(b, [bind("up3", swipe(.up), .high), bind("up2", swipe(.up, fingers: 2), .high), bind("zoom", magnify())])
        #expect(r.phases == ["up3:began", "up3:ended"])
    }

    @Test func aSecondFingerLandingLaterStartsAPinch() throws {
        // A finger rests (its touch goes to the application), a second lands
        // a second later, and the two pinch: a new attempt with both fingers.
        var b = TraceBuilder.standard()
        b.land(at: [Point(x: 880, y: 540)])
        b.wait(1.0)
        b.land(at: [Point(x: 1040, y: 540)])
        let second = b.t
        b.pinch(to: 1.8, over: 0.3, jitter: 1)
        b.lift()
        let r = Run(b, [bind("zoom", magnify()), bind("three", swipe(.left), .high)])
        #expect(r.phases.first == "zoom:began" && r.phases.last == "zoom:ended")
        // The resting finger went to the application; the new one is the pinch's.
        let first = try #require(r.touches.first { $0.touch == 1 })
        #expect(first.decision == .released && first.time < second)
        let new = try #require(r.touches.first { $0.touch == 2 })
        #expect(new.decision == .claimed && new.reason == .wonBy(0))
    }

    @Test func anEightMillimetreTouchpadSwipe() {
        // A real 8 mm three-finger swipe on a Chromebook pad: 12 px of XI 2.4 delta.
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadSwipe(fingers: 3, by: Point(x: -12, y: 2), over: 0.2, hand: Hand(easing: true))
        let r = Run(b, [bind("left", swipe(.left), .high), bind("right", swipe(.right), .high)])
        #expect(r.phases == ["left:began", "left:ended"])
    }

    @Test func aSplitFrameIsJudgedWhole() {
        // Two fingers swipe together; X stamps every frame's second update
        // 1 ms late. Judged by halves, each frame would spread and turn the
        // pair by ~10 % / 6°: magnify and rotate would begin.
        var b = TraceBuilder.standard()
        b.perform(2, at: centre, spacing: 120, .translate(Point(x: 0, y: -300)), over: 0.25,
                  hand: Hand(splitFrames: 1))
        #expect(b.events.contains { e in b.events.contains { $0.t > e.t && $0.t - e.t < 0.0011 && $0.t - e.t > 0.0009 } })
        let r = Run(b, [bind("zoom", magnify()), bind("turn", rotate()), bind("up2", swipe(.up, fingers: 2))])
        #expect(r.phases == ["up2:began", "up2:ended"])
        let zoomOrTurn = r.notes.filter { $0.kind == .won && $0.binding != 2 }
        #expect(zoomOrTurn.isEmpty)
    }

    @Test func aOneFingerDragIsHandedBackWithinAFewFrames() throws {
        // Only multi-finger bindings: a lone finger that drags goes to the
        // application once it has moved by slop, not after the landing window.
        var b = TraceBuilder.standard()
        b.perform(1, at: centre, .translate(Point(x: 200, y: 0)), over: 0.2, hand: Hand(jitter: 0.5))
        let r = Run(b, [bind("three", swipe(.left), .high), bind("zoom", magnify())])
        let release = try #require(r.touches.first)
        #expect(release.decision == .released && release.time <= 0.02 + 1e-9)
    }
}

// MARK: The arena matrix: priority × scope × where the hand is

struct ArenaCase: CustomTestStringConvertible, Sendable {
    let desktop: Priority
    let app: Priority?
    let overApp: Bool
    let expected: Set<String>
    var testDescription: String {
        "desktop \(desktop), app \(app.map { "\($0)" } ?? "none"), over \(overApp ? "the app" : "another window")"
    }
}

let arenaCases: [ArenaCase] = {
    var cases: [ArenaCase] = []
    for d in [Priority.high, .normal, .simultaneous] {
        for a in [Priority.high, .normal, .simultaneous, nil] {
            for over in [true, false] {
                var want: Set<String> = ["desktop"]
                if over, let a {
                    switch (d, a) {
                    case (.high, .simultaneous), (.normal, .simultaneous), (.simultaneous, _): want = ["desktop", "app"]
                    case (.high, _): want = ["desktop"]
                    case (.normal, _): want = ["app"]
                    }
                }
                cases.append(ArenaCase(desktop: d, app: a, overApp: over, expected: want))
            }
        }
    }
    return cases
}()

@Suite struct ArenaMatrixTests {
    /// SwiftUI's order, never the clock: the slow four-finger swipe of real
    /// hands (threshold after grab-timeout) and a quick one agree.
    @Test(arguments: arenaCases, [false, true])
    func winnerIsThePriorityTablesWhateverTheSpeed(_ c: ArenaCase, _ slow: Bool) {
        var b = TraceBuilder.standard()
        b.window(class: c.overApp ? "firefox" : "xterm")
        let hand = slow ? Hand(landingSpread: 0.15, startDelay: 0.1, easing: true, jitter: 1, drift: 8, liftSpread: 0.05)
                        : Hand(landingSpread: 0.02)
        b.perform(4, at: centre, .translate(Point(x: -300, y: 0)), over: slow ? 0.5 : 0.2, hand: hand)
        let apps = c.app.map { [AppScope(classGlob: "firefox", bindings: [bind("app", swipe(.left, fingers: 4), $0)])] } ?? []
        let r = Run(b, [bind("desktop", swipe(.left, fingers: 4), c.desktop)], apps: apps)
        let acted = Set(r.gestures.filter { $0.phase == .ended }.map { r.engine.bindings[$0.binding].name })
        #expect(acted == c.expected, "\(c.testDescription), \(slow ? "slow" : "quick"): \(r.phases)")
        #expect(r.count("desktop", .ended) <= 1 && r.count("app", .ended) <= 1)
    }
}

// MARK: The corpus

@Suite struct RecognitionCorpusTests {
    @Test func corpusMeetsItsPromise() {
        let cases = RecognitionCorpus.generate(seed: 1, count: 480)
        #expect(cases.count >= 400)
        let report = RecognitionCorpus.report(cases)
        #expect(report.accuracy >= 0.995, "\(report.text)")
        #expect(report.falseTriggers == 0, "\(report.text)")
        // Median decision ≤ one frame (≤ 16 ms here) after the threshold.
        #expect((report.percentile(0.5) ?? 1) <= 0.016, "\(report.text)")
        // Every kind is there, positives and negatives.
        #expect(Set(report.groups.map(\.0)).count >= 12)
    }

    @Test func corpusIsTheSameForTheSameSeed() {
        let a = RecognitionCorpus.generate(seed: 9, count: 40).map(\.trace)
        let b = RecognitionCorpus.generate(seed: 9, count: 40).map(\.trace)
        #expect(a == b)
    }
}
