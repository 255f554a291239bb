import GestureCore

/// `gesture-bridge teach` and the settings app's "Draw a shape": a shape
/// from the user's examples, with the
/// threshold fitted between them and everyday hands. Each example is
/// scored against the others left out in turn (how the next attempt will
/// fare), each everyday negative (`EverydayNegatives`: palms,
/// scrolls, short and reversed swipes, taps...) against them all; the
/// threshold goes between the lowest example and the highest negative
/// that comes closest to this shape, a third of the way from the
/// negative (`measuredPlace`), within 0.60...0.95.
public struct Teacher: Sendable {
    /// Where a threshold may go: under 0.60 anything resembles anything;
    /// over 0.95 a person's own second attempt fails.
    public static let lowest = 0.60, highest = 0.95
    /// Where the threshold goes between the closest everyday hand and the
    /// lowest example, measured from the hand: a third of the way (a
    /// person's next attempts fall under their lowest example more often
    /// than a hand comes closer than the closest measured). With no hand
    /// closer than `lowest`, midway: 0.60 is no measure of a hand (real
    /// hands, RealHandsOfflineTests: a check with no everyday hand near it
    /// fired on a four-finger movement with its threshold at 0.76, not at
    /// midway's 0.80).
    public static let measuredPlace = 1.0 / 3, guessedPlace = 0.5

    public struct Scored: Sendable {
        public var name: String
        /// The shape this one came closest to, and its score; nil when it
        /// was rejected before scoring (too small, a line).
        public var closest: String?
        public var score: Double
    }

    public var shape: String
    public var threshold: Double
    /// The examples, each scored with the others as templates (left out in turn).
    public var examples: [Scored]
    /// The everyday negatives whose closest shape is this one.
    public var nearNegatives: [Scored]
    /// The shapes with this one taught.
    public var set: StrokeSet
    /// Whether everyday hands were given (none for paths drawn with a
    /// button: a finger's hands never draw with one).
    public var judgedAgainstEverydayHands: Bool

    /// Teaches `shape` from `paths` (replacing its templates), beside the
    /// shapes of `set`, each scored as it will be matched: `options` are a
    /// finger stroke's by default, PointerStrokeBindings.options() for
    /// paths drawn with a button (a line is a shape there).
    public init(shape: String, paths: [(name: String, path: [Point])], set old: StrokeSet, negatives: [(name: String, path: [Point])],
                options: StrokeOptions = StrokeOptions()) {
        self.shape = shape
        judgedAgainstEverydayHands = !negatives.isEmpty
        var others = old
        others.shapes.removeAll { $0.name == shape }
        examples = paths.indices.map { i in
            var loo = others
            let rest = paths.indices.filter { $0 != i }.map { paths[$0].path }
            if !rest.isEmpty { loo.shapes.append(StrokeShape(name: shape, threshold: 0, templates: rest)) }
            let m = loo.match(paths[i].path, with: loo.matcher(options))
            return Scored(name: paths[i].name, closest: m.closest, score: m.score)
        }
        var taught = others
        taught.shapes.append(StrokeShape(name: shape, threshold: 0, templates: paths.map(\.path)))
        let matcher = taught.matcher(options)
        nearNegatives = negatives.compactMap { n in
            let m = taught.match(n.path, with: matcher)
            return m.closest == shape ? Scored(name: n.name, closest: m.closest, score: m.score) : nil
        }.sorted { $0.score > $1.score }
        let own = examples.filter { $0.closest == shape }.map(\.score)
        let low = own.min() ?? StrokeShape.defaultThreshold
        let high = nearNegatives.first?.score ?? 0
        threshold = Self.threshold(lowest: low, closestHand: high)
        let i = taught.shapes.count - 1
        taught.shapes[i].threshold = threshold
        set = StrokeSet(old.shapes.map { $0.name == shape ? taught.shapes[i] : $0 })
        if old[shape] == nil { set.shapes.append(taught.shapes[i]) }
    }

    /// The threshold between a shape's lowest example (scored against the
    /// others) and the closest everyday hand's score (0: none near), in
    /// hundredths, within `lowest...highest`; over the hand when the hand
    /// comes closer than the example.
    public static func threshold(lowest low: Double, closestHand high: Double) -> Double {
        let floor = max(high, lowest)
        let t = high < low ? floor + (low - floor) * (high > lowest ? measuredPlace : guessedPlace) : high + 0.01
        return min(highest, max(lowest, (t * 100).rounded() / 100))
    }

    /// Every attempt of `tune`'s everyday negatives, as paths.
    public static func everydayNegatives() throws -> [(name: String, path: [Point])] {
        try EverydayNegatives.traces().flatMap { n in
            n.trace.attempts().enumerated().compactMap { i, t in StrokeExample(t).map { ("\(n.name) #\(i + 1)", $0.path) } }
        }
    }

    /// Examples the fitted threshold would still miss (another shape closer, or under it).
    public var missed: [Scored] { examples.filter { $0.closest != shape || $0.score < threshold } }
    /// Everyday negatives that would fire it.
    public var firing: [Scored] { nearNegatives.filter { $0.score >= threshold } }

    /// What `teach` says, line by line: the threshold and what it risks.
    /// Structured, so the command says each line in the user's language
    /// (its counts with their plural forms); scores in hundredths.
    public enum ReportLine: Hashable, Sendable {
        /// "L: 4 examples, threshold 0.82"
        case taught(shape: String, examples: Int, threshold: String)
        /// Each attempt scored against the others: how many came closest to
        /// the shape over its threshold, and the others.
        case attempts(recognized: Int, of: Int, missed: [Missed])
        /// One example: the threshold is the default.
        case oneExample
        /// Drawn with a button: no finger's everyday hand is asked, and a
        /// click (under `minimumSize` px) is no stroke.
        case drawnWithAButton(minimumSize: Int)
        case closestHand(name: String, score: String, rejected: Bool)
        case noHandNear(shape: String)
        /// Everyday hands over the threshold.
        case riskHands([String])
        /// Some of the person's own attempts fall under it.
        case riskOwnAttempts
        /// The threshold's margin over the closest everyday hand.
        case riskLow(margin: String)
    }

    /// An attempt the threshold misses: the shape it came closest to (nil:
    /// too small or a line) and its score.
    public struct Missed: Hashable, Sendable {
        public var name: String
        public var closest: String?
        public var score: String
    }

    public var report: [ReportLine] {
        let n = examples.count
        var out: [ReportLine] = [.taught(shape: shape, examples: n, threshold: StrokeVerdict.hundredths(threshold))]
        if n > 1 {
            out.append(.attempts(recognized: n - missed.count, of: n, missed: missed.map {
                Missed(name: $0.name, closest: $0.closest, score: StrokeVerdict.hundredths($0.score))
            }))
        } else {
            out.append(.oneExample)
        }
        if !judgedAgainstEverydayHands {
            out.append(.drawnWithAButton(minimumSize: Int(PointerStrokeBindings.defaultMinimumSize)))
            if !missed.isEmpty { out.append(.riskOwnAttempts) }
            return out
        }
        if let top = nearNegatives.first {
            out.append(.closestHand(name: top.name, score: StrokeVerdict.hundredths(top.score), rejected: firing.isEmpty))
        } else {
            out.append(.noHandNear(shape: shape))
        }
        if !firing.isEmpty {
            out.append(.riskHands(firing.map(\.name)))
        } else if !missed.isEmpty {
            out.append(.riskOwnAttempts)
        } else {
            out.append(.riskLow(margin: StrokeVerdict.hundredths(threshold - (nearNegatives.first?.score ?? 0))))
        }
        return out
    }
}
