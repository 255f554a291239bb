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
    /// Its place in SwiftUI's parent/child order (`Rules.rank`);
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
