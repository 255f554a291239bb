import Testing

/// A row of a state machine's table test (TouchOwnership, FollowMachine):
/// from `state`, `event` gives `next` and `outcome`. Named by `name` in
/// the test's arguments.
struct TransitionRow<State: Sendable, Event: Sendable, Next: Sendable, Outcome: Sendable>: Sendable, CustomTestStringConvertible {
    var name: String
    var state: State
    var event: Event
    var next: Next
    var outcome: Outcome
    var testDescription: String { name }
}
