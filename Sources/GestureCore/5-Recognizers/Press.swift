/// A timed press's wait, shared by `longPress` and `hold` (each keeps its own
/// state table): touches only, the finger rule kept, no finger further than
/// `maximumDistance` (default slop) from where it landed, until the fingers
/// have been down `minimumDuration`.
struct Press: Sendable {
    let rule: FingerRule
    let minimumDuration: Seconds
    let maximumDistance: Double
    /// The duration is `long-press` and the distance `slop`, not arguments
    /// of the binding (for saying which).
    let durationIsSetting: Bool
    let distanceIsSetting: Bool

    init(_ s: some LeafGesture, minimumDuration: Seconds, maximumDistance: Length?, durationIsSetting: Bool = false,
         _ t: Thresholds) {
        rule = FingerRule(s, t)
        self.minimumDuration = minimumDuration
        self.maximumDistance = t.px(maximumDistance, default: t.slop)
        self.durationIsSetting = durationIsSetting
        distanceIsSetting = maximumDistance == nil
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

// Why it failed, for people asking (Refusal.swift): `wait`'s guards in its
// order, on the contact of the failing step. Nothing is remembered: a lift
// before it is due was too early (its timer steps it when it is due), one
// after, a hand not ready.
extension Press {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        guard c.source == .touch else { return Refusal(.notTouches, measure(c)) }
        if let r = rule.broken(c, t) { return r }
        guard c.liftedAny else {
            return Refusal(.pressMoved, Measure(kind: .distance, value: c.maxTravel, threshold: maximumDistance, unit: "px",
                                                atMost: true, setting: distanceIsSetting ? "slop" : nil), pxPerMM: c.mm(t))
        }
        var r: Refusal
        if c.landed < rule.fingers {
            r = rule.refusal(.fewerFingers, c, t)
        } else if c.time < c.lastLanding + minimumDuration {
            r = Refusal(.pressTooShort, Measure(kind: .time, value: max(0, c.time - c.lastLanding) * 1000,
                                                threshold: minimumDuration * 1000, unit: "ms",
                                                setting: durationIsSetting ? "long-press" : nil))
        } else {
            r = rule.refusal(rule.unready(c), c, t)
        }
        r.atLift = true
        return r
    }
}
