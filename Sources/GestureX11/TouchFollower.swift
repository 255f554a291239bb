import GestureCore

/// Follows touches the bridge gave back to the applications while their
/// gesture may still come. Rejecting a grabbed touch (XIRejectTouch) makes X
/// replay it to the applications and end it for the bridge at once (a
/// TouchEnd on the grab) though the finger is still down; the raw events of
/// that touch keep coming. So the engine gets, for a touch handed back: no
/// end from the grab, and its further motion and real end from the raw
/// events, moved onto root coordinates by the difference seen while both
/// streams carried it. Pure: the listener feeds it what X delivered.
struct TouchFollower {
    struct Key: Hashable { var device: Int32; var touch: UInt32 }

    private struct Grabbed {
        var root: Point? = nil
        var raw: Point? = nil
        var rawEnded = false
        /// The bridge took it: the grab carries it to its end.
        var accepted = false
    }

    /// Touches the grab delivers, not yet decided.
    private var grabbed: [Key: Grabbed] = [:]
    /// Touches handed back and still down: raw position + offset = root position.
    private var following: [Key: Point] = [:]
    /// Handed back: the TouchEnd the grab sends for them is not a lift.
    private var endsToDrop: Set<Key> = []

    /// What to do with a raw event.
    enum RawUse: Equatable {
        /// Not ours to forward (the grab carries it, or nobody follows it).
        case ignore
        /// A handed-back touch moved (or lifted, `ended`), at this root position.
        case follow(Point, ended: Bool)
    }

    var followed: Int { following.count }

    /// Whether raw events are needed at all: a touch is followed, or a
    /// grabbed one is undecided (its raw position is the offset, should it be
    /// handed back, and its raw end tells a lift from a hand-back). With a
    /// grab, the listener selects raw touches only while this holds: between
    /// gestures, and once a gesture's touches are taken, X sends none.
    var needsRaw: Bool {
        !following.isEmpty || grabbed.values.contains { !$0.accepted }
    }

    /// Whether a raw event of this touch tells anything: it is followed, or
    /// undecided (where it is raw is the offset, should it be handed back).
    /// A touch the bridge took, or one nobody grabbed, needs no raw events:
    /// most of a gesture's raw events are skipped unread.
    func wantsRaw(_ key: Key) -> Bool {
        // Nothing handed back (the usual case): one lookup, not two.
        (!following.isEmpty && following[key] != nil) || grabbed[key].map { !$0.accepted } == true
    }

    /// A grabbed touch's begin or update, at root coordinates.
    mutating func grab(_ key: Key, at root: Point) {
        grabbed[key, default: Grabbed()].root = root
    }

    /// A TouchEnd from the grab: false if it must not reach the engine.
    mutating func grabEnd(_ key: Key) -> Bool {
        grabbed[key] = nil
        return endsToDrop.isEmpty || endsToDrop.remove(key) == nil
    }

    /// A raw event of a device's touch, mapped onto the screen.
    mutating func raw(_ key: Key, at mapped: Point, ended: Bool) -> RawUse {
        if !following.isEmpty, let offset = following[key] {
            if ended {
                following[key] = nil
                endsToDrop.remove(key)   // X sent it when we rejected; never keep it longer
            }
            return .follow(mapped + offset, ended: ended)
        }
        if grabbed[key] != nil {
            grabbed[key]!.raw = mapped
            if ended { grabbed[key]!.rawEnded = true }
        }
        return .ignore
    }

    /// The bridge decided a grabbed touch. Accepted: the grab goes on carrying
    /// it. Rejected while the finger is down: follow it through raw events.
    mutating func decided(_ key: Key, accepted: Bool) {
        guard let g = grabbed[key] else { return }
        if accepted {
            grabbed[key]!.accepted = true
            return
        }
        grabbed[key] = nil
        guard !g.rawEnded else { return }   // it really lifted: its grab end is the lift
        var offset = Point.zero
        if let root = g.root, let raw = g.raw { offset = root - raw }
        following[key] = offset
        endsToDrop.insert(key)
    }

    /// Forget everything (the grab was let go).
    mutating func reset() {
        grabbed.removeAll()
        following.removeAll()
        endsToDrop.removeAll()
    }
}
