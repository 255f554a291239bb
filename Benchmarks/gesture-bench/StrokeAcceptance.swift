// gesture-bench strokes DIR --accept [--rounds R] [--seed N]
//
// What a person's drawings fire, not only which shape is closest: each
// shape taught as `teach` teaches it (`Teacher`: its threshold fitted
// between the person's own examples and the everyday negatives, the shapes
// taught one after the other), every other drawing matched as the
// recognizer matches at the lift (`StrokeSet.match`: its rejections and each
// shape's threshold), for a finger stroke and for a pointer stroke (a line
// is a shape there: `straightness` off). A miss is counted by its cause.
// $P's top-1 (no rejection, no threshold) beside it: the recall to reach
// (issue 58: "plain $P recognizes more real mid-air shapes than ours").
//
// - 3DMadLabSD, user-dependent as `teach` is used: per person and domain,
//   the first 3 repetitions of each of the 10 shapes taught, the other 7
//   replayed (deterministic: no rounds).
// - 3DTCGS (nobody drew twice): per person, 3 drawings of each shape by
//   other people taught (chosen at random, `--rounds` times, at most 5),
//   every drawing of the person replayed.
import GestureCore
import GestureTraces

/// Why a drawing did not fire its own shape.
enum MissCause: String, CaseIterable {
    case tooSmall = "too small"
    case straight = "straight line"
    case noCorner = "no corner"
    case belowThreshold = "under the threshold"
    case otherShape = "fired another shape"
    case otherClosest = "another shape closest, rejected"
}

/// One replayed drawing's outcome in one decision.
struct Tally {
    var hits = 0, tries = 0
    var causes: [MissCause: Int] = [:]

    mutating func add(_ m: StrokeMatch, _ shape: String) {
        tries += 1
        if m.name == shape { hits += 1; return }
        let cause: MissCause
        if m.name != nil { cause = .otherShape }
        else if m.closest != nil && m.closest != shape { cause = .otherClosest }
        else {
            switch m.rejection {
            case .tooSmall?, .tooFewPoints?: cause = .tooSmall
            case .straight?: cause = .straight
            case .noCorner?: cause = .noCorner
            default: cause = .belowThreshold
            }
        }
        causes[cause, default: 0] += 1
    }

    /// A top-1 answer: no rejection, the closest is what it says.
    mutating func add(top1 got: String?, _ shape: String) {
        tries += 1
        if got == shape { hits += 1 } else { causes[.otherShape, default: 0] += 1 }
    }

    static func + (a: Tally, b: Tally) -> Tally {
        Tally(hits: a.hits + b.hits, tries: a.tries + b.tries, causes: a.causes.merging(b.causes, uniquingKeysWith: +))
    }

    var rate: String { percent((hits, tries)) }
}

/// Per person: $P's top-1, ours' closest (top-1, no rule), what ours fires
/// with a finger and with a pointer button.
struct PersonScore {
    var dollarP = Tally(), closest = Tally(), finger = Tally(), pointer = Tally()
    static func + (a: PersonScore, b: PersonScore) -> PersonScore {
        PersonScore(dollarP: a.dollarP + b.dollarP, closest: a.closest + b.closest, finger: a.finger + b.finger, pointer: a.pointer + b.pointer)
    }
}

/// The decisions a taught set makes: finger and pointer options.
struct Deciding {
    let set: StrokeSet
    let finger: StrokeMatcher
    let pointer: StrokeMatcher
    let closest: StrokeMatcher

    init(_ set: StrokeSet) {
        self.set = set
        var f = StrokeOptions()
        f.threshold = 0
        finger = set.matcher(f)
        var p = f
        p.straightness = -1
        pointer = set.matcher(p)
        var c = p
        c.minimumSize = 0
        closest = set.matcher(c)
    }
}

/// Each shape taught in turn from its examples, as `teach SHAPE` run once
/// per shape would: the thresholds are `Teacher`'s.
func taught(_ examples: [(shape: String, paths: [[Point]])], negatives: [(name: String, path: [Point])]) -> StrokeSet {
    var set = StrokeSet()
    for (shape, paths) in examples {
        let named = paths.enumerated().map { (name: "\(shape) #\($0.offset + 1)", path: $0.element) }
        set = Teacher(shape: shape, paths: named, set: set, negatives: negatives).set
    }
    return set
}

/// One replayed drawing scored in every decision.
func replay(_ d: Drawing, _ deciding: Deciding, _ dollarP: DollarP, into s: inout PersonScore) {
    let path = OwnMatcher.path(d.points)
    s.finger.add(deciding.set.match(path, with: deciding.finger), d.shape)
    s.pointer.add(deciding.set.match(path, with: deciding.pointer), d.shape)
    s.closest.add(top1: deciding.closest.match(path).closest, d.shape)
    s.dollarP.add(top1: dollarP.recognize(d.points)?.shape, d.shape)
}

/// 3DMadLabSD: per person and domain, the first `templates` repetitions of
/// each shape taught, the rest replayed.
func acceptUserDependent(_ set: [Drawing], templates: Int, negatives: [(name: String, path: [Point])]) -> [String: PersonScore] {
    var out: [String: PersonScore] = [:]
    for (person, mine) in Dictionary(grouping: set, by: \.person) {
        // Files are read sorted: a shape's repetitions in the order drawn.
        let byShape = Dictionary(grouping: mine, by: \.shape)
        let shapes = byShape.keys.sorted()
        let examples = shapes.map { s in (shape: s, paths: byShape[s]!.prefix(templates).map { OwnMatcher.path($0.points) }) }
        let deciding = Deciding(taught(examples, negatives: negatives))
        var dollarP = DollarP()
        for s in shapes { for d in byShape[s]!.prefix(templates) { dollarP.add(s, d.points) } }
        var score = PersonScore()
        for s in shapes { for d in byShape[s]!.dropFirst(templates) { replay(d, deciding, dollarP, into: &score) } }
        out[person] = score
    }
    return out
}

/// 3DTCGS: per person, `templates` drawings of each shape by others taught
/// (at random, `rounds` times), every drawing of the person replayed.
func acceptUserIndependent(_ set: [Drawing], templates: Int, rounds: Int, seed: UInt64,
                           negatives: [(name: String, path: [Point])]) -> [String: PersonScore] {
    var rng = SplitMix(state: seed)
    let byShape = Dictionary(grouping: set, by: \.shape)
    let shapes = byShape.keys.sorted()
    var out: [String: PersonScore] = [:]
    for person in Set(set.map(\.person)).sorted() {
        var score = PersonScore()
        for _ in 0..<rounds {
            var dollarP = DollarP()
            var examples: [(shape: String, paths: [[Point]])] = []
            for s in shapes {
                var pool = byShape[s]!.filter { $0.person != person }
                var paths: [[Point]] = []
                for _ in 0..<min(templates, pool.count) {
                    let d = pool.remove(at: rng.next(pool.count))
                    paths.append(OwnMatcher.path(d.points))
                    dollarP.add(s, d.points)
                }
                examples.append((s, paths))
            }
            let deciding = Deciding(taught(examples, negatives: negatives))
            for d in set where d.person == person { replay(d, deciding, dollarP, into: &score) }
        }
        out[person] = score
    }
    return out
}

func printAcceptance(_ title: String, _ scores: [(String, PersonScore)]) {
    print("\n" + title)
    var rows: [[String]] = [["person", "drawings", "$P top-1", "ours closest", "ours fires (finger)", "ours fires (pointer)"]]
    var all = PersonScore()
    for (person, s) in scores {
        rows.append([person, String(s.pointer.tries), s.dollarP.rate, s.closest.rate, s.finger.rate, s.pointer.rate])
        all = all + s
    }
    rows.append(["**all**", String(all.pointer.tries), all.dollarP.rate, all.closest.rate, all.finger.rate, all.pointer.rate])
    printTable(rows)
    print("\nmisses by cause (finger / pointer):")
    var causes: [[String]] = [["cause", "finger", "pointer"]]
    for c in MissCause.allCases {
        causes.append([c.rawValue, String(all.finger.causes[c] ?? 0), String(all.pointer.causes[c] ?? 0)])
    }
    printTable(causes)
}

func acceptance(_ dir: String, rounds: Int, templates: Int, seed: UInt64) throws(DatasetError) {
    let negatives: [(name: String, path: [Point])]
    do { negatives = try Teacher.everydayNegatives() } catch { throw DatasetError(text: "everyday negatives: \(error)") }
    var bySubject: [String: PersonScore] = [:]
    var byDomain: [(String, PersonScore)] = []
    for domain in 1...4 {
        let set = try loadMadLab(dir + "/3DMadLabSD/Domain\(domain)")
        guard !set.isEmpty else { continue }
        let scores = acceptUserDependent(set, templates: templates, negatives: negatives)
        byDomain.append(("Domain\(domain)", scores.values.reduce(PersonScore(), +)))
        for (p, s) in scores { bySubject[p] = (bySubject[p] ?? PersonScore()) + s }
    }
    printAcceptance("3DMadLabSD, user-dependent: each person's first \(templates) repetitions of each shape taught (`Teacher`), the other \(10 - templates) replayed; per person over the 4 domains (each domain's 10 shapes taught apart)",
                    bySubject.sorted { Int($0.key.dropFirst("Subject".count)) ?? 0 < Int($1.key.dropFirst("Subject".count)) ?? 0 })
    printAcceptance("3DMadLabSD, the same per domain", byDomain)
    let tcgs = try loadTCGS(dir + "/3DTCGS")
    let r = min(rounds, 5)
    printAcceptance("3DTCGS, user-independent: \(templates) drawings of each of 26 shapes by other people taught (`Teacher`), every drawing of the person replayed; \(r) rounds (seed \(seed))",
                    acceptUserIndependent(tcgs, templates: templates, rounds: r, seed: seed, negatives: negatives).sorted { $0.key < $1.key })
}
