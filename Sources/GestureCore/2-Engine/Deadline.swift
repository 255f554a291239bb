// When something is next due.

/// A moment a timer runs out, or never. Ordered: `never` is later than any time.
struct Deadline: Comparable, Sendable {
    /// Seconds; infinity for `never`.
    private(set) var time: Seconds

    static let never = Deadline(time: .infinity)
    static func at(_ t: Seconds) -> Deadline { Deadline(time: t) }

    /// nil for `never`: what the engine's public `nextDeadline` says.
    var seconds: Seconds? { time == .infinity ? nil : time }
    var isNever: Bool { time == .infinity }

    static func < (a: Deadline, b: Deadline) -> Bool { a.time < b.time }

    /// The earlier of the two, counting only a `candidate` after `after`
    /// (a timer at or before the last step has already run).
    mutating func lower(to candidate: Seconds?, after: Seconds) {
        if let x = candidate, x > after, x < time { time = x }
    }
}

/// The earlier of two optional times (nil: none): a composition's timers,
/// a run loop's wakeups.
public func earliest(_ a: Seconds?, _ b: Seconds?) -> Seconds? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
