/// `magnify(fingers:, minimumScaleDelta:)` (`pinch`, `MagnifyGesture`):
/// continuous; value: scale. Fed by touches and touchpad pinches.
///
/// | state    | input                                                | next      |
/// |----------|------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift             | failed    |
/// | possible | fingers ready, scale off 1 by ≥ minimumScaleDelta,    | active    |
/// |          | the spread outweighing the hand's travel, or clear   |           |
/// |          | where the fingers set off the same way or landed     |           |
/// |          | apart (`Contact.spreadBegins`)                       |           |
/// | active   | scale changes                                        | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled           | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                | ended     |
struct MagnifyRecognizer: Sendable {
    /// A ratio: the scale must leave 1 by this much (5 %).
    static let defaultMinimumScaleDelta = 0.05

    let rule: FingerRule
    let minimumScaleDelta: Double
    /// px of spread or turn under which a touchscreen hand is still.
    let slop: Double
    private(set) var progress = Progress()
    var deadline: Seconds? { nil }

    init(_ s: MagnifySpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        slop = t.slop
        minimumScaleDelta = s.minimumScaleDelta ?? Self.defaultMinimumScaleDelta
    }

    mutating func reset() { progress.reset() }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadSwipe, rule.stillPossible(c) else { return progress.fail() }
            if rule.ready(c) && abs(c.scale - 1) >= minimumScaleDelta && c.spreadBegins(slop: slop) {
                progress.begin(c, rule)
            }
        case .active:
            progress.follow(c, rule) { $0.scale != $1.scale }
        default:
            return
        }
    }
}

extension MagnifySpec: LeafGesture {
    func makeRecognizer(_ t: Thresholds) -> any LeafRecognizer { MagnifyRecognizer(self, t) }
    var defaultFingers: Int { 2 }
    var stepKind: StepKind? { .scale }
    var decidedByTime: Bool { false }
}

// How far it is toward its threshold, for people watching (Measure.swift).
extension MagnifyRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .scale, value: abs(c.scale - 1) * 100, threshold: minimumScaleDelta * 100, unit: "%").counting(rule, c)
    }
}
