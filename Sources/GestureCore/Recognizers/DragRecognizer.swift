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
struct DragRecognizer: Sendable {
    let rule: FingerRule
    let minimumDistance: Double

    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    private(set) var changed = false
    var deadline: Seconds? { nil }

    init(_ s: DragSpec, _ t: Thresholds) {
        rule = FingerRule(s.common, defaultFingers: 1, t)
        minimumDistance = t.px(s.minimumDistance, default: 10)
    }

    mutating func step(_ c: Contact) {
        changed = false
        switch state {
        case .possible:
            guard c.source != .touchpadPinch, !rule.violated(by: c), c.lifted == 0, !c.ended else {
                state = .failed
                return
            }
            if rule.ready(c) && c.translation.length >= minimumDistance {
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
                changed = !value.sameMotion(as: old)
            }
        default:
            return
        }
    }
}
