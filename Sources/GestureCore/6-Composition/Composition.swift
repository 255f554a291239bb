// Composition exactly as the seeds define it, over a flattened tree of
// recognizers (node 0 is the root; children are indices).
//
// simultaneously(a, b): both run on the same touches; it begins when either
//   begins, changes when either changes, is cancelled if either is cancelled,
//   ends when both are done (at least one ended); fails if both fail.
// sequenced(a, b): b starts only when a has ended (succeeded), on the same
//   touches, measuring from there; began with a; ended with b; if b fails or is
//   cancelled after a succeeded, the whole is cancelled.
// exclusively(a, b): only one. a has precedence: if a recognizes, b is dropped;
//   b may recognize meanwhile but waits until a fails, then the whole follows b.

struct RecognizerTree: Sendable {
    enum Kind: Sendable {
        /// A recognizer: its index in `leaves`.
        case leaf(Int)
        case simultaneous(Int, Int)
        case sequenced(Int, Int)
        case exclusive(Int, Int)
    }

    struct Node: Sendable {
        var kind: Kind
        var state = RecognizerState.possible
        var value = GestureValue()
        var changed = false
        /// sequenced: in b; exclusive: following a (.first) or b (.second).
        var part: CompositionPart? = nil
        /// sequenced: the contact when a ended (b measures from it).
        var base: Contact? = nil
        /// leaf: its recognizer's timer, kept at each step so that looking
        /// for the next deadline (every input) copies no recognizer.
        var leafDeadline: Seconds? = nil
    }

    private(set) var nodes: [Node] = []
    /// The leaf recognizers, stepped where they lie.
    private var leaves: [any LeafRecognizer] = []
    /// The earliest pending timer among the parts still running, worked out
    /// at each step (the engine looks for it after every input).
    private(set) var nextDeadline: Seconds? = nil

    init(_ spec: GestureSpec, _ t: Thresholds) {
        nodes.reserveCapacity(3)
        _ = add(spec, t)
        nextDeadline = deadline()
    }

    /// The root's state, kept at each step: read after every step of every
    /// binding (publishing), where reading it through `nodes[0]` copied the
    /// whole root node (its sequence's base contact too).
    private(set) var state = RecognizerState.possible
    /// The root's value, and whether the value moved in the last step.
    var value: GestureValue { nodes[0].value }
    var changed: Bool { nodes[0].changed }

    /// How far the part still deciding is toward its threshold: the first
    /// recognizer still possible (else the first), on `c`.
    func measure(_ c: Contact) -> Measure? {
        var first: Int? = nil
        for node in nodes {
            guard case .leaf(let k) = node.kind else { continue }
            if node.state == .possible { return leaves[k].measure(c) }
            if first == nil { first = k }
        }
        return first.map { leaves[$0].measure(c) }
    }

    /// Why a stroke in it failed, if one did (`--explain` only: a cast per leaf).
    var strokeVerdict: StrokeVerdict? {
        for leaf in leaves {
            if let v = (leaf as? StrokeRecognizer)?.rejection { return v }
        }
        return nil
    }

    /// A touchscreen stroke in it being drawn past its minimum size
    /// (`GestureEngine.strokeBeingDrawn`, asked only while a trail is wanted:
    /// a cast per leaf).
    var strokeBeingDrawn: (origin: Point, points: [Point])? {
        for leaf in leaves {
            if let d = (leaf as? StrokeRecognizer)?.drawing { return d }
        }
        return nil
    }

    /// Why it failed, from the recognizer that failed it (`--explain` only):
    /// in a sequence, the part that failed (the second measuring from where
    /// the first ended); of two exclusive parts, the one the whole followed
    /// last; of two simultaneous ones, the first.
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal? { refusal(0, c, t) }

    private func refusal(_ i: Int, _ c: Contact, _ t: Thresholds) -> Refusal? {
        switch nodes[i].kind {
        case .leaf(let k):
            guard nodes[i].state == .failed || nodes[i].state == .cancelled else { return nil }
            // With the fingers it wants and those landed, as `measure` counts them (watch picks by them).
            var r = leaves[k].refusal(c, t)
            let counted = leaves[k].measure(c)
            r.measure.fingers = counted.fingers
            r.measure.landed = counted.landed
            return r
        case .simultaneous(let a, let b):
            return refusal(a, c, t) ?? refusal(b, c, t)
        case .exclusive(let a, let b):
            return refusal(b, c, t) ?? refusal(a, c, t)
        case .sequenced(let a, let b):
            return nodes[i].base.flatMap { refusal(b, c.relative(to: $0), t) } ?? refusal(a, c, t)
        }
    }

    /// Back to its state as built, in place: each recognizer resets where it
    /// lies, so a new attempt copies and allocates nothing.
    mutating func reset() {
        for i in nodes.indices { nodes[i] = Node(kind: nodes[i].kind) }
        for k in leaves.indices { leaves[k].reset() }
        state = .possible
        // A recognizer as built, or reset, has no timer (so its node has none).
        nextDeadline = nil
    }

    private mutating func add(_ spec: GestureSpec, _ t: Thresholds) -> Int {
        let i = nodes.count
        switch spec {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            nodes.append(Node(kind: .simultaneous(-1, -1)))
            let ia = add(a, t), ib = add(b, t)
            switch spec {
            case .simultaneously: nodes[i].kind = .simultaneous(ia, ib)
            case .sequenced: nodes[i].kind = .sequenced(ia, ib)
            default: nodes[i].kind = .exclusive(ia, ib)
            }
        default:
            let r = spec.leaf!.makeRecognizer(t)
            nodes.append(Node(kind: .leaf(leaves.count), leafDeadline: r.deadline))
            leaves.append(r)
        }
        return i
    }

    private func deadline(_ i: Int = 0) -> Seconds? {
        if nodes[i].state.isResolved { return nil }
        switch nodes[i].kind {
        case .leaf: return nodes[i].leafDeadline
        case .simultaneous(let a, let b):
            return earliest(deadline(a), deadline(b))
        case .sequenced(let a, let b):
            return nodes[i].part == .second ? deadline(b) : deadline(a)
        case .exclusive(let a, let b):
            switch nodes[i].part {
            case .first: return deadline(a)
            case .second: return deadline(b)
            case nil: return earliest(deadline(a), deadline(b))
            }
        }
    }

    /// Steps every part still running; returns the root's state.
    @discardableResult
    mutating func step(_ c: Contact) -> RecognizerState {
        step(0, c)
        state = nodes[0].state
        nextDeadline = deadline()
        return state
    }

    private mutating func step(_ i: Int, _ c: Contact) {
        if nodes[i].state.isResolved { return }
        let wasActive = nodes[i].state == .active
        nodes[i].changed = false
        switch nodes[i].kind {
        case .leaf(let k):
            leaves[k].step(c, into: &nodes[i], wasActive: wasActive)
        case .simultaneous(let a, let b):
            step(a, c)
            step(b, c)
            stepSimultaneous(i, a, b, wasActive)
        case .sequenced(let a, let b):
            stepSequenced(i, a, b, c, wasActive)
        case .exclusive(let a, let b):
            stepExclusive(i, a, b, c, wasActive)
        }
    }

    private mutating func stepSimultaneous(_ i: Int, _ a: Int, _ b: Int, _ wasActive: Bool) {
        let sa = nodes[a].state, sb = nodes[b].state
        let next: RecognizerState
        if sa == .cancelled || sb == .cancelled {
            next = .cancelled
        } else if sa.isResolved && sb.isResolved {
            next = (sa == .ended || sb == .ended) ? .ended : .failed
        } else if sa.isRecognized || sb.isRecognized {
            next = .active
        } else {
            next = .possible
        }
        nodes[i].state = next
        // The value holds both: the running part's motion, each part's own fields.
        var v = sa == .active || (!sb.isRecognized && sa.isRecognized) ? nodes[a].value : nodes[b].value
        if sa.isRecognized && sb.isRecognized {
            v.scale = nodes[a].value.scale != 1 ? nodes[a].value.scale : nodes[b].value.scale
            v.angle = nodes[a].value.angle != 0 ? nodes[a].value.angle : nodes[b].value.angle
        }
        v.direction = nodes[a].value.direction ?? nodes[b].value.direction
        v.pressing = nodes[a].value.pressing || nodes[b].value.pressing
        v.count = max(nodes[a].value.count, nodes[b].value.count)
        nodes[i].value = v
        nodes[i].changed = wasActive && next == .active && (nodes[a].changed || nodes[b].changed)
    }

    private mutating func stepSequenced(_ i: Int, _ a: Int, _ b: Int, _ c: Contact, _ wasActive: Bool) {
        if nodes[i].part != .second {
            step(a, c)
            switch nodes[a].state {
            case .possible:
                return
            case .failed:
                nodes[i].state = .failed
                return
            case .cancelled:
                nodes[i].state = wasActive ? .cancelled : .failed
                return
            case .active:
                nodes[i].state = .active
                nodes[i].part = .first
                nodes[i].value = nodes[a].value
                nodes[i].value.part = .first
                nodes[i].changed = wasActive && nodes[a].changed
                return
            case .ended:
                // a succeeded: b starts now, on the same touches, from here.
                nodes[i].state = .active
                nodes[i].part = .second
                nodes[i].base = c
                nodes[i].value = nodes[a].value
                nodes[i].value.part = .first
            }
        }
        guard let base = nodes[i].base else { return }
        let wasInB = nodes[b].state == .active
        step(b, c.relative(to: base))
        switch nodes[b].state {
        case .possible:
            nodes[i].state = .active
        case .active:
            nodes[i].state = .active
            nodes[i].value = nodes[b].value
            nodes[i].value.part = .second
            nodes[i].changed = wasActive && (nodes[b].changed || !wasInB)
        case .ended:
            nodes[i].state = .ended
            nodes[i].value = nodes[b].value
            nodes[i].value.part = .second
        case .failed, .cancelled:
            nodes[i].state = .cancelled
        }
    }

    private mutating func stepExclusive(_ i: Int, _ a: Int, _ b: Int, _ c: Contact, _ wasActive: Bool) {
        if nodes[i].part != .second { step(a, c) }
        if nodes[i].part != .first { step(b, c) }
        if nodes[i].part == nil {
            if nodes[a].state.isRecognized {
                nodes[i].part = .first       // a has precedence: b is dropped
            } else if nodes[a].state.isResolved {
                nodes[i].part = .second      // a failed: b's turn, even if it waited
            } else if nodes[b].state.isResolved && !nodes[b].state.isRecognized {
                // b failed while a is still possible: a alone decides from now on.
                nodes[i].part = .first
            } else {
                return                       // a undecided; b may wait, recognized
            }
        }
        let followed = nodes[i].part == .first ? a : b
        var next = nodes[followed].state
        if next == .cancelled && !wasActive { next = .failed }
        nodes[i].state = next
        nodes[i].value = nodes[followed].value
        nodes[i].value.part = nodes[i].part
        nodes[i].changed = wasActive && nodes[followed].changed
    }
}
