import GestureCore
import GestureSystem
@testable import GestureTesting
import GestureTraces
import Testing

#if canImport(Glibc)
import Glibc
#endif

// Issue 59's invariance harness (docs/real-hands.md, "Invariance"): every
// touch sequence of the real-hands touchscreen recordings (the development
// half RealHandsOfflineTests replays), and issue 63's short swipe, turned
// into variants that keep their label, or change it as the mirror says
// (Sources/GestureTesting/TraceVariants.swift), replayed and scored per class
// as the live report scores them.
//
//     swift test --filter RealHandsInvarianceTests
//     REAL_HANDS_VARIANTS_REPORT=/tmp/variants.json …   the classes as JSON (score.py --variants)
//     REAL_HANDS_VARIANTS_VERBOSE=1 …                   every variant that missed or fired beyond its label
//     REAL_HANDS_VARIANTS_TRACES=DIR …                  and each of those as a trace in DIR

/// One hand to vary: "ts09 #0", its label, its touches.
struct InvarianceHand: Sendable {
    var name: String
    var label: RealHandsLabels.Sequence
    var hand: RecordedHand
    /// Its class in the report: `InvarianceClass.name(of:)` for a real hand.
    var className: String
    var source: String
}

enum Invariance {
    /// Variants with every change at once, per hand, beside the grid's one at a time.
    static let randomPerHand = 30
    /// At most this many events replayed per hand: a hand of many (the
    /// 10-finger negatives, 7,000-8,000 events) gets an evenly spaced share
    /// of its variants, at least `fewest`, so the suite stays within CI's time.
    static let eventsPerHand = 250_000
    static let fewest = 24
    /// Every this-many-th variant of a hand is also written as a trace file and read back.
    static let readBackEvery = 8

    /// The touchscreen recordings' touch sequences, each with its label, on
    /// the conversion's 1920 × 1080 screen.
    static func realHands() throws -> [InvarianceHand] {
        try RealHandsFiles.labels().recordings.filter { $0.kind == "touchscreen" }.flatMap { r in
            let rec = try EvemuRecording(desc: RealHandsFiles.read("recordings/\(r.name).desc"),
                                         events: RealHandsFiles.read("recordings/\(r.name).events"))
            let hands = RecordedHand.split(rec.trace)
            try #require(hands.count == r.sequences.count,
                         "\(r.name): \(hands.count) touch sequences, \(r.sequences.count) labelled")
            return zip(hands, r.sequences).map {
                InvarianceHand(name: "\(r.name) #\($1.index)", label: $1, hand: $0,
                               className: InvarianceClass.name(of: $1), source: "real hands")
            }
        }
    }

    /// One hand's variants, scored.
    struct HandOutcome: Sendable {
        /// As recorded, alone: what fired.
        var base: [String] = []
        var scored: [(score: RealHandsScore.Sequence, variant: String)] = []
        /// Broken variants: "ts09 #0, ×2 speed: times go back".
        var problems: [String] = []
    }

    struct Outcome {
        var classes: [InvarianceClass]
        var problems: [String]
        var base: [String: [String]]
    }

    /// Every hand's variants scored against its label (mirrored where the
    /// variant is), on two threads, gathered in the hands' order.
    static func run(_ hands: [InvarianceHand], table: GestureTable) async -> Outcome {
        let workers = 2
        let outcomes = await withTaskGroup(of: [(Int, HandOutcome)].self) { group in
            for w in 0..<workers {
                group.addTask {
                    stride(from: w, to: hands.count, by: workers).map { ($0, run(hands[$0], number: $0, table: table)) }
                }
            }
            var all: [(Int, HandOutcome)] = []
            for await part in group { all += part }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var classes: [String: InvarianceClass] = [:]
        var out = Outcome(classes: [], problems: [], base: [:])
        let verbose = !(ProcessEnvironment.current()["REAL_HANDS_VARIANTS_VERBOSE"] ?? "").isEmpty
        for (h, o) in zip(hands, outcomes) {
            out.base[h.name] = o.base
            out.problems += o.problems
            var c = classes[h.className] ?? InvarianceClass(of: h.label, name: h.className, source: h.source)
            for (s, variant) in o.scored {
                c.add(s, hand: h.name, variant: variant)
                if verbose && (!s.unexpected.isEmpty || !s.missing.isEmpty) {
                    print("\(h.name), \(variant): missed \(s.missing), fired \(s.unexpected)")
                }
            }
            classes[h.className] = c
        }
        out.classes = classes.values.sorted {
            ($0.source, $0.negative ? 1 : 0, $0.kind, $0.fingers, $0.name) < ($1.source, $1.negative ? 1 : 0, $1.kind, $1.fingers, $1.name)
        }
        return out
    }

    static func run(_ h: InvarianceHand, number: Int, table: GestureTable) -> HandOutcome {
        let engine = GestureEngine(table: table, screen: h.hand.header.screen)
        let names = engine.bindings.map(\.name), steps = engine.bindings.map { $0.step != nil }
        let edges = TimingEdges(table.settings)
        func score(_ label: RealHandsLabels.Sequence, _ trace: Trace) -> RealHandsScore.Sequence {
            let recording = RealHandsLabels.Recording(name: h.name, kind: "touchscreen", sequences: [label])
            return RealHandsScore(recording, starts: [trace.events.first?.t ?? 0], effects: Replayer.run(trace, table: table),
                                  names: names, steps: steps).sequences[0]
        }
        var out = HandOutcome()
        out.base = score(h.label, h.hand.trace).fired
        var variants = TraceVariant.grid(for: h.hand, window: edges.fingerLanding)
            + TraceVariant.random(randomPerHand, seed: UInt64(number + 1) &* 0x9E37_79B9)
        let most = max(fewest, eventsPerHand / max(1, h.hand.eventCount))
        if variants.count > most { variants = (0..<most).map { variants[$0 * variants.count / most] } }
        let rule = TimingRule.of(kind: h.label.kind)
        var seen: Set<String> = []
        for (k, v) in variants.enumerated() {
            let applied = v.apply(to: h.hand, rule: rule, edges: edges)
            // The same variant twice (a speed a timing rule kept at × 1, the
            // orders of one finger) counts once; as recorded, not at all.
            guard !applied.isIdentity, seen.insert(applied.description).inserted else { continue }
            let problems = VariantCheck.problems(source: h.hand, variant: applied, readBack: k % readBackEvery == 0)
            if !problems.isEmpty {
                out.problems.append("\(h.name), \(applied.description): " + problems.joined(separator: "; "))
                continue
            }
            var label = h.label
            if v.mirrored {
                label.must = label.must.map(TraceVariant.mirrored)
                label.may = label.may.map(TraceVariant.mirrored)
            }
            let scored = score(label, applied.trace)
            out.scored.append((scored, applied.description))
            // To look closer (`gesture-bridge replay --explain`): each variant
            // that went wrong as a trace, where this names (never the repository).
            if let dir = ProcessEnvironment.current()["REAL_HANDS_VARIANTS_TRACES"], !dir.isEmpty,
               !scored.unexpected.isEmpty || !scored.missing.isEmpty {
                let file = h.name.replacingOccurrences(" #", "-") + "-v\(k).jsonl"
                _ = FileSystem.write("# \(h.name), \(applied.description)\n" + TraceWriter.write(applied.trace), to: dir + "/" + file)
            }
        }
        return out
    }

    // MARK: Issue 63's short swipe

    /// Three fingers `90 × size` px apart on 1920 × 1080 at 3.78 px/mm,
    /// landing 30 ms apart, moving left together `63 × size` px (17 mm at
    /// 1×) in 0.38 s, lifting together.
    static func shortSwipe(size: Double) -> RecordedHand {
        var b = TraceBuilder.standard()
        ShortSwipeTests.hand(&b, size: size, at: Point(x: 960, y: 540))
        return RecordedHand.split(b.trace)[0]
    }

    /// At 1×, half and double size.
    static let shortSwipeHands: [InvarianceHand] = [(1.0, "1"), (0.5, "0.5"), (2.0, "2")].map { size, words in
        let name = "issue 63 ×\(words) (\(Int(63 * size)) px)"
        return InvarianceHand(name: name, label: RealHandsLabels.Sequence(index: 0, label: "3-finger short swipe left",
                                                                          kind: "swipe", fingers: 3,
                                                                          must: ["swipe-left-3"], may: []),
                              hand: shortSwipe(size: size), className: name, source: "issue 63")
    }

    /// `swipe(fingers: 3, direction: .left)` as issue 63 binds it, and its
    /// mirror (what the mirrored variants must fire).
    static let shortSwipeTable = GestureTable(desktop: [
        Binding(name: "swipe-left-3", gesture: .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3)))),
        Binding(name: "swipe-right-3", gesture: .swipe(SwipeSpec(direction: .right, common: CommonArguments(fingers: 3)))),
    ])

    /// The floors, per class: its variants, how many of those that must
    /// fire did, how many fired beyond their label. Measured on main's
    /// engine (04ef47d) on 2026-12-06, raised with the touchscreen lengths
    /// in mm (pinch 4: 8 → 3 false; tap 4: 194 → 202 kept; swipe 4: 20 → 19
    /// false) and the growing hand's wait at its own pace (multi 6: 22 → 10
    /// false); then the touchscreens' own density (multi 6: 10 → 8) and the
    /// causes of item 2 (docs/engine.md, "One reading, with a margin":
    /// swipe 4: 19 → 5 false; then a resting pair's pinch: 5 → 0). The
    /// panels only where the hand's motion fits on them, and taps kept
    /// on their side of `Contact.tapTogether` (TraceVariants.swift): the
    /// real hands' 4,543 variants → 4,374 (pinch 4's 3 false were on
    /// panels its two hands do not fit on; tap 4: 202 → 204 kept). Issue 59's goal is ≥ 99 %
    /// kept and 0 false in every class: a class that does better fails
    /// here until its floor is raised with it.
    static let floors: [String: (variants: Int, kept: Int, false: Int)] = [
        "circle 2": (61, 0, 0), "multi 6": (75, 0, 8), "multi 10": (30, 0, 0),
        "pinch 2": (548, 548, 0), "pinch 3": (63, 63, 0), "pinch 4": (99, 95, 0),
        "press 2": (228, 0, 0), "rotate 2": (157, 157, 0), "stroke 1": (104, 0, 0),
        "swipe 2": (280, 279, 0), "swipe 4": (355, 354, 0),
        "tap 1": (583, 0, 0), "tap 2": (120, 0, 0), "tap 4": (209, 204, 0),
        "negative": (1462, 0, 0),
    ]
}

@Suite(.serialized) struct RealHandsInvarianceTests {
    /// The report per class (printed; as JSON where
    /// REAL_HANDS_VARIANTS_REPORT says), and a ratchet: no class does worse
    /// than its floor, every variant is a sound trace, and each hand alone,
    /// as recorded, fires what it fires in its recording.
    /// Not under the sanitizers (`RealHandsFiles.underSanitizer`): the
    /// variants replay pure engine code, which the plain `swift test`
    /// checks, and under ASan and TSan they would cost CI minutes for
    /// nothing a sanitizer can find there.
    @Test(.enabled(if: RealHandsFiles.present, "../shared/real-hands is not beside the repository"),
          .disabled(if: RealHandsFiles.underSanitizer, "under a sanitizer: the plain suite runs the variants"))
    func realHandsKeepTheirLabelsUnderEveryVariant() async throws {
        let table = try RealHandsFiles.table()
        let hands = try Invariance.realHands()
        let real = await Invariance.run(hands, table: table)
        let short = await Invariance.run(Invariance.shortSwipeHands, table: Invariance.shortSwipeTable)
        let classes = real.classes + short.classes
        let variants = classes.reduce(0) { $0 + $1.variants }
        print("real hands, invariance: \(variants) variants of \(hands.count + short.base.count) hands\n"
              + InvarianceClass.table(classes))
        if let path = ProcessEnvironment.current()["REAL_HANDS_VARIANTS_REPORT"], !path.isEmpty {
            if case .failure(let e) = FileSystem.write(InvarianceClass.json(classes), to: path) {
                Issue.record("REAL_HANDS_VARIANTS_REPORT: \(e)")
            }
        }
        // A transform that breaks a trace (times back, a touch lost, a
        // file that does not read back) fails here, before any figure.
        #expect(real.problems.isEmpty && short.problems.isEmpty, "\(real.problems + short.problems)")

        // Alone, each hand as recorded does what it does in its recording.
        var alone = 0
        for r in try RealHandsFiles.labels().recordings where r.kind == "touchscreen" {
            let whole = try RealHandsFiles.score(r, table, on: EvemuRecording.screen)
            for s in whole.sequences {
                #expect(real.base["\(r.name) #\(s.label.index)"] == s.fired, "\(r.name) #\(s.label.index)")
                alone += 1
            }
        }
        #expect(alone == hands.count)

        // The ratchet (issue 63's short swipe has its own test).
        for c in real.classes {
            guard let floor = Invariance.floors[c.name] else {
                Issue.record("\(c.name): no floor (\(c.variants) variants, \(c.kept) kept, \(c.falseTriggers) false)")
                continue
            }
            #expect(c.variants == floor.variants, "\(c.name): variants")
            #expect(c.kept >= floor.kept, "\(c.name): must-fire kept, \(c.kept) of \(c.mustVariants)")
            #expect(c.falseTriggers <= floor.false, "\(c.name): false triggers, worst: \(c.worst ?? "-")")
        }
        #expect(Set(real.classes.map(\.name)) == Set(Invariance.floors.keys))
    }

    /// Issue 63's hand: 63 px (17 mm) of three fingers' swipe, at half and
    /// double size. Whether the 1× and ½× fire is being changed (the
    /// default threshold, issue 63); the 2× (126 px) fires, and a hand that
    /// fires as built fires in ≥ 99 % of its variants.
    @Test func issue63ShortSwipeBehavesAsItsBaseHand() async {
        let out = await Invariance.run(Invariance.shortSwipeHands, table: Invariance.shortSwipeTable)
        print(InvarianceClass.table(out.classes))
        #expect(out.problems.isEmpty, "\(out.problems)")
        let double = Invariance.shortSwipeHands[2].name
        #expect(out.base[double] == ["swipe-left-3"], "\(out.base)")
        for c in out.classes where out.base[c.name] == ["swipe-left-3"] {
            #expect(c.kept * 100 >= 99 * c.mustVariants, "\(c.name): \(c.kept) of \(c.mustVariants), worst: \(c.worst ?? "-")")
        }
    }
}
