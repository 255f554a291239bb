// How `on-step` counts, fixed when the binding is compiled: read by
// publishing.

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
