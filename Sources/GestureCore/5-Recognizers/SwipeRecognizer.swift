/// `swipe(direction:, fingers:, minimumDistance:, minimumVelocity:, maximumDeviation:)`:
/// continuous; value: direction. The seeds' strict swipe: distance, speed over
/// the whole swipe, and deviation from the direction. Fed by touches and
/// touchpad swipes. Decided on the dominant motion, as libinput decides: while
/// the motion is ambiguous (short, diagonal, or the fingers spread or turn as
/// much as they travel together) it stays possible.
///
/// | state    | input                                                            | next      |
/// |----------|------------------------------------------------------------------|-----------|
/// | possible | pinch events, finger rule broken, a lift, the fingers set off     | failed    |
/// |          | different ways (`FingerMotion.apart`)                               |           |
/// | possible | moved ≥ minimumDistance clearly another way (another cardinal     | failed    |
/// |          | direction dominates by minimumDistance)                          |           |
/// | possible | moved ≥ minimumDistance within maximumDeviation of the direction, | active    |
/// |          | travel dominating spread and turn, fingers ready, fast enough     |           |
/// | active   | movement                                                         | active (changed) |
/// | active   | back under `heldFraction` of minimumDistance, or reversed by     | cancelled |
/// |          | minimumDistance from its farthest point; an extra finger;         |           |
/// |          | touchpad gesture cancelled                                        |           |
/// | active   | a finger lifts / touchpad gesture ends                            | ended     |
struct SwipeRecognizer: ProgressRecognizer, Sendable {
    /// Degrees between the motion and the swipe's direction.
    static let defaultMaximumDeviation = 30.0

    /// An active swipe is cancelled when it goes back under this fraction of
    /// its minimum distance: a slow swipe's centre wobbles by a px or two
    /// as it crosses the threshold (a 4-finger swipe of 62 mm over 4.2 s,
    /// 55 px/s, began at 80.3 px and fell to 79.9 in the next frame).
    static let heldFraction = 0.75

    let rule: FingerRule
    let direction: Direction?
    /// Touchscreens: px on the screen. Touchpads: mm on the pad, or px of
    /// the accelerated motion (`TouchpadDistance`).
    let minimumDistance: Double
    let touchpadMinimumDistance: TouchpadDistance
    let minimumVelocity: Double
    let maximumDeviation: Double
    private(set) var progress = Progress()
    var deadline: Seconds? { nil }
    /// Farthest progress along the direction since it began.
    private var peak = 0.0

    init(_ s: SwipeSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        direction = s.direction
        minimumDistance = t.px(s.minimumDistance, default: t.swipeDistance)
        touchpadMinimumDistance = s.minimumDistance.map(TouchpadDistance.init) ?? t.touchpadSwipeDistance
        minimumVelocity = s.minimumVelocity.map { $0.perSecond.pixels(pxPerMM: t.pxPerMM) } ?? t.swipeMinVelocity
        maximumDeviation = s.maximumDeviation ?? SwipeRecognizer.defaultMaximumDeviation
    }

    mutating func reset() {
        progress.reset()
        peak = 0
    }

    /// The motion measured and its threshold, for the contact's device (an
    /// attempt's source never changes).
    private func measure(_ c: Contact) -> (motion: Point, minimum: Double) {
        c.source == .touch ? (c.translation, minimumDistance)
            : (touchpadMinimumDistance.motion(c), touchpadMinimumDistance.value)
    }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadPinch, c.fingerMotion != .apart, rule.stillPossible(c) else {
                return progress.fail()
            }
            let (v, minimum) = measure(c)
            let d = v.length
            guard d >= minimum else { return }
            let dir = direction ?? Direction.cardinal(of: v)
            let along = v.dot(dir.vector)
            // Clearly another way: a cardinal direction other than ours leads,
            // by the threshold (a swipe that drifts sideways first stays possible).
            let other = Direction.cardinal(of: v)
            if other != dir && v.dot(other.vector) - max(0, along) >= minimum { return progress.fail() }
            guard along >= minimum, Angle.between(v, dir.vector) <= maximumDeviation else { return }
            // The travel outweighs the change of the hand's shape
            // (`Contact.travelDominates`).
            guard c.travelDominates else { return }
            let elapsed = c.time - c.sessionStart
            let travel = c.translation.length   // the velocity is in px on the screen
            let fastEnough = minimumVelocity <= 0 || (elapsed > 0 && travel / elapsed >= minimumVelocity)
            if rule.ready(c) && fastEnough {
                progress.begin(c, rule)
                progress.value.direction = dir
                peak = along
            }
        case .active:
            guard let dir = progress.value.direction else { return }
            let (v, distance) = measure(c)
            let along = v.dot(dir.vector)
            peak = max(peak, along)
            if along < Self.heldFraction * distance || along <= peak - distance {
                progress.clearChanged()
                return progress.cancel()
            }
            progress.follow(c, rule) { !$0.sameMotion(as: $1) }
            progress.value.direction = dir
        default:
            return
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension SwipeRecognizer {
    func measure(_ c: Contact) -> Measure {
        let onScreen = c.source == .touch
        let v = onScreen ? c.translation : touchpadMinimumDistance.motion(c)
        let minimum = onScreen ? minimumDistance : touchpadMinimumDistance.value
        let along = direction.map { v.dot($0.vector) } ?? v.length
        let unit: StaticString = onScreen || !touchpadMinimumDistance.onThePad ? "px" : "mm"
        return Measure(kind: .distance, value: max(0, along), threshold: minimum, unit: unit,
                       setting: onScreen ? "swipe-distance" : "touchpad-swipe-distance").counting(rule, c)
    }
}
