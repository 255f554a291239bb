/// `longPress(minimumDuration:, maximumDistance:, fingers:)`: discrete; value: pressing.
///
/// | state    | input                                                    | next   |
/// |----------|----------------------------------------------------------|--------|
/// | possible | not touches, finger rule broken, a finger lifts,         | failed |
/// |          | moved > maximumDistance                                  |        |
/// | possible | fingers down and settled for minimumDuration              | ended  |
struct LongPressRecognizer: LeafRecognizer, Sendable {
    let press: Press

    private(set) var state = RecognizerState.possible
    /// Discrete: its value never "changes", it is there when it ends.
    var changed: Bool { false }
    private(set) var value = GestureValue()
    private(set) var deadline: Seconds?

    init(_ s: LongPressSpec, _ t: Thresholds) {
        press = Press(s, minimumDuration: s.minimumDuration ?? t.longPress, maximumDistance: s.maximumDistance,
                      durationIsSetting: s.minimumDuration == nil, t)
    }

    mutating func reset() {
        state = .possible
        value = GestureValue()
        deadline = nil
    }

    mutating func step(_ c: Contact) {
        guard state == .possible else { return }
        guard let (due, reached) = press.wait(c) else {
            state = .failed
            deadline = nil
            return
        }
        deadline = due
        if reached {
            value = GestureValue(contact: c, fingers: press.rule.fingers)
            value.pressing = true
            state = .ended
            deadline = nil
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension LongPressRecognizer {
    func measure(_ c: Contact) -> Measure { press.measure(c, setting: "long-press") }
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal { press.refusal(c, t) }
}
