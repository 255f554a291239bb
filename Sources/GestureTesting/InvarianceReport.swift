import GestureCore
import GestureTraces

/// The invariance harness's figures for one class of hands (labels.json's
/// kind and finger count, every negative together): how many variants were
/// scored, how many of those that must fire kept their label, how many
/// fired something their label does not allow, and the worst of them.
public struct InvarianceClass: Sendable {
    public var name: String
    public var kind: String
    public var fingers: Int
    public var negative: Bool
    /// Where its hands come from: "real hands" (../shared/real-hands), or
    /// "issue 63" (built).
    public var source: String
    /// Variants scored (each hand's variants, every hand of the class).
    public var variants = 0
    /// Those whose label has a `must`, and of them those where every must fired.
    public var mustVariants = 0
    public var kept = 0
    /// Variants where something fired beyond the label's `must` and `may`
    /// (on a negative: anything).
    public var falseTriggers = 0
    /// The variant that went wrong most (missed and unexpected items), the first of equals.
    public var worst: String?
    private var worstCount = 0

    /// The class of hands like `label`'s: every negative one, else those of
    /// its kind and fingers; `name` (default `name(of:)`) names it.
    public init(of label: RealHandsLabels.Sequence, name: String? = nil, source: String) {
        self.name = name ?? Self.name(of: label)
        negative = label.isNegative
        kind = negative ? "negative" : label.kind
        fingers = negative ? 0 : label.fingers
        self.source = source
    }

    /// "negative" for a hand that may fire nothing, else "swipe 4".
    public static func name(of label: RealHandsLabels.Sequence) -> String {
        label.isNegative ? "negative" : "\(label.kind) \(label.fingers)"
    }

    /// Recall in per cent, one decimal (nil: nothing must fire in this class).
    public var recall: Double? {
        mustVariants > 0 ? (Double(kept) * 1000 / Double(mustVariants)).rounded() / 10 : nil
    }

    /// One variant of `hand` ("ts09 #0"), scored.
    public mutating func add(_ s: RealHandsScore.Sequence, hand: String, variant: String) {
        variants += 1
        if !s.label.must.isEmpty {
            mustVariants += 1
            if s.recognized { kept += 1 }
        }
        let unexpected = s.unexpected
        if !unexpected.isEmpty { falseTriggers += 1 }
        let wrong = s.missing.count + unexpected.count
        if wrong > worstCount {
            worstCount = wrong
            var what: [String] = []
            if !s.missing.isEmpty { what.append("missed " + s.missing.joined(separator: " ")) }
            if !unexpected.isEmpty { what.append("fired " + unexpected.joined(separator: " ")) }
            worst = "\(hand), \(variant): \(what.joined(separator: "; "))"
        }
    }

    /// The classes as a table, one line each.
    public static func table(_ classes: [InvarianceClass]) -> String {
        var lines = ["class | variants | must-fire kept | false triggers | worst variant"]
        for c in classes {
            let recall = c.recall.map { "\(c.kept)/\(c.mustVariants) (\(VariantFormat.number($0, 1)) %)" } ?? "—"
            lines.append("\(c.name) | \(c.variants) | \(recall) | \(c.falseTriggers) | \(c.worst ?? "—")")
        }
        return lines.joined(separator: "\n")
    }

    /// The classes as JSON (for `Tests/RealHands/score.py --variants`): a
    /// list of objects, one a class.
    public static func json(_ classes: [InvarianceClass]) -> String {
        let items = classes.map { c in
            "  {\"class\": \(TraceWriter.quote(c.name)), \"kind\": \(TraceWriter.quote(c.kind)), "
                + "\"fingers\": \(c.fingers), \"negative\": \(c.negative), \"source\": \(TraceWriter.quote(c.source)), "
                + "\"variants\": \(c.variants), "
                + "\"must\": \(c.mustVariants), \"kept\": \(c.kept), "
                + "\"recall\": \(c.recall.map { TraceWriter.num($0) } ?? "null"), \"false\": \(c.falseTriggers), "
                + "\"worst\": \(c.worst.map { TraceWriter.quote($0) } ?? "null")}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}
