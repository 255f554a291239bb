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
    /// px: SwiftUI's DragGesture default (not `slop`).
    static let defaultMinimumDistance = 10.0

    let rule: FingerRule
    let minimumDistance: Double
    private(set) var progress = Progress()
    var deadline: Seconds? { nil }

    init(_ s: DragSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        minimumDistance = t.px(s.minimumDistance, default: Self.defaultMinimumDistance)
    }

    mutating func reset() { progress.reset() }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadPinch, rule.stillPossible(c) else { return progress.fail() }
            if rule.ready(c) && c.translation.length >= minimumDistance { progress.begin(c, rule) }
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
        Measure(kind: .distance, value: c.translation.length, threshold: minimumDistance, unit: "px").counting(rule, c)
    }
}
