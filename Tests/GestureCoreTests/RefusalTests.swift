@testable import GestureCore
import GestureTesting
import GestureTraces
import Testing

/// Every rule that can refuse a gesture says so under `replay --explain`:
/// its name, its measure and its threshold (Refusal.swift, RefusalWords.swift).
/// One row per rule, each a built hand (deterministic) against one binding.
@Suite struct RefusalTests {
    /// A hand, the binding it is tried on, the rule that must refuse it,
    /// and what its explain line must say (the measure, the threshold, the
    /// rule's name or setting).
    struct Row: CustomTestStringConvertible, Sendable {
        let rule: Refusal.Rule
        let gesture: GestureSpec
        var settings = Settings()
        let hand: @Sendable (inout TraceBuilder) -> Void
        let says: [String]
        var testDescription: String { rule.name }
    }

    static let rows: [Row] = [
        Row(rule: .swipeDistance, gesture: swipe(.left), hand: { b in
            b.land(3, at: centre, spacing: 90)
            b.move(by: Point(x: -63, y: 0), over: 0.38)
            b.lift()
        }, says: ["concedes at the lift", "travelled 63 px (16.7 mm)", "80 px", "swipe-distance"]),
        Row(rule: .tooSlow, gesture: swipe(.left), settings: Self.slowest(.px(500)), hand: { b in
            b.land(3, at: centre)
            b.move(by: Point(x: -200, y: 0), over: 1.0)
            b.lift()
        }, says: ["at the lift", "moved at 19", "px/s", "under the 500 px/s", "swipe-min-velocity"]),
        Row(rule: .offDirection, gesture: swipe(.left), hand: { b in
            b.land(3, at: centre)
            b.move(by: Point(x: -100, y: -70), over: 0.3)
            b.lift()
        }, says: ["moved 35° off left", "over its 30° maximumDeviation"]),
        Row(rule: .anotherWay, gesture: swipe(.left), hand: { b in
            b.land(3, at: centre)
            b.move(by: Point(x: 0, y: -200), over: 0.3)
            b.lift()
        }, says: ["went up", "more than left", "by the 80 px", "swipe-distance", "another-way"]),
        Row(rule: .travelDominance, gesture: swipe(.left, fingers: 2), hand: { b in
            // The fingers spread ×1.5 as the hand travels 120 px: both go
            // left, but the spread (50 px) is more than 1/2.5 of the travel.
            b.land(2, at: centre, spacing: 200)
            b.transform(scale: 1.5, degrees: 0, drift: Point(x: -120, y: 0), over: 0.3)
            b.lift()
        }, says: ["could not tell travel from spread: ", "spread and turn, 50.2 px", "travel, 120 px", "2.5 × either", "126 px",
                  "travel-dominance"]),
        Row(rule: .fingersApart, gesture: swipe(.left, fingers: 2), hand: { b in
            b.land(2, at: centre, spacing: 200)
            b.pinch(to: 0.4, over: 0.3)
            b.lift()
        }, says: ["set off different ways", "fingers-apart"]),
        Row(rule: .extraFinger, gesture: swipe(.left, fingers: 2), hand: { b in
            b.land(3, at: centre)
            b.move(by: Point(x: -200, y: 0), over: 0.3)
            b.lift()
        }, says: ["3 fingers landed; it wants 2", "extra-finger"]),
        Row(rule: .tooFewFingers, gesture: swipe(.left), hand: { b in
            b.land(2, at: centre)
            b.wait(0.3)
            b.move(by: Point(x: -200, y: 0), over: 0.3)
            b.lift()
        }, says: ["2 fingers landed within the 200 ms finger-landing; it wants 3"]),
        Row(rule: .handGrowing, gesture: swipe(.left), hand: { b in
            // Put down one by one, 0.4 s apart, and swiped at once.
            b.land(1, at: centre)
            b.wait(0.4)
            b.land(at: [centre + Point(x: 60, y: 0)])
            b.wait(0.4)
            b.land(at: [centre + Point(x: 120, y: 0)])
            b.move(by: Point(x: -200, y: 0), over: 0.2)
            b.lift()
        }, says: ["still growing", "landed 2", "1000 ms", "growing-hand"]),
        // A second binding wants 3 fingers: two that move 15 px (under
        // slop) and lift within finger-landing never had their count.
        Row(rule: .countNotSettled, gesture: drag(fingers: 2), hand: Self.nudge, says: ["lifted 60 ms after the last finger landed", "before the 200 ms finger-landing", "count-not-settled"]),
        Row(rule: .tooManyFingers, gesture: swipe(.left), hand: { b in
            b.land(4, at: centre)
            b.wait(0.3)
            b.land(at: [centre + Point(x: 0, y: 200)])
            b.move(by: Point(x: -200, y: 0), over: 0.3)
            b.lift()
        }, says: ["5 fingers landed, more than any binding wants", "too-many-fingers"]),
        Row(rule: .notNearEdge, gesture: swipe(.right, from: .leftEdge), hand: { b in
            b.land(3, at: Point(x: 300, y: 540))
            b.move(by: Point(x: 200, y: 0), over: 0.3)
            b.lift()
        }, says: ["landed 360 px (95.2 mm) from the left edge", "farther than the 24 px", "edge-width"]),
        Row(rule: .tapTooLong, gesture: tap(), hand: { b in
            b.land(1, at: centre)
            b.wait(0.6)
            b.lift()
        }, says: ["down 400 ms after its last finger landed", "over the 400 ms tap-timeout"]),
        Row(rule: .tapMoved, gesture: tap(fingers: 2), hand: { b in
            // One finger of two rolls 24 px: their centre moves 12 (no stroke).
            b.land(2, at: centre)
            b.moveEach(by: [Point(x: 24, y: 0), .zero], over: 0.05)
            b.lift()
        }, says: ["a finger moved 19.2 px (5.1 mm)", "over the 18 px", "slop", "tap-slop"]),
        Row(rule: .tapStroke, gesture: tap(fingers: 2), hand: Self.nudge, says: ["moved together 15 px", "0.75 of the slop (13.5 px", "tap-stroke"]),
        Row(rule: .notTogether, gesture: tap(fingers: 2), hand: { b in
            b.land(2, at: centre, stagger: 0.1)
            b.lift()
        }, says: ["down together 10 ms of the 25 ms", "down-together"]),
        Row(rule: .landedApart, gesture: tap(fingers: 2), hand: { b in
            b.land(1, at: centre)
            b.wait(0.3)
            b.land(at: [centre + Point(x: 60, y: 0)])
            b.wait(0.05)
            b.lift()
        }, says: ["after the 200 ms finger-landing had closed", "landed-apart"]),
        Row(rule: .nextTapLate, gesture: tap(count: 2), hand: { b in
            b.tap(1, at: centre)
            b.wait(0.5)
            b.tap(1, at: centre)
        }, says: ["no next tap within the 300 ms double-tap-timeout", "300 ms after the lift"]),
        Row(rule: .fewerFingers, gesture: tap(fingers: 3), hand: { b in
            b.tap(2, at: centre)
        }, says: ["2 fingers landed; it wants 3", "fewer-fingers"]),
        Row(rule: .notTouches, gesture: tap(), hand: { b in
            b.device = TraceBuilder.touchpadID
            b.touchpadSwipe(fingers: 1, by: Point(x: 100, y: 0), over: 0.2)
        }, says: ["it takes touchscreen touches", "touchscreen-only"]),
        Row(rule: .touchpadPinch, gesture: swipe(.left), hand: { b in
            b.device = TraceBuilder.touchpadID
            b.touchpadPinch(fingers: 3, to: 1.5, over: 0.2)
        }, says: ["reported a pinch", "pinch-events"]),
        Row(rule: .touchpadSwipe, gesture: magnify(), hand: { b in
            b.device = TraceBuilder.touchpadID
            b.touchpadSwipe(fingers: 2, by: Point(x: 100, y: 0), over: 0.2)
        }, says: ["reported a swipe", "swipe-events"]),
        Row(rule: .pressMoved, gesture: longPress(), hand: { b in
            b.land(1, at: centre)
            b.move(by: Point(x: 30, y: 0), over: 0.2)
            b.lift()
        }, says: ["a finger moved", "over the 18 px", "slop", "press-slop"]),
        Row(rule: .pressTooShort, gesture: longPress(), hand: { b in
            b.land(1, at: centre)
            b.wait(0.3)
            b.lift()
        }, says: ["at the lift", "lifted after 310 ms of the 500 ms long-press"]),
        Row(rule: .dragDistance, gesture: drag(distance: .px(40)), hand: { b in
            b.land(1, at: centre)
            b.wait(0.3)
            b.move(by: Point(x: 25, y: 0), over: 0.1)
            b.lift()
        }, says: ["moved 25 px (6.6 mm) of its 40 px", "minimumDistance", "drag-distance"]),
        Row(rule: .scaleTooSmall, gesture: magnify(), hand: { b in
            b.land(2, at: centre, spacing: 200)
            b.pinch(to: 1.03, over: 0.2)
            b.lift()
        }, says: ["the spread changed 3 % of its 5 % minimumScaleDelta"]),
        Row(rule: .angleTooSmall, gesture: rotate(), hand: { b in
            b.land(2, at: centre, spacing: 200)
            b.rotate(by: 3, over: 0.2)
            b.lift()
        }, says: ["the fingers turned 3° of its 5° minimumAngleDelta"]),
        Row(rule: .shapeNotClear, gesture: magnify(), hand: { b in
            // Both fingers go left (together), spreading ×1.2: under the clear ×1.25.
            b.land(2, at: centre, spacing: 200)
            b.transform(scale: 1.2, degrees: 0, drift: Point(x: -300, y: 0), over: 0.4)
            b.lift()
        }, says: ["could not tell spread from travel: ", "the fingers' own motion, 20.1 px", "under the 100 px", "not clear (×1.25",
                  "pinch-against-travel"]),
        Row(rule: .strokeShape, gesture: .stroke(StrokeSpec(shape: "L", common: CommonArguments(fingers: 2))), hand: { b in
            b.land(2, at: centre, spacing: 60)
            b.transform(scale: 3, degrees: 0, drift: Point(x: 100, y: 0), over: 0.3)
            b.lift()
        }, says: ["spread or turned 63.2 px", "over half the drawing (50 px", "stroke-against-shape"]),
    ]

    /// Rules no row here reaches, and why (each is a test's elsewhere, or
    /// needs a hand no built trace makes): a new rule needs a row or a line here.
    static let elsewhere: [Refusal.Rule: String] = [
        .lifted: "the fallback: every lift is held back by a rule that says more",
        .fingersDown: "a lift with the count settled at its fingers fails first (a lift fails every gesture)",
        .touchpadCancelled: "libinput's cancel: TraceBuilder makes no cancelled gesture",
        .wentBack: "needs a swipe recognized and kept waiting by a higher binding: CompositionTests' ranks",
    ]

    /// Two fingers that move together 15 px in 50 ms, and lift.
    static let nudge: @Sendable (inout TraceBuilder) -> Void = { b in
        b.land(2, at: centre)
        b.move(by: Point(x: 15, y: 0), over: 0.05)
        b.lift()
    }

    static func slowest(_ l: Length) -> Settings {
        var s = Settings()
        s.swipeMinVelocity = Speed(l)
        return s
    }

    /// The binding's refusal and the explain lines, for a row.
    static func explain(_ row: Row) -> (refusal: Refusal?, lines: [String]) {
        var b = TraceBuilder.standard(seed: 3)
        row.hand(&b)
        var bindings = [bind("x", row.gesture)]
        // count-not-settled: a binding that wants more keeps the landing window open.
        if row.rule == .countNotSettled { bindings.append(bind("three", swipe(.left, fingers: 3))) }
        let run = Run(b, bindings, settings: row.settings)
        let printer = ReplayPrinter(table: GestureTable(settings: row.settings, desktop: bindings), json: false, explain: true)
        var lines: [String] = []
        for e in run.effects {
            for l in printer.lines(e) where l.text.contains("x concedes") { lines.append(l.text) }
        }
        let refusal = run.notes.last { n in
            if n.binding == 0, case .refused = n.reason { return true } else { return false }
        }.flatMap { n -> Refusal? in if case .refused(let r)? = n.reason { return r } else { return nil } }
        return (refusal, lines)
    }

    @Test(arguments: rows)
    func theRuleSaysItsMeasureAndThreshold(_ row: Row) {
        let (refusal, lines) = Self.explain(row)
        #expect(refusal?.rule == row.rule, "refused by \(refusal.map { "\($0.rule)" } ?? "nothing"): \(lines)")
        let line = lines.last ?? ""
        for words in row.says { #expect(line.contains(words), "\(row.rule.name): '\(words)' not in: \(line)") }
        // The monitor stream writes the words as they are: nothing to escape.
        let said = refusal?.said ?? ""
        #expect(!said.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }, "\(said)")
        // The rule's name (or the setting that sets it) is said.
        #expect(line.contains(row.rule.name) || row.rule.setting.map { line.contains($0) } == true, "\(line)")
    }

    /// A new rule cannot go unexplained: a row or a reason above.
    @Test func everyRuleHasARowOrAReason() {
        let covered = Set(Self.rows.map(\.rule))
        for rule in Refusal.Rule.allCases {
            #expect(covered.contains(rule) != (Self.elsewhere[rule] != nil), "\(rule): a row, or a reason in `elsewhere`")
        }
    }

    /// Each rule is named, and either a setting reaches it or it says why none does.
    @Test func everyRuleSaysWhatSetsIt() {
        for rule in Refusal.Rule.allCases {
            #expect(!rule.name.isEmpty)
            #expect((rule.setting != nil) != (rule.fixedBecause != nil), "\(rule): a setting, or why none")
        }
    }

    /// The issue's hand (issue 63), without a binding's argument: the
    /// refusal names the setting, in px and mm.
    @Test func theShortSwipeSaysHowFarItGot() {
        let (r, lines) = Self.explain(Self.rows[0])
        #expect(r?.atLift == true)
        #expect(lines.last?.hasSuffix("x concedes at the lift: travelled 63 px (16.7 mm) of the 80 px swipe-distance")
                == true, "\(lines)")
    }
}
