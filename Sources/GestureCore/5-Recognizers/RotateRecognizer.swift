/// `rotate(fingers:, minimumAngleDelta:)` (`RotateGesture`): continuous;
/// value: angle in degrees, clockwise. Fed by touches and touchpad pinches.
///
/// | state    | input                                                 | next      |
/// |----------|-------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift, the         | failed    |
/// |          | fingers set off the same way (`FingerMotion`)           |           |
/// | possible | fingers ready, turned ≥ minimumAngleDelta, the turn   | active    |
/// |          | outweighing the hand's travel and (touchscreens) the  |           |
/// |          | spread, and clear where the fingers landed apart      |           |
/// |          | (`Contact.turnBegins`)                                |           |
/// | active   | angle changes                                         | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled            | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                 | ended     |
struct RotateRecognizer: Sendable {
    /// Degrees the fingers must turn before the rotation begins.
    static let defaultMinimumAngleDelta = 5.0

    let rule: FingerRule
    let minimumAngleDelta: Double
    /// px of spread or turn under which a touchscreen hand is still.
    let slop: Double
    private(set) var progress = Progress()
    var deadline: Seconds? { nil }

    init(_ s: RotateSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        slop = t.slop
        minimumAngleDelta = s.minimumAngleDelta ?? Self.defaultMinimumAngleDelta
    }

    mutating func reset() { progress.reset() }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadSwipe, c.fingerMotion != .together, rule.stillPossible(c) else {
                return progress.fail()
            }
            if rule.ready(c) && abs(c.angle) >= minimumAngleDelta && c.turnBegins(slop: slop) {
                progress.begin(c, rule)
            }
        case .active:
            progress.follow(c, rule) { $0.angle != $1.angle }
        default:
            return
        }
    }
}

extension RotateSpec: LeafGesture {
    func makeRecognizer(_ t: Thresholds) -> any LeafRecognizer { RotateRecognizer(self, t) }
    var defaultFingers: Int { 2 }
    var stepKind: StepKind? { .angle }
    var decidedByTime: Bool { false }
}

// How far it is toward its threshold, for people watching (Measure.swift).
extension RotateRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .angle, value: abs(c.angle), threshold: minimumAngleDelta, unit: "°").counting(rule, c)
    }
}
