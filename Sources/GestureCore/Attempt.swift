// One attempt: the bindings competing for one device's touches, from the first
// touch-down until every competitor is resolved and the fingers are up
// (a double tap's two taps are one attempt).

/// How `on-step` counts, fixed when the binding is compiled.
enum StepKind: Sendable {
    /// px along the swipe's direction.
    case alongDirection
    /// px along the axis a drag moved on when it began: increase is right or up.
    case dragAxis
    /// Ratio: increase at base × (1 + every).
    case scale
    /// Degrees, clockwise is increase.
    case angle
    /// Seconds held.
    case duration

    static func of(_ spec: GestureSpec) -> StepKind? {
        switch spec {
        case .swipe: return .alongDirection
        case .drag: return .dragAxis
        case .magnify: return .scale
        case .rotate: return .angle
        case .hold: return .duration
        case .tap, .longPress: return nil
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return of(a) ?? of(b)
        }
    }
}

/// One binding competing in an attempt. Its recognizer tree is kept apart, in
/// `Attempt.trees[id]`, so that a Candidate is a plain value:
/// the arena reads and copies candidates freely without retaining anything.
struct Candidate: Sendable {
    enum Shown: UInt8, Sendable { case nothing, began, done }

    let id: BindingID
    let rank: Int
    let simultaneous: Bool
    /// From its binding, copied here so the arena reads no binding per input.
    let high: Bool
    /// A long press or hold (alone, first in a sequence, or in an exclusive
    /// or simultaneous pair): it decides by time, not by movement.
    let decidedByTime: Bool
    let repeats: Bool
    /// `on-step`: how it counts and the distance between steps (nil: none).
    let stepKind: StepKind?
    let stepEvery: Double?
    /// Its tree's root state, as of the tree's last step.
    var treeState = RecognizerState.possible
    /// Left the arena (lost, or lost its grab) without publishing.
    var dropped = false
    var shown = Shown.nothing
    var recognizedAt: Seconds? = nil
    /// `on-step`: the last crossing, and the drag axis locked at began.
    var stepBase = 0.0
    var stepVertical = false
    /// `on-repeat`: the next one, while pressing.
    var nextRepeat: Seconds? = nil

    init(id: BindingID, rank: Int, binding: Binding, stepKind: StepKind?) {
        self.id = id
        self.rank = rank
        simultaneous = binding.priority == .simultaneous
        high = binding.priority == .high
        decidedByTime = binding.gesture.decidedByTime
        repeats = binding.repeats
        self.stepKind = stepKind
        stepEvery = binding.step?.every
    }

    var state: RecognizerState { dropped ? .failed : treeState }
    /// Nothing more will come of it. A recognized candidate waiting for the
    /// arena (shown nothing, not dropped) is not resolved.
    var isResolved: Bool {
        dropped || shown == .done || (shown == .nothing && (state == .failed || state == .cancelled))
    }
}

struct TouchRecord: Sendable {
    var id: TouchID
    var began: Seconds
    var decision: TouchDecision?
}

struct Attempt: Sendable {
    var candidates: [Candidate]
    /// The recognizer trees of every binding, by BindingID (a candidate's is
    /// `trees[candidate.id]`); those of bindings not in this attempt are idle.
    var trees: [RecognizerTree]
    /// The most fingers any candidate wants: once as many have landed, no need
    /// to wait for `finger-landing`.
    var maximumFingers: Int
    var winner: Int? = nil
    /// Every non-simultaneous candidate is gone: touches go to applications.
    var noneLeft = false
    var touches: [TouchRecord] = []
    /// The engine's template generation the trees were built from.
    let generation: Int

    /// The earliest timer after `after`: a candidate's own, a repeat, or a
    /// touch's grab timeout; infinity if none. `mutating` though it only
    /// reads: the engine calls it on its own attempt, and a non-mutating call
    /// made Swift copy the attempt (retaining its arrays) first.
    mutating func deadline(after: Seconds, grabTimeout: Seconds) -> Seconds {
        var best = Seconds.infinity
        for c in candidates.indices {
            if !candidates[c].isResolved, let x = trees[candidates[c].id].nextDeadline, x > after, x < best { best = x }
            if let x = candidates[c].nextRepeat, x > after, x < best { best = x }
        }
        for k in touches.indices where touches[k].decision == nil {
            let x = touches[k].began + grabTimeout
            if x > after && x < best { best = x }
        }
        return best
    }
}

extension GestureSpec {
    /// A press: its recognizer decides when a timer runs out.
    var decidedByTime: Bool {
        switch self {
        case .longPress, .hold: return true
        case .tap, .drag, .swipe, .magnify, .rotate: return false
        case .sequenced(let a, _): return a.decidedByTime
        case .simultaneously(let a, let b), .exclusively(let a, let b): return a.decidedByTime || b.decidedByTime
        }
    }
}
