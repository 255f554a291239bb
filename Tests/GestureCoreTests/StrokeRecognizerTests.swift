@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// `stroke("…")` in the engine: drawn on a touchscreen with any fingers and
/// on a touchpad, matched once at the lift, beside and inside other gestures.
@Suite struct StrokeRecognizerTests {
    static var settings: Settings {
        var s = Settings()
        s.strokes = StrokeSet([
            StrokeShape(name: "L", templates: [StrokeShapes.ell()]),
            StrokeShape(name: "circle", templates: [StrokeShapes.circle(clockwise: true)]),
            StrokeShape(name: "check", templates: [StrokeShapes.check()]),
            StrokeShape(name: "z", threshold: 0.85, templates: [StrokeShapes.zigzag()]),
        ])
        return s
    }

    static func stroke(_ name: String, fingers: Int = 1, directionSensitive: Bool = true) -> GestureSpec {
        .stroke(StrokeSpec(shape: name, directionSensitive: directionSensitive, common: CommonArguments(fingers: fingers)))
    }

    static let shapes = ["L", "circle", "check", "z"].map { bind($0, stroke($0)) }

    /// Draws `path` with `fingers` fingers on the touchscreen.
    static func drawn(_ path: [Point], fingers: Int = 1, over duration: Seconds = 0.5) -> TraceBuilder {
        var b = TraceBuilder.standard()
        b.land(fingers, at: Point(x: 600, y: 300))
        b.draw(path, over: duration)
        b.lift()
        return b
    }

    @Test func eachShapeFiresItsOwnBindingOnlyAtTheLift() {
        let cases: [([Point], String)] = [
            (StrokeShapes.ell(150), "L"), (StrokeShapes.circle(90, clockwise: true, wobble: 0.04), "circle"),
            (StrokeShapes.check(220), "check"), (StrokeShapes.zigzag(260), "z"),
        ]
        for (path, name) in cases {
            let b = Self.drawn(path)
            let run = Run(b, Self.shapes, settings: Self.settings)
            // Discrete, as a tap: began and ended at once.
            #expect(run.phases == ["\(name):began", "\(name):ended"], "\(name)")
            // Matched at the lift: stamped with the lift's time, not before.
            #expect(abs((run.first(name, .began)?.time ?? 0) - b.t) < 1e-6)
        }
    }

    /// One drawn path (issue 58): `teach` takes from a trace the very path
    /// the recognizer matches. Taught alone with a threshold of 0.99, the
    /// example fires its own binding when the same trace is replayed: two
    /// fingers draw an L, one lifts, the other goes on 200 px (teach went
    /// on drawing with it, and its example was no longer the L matched).
    @Test(arguments: [1, 2, 3])
    func teachTakesThePathTheRecognizerMatches(fingers: Int) throws {
        var b = TraceBuilder.standard()
        b.land(fingers, at: Point(x: 600, y: 300))
        b.draw(StrokeShapes.ell(150), over: 0.5)
        if fingers > 1 {
            b.liftLast(1)
            b.move(by: Point(x: 200, y: -150), over: 0.3)
        }
        b.lift()
        let example = try #require(StrokeExample(b.trace))
        #expect(example.fingers == fingers)
        var s = Settings()
        s.strokes = StrokeSet([StrokeShape(name: "taught", threshold: 0.99, templates: [example.path]),
                               StrokeShape(name: "L", templates: [StrokeShapes.ell()])])
        let run = Run(b, [bind("taught", Self.stroke("taught", fingers: fingers))], settings: s)
        #expect(run.phases == ["taught:began", "taught:ended"], "\(fingers) fingers")
    }

    /// `stroke("L", button: 3)` is drawn with the pointer, never the
    /// fingers: the touch engine leaves it out of every attempt (the daemon
    /// runs it, PointerStrokeBindings), so a finger's L fires only the
    /// finger's binding.
    @Test func aStrokeBoundToAPointerButtonIsNotTheFingers() {
        let pointerL = bind("pointer-L", .stroke(StrokeSpec(shape: "L", button: 3)))
        let fingerL = bind("finger-L", Self.stroke("L"))
        let run = Run(Self.drawn(StrokeShapes.ell(150)), [pointerL, fingerL], settings: Self.settings)
        #expect(run.phases == ["finger-L:began", "finger-L:ended"])
        let alone = Run(Self.drawn(StrokeShapes.ell(150)), [pointerL], settings: Self.settings)
        #expect(alone.phases == [])
    }

    @Test func anyFingerCountDrawsWithTheCentroid() {
        let run = Run(Self.drawn(StrokeShapes.ell(180), fingers: 3),
                      [bind("L1", Self.stroke("L")), bind("L3", Self.stroke("L", fingers: 3))], settings: Self.settings)
        #expect(run.phases == ["L3:began", "L3:ended"])
    }

    @Test func aTouchpadSwipesMotionDrawsToo() {
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadDraw(fingers: 3, StrokeShapes.check(300), over: 0.5)
        let run = Run(b, [bind("check3", Self.stroke("check", fingers: 3)), bind("check4", Self.stroke("check", fingers: 4))],
                      settings: Self.settings)
        #expect(run.phases == ["check3:began", "check3:ended"])
    }

    /// Taps, swipes, scrolls and a scribble resembling no shape fire nothing.
    @Test func rejectsWhatResemblesNoShape() {
        var tap = TraceBuilder.standard()
        tap.tap(at: centre)
        var swipe = TraceBuilder.standard()
        swipe.land(1, at: centre)
        swipe.move(by: Point(x: 400, y: 10), over: 0.3, jitter: 1)
        swipe.lift()
        var scroll = TraceBuilder.standard()
        scroll.land(2, at: centre)
        scroll.move(by: Point(x: 0, y: -300), over: 0.6, jitter: 1)
        scroll.lift()
        let scribble = Self.drawn((0..<40).map { k in Point(x: Double(k * 13 % 170), y: Double(k * k * 7 % 150)) })
        for (what, b) in [("tap", tap), ("swipe", swipe), ("scroll", scroll), ("scribble", scribble)] {
            let all = Self.shapes + ["L", "z"].map { bind($0 + "2", Self.stroke($0, fingers: 2)) }
            #expect(Run(b, all, settings: Self.settings).phases.isEmpty, "\(what)")
        }
    }

    /// `replay --explain`: a stroke that is not its shape says the closest one.
    @Test func explainSaysTheClosestShapeAndItsScore() {
        let run = Run(Self.drawn(StrokeShapes.check(220)), [bind("L", Self.stroke("L"))], settings: Self.settings)
        let said = run.notes.compactMap { n -> String? in
            if case .notTheShape(let v) = n.reason { return v.said(Self.settings.strokes.shapes.map(\.name)) } else { return nil }
        }
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("closest: check, score ") == true, "\(said)")
        #expect(said.first?.hasSuffix(" of 0.80 needed (not L)") == true, "\(said)")
        let tooSmall = Run(Self.drawn(StrokeShapes.ell(20)), [bind("L", Self.stroke("L"))], settings: Self.settings)
        #expect(tooSmall.notes.contains { $0.reason == .notTheShape(StrokeVerdict(shape: 0, closest: -1, score: 0,
                                                                                        needed: 0.8, why: .tooSmall)) })
    }

    @Test func directionInsensitiveTakesACircleEitherWay() {
        let ccw = Self.drawn(StrokeShapes.circle(90, clockwise: false))
        #expect(Run(ccw, [bind("c", Self.stroke("circle"))], settings: Self.settings).phases.isEmpty)
        #expect(Run(ccw, [bind("c", Self.stroke("circle", directionSensitive: false))], settings: Self.settings).phases
            == ["c:began", "c:ended"])
    }

    /// Press, then draw: the stroke is measured from where the press ended.
    @Test func aLongPressSequencedBeforeAStroke() {
        let g = GestureSpec.sequenced(longPress(0.5), Self.stroke("L"))
        var b = TraceBuilder.standard()
        b.land(1, at: Point(x: 600, y: 300))
        b.wait(0.6)
        b.draw(StrokeShapes.ell(160), over: 0.5)
        b.lift()
        #expect(Run(b, [bind("pressL", g)], settings: Self.settings).phases == ["pressL:began", "pressL:ended"])
        // Without the press: nothing.
        #expect(Run(Self.drawn(StrokeShapes.ell(160)), [bind("pressL", g)], settings: Self.settings).phases.isEmpty)
    }

    /// A 3-finger swipe bound beside a 3-finger stroke still swipes; the
    /// stroke still strokes.
    @Test func aSwipeBesideAStrokeStillSwipes() {
        let bindings = [bind("left", swipe(.left, fingers: 3)), bind("L", Self.stroke("L", fingers: 3))]
        var b = TraceBuilder.standard()
        b.land(3, at: centre)
        b.move(by: Point(x: -300, y: 0), over: 0.3)
        b.lift()
        #expect(Run(b, bindings, settings: Self.settings).phases == ["left:began", "left:ended"])
        #expect(Run(Self.drawn(StrokeShapes.ell(180), fingers: 3), bindings, settings: Self.settings).phases == ["L:began", "L:ended"])
        var pad = TraceBuilder.standard(device: .touchpad)
        pad.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.3)
        #expect(Run(pad, bindings, settings: Self.settings).phases == ["left:began", "left:ended"])
    }

    /// However long the drawing, the path kept stays bounded.
    @Test func thePathKeptIsBounded() {
        var r = StrokeRecognizer(StrokeSpec(shape: "L"), Thresholds(Self.settings, pxPerMM: 4))
        var c = Contact()
        c.landed = 1
        c.fingers = 1
        c.settled = true
        for k in 0..<20_000 {
            c.translation = Point(x: StrokeShapes.sine(Double(k) / 50) * 300, y: Double(k % 1000))
            r.step(c)
        }
        #expect(r.state == .possible)
        #expect(r.pointsKept <= StrokePath.maximumPoints)
        #expect(r.pointsKept > StrokePath.maximumPoints / 2)
    }
}
