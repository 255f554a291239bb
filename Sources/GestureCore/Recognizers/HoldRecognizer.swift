/// `hold(minimumDuration:, fingers:)`: the seeds' timed press. Continuous;
/// value: duration. Movement is limited (`maximumDistance`, default slop) only
/// until it begins.
///
/// | state    | input                                                      | next      |
/// |----------|------------------------------------------------------------|-----------|
/// | possible | not touches, finger rule broken, a lift, moved too far     | failed    |
/// | possible | fingers down and settled for minimumDuration (default 0)    | active    |
/// | active   | movement                                                   | active (changed) |
/// | active   | an extra finger                                            | cancelled |
/// | active   | a finger lifts                                             | ended     |
struct HoldRecognizer: Sendable {
    let rule: FingerRule
    let minimumDuration: Seconds
    let maximumDistance: Double

    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    private(set) var deadline: Seconds?
    private(set) var changed = false

    init(_ s: HoldSpec, _ t: Thresholds) {
        rule = FingerRule(s.common, defaultFingers: 1, t)
        minimumDuration = s.minimumDuration ?? 0
        maximumDistance = t.px(s.maximumDistance, default: t.slop)
    }

    mutating func step(_ c: Contact) {
        changed = false
        switch state {
        case .possible:
            guard c.source == .touch, !rule.violated(by: c), c.lifted == 0, !c.ended,
                  c.maxTravel <= maximumDistance
            else {
                state = .failed
                deadline = nil
                return
            }
            let due = c.lastLanding + minimumDuration
            deadline = due
            if rule.ready(c) && c.time >= due {
                value = GestureValue(contact: c, fingers: rule.fingers)
                state = .active
                deadline = nil
            }
        case .active:
            if c.landed > rule.fingers {
                state = .cancelled
            } else {
                let old = value
                value = GestureValue(contact: c, fingers: rule.fingers)
                if c.lifted > 0 || c.ended {
                    state = .ended
                } else {
                    changed = !value.sameMotion(as: old)
                }
            }
        default:
            return
        }
    }
}
