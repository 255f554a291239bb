/// `rotate(fingers:, minimumAngleDelta:)` (`RotateGesture`): continuous;
/// value: angle in degrees, clockwise. Fed by touches and touchpad pinches.
///
/// | state    | input                                                 | next      |
/// |----------|-------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift              | failed    |
/// | possible | fingers ready, turned ≥ minimumAngleDelta              | active    |
/// | active   | angle changes                                         | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled            | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                 | ended     |
struct RotateRecognizer: Sendable {
    let rule: FingerRule
    let minimumAngleDelta: Double

    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    private(set) var changed = false
    var deadline: Seconds? { nil }

    init(_ s: RotateSpec, _ t: Thresholds) {
        rule = FingerRule(s.common, defaultFingers: 2, t)
        minimumAngleDelta = s.minimumAngleDelta ?? 5
    }

    mutating func step(_ c: Contact) {
        changed = false
        switch state {
        case .possible:
            guard c.source != .touchpadSwipe, !rule.violated(by: c), c.lifted == 0, !c.ended else {
                state = .failed
                return
            }
            if rule.ready(c) && abs(c.angle) >= minimumAngleDelta {
                value = GestureValue(contact: c, fingers: rule.fingers)
                state = .active
            }
        case .active:
            if c.landed > rule.fingers || c.cancelled {
                state = .cancelled
                return
            }
            let old = value
            value = GestureValue(contact: c, fingers: rule.fingers)
            if c.lifted > 0 || c.ended {
                state = .ended
            } else {
                changed = value.angle != old.angle
            }
        default:
            return
        }
    }
}
