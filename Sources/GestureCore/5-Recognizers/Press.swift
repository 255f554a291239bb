/// A timed press's wait, shared by `longPress` and `hold` (each keeps its own
/// state table): touches only, the finger rule kept, no finger further than
/// `maximumDistance` (default slop) from where it landed, until the fingers
/// have been down `minimumDuration`.
struct Press: Sendable {
    let rule: FingerRule
    let minimumDuration: Seconds
    let maximumDistance: Double

    init(_ s: some LeafGesture, minimumDuration: Seconds, maximumDistance: Length?, _ t: Thresholds) {
        rule = FingerRule(s, t)
        self.minimumDuration = minimumDuration
        self.maximumDistance = t.px(maximumDistance, default: t.slop)
    }

    /// nil: the press failed (not touches, the rule broken, moved too far);
    /// else when it is due (the recognizer's deadline) and whether it is
    /// reached: every finger down, and due.
    @inline(__always)
    func wait(_ c: Contact) -> (due: Seconds, reached: Bool)? {
        guard c.source == .touch, rule.stillPossible(c), c.maxTravel <= maximumDistance else { return nil }
        let due = c.lastLanding + minimumDuration
        return (due, rule.ready(c) && c.time >= due)
    }

    /// How long the fingers have been down, toward `minimumDuration`, in ms
    /// (for people watching: Measure.swift).
    func measure(_ c: Contact, setting: StaticString? = nil) -> Measure {
        Measure(kind: .time, value: max(0, c.time - c.lastLanding) * 1000, threshold: minimumDuration * 1000, unit: "ms",
                setting: setting)
            .counting(rule, c)
    }
}
