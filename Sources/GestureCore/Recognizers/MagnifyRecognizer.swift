/// `magnify(fingers:, minimumScaleDelta:)` (`pinch`, `MagnifyGesture`):
/// continuous; value: scale. Fed by touches and touchpad pinches.
///
/// | state    | input                                                | next      |
/// |----------|------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift             | failed    |
/// | possible | fingers ready, scale off 1 by ≥ minimumScaleDelta     | active    |
/// | active   | scale changes                                        | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled           | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                | ended     |
struct MagnifyRecognizer: Sendable {
    let rule: FingerRule
    let minimumScaleDelta: Double

    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    private(set) var changed = false
    var deadline: Seconds? { nil }

    init(_ s: MagnifySpec, _ t: Thresholds) {
        rule = FingerRule(s.common, defaultFingers: 2, t)
        minimumScaleDelta = s.minimumScaleDelta ?? 0.05
    }

    mutating func step(_ c: Contact) {
        changed = false
        switch state {
        case .possible:
            guard c.source != .touchpadSwipe, !rule.violated(by: c), c.lifted == 0, !c.ended else {
                state = .failed
                return
            }
            if rule.ready(c) && abs(c.scale - 1) >= minimumScaleDelta {
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
                changed = value.scale != old.scale
            }
        default:
            return
        }
    }
}
