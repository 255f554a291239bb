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

    /// What `teach` prints: the threshold and what it risks.
    public var report: [String] {
        let n = examples.count
        var out = ["\(shape): \(n) example\(n == 1 ? "" : "s"), threshold \(StrokeVerdict.hundredths(threshold))"]
        if n > 1 {
            let kept = n - missed.count
            out.append("  your attempts, each against the others: \(kept) of \(n) recognized"
                + (missed.isEmpty ? "" : "; missed: " + missed.map { "\($0.name) (\($0.closest.map { "closest \($0)" } ?? "too small or a line"), \(StrokeVerdict.hundredths($0.score)))" }.joined(separator: ", ")))
        } else {
            out.append("  one example: the threshold is the default; teach 3 or more to fit it to your hand")
        }
        if !judgedAgainstEverydayHands {
            out.append("  drawn with a button: no finger's everyday hand can fire it, and a click (under the \(Int(PointerStrokeBindings.defaultMinimumSize)) px minimumSize) never does")
            if !missed.isEmpty { out.append("  risk: some of your own attempts fall under it; teach more examples, drawn as you will draw them") }
            return out
        }
        if let top = nearNegatives.first {
            out.append("  closest everyday hand: \(top.name) scores \(StrokeVerdict.hundredths(top.score))"
                + (firing.isEmpty ? ", under the threshold: rejected" : ""))
        } else {
            out.append("  no everyday hand (taps, swipes, scrolls, palms) comes closest to \(shape)")
        }
        if !firing.isEmpty {
            out.append("  risk: \(firing.count) everyday hand\(firing.count == 1 ? "" : "s") would fire it (\(firing.map(\.name).joined(separator: ", "))): draw it bigger or more distinct")
        } else if !missed.isEmpty {
            out.append("  risk: some of your own attempts fall under it; teach more examples, drawn as you will draw them")
        } else {
            let margin = threshold - (nearNegatives.first?.score ?? 0)
            out.append("  risk: low (margin \(StrokeVerdict.hundredths(margin)) over the closest everyday hand)")
        }
        return out
    }
}
