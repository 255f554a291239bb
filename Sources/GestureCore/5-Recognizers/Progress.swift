// The active phase every continuous recognizer shares: its state, value,
// change flag and the guard that held it back.

/// State, value and change flag of a continuous gesture, with the active phase
/// they all share: an extra finger or a cancelled touchpad gesture cancels it,
/// a lift ends it, otherwise its value follows the contact.
struct Progress: Sendable {
    private(set) var state = RecognizerState.possible
    var value = GestureValue()
    private(set) var changed = false
    /// The guard that held it back at its last step while possible, read
    /// only if it then fails (Refusal.swift); `reset` clears it with the rest.
    var held = Refusal.Rule.lifted

    mutating func fail() { state = .failed }
    mutating func cancel() { state = .cancelled }
    mutating func reset() { self = Progress() }

    mutating func begin(_ c: Contact, _ rule: FingerRule) {
        value = GestureValue(contact: c, fingers: rule.fingers)
        state = .active
    }

    /// One step of the active phase. `moved` says whether the value changed.
    mutating func follow(_ c: Contact, _ rule: FingerRule, moved: (GestureValue, GestureValue) -> Bool) {
        changed = false
        if c.landed > rule.fingers || c.cancelled {
            state = .cancelled
            return
        }
        let old = value
        value = GestureValue(contact: c, fingers: rule.fingers)
        if c.lifted > 0 || c.ended {
            state = .ended
        } else {
            changed = moved(old, value)
        }
    }

    mutating func clearChanged() { changed = false }
}

extension GestureValue {
    /// Equal in what moves (the clock alone does not make a change).
    func sameMotion(as o: GestureValue) -> Bool {
        translation == o.translation && location == o.location && scale == o.scale && angle == o.angle
            && fingers == o.fingers
    }
}
