import CX11
import GestureCore

/// Which of our passive grabs delivered a touch: X takes the decision on it
/// (XIAllowTouchEvents) through the same master device and window.
struct Grab: Hashable {
    enum Kind: Hashable {
        /// Ours on the root: we own each touch from its begin.
        case root(Window)
        /// Ours on a top-level window, below the window manager's on the
        /// root (TopLevelGrabs): it owns the touch first, and hands it down
        /// to us (TouchOwnership) unless one of its own gestures keeps it.
        case topLevel(Window)
    }

    var master: Int32
    var kind: Kind

    /// Below the window manager's grab (TopLevelGrabs).
    var isTopLevel: Bool {
        if case .topLevel = kind { return true }
        return false
    }

    /// The window X's decision goes through.
    var window: Window {
        switch kind {
        case .root(let w), .topLevel(let w): return w
        }
    }
}

/// Who owns each touch our grabs deliver, X's side of the arena: one state
/// per touch, changed only by `on`, whose transitions are its table test's rows.
///
/// A grabbed touch is *undecided* until the engine decides it: X holds it
/// back from the applications meanwhile. *Accepted*, the grab carries it to
/// its end. Rejected (XIRejectTouch), X replays it to the applications and
/// ends it for us at once (a TouchEnd on the grab) though the finger is
/// still down; its raw events keep coming (selected, under our root grab,
/// just before the rejection goes out), so a touch handed back is
/// *followed*: the engine gets its further motion and its real lift from the
/// raw events, moved onto root coordinates by the difference between where
/// the grab and the device's valuators last put it, and never the grab's
/// early end. A lift that crossed the rejection on the wire (its grab end
/// numbered before X took the rejection) is the lift. A touch whose grab
/// end came before the decision is *lifted*: X still waits for the decision.
/// Below the window manager's grab, a touch that ends before the window
/// manager handed it down was taken for the window manager's own gesture.
/// There, the grab's end may never come: mutter keeps a touch it cannot
/// place (a tap on its guard window, while it starts) for good, and a
/// listener below it hears nothing more of it. Its raw end is then the
/// lift (*rawLifted*): the engine must not count a finger that is up, or
/// every later hand is a finger larger. X says the same on the grab itself,
/// in order: the update it sends a listener when the finger lifts while a
/// client above still owns the touch is flagged XITouchPendingEnd, and that
/// is the lift too, for an undecided touch or one accepted before the window
/// manager handed it down (*acceptedLifted*). The raw end alone came too
/// late when the raw selection went out after a quick tap had ended (E2E
/// --desktops under load: mutter and muffin kept a tap each, and every later
/// hand was read a finger larger).
///
/// Its transitions are the rows of `TouchOwnershipTests.rows`
/// (Tests/GestureX11Tests/TouchOwnershipTests.swift), one per case,
/// printed as the table in docs/engine.md by scripts/state-tables.py:
/// change a row there, not a copy here.
///
/// Pure: the listener feeds it what X delivered and the engine decided, and
/// does what the outcomes say.
struct TouchOwnership {
    struct Key: Hashable {
        var device: Int32
        var touch: UInt32
    }

    enum State: Equatable {
        case undecided(Undecided)
        case lifted(Grab, handedDown: Bool)
        /// Below the window manager, its raw end (or X's pending end) came
        /// before any grab end or decision: the engine has its lift, X
        /// still waits for ours.
        case rawLifted(Grab)
        case accepted
        /// Accepted, and lifted (X's pending end) while the window manager
        /// still owned it: the engine has its lift; the grab's end, when the
        /// window manager lets go, is dropped.
        case acceptedLifted
        /// `offset`: raw position + offset = root position; `endToDrop`:
        /// the grab's TouchEnd X sends on the rejection is still to come.
        case followed(offset: Point, endToDrop: Bool)
    }

    struct Undecided: Equatable {
        var grab: Grab
        /// Where the grab last put it (root coordinates).
        var root: Point
        /// Where its raw events last put it (the offset, should it be handed back).
        var raw: Point? = nil
        /// Its raw end came: the finger is up (a decision to reject hands nothing back).
        var rawEnded = false
        /// The window manager above handed it down to us.
        var handedDown = false

        /// Ended for us while the window manager above still owned it: it
        /// accepted the touch for its own gesture (had it rejected it, the
        /// touch would have become ours first).
        var takenAbove: Bool { grab.isTopLevel && !handedDown }
    }

    enum Event: Equatable {
        /// A touch began through one of our grabs (root coordinates); `raw`:
        /// where its own valuators put it, mapped as a raw event's are (X
        /// puts the same values in both), when the listener read them.
        case began(Grab, at: Point, raw: Point? = nil)
        /// The grab's update (`raw` as for `began`).
        case moved(at: Point, raw: Point? = nil)
        /// A raw event of the touch, mapped onto the screen.
        case raw(at: Point, ended: Bool)
        /// The grab's update flagged XITouchPendingEnd (root coordinates):
        /// the finger is up while a client above (the window manager) still
        /// owns the touch; X sends its end once the touch is decided there.
        case pendingEnd(at: Point)
        /// The window manager above rejected it: ours now (TouchOwnership).
        case handedDown
        /// The grab's TouchEnd.
        case grabEnded
        /// The grab's TouchEnd of a touch we rejected, sent before X took
        /// the rejection (its sequence number is lower): the finger's own
        /// lift, not the end X sends for a rejection; no raw end follows it
        /// when raw events were not selected yet.
        case grabEndedBeforeRejection
        /// The engine decided it.
        case decided(accepted: Bool)
    }

    enum Outcome: Equatable {
        case none
        /// The grab's end is the touch's lift: the engine gets it.
        /// `takenAbove`: the window manager kept the touch.
        case lift(takenAbove: Bool)
        /// A grab's end the engine must not get: X sends it for a touch
        /// handed back (the finger is still down), or the raw end was the lift.
        case dropEnd
        /// A touch handed back moved (or lifted, `ended`), at this root position.
        case follow(Point, ended: Bool)
        /// Tell X the decision, through `grab`.
        case allow(Grab, accept: Bool)
    }

    /// Each grabbed touch's state (a few at a time: searched, not hashed).
    private(set) var touches = FewKeysMap<Key, State>()

    /// Touches we rejected through a grab, the latest last. Below the window
    /// manager's grab, one that nothing under it takes comes round again
    /// through our own selection on the root, mid-gesture or after its lift,
    /// its begin and history replayed (`cameRound`). The last
    /// `handedBackKept` are kept: X never gives a touch id twice, so an old
    /// one never matches a new touch.
    private(set) var handedBack: [Key] = []
    static let handedBackKept = 64

    /// The table: `state` (nil: none) after `event`, and what to do.
    static func transition(_ state: State?, _ event: Event) -> (State?, Outcome) {
        switch (state, event) {
        case (_, .began(let grab, let at, let raw)):
            return (.undecided(Undecided(grab: grab, root: at, raw: raw)), .none)
        case (.undecided(var u), .moved(let at, let raw)):
            u.root = at
            if let raw { u.raw = raw }
            return (.undecided(u), .none)
        case (.undecided(let u), .raw(_, ended: true)) where u.grab.isTopLevel && !u.handedDown:
            return (.rawLifted(u.grab), .follow(u.root, ended: true))
        case (.undecided(var u), .raw(let at, let ended)):
            u.raw = at
            u.rawEnded = u.rawEnded || ended
            return (.undecided(u), .none)
        case (.undecided(let u), .pendingEnd(let at)):
            return (.rawLifted(u.grab), .follow(at, ended: true))
        case (.accepted, .pendingEnd(let at)):
            return (.acceptedLifted, .follow(at, ended: true))
        case (.acceptedLifted, .grabEnded):
            return (nil, .dropEnd)
        case (.undecided(var u), .handedDown):
            u.handedDown = true
            return (.undecided(u), .none)
        case (.undecided(let u), .grabEnded):
            return (.lifted(u.grab, handedDown: u.handedDown), .lift(takenAbove: u.takenAbove))
        case (.undecided(let u), .decided(accepted: true)):
            return (.accepted, .allow(u.grab, accept: true))
        case (.undecided(let u), .decided(accepted: false)):
            let followed = State.followed(offset: u.raw.map { u.root - $0 } ?? .zero, endToDrop: true)
            return (u.rawEnded ? nil : followed, .allow(u.grab, accept: false))
        case (.rawLifted, .grabEnded):
            return (state, .dropEnd)
        case (.lifted(let grab, _), .handedDown):
            return (.lifted(grab, handedDown: true), .none)
        case (.lifted, .grabEnded):
            return (state, .lift(takenAbove: false))
        case (.lifted(let grab, _), .decided(let accepted)), (.rawLifted(let grab), .decided(let accepted)):
            return (nil, .allow(grab, accept: accepted))
        case (.accepted, .grabEnded), (nil, .grabEnded):
            return (nil, .lift(takenAbove: false))
        case (.followed(_, endToDrop: true), .grabEndedBeforeRejection):
            return (nil, .lift(takenAbove: false))
        case (_, .grabEndedBeforeRejection):
            return transition(state, .grabEnded)
        case (.followed(let offset, endToDrop: true), .grabEnded):
            return (.followed(offset: offset, endToDrop: false), .dropEnd)
        case (.followed, .grabEnded):
            return (state, .lift(takenAbove: false))
        case (.followed(let offset, _), .raw(let at, let ended)):
            return (ended ? nil : state, .follow(at + offset, ended: ended))
        default:
            return (state, .none)
        }
    }

    /// `event` happened to touch `key`: its new state is kept, the outcome returned.
    mutating func on(_ event: Event, _ key: Key) -> Outcome {
        let i = touches.index(of: key)
        let (next, outcome) = Self.transition(touches.value(at: i), event)
        touches.set(next, at: i, for: key)
        if case .allow(_, accept: false) = outcome {
            handedBack.append(key)
            if handedBack.count > Self.handedBackKept { handedBack.removeFirst() }
        }
        // A window manager that never lets go of them leaves them here: a
        // hand's worth kept (a late end of one let go passes as a lift the
        // engine already had, and it ignores that).
        if next == .acceptedLifted && touches.values.count(where: { $0 == .acceptedLifted }) > Self.acceptedLiftedKept,
           let oldest = touches.entries.firstIndex(where: { $0.value == .acceptedLifted }) {
            touches.set(nil, at: oldest, for: touches.entries[oldest].key)
        }
        return outcome
    }

    /// Touches accepted and lifted kept for their grab's end (`on`).
    static let acceptedLiftedKept = 10

    /// An event of `key` that came through our selection on the root, not
    /// a grab: whether it is of a touch we handed back, come round again.
    /// The engine has had that touch all along (followed by its raw events),
    /// so what the selection says of it is dropped; its end forgets it.
    mutating func cameRound(_ key: Key, ended: Bool) -> Bool {
        guard let i = handedBack.firstIndex(of: key) else { return false }
        if ended { handedBack.remove(at: i) }
        return true
    }

    /// Whether a raw event of this touch tells anything: it is followed, or
    /// undecided (where it is raw is the offset, should it be handed back).
    /// A touch the bridge took, or one nobody grabbed, needs no raw events:
    /// most of a gesture's raw events are skipped unread.
    func wantsRaw(_ key: Key) -> Bool {
        switch touches[key] {
        case .undecided?, .followed?: return true
        default: return false
        }
    }

    /// Whether raw events are needed at all: a touch is followed, or
    /// undecided below the window manager's grab. With a grab, the listener
    /// selects raw touches only while this holds: between gestures, and
    /// once a gesture's touches are taken, X sends none. Under our grab on
    /// the root, an undecided touch's own events carry its raw position
    /// (`Event.began`, `moved`), and its lift comes as the grab's end: raw
    /// events are selected only once a touch is handed back, before X hears
    /// of it. Below the window manager, a touch's raw end may be the only
    /// word of its lift (`rawLifted`).
    var needsRaw: Bool {
        touches.values.contains {
            switch $0 {
            case .undecided(let u): return u.grab.isTopLevel
            case .followed: return true
            case .lifted, .rawLifted, .accepted, .acceptedLifted: return false
            }
        }
    }

    /// Whether `key` waits for the engine's decision (a grab's move changes
    /// nothing in any other state: `transition`).
    func isUndecided(_ key: Key) -> Bool {
        if case .undecided? = touches[key] { return true }
        return false
    }

    /// Whether `key` was handed back and X's end for the rejection is still
    /// to come (the listener keeps the rejection's sequence number for it).
    func awaitsRejectionEnd(_ key: Key) -> Bool {
        if case .followed(_, endToDrop: true)? = touches[key] { return true }
        return false
    }

    /// Touches X waits for a decision on (for tests and --verbose).
    var undecided: Int {
        touches.values.count {
            switch $0 {
            case .undecided, .lifted, .rawLifted: return true
            case .accepted, .acceptedLifted, .followed: return false
            }
        }
    }

    /// Touches handed back to applications that the engine still follows.
    var followed: Int {
        touches.values.count {
            if case .followed = $0 { return true }
            return false
        }
    }

    /// The grab was let go: the touches X still waits for a decision on
    /// (to reject: they go back to the applications); nothing is followed.
    mutating func release() -> [(key: Key, grab: Grab)] {
        let held = touches.entries.compactMap { key, state -> (key: Key, grab: Grab)? in
            switch state {
            case .undecided(let u): return (key, u.grab)
            case .lifted(let grab, _), .rawLifted(let grab): return (key, grab)
            case .accepted, .acceptedLifted, .followed: return nil
            }
        }
        touches.removeAll()
        return held
    }
}
