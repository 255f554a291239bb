import Testing

/// A row of a state machine's table test (TouchOwnership, PointerStrokeMachine, FollowMachine):
/// from `state`, `event` gives `next` and `outcome`. Named by `name` in
/// the test's arguments.
public struct TransitionRow<State: Sendable, Event: Sendable, Next: Sendable, Outcome: Sendable>: Sendable, CustomTestStringConvertible {
    public var name: String
    public var state: State
    public var event: Event
    public var next: Next
    public var outcome: Outcome
    public var testDescription: String { name }

    public init(name: String, state: State, event: Event, next: Next, outcome: Outcome) {
        self.name = name
        self.state = state
        self.event = event
        self.next = next
        self.outcome = outcome
    }
}
