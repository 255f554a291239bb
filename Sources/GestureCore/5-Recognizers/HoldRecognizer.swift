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
struct HoldRecognizer: ProgressRecognizer, Sendable {
    /// Seconds: the seeds' timed press begins as soon as the fingers settle.
    static let defaultMinimumDuration: Seconds = 0

    let rule: FingerRule
    let minimumDuration: Seconds
    let maximumDistance: Double
    private(set) var progress = Progress()
    private(set) var deadline: Seconds?

    init(_ s: HoldSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        minimumDuration = s.minimumDuration ?? Self.defaultMinimumDuration
        maximumDistance = t.px(s.maximumDistance, default: t.slop)
    }

    mutating func reset() {
        progress.reset()
        deadline = nil
    }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source == .touch, rule.stillPossible(c), c.maxTravel <= maximumDistance else {
                deadline = nil
                return progress.fail()
            }
            let due = c.lastLanding + minimumDuration
            deadline = due
            if rule.ready(c) && c.time >= due {
                progress.begin(c, rule)
                deadline = nil
            }
        case .active:
            progress.follow(c, rule) { !$0.sameMotion(as: $1) }
        default:
            return
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension HoldRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .time, value: max(0, c.time - c.lastLanding) * 1000, threshold: minimumDuration * 1000, unit: "ms")
            .counting(rule, c)
    }
}
