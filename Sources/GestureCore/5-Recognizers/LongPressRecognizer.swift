/// `longPress(minimumDuration:, maximumDistance:, fingers:)`: discrete; value: pressing.
///
/// | state    | input                                                    | next   |
/// |----------|----------------------------------------------------------|--------|
/// | possible | not touches, finger rule broken, a finger lifts,         | failed |
/// |          | moved > maximumDistance                                  |        |
/// | possible | fingers down and settled for minimumDuration              | ended  |
struct LongPressRecognizer: LeafRecognizer, Sendable {
    let rule: FingerRule
    let minimumDuration: Seconds
    let maximumDistance: Double

    private(set) var state = RecognizerState.possible
    /// Discrete: its value never "changes", it is there when it ends.
    var changed: Bool { false }
    private(set) var value = GestureValue()
    private(set) var deadline: Seconds?

    init(_ s: LongPressSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        minimumDuration = s.minimumDuration ?? t.longPress
        maximumDistance = t.px(s.maximumDistance, default: t.slop)
    }

    mutating func reset() {
        state = .possible
        value = GestureValue()
        deadline = nil
    }

    mutating func step(_ c: Contact) {
        guard state == .possible else { return }
        guard c.source == .touch, rule.stillPossible(c), c.maxTravel <= maximumDistance
        else {
            state = .failed
            deadline = nil
            return
        }
        let due = c.lastLanding + minimumDuration
        deadline = due
        if rule.ready(c) && c.time >= due {
            value = GestureValue(contact: c, fingers: rule.fingers)
            value.pressing = true
            state = .ended
            deadline = nil
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension LongPressRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .time, value: max(0, c.time - c.lastLanding) * 1000, threshold: minimumDuration * 1000, unit: "ms",
                setting: "long-press")
            .counting(rule, c)
    }
}
