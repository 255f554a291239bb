// What every leaf recognizer offers the composition tree. The tree keeps each
// kind in its own array and steps it there, through generic code specialized
// per kind: no existential, no dynamic dispatch, and no copy of the
// recognizer (~250 bytes) out of an enum payload and back on every step.

protocol LeafRecognizer: Sendable {
    var state: RecognizerState { get }
    var value: GestureValue { get }
    /// The value moved in the last step (continuous gestures only).
    var changed: Bool { get }
    /// When a timer of this recognizer runs out, if it has one.
    var deadline: Seconds? { get }
    mutating func step(_ c: Contact)
    /// Back to its state as built (possible, no value, no timer: the tree
    /// relies on that), keeping its arguments: a new attempt reuses it where
    /// it lies (UIKit's `reset()`).
    mutating func reset()
}

/// The leaf kinds, as the tree's nodes name them.
enum LeafKind: UInt8, Sendable {
    case tap, longPress, drag, swipe, magnify, rotate, hold
}

// Discrete recognizers: their value never "changes", it is there when they end.
extension TapRecognizer: LeafRecognizer {
    var changed: Bool { false }
}

extension LongPressRecognizer: LeafRecognizer {
    var changed: Bool { false }
}

// Continuous recognizers keep state, value and change in their `Progress`.
protocol ProgressRecognizer: LeafRecognizer {
    var progress: Progress { get }
}

extension ProgressRecognizer {
    var state: RecognizerState { progress.state }
    var value: GestureValue { progress.value }
    var changed: Bool { progress.changed }
}

extension DragRecognizer: ProgressRecognizer {}
extension SwipeRecognizer: ProgressRecognizer {}
extension MagnifyRecognizer: ProgressRecognizer {}
extension RotateRecognizer: ProgressRecognizer {}
extension HoldRecognizer: ProgressRecognizer {}
