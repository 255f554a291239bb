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

    let press: Press
    private(set) var progress = Progress()
    private(set) var deadline: Seconds?

    init(_ s: HoldSpec, _ t: Thresholds) {
        press = Press(s, minimumDuration: s.minimumDuration ?? Self.defaultMinimumDuration,
                      maximumDistance: s.maximumDistance, t)
    }

    mutating func reset() {
        progress.reset()
        deadline = nil
    }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard let (due, reached) = press.wait(c) else {
                deadline = nil
                return progress.fail()
            }
            deadline = due
            if reached {
                progress.begin(c, press.rule)
                deadline = nil
            }
        case .active:
            progress.follow(c, press.rule) { !$0.sameMotion(as: $1) }
        default:
            return
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension HoldRecognizer {
    func measure(_ c: Contact) -> Measure { press.measure(c) }
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        // Began, it is cancelled only by an extra finger (`Progress.follow`).
        progress.state == .cancelled ? press.rule.refusal(.extraFinger, c, t) : press.refusal(c, t)
    }
}
