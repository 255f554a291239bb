// What every leaf recognizer offers the composition tree, which keeps them
// in one array and steps each where it lies.

protocol LeafRecognizer: Sendable {
    var state: RecognizerState { get }
    var value: GestureValue { get }
    /// The value moved in the last step (continuous gestures only).
    var changed: Bool { get }
    /// When a timer of this recognizer runs out, if it has one.
    var deadline: Seconds? { get }
    /// How far it is toward its threshold on `c` (for people watching:
    /// `Measure.swift`; never called while the engine steps).
    func measure(_ c: Contact) -> Measure
    /// Why it failed (or was cancelled before it won) on `c`, the contact
    /// of the step that failed it (`Refusal.swift`; never called while the
    /// engine steps, only when explaining).
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal
    mutating func step(_ c: Contact)
    /// Back to its state as built (possible, no value, no timer: the tree
    /// relies on that), keeping its arguments: a new attempt reuses it where
    /// it lies (UIKit's `reset()`).
    mutating func reset()
    /// Steps, then mirrors the outcome in the recognizer's node of the tree:
    /// one dynamic call per step (the default below serves every recognizer).
    mutating func step(_ c: Contact, into node: inout RecognizerTree.Node, wasActive: Bool)
}

extension LeafRecognizer {
    mutating func step(_ c: Contact, into node: inout RecognizerTree.Node, wasActive: Bool) {
        step(c)
        node.state = state
        node.value = value
        node.changed = wasActive && changed
        node.leafDeadline = deadline
    }
}

// Continuous recognizers keep state, value and change in their `Progress`.
protocol ProgressRecognizer: LeafRecognizer {
    var progress: Progress { get }
}

extension ProgressRecognizer {
    var state: RecognizerState { progress.state }
    var value: GestureValue { progress.value }
    var changed: Bool { progress.changed }
    /// No timer: only a hold waits (it keeps its own deadline).
    var deadline: Seconds? { nil }
}
