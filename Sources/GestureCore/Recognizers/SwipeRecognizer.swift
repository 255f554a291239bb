/// `swipe(direction:, fingers:, minimumDistance:, minimumVelocity:, maximumDeviation:)`:
/// continuous; value: direction. The seeds' strict swipe: distance, speed over
/// the whole swipe, and deviation from the direction. Fed by touches and
/// touchpad swipes.
///
/// | state    | input                                                            | next      |
/// |----------|------------------------------------------------------------------|-----------|
/// | possible | pinch events, finger rule broken, a lift                         | failed    |
/// | possible | moved ≥ minimumDistance off the direction (> maximumDeviation)   | failed    |
/// | possible | moved ≥ minimumDistance on it, fingers ready, fast enough        | active    |
/// | active   | movement                                                         | active (changed) |
/// | active   | back under minimumDistance, or reversed by minimumDistance from   | cancelled |
/// |          | its farthest point; an extra finger; touchpad gesture cancelled   |           |
/// | active   | a finger lifts / touchpad gesture ends                            | ended     |
struct SwipeRecognizer: Sendable {
    static let defaultMaximumDeviation = 30.0

    let rule: FingerRule
    let direction: Direction?
    let minimumDistance: Double
    let minimumVelocity: Double
    let maximumDeviation: Double

    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    private(set) var changed = false
    var deadline: Seconds? { nil }
    /// Farthest progress along the direction since it began.
    private var peak = 0.0

    init(_ s: SwipeSpec, _ t: Thresholds) {
        rule = FingerRule(s.common, defaultFingers: 1, t)
        direction = s.direction
        minimumDistance = t.px(s.minimumDistance, default: t.swipeDistance)
        minimumVelocity = s.minimumVelocity.map { $0.perSecond.pixels(pxPerMM: t.pxPerMM) } ?? t.swipeMinVelocity
        maximumDeviation = s.maximumDeviation ?? SwipeRecognizer.defaultMaximumDeviation
    }

    mutating func step(_ c: Contact) {
        changed = false
        switch state {
        case .possible:
            guard c.source != .touchpadPinch, !rule.violated(by: c), c.lifted == 0, !c.ended else {
                state = .failed
                return
            }
            let d = c.translation.length
            guard d >= minimumDistance else { return }
            let dir = direction ?? Direction.cardinal(of: c.translation)
            if Angle.between(c.translation, dir.vector) > maximumDeviation {
                state = .failed
                return
            }
            let elapsed = c.time - c.sessionStart
            let fastEnough = minimumVelocity <= 0 || (elapsed > 0 && d / elapsed >= minimumVelocity)
            if rule.ready(c) && fastEnough {
                value = GestureValue(contact: c, fingers: rule.fingers)
                value.direction = dir
                peak = c.translation.dot(dir.vector)
                state = .active
            }
        case .active:
            guard let dir = value.direction else { return }
            if c.landed > rule.fingers || c.cancelled {
                state = .cancelled
                return
            }
            let progress = c.translation.dot(dir.vector)
            peak = max(peak, progress)
            if progress < minimumDistance || progress <= peak - minimumDistance {
                state = .cancelled
                return
            }
            let old = value
            value = GestureValue(contact: c, fingers: rule.fingers)
            value.direction = dir
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
