// A binding's standing in a running attempt, as people watching see it
// (the monitor stream, `watch`): read from the arena when asked.

/// Where a binding stands, by name.
public enum StandingName: String, Hashable, Sendable {
    case possible, recognized, began, rejected, failed, done
}

public struct BindingStanding: Hashable, Sendable {
    public var binding: BindingID
    public var standing: StandingName
    /// How far its gesture is toward its threshold (nil: no recognizer to ask).
    public var measure: Measure?
}

extension Standing {
    /// Its name; nil for `absent` (not in the attempt).
    var name: StandingName? {
        switch self {
        case .absent: return nil
        case .possible: return .possible
        case .recognized: return .recognized
        case .began: return .began
        case .rejected: return .rejected
        case .failed: return .failed
        case .done: return .done
        }
    }
}

extension Attempt {
    /// Every binding in the attempt, with how far it is on `c`.
    func standings(on c: Contact) -> [BindingStanding] {
        var out: [BindingStanding] = []
        standings(on: c, into: &out)
        return out
    }

    /// The same, appended to `out` (kept by the caller: a monitor asks
    /// after every engine call, and an array made per call was most of it).
    @inline(__always)   // where it is read: a call was handed a copy of the attempt
    func standings(on c: Contact, into out: inout [BindingStanding]) {
        out.reserveCapacity(out.count + arena.participants.count)
        for id in arena.participants {
            guard let name = arena.members[id].standing.name else { continue }
            out.append(BindingStanding(binding: id, standing: name, measure: trees[id].measure(c)))
        }
    }
}
