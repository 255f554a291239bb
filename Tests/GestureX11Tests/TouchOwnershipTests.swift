import CX11
import GestureCore
@testable import GestureX11
import StateTableSupport
import Testing

/// X's side of touch ownership (TouchOwnership.swift): its table, row by
/// row, then whole touches through it.
@Suite struct TouchOwnershipTests {
    typealias State = TouchOwnership.State
    typealias Event = TouchOwnership.Event
    typealias Outcome = TouchOwnership.Outcome

    static let onRoot = Grab(master: 2, kind: .root(0x100))
    static let onFrame = Grab(master: 2, kind: .topLevel(0x400005))
    static func undecided(_ grab: Grab = onRoot, raw: Point? = nil, rawEnded: Bool = false,
                          handedDown: Bool = false) -> State {
        .undecided(.init(grab: grab, root: Point(x: 100, y: 200), raw: raw, rawEnded: rawEnded, handedDown: handedDown))
    }

    typealias Row = TransitionRow<State?, Event, State?, Outcome>

    /// TouchOwnership's table, one row per case, the rows that leave a
    /// state as it is included: the one copy of it (docs/engine.md prints
    /// these rows: `stateTable`).
    static let rows: [Row] = [
        Row(name: "a grab's begin: undecided", state: nil, event: .began(onRoot, at: Point(x: 100, y: 200)),
            next: undecided(), outcome: .none),
        Row(name: "moved by the grab", state: undecided(), event: .moved(at: Point(x: 110, y: 200)),
            next: .undecided(.init(grab: onRoot, root: Point(x: 110, y: 200))), outcome: .none),
        Row(name: "a grab's begin with its own valuators: where it is raw, no raw event needed",
            state: nil, event: .began(onRoot, at: Point(x: 100, y: 200), raw: Point(x: 97, y: 199)),
            next: undecided(raw: Point(x: 97, y: 199)), outcome: .none),
        Row(name: "moved by the grab, its own valuators read: its offset follows", state: undecided(raw: Point(x: 97, y: 199)),
            event: .moved(at: Point(x: 110, y: 200), raw: Point(x: 107, y: 199)),
            next: .undecided(.init(grab: onRoot, root: Point(x: 110, y: 200), raw: Point(x: 107, y: 199))), outcome: .none),
        Row(name: "a raw event of an undecided touch is its offset", state: undecided(),
            event: .raw(at: Point(x: 95, y: 200), ended: false), next: undecided(raw: Point(x: 95, y: 200)), outcome: .none),
        Row(name: "its raw end: the finger is up", state: undecided(raw: Point(x: 95, y: 200)),
            event: .raw(at: Point(x: 96, y: 200), ended: true),
            next: undecided(raw: Point(x: 96, y: 200), rawEnded: true), outcome: .none),
        Row(name: "its raw end below the window manager, not handed down: the lift (its grab end may never come)",
            state: undecided(onFrame, raw: Point(x: 95, y: 200)), event: .raw(at: Point(x: 96, y: 200), ended: true),
            next: .rawLifted(onFrame), outcome: .follow(Point(x: 100, y: 200), ended: true)),
        Row(name: "its raw end below the window manager, handed down: the grab's end is the lift",
            state: undecided(onFrame, handedDown: true), event: .raw(at: Point(x: 96, y: 200), ended: true),
            next: undecided(onFrame, raw: Point(x: 96, y: 200), rawEnded: true, handedDown: true), outcome: .none),
        Row(name: "lifted by its raw end, then the grab's end: dropped", state: .rawLifted(onFrame), event: .grabEnded,
            next: .rawLifted(onFrame), outcome: .dropEnd),
        Row(name: "lifted by its raw end, decided: X told, gone", state: .rawLifted(onFrame), event: .decided(accepted: false),
            next: nil, outcome: .allow(onFrame, accept: false)),
        Row(name: "lifted by its raw end, handed down: nothing", state: .rawLifted(onFrame), event: .handedDown,
            next: .rawLifted(onFrame), outcome: .none),
        Row(name: "X's pending end below the window manager: the lift (the grab's end comes when the window manager lets go, if it does)",
            state: undecided(onFrame), event: .pendingEnd(at: Point(x: 104, y: 200)),
            next: .rawLifted(onFrame), outcome: .follow(Point(x: 104, y: 200), ended: true)),
        Row(name: "lifted by its raw end, then X's pending end: nothing", state: .rawLifted(onFrame),
            event: .pendingEnd(at: Point(x: 104, y: 200)), next: .rawLifted(onFrame), outcome: .none),
        Row(name: "accepted before the window manager handed it down, X's pending end: the lift",
            state: .accepted, event: .pendingEnd(at: Point(x: 104, y: 200)),
            next: .acceptedLifted, outcome: .follow(Point(x: 104, y: 200), ended: true)),
        Row(name: "accepted and lifted, the grab's end: dropped, gone", state: .acceptedLifted, event: .grabEnded,
            next: nil, outcome: .dropEnd),
        Row(name: "accepted and lifted, decided again: X told nothing", state: .acceptedLifted,
            event: .decided(accepted: false), next: .acceptedLifted, outcome: .none),
        Row(name: "handed down by the window manager", state: undecided(onFrame), event: .handedDown,
            next: undecided(onFrame, handedDown: true), outcome: .none),
        Row(name: "the grab's end before the decision: a lift, X still waits", state: undecided(), event: .grabEnded,
            next: .lifted(onRoot, handedDown: false), outcome: .lift(takenAbove: false)),
        Row(name: "ended below the window manager before it handed it down: taken above",
            state: undecided(onFrame), event: .grabEnded,
            next: .lifted(onFrame, handedDown: false), outcome: .lift(takenAbove: true)),
        Row(name: "ended after the window manager handed it down: ours",
            state: undecided(onFrame, handedDown: true), event: .grabEnded,
            next: .lifted(onFrame, handedDown: true), outcome: .lift(takenAbove: false)),
        Row(name: "accepted: the grab carries it", state: undecided(), event: .decided(accepted: true),
            next: .accepted, outcome: .allow(onRoot, accept: true)),
        Row(name: "rejected while down: followed, offset root − raw", state: undecided(raw: Point(x: 95, y: 190)),
            event: .decided(accepted: false), next: .followed(offset: Point(x: 5, y: 10), endToDrop: true),
            outcome: .allow(onRoot, accept: false)),
        Row(name: "rejected with no raw event yet: followed, no offset", state: undecided(),
            event: .decided(accepted: false), next: .followed(offset: .zero, endToDrop: true),
            outcome: .allow(onRoot, accept: false)),
        Row(name: "rejected after its raw end: nothing to follow", state: undecided(raw: .zero, rawEnded: true),
            event: .decided(accepted: false), next: nil, outcome: .allow(onRoot, accept: false)),
        Row(name: "lifted, then handed down", state: .lifted(onFrame, handedDown: false), event: .handedDown,
            next: .lifted(onFrame, handedDown: true), outcome: .none),
        Row(name: "lifted, a second grab end", state: .lifted(onRoot, handedDown: false), event: .grabEnded,
            next: .lifted(onRoot, handedDown: false), outcome: .lift(takenAbove: false)),
        Row(name: "lifted, decided: X told, gone", state: .lifted(onFrame, handedDown: true), event: .decided(accepted: false),
            next: nil, outcome: .allow(onFrame, accept: false)),
        Row(name: "accepted, its end: gone", state: .accepted, event: .grabEnded, next: nil, outcome: .lift(takenAbove: false)),
        Row(name: "followed: the end X sends on the rejection is dropped",
            state: .followed(offset: Point(x: 5, y: 0), endToDrop: true), event: .grabEnded,
            next: .followed(offset: Point(x: 5, y: 0), endToDrop: false), outcome: .dropEnd),
        Row(name: "followed: an end numbered before X took the rejection is the finger's lift",
            state: .followed(offset: Point(x: 5, y: 0), endToDrop: true), event: .grabEndedBeforeRejection,
            next: nil, outcome: .lift(takenAbove: false)),
        Row(name: "undecided: an end numbered before a rejection is a grab end",
            state: undecided(), event: .grabEndedBeforeRejection,
            next: .lifted(onRoot, handedDown: false), outcome: .lift(takenAbove: false)),
        Row(name: "followed: a later grab end passes", state: .followed(offset: .zero, endToDrop: false), event: .grabEnded,
            next: .followed(offset: .zero, endToDrop: false), outcome: .lift(takenAbove: false)),
        Row(name: "followed: raw motion on root coordinates", state: .followed(offset: Point(x: 5, y: 0), endToDrop: false),
            event: .raw(at: Point(x: 145, y: 210), ended: false),
            next: .followed(offset: Point(x: 5, y: 0), endToDrop: false), outcome: .follow(Point(x: 150, y: 210), ended: false)),
        Row(name: "followed: its raw end is the lift", state: .followed(offset: Point(x: 5, y: 0), endToDrop: true),
            event: .raw(at: Point(x: 185, y: 210), ended: true), next: nil, outcome: .follow(Point(x: 190, y: 210), ended: true)),
        Row(name: "nobody's touch: its grab end passes", state: nil, event: .grabEnded, next: nil, outcome: .lift(takenAbove: false)),
        Row(name: "nobody's touch: raw events ignored", state: nil, event: .raw(at: .zero, ended: false), next: nil, outcome: .none),
        Row(name: "nobody's touch: a decision tells X nothing", state: nil, event: .decided(accepted: true), next: nil, outcome: .none),
        Row(name: "accepted: raw events ignored", state: .accepted, event: .raw(at: .zero, ended: true), next: .accepted, outcome: .none),
        Row(name: "accepted: decided again tells X nothing", state: .accepted, event: .decided(accepted: false),
            next: .accepted, outcome: .none),
        Row(name: "followed: a decision tells X nothing", state: .followed(offset: .zero, endToDrop: true),
            event: .decided(accepted: true), next: .followed(offset: .zero, endToDrop: true), outcome: .none),
        Row(name: "handed down before we had it: nothing", state: nil, event: .handedDown, next: nil, outcome: .none),
    ]

    @Test(arguments: rows) func transition(_ row: Row) {
        let (next, outcome) = TouchOwnership.transition(row.state, row.event)
        #expect(next == row.next)
        #expect(outcome == row.outcome)
    }

    /// The table in docs/engine.md (X's side of touch ownership) is these
    /// rows, printed (scripts/state-tables.py); every state has rows that
    /// start from it.
    @Test func stateTable() {
        let table = StateTable(name: "touch-ownership",
                               source: "TouchOwnershipTests.rows (Tests/GestureX11Tests/TouchOwnershipTests.swift)",
                               columns: ["state", "event", "next", "outcome", "the row"],
                               rows: Self.rows.map { [Self.label($0.state), Self.label($0.event), Self.label($0.next),
                                                      Self.label($0.outcome), $0.name] })
        let states = Set(Self.rows.compactMap { $0.state.map(Self.name) })
        #expect(states == ["undecided", "lifted", "rawLifted", "accepted", "acceptedLifted", "followed"])
        #expect(table.publish() == nil)
    }

    static func name(_ s: State) -> String {
        switch s {
        case .undecided: "undecided"
        case .lifted: "lifted"
        case .rawLifted: "rawLifted"
        case .accepted: "accepted"
        case .acceptedLifted: "acceptedLifted"
        case .followed: "followed"
        }
    }

    /// A state as the table says it: its name, and what sets it apart.
    static func label(_ s: State?) -> String {
        guard let s else { return "—" }
        var apart: [String] = []
        switch s {
        case .undecided(let u):
            if u.grab.isTopLevel { apart.append("top-level grab") }
            if u.handedDown { apart.append("handed down") }
            if u.rawEnded { apart.append("its raw end came") } else if u.raw != nil { apart.append("raw seen") }
        case .lifted(let grab, let handedDown):
            if grab.isTopLevel { apart.append("top-level grab") }
            if handedDown { apart.append("handed down") }
        case .followed(let offset, let endToDrop):
            if offset != .zero { apart.append("offset \(Int(offset.x)), \(Int(offset.y))") }
            if endToDrop { apart.append("its end to drop") }
        case .rawLifted, .accepted, .acceptedLifted: break
        }
        return name(s) + (apart.isEmpty ? "" : " (\(apart.joined(separator: ", ")))")
    }

    static func label(_ e: Event) -> String {
        switch e {
        case .began(let grab, _, let raw):
            return (grab.isTopLevel ? "began (top-level grab" : "began (root grab") + (raw == nil ? ")" : ", its valuators)")
        case .moved(_, let raw): return raw == nil ? "moved" : "moved (its valuators)"
        case .raw(_, let ended): return ended ? "raw end" : "raw"
        case .pendingEnd: return "pendingEnd"
        case .handedDown: return "handedDown"
        case .grabEnded: return "grabEnded"
        case .grabEndedBeforeRejection: return "grabEnded (numbered before the rejection)"
        case .decided(let accepted): return accepted ? "decided ✓" : "decided ✗"
        }
    }

    static func label(_ o: Outcome) -> String {
        switch o {
        case .none: return "—"
        case .lift(let takenAbove): return takenAbove ? "lift (taken above)" : "lift"
        case .dropEnd: return "dropEnd"
        case .follow(let at, let ended): return (ended ? "follow: lift at " : "follow: motion to ") + "\(Int(at.x)), \(Int(at.y))"
        case .allow(_, let accept): return accept ? "allow accept" : "allow reject"
        }
    }

    let key = TouchOwnership.Key(device: 10, touch: 7)

    /// Seen under mutter and muffin (E2E --desktops): the first tap, on
    /// mutter's guard window while it starts, was kept by it for good; no
    /// grab end ever came, and the engine counted that finger in every later
    /// hand (a 3-finger swipe read as a 4-finger drag).
    @Test func aTouchTheWindowManagerKeepsForGoodLiftsAtItsRawEnd() {
        var o = TouchOwnership()
        #expect(o.on(.began(Self.onFrame, at: Point(x: 256, y: 512)), key) == .none)
        #expect(o.on(.raw(at: Point(x: 250, y: 510), ended: false), key) == .none)
        #expect(o.on(.raw(at: Point(x: 250, y: 510), ended: true), key) == .follow(Point(x: 256, y: 512), ended: true))
        #expect(!o.needsRaw)
        #expect(o.undecided == 1)   // X still waits for our decision
        #expect(o.on(.decided(accepted: false), key) == .allow(Self.onFrame, accept: false))
        #expect(o.undecided == 0)
        #expect(o.on(.grabEnded, key) == .lift(takenAbove: false))   // gone: a late end is nobody's
    }

    /// Under our grab on the root: raw events are selected only once a
    /// touch is handed back; until then its own events say where it is raw.
    @Test func aTouchHandedBackIsFollowedThroughRawEvents() {
        var o = TouchOwnership()
        #expect(!o.needsRaw)       // nothing grabbed: raw touches are not selected
        // Its valuators land 5 px off the grab's root position.
        #expect(o.on(.began(Self.onRoot, at: Point(x: 100, y: 200), raw: Point(x: 95, y: 200)), key) == .none)
        #expect(o.wantsRaw(key))   // undecided: a raw event, if one comes, says where it is raw
        #expect(!o.needsRaw)       // but none is asked for
        #expect(o.undecided == 1)
        _ = o.on(.moved(at: Point(x: 110, y: 200), raw: Point(x: 105, y: 200)), key)
        // grab-timeout: rejected while the finger is down.
        #expect(o.on(.decided(accepted: false), key) == .allow(Self.onRoot, accept: false))
        #expect(o.followed == 1)
        #expect(o.undecided == 0)
        // X ends it for us at once: not a lift.
        #expect(o.on(.grabEnded, key) == .dropEnd)
        // Its motion and its real lift come from raw events, on root coordinates.
        #expect(o.on(.raw(at: Point(x: 145, y: 210), ended: false), key) == .follow(Point(x: 150, y: 210), ended: false))
        #expect(o.wantsRaw(key))
        #expect(o.needsRaw)        // followed
        #expect(o.on(.raw(at: Point(x: 185, y: 210), ended: true), key) == .follow(Point(x: 190, y: 210), ended: true))
        #expect(o.followed == 0)
        #expect(!o.wantsRaw(key))
        #expect(!o.needsRaw)       // lifted: raw touches are let go of
        #expect(o.on(.raw(at: Point(x: 185, y: 210), ended: false), key) == .none)
        #expect(o.touches.isEmpty)
    }

    /// Below the window manager's grab, an undecided touch needs raw
    /// events: its raw end may be the only word of its lift.
    @Test func belowTheWindowManagerAnUndecidedTouchNeedsRawEvents() {
        var o = TouchOwnership()
        _ = o.on(.began(Self.onFrame, at: Point(x: 100, y: 200)), key)
        #expect(o.needsRaw)
        _ = o.on(.decided(accepted: true), key)
        #expect(!o.needsRaw)
    }

    /// The finger lifted while the rejection was on its way: X's end for
    /// the lift was numbered before it took the rejection, and no raw event
    /// of the touch will come (they were selected with the rejection). It
    /// is the lift; nothing is left followed.
    @Test func aLiftThatCrossedTheRejectionIsTheLift() {
        var o = TouchOwnership()
        _ = o.on(.began(Self.onRoot, at: Point(x: 100, y: 200), raw: Point(x: 95, y: 200)), key)
        #expect(o.on(.decided(accepted: false), key) == .allow(Self.onRoot, accept: false))
        #expect(o.awaitsRejectionEnd(key))
        #expect(o.needsRaw)
        #expect(o.on(.grabEndedBeforeRejection, key) == .lift(takenAbove: false))
        #expect(o.touches.isEmpty && !o.needsRaw && o.followed == 0)
        #expect(!o.awaitsRejectionEnd(key))
    }

    /// The listener puts a grab's move through the table only for an
    /// undecided touch (`isUndecided`): in every other state a move changes
    /// nothing and says nothing.
    @Test func aMoveChangesOnlyAnUndecidedTouch() {
        let others: [State?] = [nil, .lifted(Self.onRoot, handedDown: false), .rawLifted(Self.onFrame), .accepted,
                                .acceptedLifted, .followed(offset: Point(x: 5, y: 0), endToDrop: true)]
        for state in others {
            let (next, outcome) = TouchOwnership.transition(state, .moved(at: Point(x: 1, y: 2), raw: Point(x: 3, y: 4)))
            #expect(next == state && outcome == .none)
        }
        var o = TouchOwnership()
        _ = o.on(.began(Self.onRoot, at: .zero), key)
        #expect(o.isUndecided(key))
        _ = o.on(.decided(accepted: true), key)
        #expect(!o.isUndecided(key))
        #expect(!o.isUndecided(.init(device: 10, touch: 99)))
    }

    @Test func anAcceptedTouchStaysWithTheGrab() {
        var o = TouchOwnership()
        _ = o.on(.began(Self.onRoot, at: Point(x: 100, y: 200)), key)
        #expect(o.on(.decided(accepted: true), key) == .allow(Self.onRoot, accept: true))
        // The grab carries it to its end: its raw events are skipped unread,
        // and none are selected while nothing else needs them.
        #expect(!o.wantsRaw(key))
        #expect(!o.needsRaw)
        _ = o.on(.moved(at: Point(x: 120, y: 200)), key)
        #expect(!o.wantsRaw(key))
        #expect(o.on(.grabEnded, key) == .lift(takenAbove: false))
        #expect(o.touches.isEmpty)
        // Touches nobody grabbed are never forwarded from raw events.
        #expect(!o.wantsRaw(.init(device: 10, touch: 8)))
    }

    /// Letting go of the grab rejects what X still waits for (undecided,
    /// or lifted and undecided), and forgets the touches followed.
    @Test func releaseRejectsWhatWaits() {
        var o = TouchOwnership()
        let lifted = TouchOwnership.Key(device: 10, touch: 8), taken = TouchOwnership.Key(device: 10, touch: 9)
        let followed = TouchOwnership.Key(device: 10, touch: 10)
        for k in [key, lifted, taken, followed] { _ = o.on(.began(Self.onFrame, at: .zero), k) }
        _ = o.on(.grabEnded, lifted)
        _ = o.on(.decided(accepted: true), taken)
        _ = o.on(.decided(accepted: false), followed)
        let released = o.release()
        #expect(Set(released.map(\.key)) == [key, lifted])
        #expect(released.allSatisfy { $0.grab == Self.onFrame })
        #expect(o.touches.isEmpty && !o.needsRaw)
    }

    /// A touch we rejected that comes round through the root's selection
    /// is known as ours until its end there; one we took, or never had, is
    /// not. Only the last `handedBackKept` are kept.
    @Test func aTouchHandedBackComesRoundUntilItsEnd() {
        var o = TouchOwnership()
        let taken = TouchOwnership.Key(device: 10, touch: 9), bare = TouchOwnership.Key(device: 10, touch: 11)
        for k in [key, taken] { _ = o.on(.began(Self.onFrame, at: .zero), k) }
        _ = o.on(.decided(accepted: false), key)
        _ = o.on(.decided(accepted: true), taken)
        let answers = [o.cameRound(key, ended: false),   // its second begin
                       o.cameRound(key, ended: false),   // its history
                       o.cameRound(key, ended: true),    // its end: forgotten
                       o.cameRound(key, ended: false),
                       o.cameRound(taken, ended: false), o.cameRound(bare, ended: false)]
        #expect(answers == [true, true, true, false, false, false])

        let kept = UInt32(TouchOwnership.handedBackKept)
        for t in 100...(100 + kept) {
            let k = TouchOwnership.Key(device: 10, touch: t)
            _ = o.on(.began(Self.onFrame, at: .zero), k)
            _ = o.on(.decided(accepted: false), k)
        }
        #expect(o.handedBack.count == TouchOwnership.handedBackKept)
        let oldest = o.cameRound(.init(device: 10, touch: 100), ended: false)
        let latest = o.cameRound(.init(device: 10, touch: 100 + kept), ended: false)
        #expect(!oldest && latest)   // the oldest let go, the latest kept
    }
}
