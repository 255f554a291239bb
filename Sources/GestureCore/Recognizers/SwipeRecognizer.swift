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
    private(set) var progress = Progress()
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

    mutating func reset() {
        progress.reset()
        peak = 0
    }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadPinch, rule.stillPossible(c) else { return progress.fail() }
            let d = c.translation.length
            guard d >= minimumDistance else { return }
            let dir = direction ?? Direction.cardinal(of: c.translation)
            if Angle.between(c.translation, dir.vector) > maximumDeviation { return progress.fail() }
            let elapsed = c.time - c.sessionStart
            let fastEnough = minimumVelocity <= 0 || (elapsed > 0 && d / elapsed >= minimumVelocity)
            if rule.ready(c) && fastEnough {
                progress.begin(c, rule)
                progress.value.direction = dir
                peak = c.translation.dot(dir.vector)
            }
        case .active:
            guard let dir = progress.value.direction else { return }
            let along = c.translation.dot(dir.vector)
            peak = max(peak, along)
            if along < minimumDistance || along <= peak - minimumDistance {
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
