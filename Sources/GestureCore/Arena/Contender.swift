// What the arena knows of a binding, fixed when the table is compiled.

/// One binding as the arena sees it: how it ranks and what it publishes.
/// Plain data (no reference counted field: the arena copies these in its
/// loops); the device filter, which may hold a name, is the rules'.
struct Contender: Sendable {
    let id: BindingID
    /// -1: the desktop scope; otherwise the index of its app scope.
    let scope: Int
    /// The layer: the modifiers that must be held when the attempt starts (nil: any).
    let modifiers: Modifiers?
    /// Its place in SwiftUI's parent/child order (`GestureEngine.rank`);
    /// simultaneous bindings do not compete and are not ranked.
    let rank: Int
    let simultaneous: Bool
    let high: Bool
    /// A long press or hold (alone, first in a sequence, or in an exclusive
    /// or simultaneous pair): it decides by time, not by movement.
    let decidedByTime: Bool
    /// `on-repeat`.
    let repeats: Bool
    /// `on-step`: how it counts and the distance between steps (nil: none).
    let stepKind: StepKind?
    let stepEvery: Double?
    /// The most fingers its gesture can want.
    let maximumFingers: Int

    init(_ binding: Binding, id: BindingID, scope: Int, rank: Int) {
        self.id = id
        self.scope = scope
        modifiers = binding.modifiers
        self.rank = rank
        simultaneous = binding.priority == .simultaneous
        high = binding.priority == .high
        decidedByTime = binding.gesture.decidedByTime
        repeats = binding.repeats
        stepKind = StepKind.of(binding.gesture)
        stepEvery = binding.step?.every
        maximumFingers = binding.gesture.maximumFingers
    }

    /// Higher rank first; then the first to recognize; then the first declared.
    static func outranks(_ x: Contender, since tx: Seconds, _ y: Contender, since ty: Seconds) -> Bool {
        if x.rank != y.rank { return x.rank > y.rank }
        if tx != ty { return tx < ty }
        return x.id < y.id
    }
}

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

    /// The next crossing from `base`, up or down: a ratio steps by
    /// multiplying, the others by adding.
    func next(_ base: Double, _ every: Double, up: Bool) -> Double {
        if self == .scale { return up ? base * (1 + every) : base / (1 + every) }
        return up ? base + every : base - every
    }

    static func of(_ spec: GestureSpec) -> StepKind? {
        switch spec {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return of(a) ?? of(b)
        default:
            return spec.leaf?.stepKind
        }
    }
}

extension GestureSpec {
    /// A press: its recognizer decides when a timer runs out.
    public var decidedByTime: Bool {
        switch self {
        case .sequenced(let a, _): return a.decidedByTime
        case .simultaneously(let a, let b), .exclusively(let a, let b): return a.decidedByTime || b.decidedByTime
        default: return leaf?.decidedByTime ?? false
        }
    }
}
