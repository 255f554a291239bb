/// `drag(minimumDistance:, fingers:)`: continuous; value: location, start,
/// translation, velocity, predicted end. Fed by touches and touchpad swipes.
///
/// | state    | input                                                   | next      |
/// |----------|---------------------------------------------------------|-----------|
/// | possible | pinch events, finger rule broken, a lift                | failed    |
/// | possible | fingers ready, moved ≥ minimumDistance                   | active    |
/// | active   | movement                                                | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled              | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                   | ended     |
struct DragRecognizer: ProgressRecognizer, Sendable {
    /// px: SwiftUI's DragGesture default (not `slop`), on a touchpad (the
    /// pointer's px, as the motion it is measured on).
    static let defaultMinimumDistance = 10.0
    /// On a touchscreen the same 10 px at 96 dpi (3.78 px/mm), in mm so
    /// that it is one length on every panel (issue 59).
    static let defaultTouchMinimumDistance = Length.mm(2.65)

    let rule: FingerRule
    /// px on a touchscreen, and on a touchpad (they differ only by default).
    let minimumDistance: Double
    let padMinimumDistance: Double
    private(set) var progress = Progress()

    init(_ s: DragSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        minimumDistance = t.px(s.minimumDistance, default: Self.defaultTouchMinimumDistance.pixels(pxPerMM: t.pxPerMM))
        padMinimumDistance = t.px(s.minimumDistance, default: Self.defaultMinimumDistance)
    }

    mutating func reset() { progress.reset() }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadPinch, rule.stillPossible(c) else { return progress.fail() }
            guard c.translation.length >= needed(c) else {
                progress.held = .dragDistance
                return
            }
            guard rule.ready(c) else {
                progress.held = rule.unready(c)
                return
            }
            progress.begin(c, rule)
        case .active:
            progress.follow(c, rule) { !$0.sameMotion(as: $1) }
        default:
            return
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension DragRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .distance, value: c.translation.length, threshold: needed(c), unit: "px").counting(rule, c)
    }

    func needed(_ c: Contact) -> Double { c.source == .touch ? minimumDistance : padMinimumDistance }
}

// Why it failed, for people asking (Refusal.swift): `step`'s guards in its
// order, on the contact of the failing step, or the guard that held it.
extension DragRecognizer {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        let m: Measure = measure(c)
        if let r = rule.failedFirst(c, t, cancelled: progress.state == .cancelled, foreign: .touchpadPinch, m) { return r }
        return rule.atLift(progress.held, c, t, m) { why in
            why == .dragDistance ? Refusal(.dragDistance, measure(c), pxPerMM: c.mm(t)) : nil
        }
    }
}
