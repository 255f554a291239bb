// One enum over the leaf recognizers: a switch, not an existential, so the
// engine's hot path does no dynamic dispatch and no allocation.

enum Recognizer: Sendable {
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)
    case drag(DragRecognizer)
    case swipe(SwipeRecognizer)
    case magnify(MagnifyRecognizer)
    case rotate(RotateRecognizer)
    case hold(HoldRecognizer)

    var state: RecognizerState {
        switch self {
        case .tap(let r): return r.state
        case .longPress(let r): return r.state
        case .drag(let r): return r.progress.state
        case .swipe(let r): return r.progress.state
        case .magnify(let r): return r.progress.state
        case .rotate(let r): return r.progress.state
        case .hold(let r): return r.progress.state
        }
    }

    var value: GestureValue {
        switch self {
        case .tap(let r): return r.value
        case .longPress(let r): return r.value
        case .drag(let r): return r.progress.value
        case .swipe(let r): return r.progress.value
        case .magnify(let r): return r.progress.value
        case .rotate(let r): return r.progress.value
        case .hold(let r): return r.progress.value
        }
    }

    /// The value moved in the last step (continuous gestures only).
    var changed: Bool {
        switch self {
        case .tap, .longPress: return false
        case .drag(let r): return r.progress.changed
        case .swipe(let r): return r.progress.changed
        case .magnify(let r): return r.progress.changed
        case .rotate(let r): return r.progress.changed
        case .hold(let r): return r.progress.changed
        }
    }

    /// When a timer of this recognizer runs out, if it has one.
    var deadline: Seconds? {
        switch self {
        case .tap(let r): return r.deadline
        case .longPress(let r): return r.deadline
        case .hold(let r): return r.deadline
        case .drag, .swipe, .magnify, .rotate: return nil
        }
    }

    mutating func step(_ c: Contact) {
        switch self {
        case .tap(var r): r.step(c); self = .tap(r)
        case .longPress(var r): r.step(c); self = .longPress(r)
        case .drag(var r): r.step(c); self = .drag(r)
        case .swipe(var r): r.step(c); self = .swipe(r)
        case .magnify(var r): r.step(c); self = .magnify(r)
        case .rotate(var r): r.step(c); self = .rotate(r)
        case .hold(var r): r.step(c); self = .hold(r)
        }
    }

    /// The quantity `on-step` counts, with how it counts.
    enum StepQuantity: Sendable {
        case additive(Double)
        case ratio(Double)
    }

    init(_ spec: GestureSpec, _ t: Thresholds) {
        switch spec {
        case .tap(let s): self = .tap(TapRecognizer(s, t))
        case .longPress(let s): self = .longPress(LongPressRecognizer(s, t))
        case .drag(let s): self = .drag(DragRecognizer(s, t))
        case .swipe(let s): self = .swipe(SwipeRecognizer(s, t))
        case .magnify(let s): self = .magnify(MagnifyRecognizer(s, t))
        case .rotate(let s): self = .rotate(RotateRecognizer(s, t))
        case .hold(let s): self = .hold(HoldRecognizer(s, t))
        case .simultaneously, .sequenced, .exclusively:
            preconditionFailure("compositions are tree nodes, not leaves")
        }
    }
}
