import GestureActions
import StateTableSupport
import Testing
@testable import WindowFollowing

/// The windows that follow gestures (FollowMachine.swift): its table, row
/// by row, then sessions through `on`. No X: the events are what
/// WindowMover would have read or received.
@Suite struct FollowMachineTests {
    typealias Session = FollowMachine.Session
    typealias Event = FollowMachine.Event
    typealias Outcome = FollowMachine.Outcome

    static let client: WindowID = 0x600003, frame: WindowID = 0x400005, stranger: WindowID = 0x999
    /// A window on the left monitor, taken at its middle.
    static let window = WindowRect(x: 100, y: 100, width: 300, height: 200)
    static let maximized = WindowRect(x: 0, y: 0, width: 1920, height: 1080)
    static let decorated = FrameExtents(left: 1, right: 1, top: 20, bottom: 1)
    /// A snap's memory on a maximized window: 800x600 before.
    static let memory = SnapMemory(before: WindowRect(x: 100, y: 100, width: 800, height: 600), snapped: maximized,
                                   extents: decorated)
    static let unwatch: [WindowRequest] = [.unwatch(client), .unwatch(frame)]
    static func moved(_ r: WindowRect, _ dx: Int, _ dy: Int) -> WindowRect {
        WindowRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height)
    }
    static func go(_ r: WindowRect, _ e: FrameExtents = FrameExtents()) -> WindowRequest { .moveResize(client, r, extents: e) }
    static func travel(_ dx: Double, _ dy: Double, touch: (x: Double, y: Double)? = nil) -> GesturePlace {
        GesturePlace(touch: touch, translation: (dx, dy))
    }

    static func facts(_ frame: WindowRect = window, grab: (x: Double, y: Double) = (250, 200), maximized: Bool = false,
                      memory: SnapMemory? = nil) -> FollowStart.Facts {
        FollowStart.Facts(window: client, topLevel: Self.frame, frame: frame, extents: FrameExtents(), maximized: maximized,
                          memory: memory, target: .init(x: grab.x, y: grab.y))
    }

    static func session(_ plan: FollowPlan, stage: FollowMachine.Stage? = nil, place: GesturePlace = GesturePlace(),
                        frames: Int = 1, ewmh: Bool = true, pacer: RequestPacer? = nil, requests: Int = 0) -> Session {
        Session(follow: plan.follow, window: client, topLevel: frame, ewmh: ewmh, extents: FrameExtents(), hints: SizeHints(),
                grab: .init(x: plan.grab.x, y: plan.grab.y), pacer: pacer ?? RequestPacer(current: plan.origin), place: place,
                frames: frames, requests: requests, stage: stage ?? .following(plan))
    }

    static let movePlan = FollowPlan(.move, origin: window, grab: (250, 200))
    static let resizePlan = FollowPlan(.resize, origin: window, grab: (380, 280))
    /// Following, nothing sent yet (its first frame was where it is).
    static let following = session(movePlan)
    /// A request in flight, sent at 0: the window 10 px right.
    static let awaiting = session(movePlan, stage: .awaiting(movePlan), place: travel(10, 0), frames: 2, pacer: pacer([(10, 0)]),
                                  requests: 1)
    /// And a frame held back behind it (20 px right, at 0.01).
    static let held = session(movePlan, stage: .awaiting(movePlan), place: travel(20, 0), frames: 3,
                              pacer: pacer([(10, 0), (20, 0.01)]), requests: 1)
    /// Its one request answered 12 ms after its frame.
    static let answered = session(movePlan, place: travel(10, 0), frames: 2,
                                  pacer: pacer([(10, 0)], answeredAt: 0.012), requests: 1)
    static func pacer(_ sends: [(dx: Int, at: Double)], answeredAt: Double? = nil) -> RequestPacer {
        var p = RequestPacer(current: window)
        for s in sends { _ = p.want(moved(window, s.dx, 0), now: s.at) }
        if let a = answeredAt { _ = p.answered(now: a) }
        return p
    }

    /// A maximized window taken at its middle, coming back to its size:
    /// the window manager's (awaited), or a snap's memory.
    static func restoring(memory: SnapMemory? = nil, place: GesturePlace = travel(10, 5), frames: Int = 1) -> Session {
        let plan = FollowPlan(.move, origin: maximized, grab: (960, 540))
        return session(plan, stage: .restoring(.init(since: 0, from: maximized, memory: memory)), place: place, frames: frames,
                       pacer: RequestPacer(current: maximized))
    }

    /// Two monitors side by side; a panel along the right one's bottom.
    static let areas: [(name: String, monitor: WindowRect, area: WindowRect)] = [
        ("L", WindowRect(x: 0, y: 0, width: 960, height: 1080), WindowRect(x: 0, y: 0, width: 960, height: 1080)),
        ("R", WindowRect(x: 960, y: 0, width: 960, height: 1080), WindowRect(x: 960, y: 0, width: 960, height: 1040)),
    ]
    /// What a move that ended (travel 250, 200) reports, and whose work areas were asked.
    static let moveEnded = ended(at: moved(window, 250, 200), frames: 2, requests: 1)
    static func ending(_ plan: FollowPlan = movePlan, at touch: (x: Double, y: Double)) -> Session {
        session(plan, stage: .ending(plan, moveEnded), place: travel(0, 0, touch: touch), frames: 2)
    }
    static let rightHalf = WindowRect(x: 1440, y: 0, width: 480, height: 1040)
    static let snapping = session(movePlan, stage: .snapping(movePlan, .right, monitor: "R", area: areas[1].area, moveEnded),
                                  place: travel(0, 0, touch: (1915, 400)), frames: 2)
    /// Snapped there: the right half of the right monitor's work area.
    static var snapped: Ended {
        var e = moveEnded
        e.end = .snapped(edge: .right, monitor: "R", .placed(rightHalf, area: areas[1].area, before: window))
        return e
    }

    typealias Ended = FollowMachine.Ended
    static func began(_ frame: WindowRect = window, how: FollowStart.How = .asItIs, edges: ResizeEdges? = nil,
                      ewmh: Bool = true) -> FollowMachine.Began {
        FollowMachine.Began(window: client, frame: frame, how: how, edges: edges, ewmh: ewmh)
    }
    /// A session of the client that ended at `at`, having started at `window`.
    static func ended(_ follow: WindowAction.Follow = .move, at: WindowRect, frames: Int, requests: Int,
                      latency: Ended.Latency? = nil, _ end: Ended.End = .released) -> Ended {
        Ended(follow: follow, window: client, at: at, from: window, frames: frames, requests: requests, latency: latency, end: end)
    }

    /// What a row looks at in the session after it.
    struct Seen: Equatable, CustomStringConvertible {
        var phase: FollowMachine.Phase
        var inFlight: WindowRect? = nil, pending: WindowRect? = nil
        var frames: Int, requests: Int

        init(_ phase: FollowMachine.Phase, inFlight: WindowRect? = nil, pending: WindowRect? = nil, frames: Int, requests: Int) {
            self.phase = phase
            self.inFlight = inFlight
            self.pending = pending
            self.frames = frames
            self.requests = requests
        }

        init(_ s: Session) {
            self.init(s.phase, inFlight: s.pacer.inFlight?.frame, pending: s.pacer.pending?.frame, frames: s.frames,
                      requests: s.requests)
        }

        var description: String { "\(phase) in flight \(inFlight.map(\.description) ?? "—") pending \(pending.map(\.description) ?? "—"), \(frames) frames, \(requests) requests" }
    }

    typealias Row = TransitionRow<Session?, Event, Seen?, Outcome>

    static let w10 = moved(window, 10, 0), w20 = moved(window, 20, 0)
    static let heldSeen = Seen(.awaiting, inFlight: w10, pending: w20, frames: 3, requests: 1)
    static let notice = FollowMachine.Report.closed(.move, client)

    /// FollowMachine's table, one row per case, the odd ones included: the
    /// one copy of it (docs/engine.md prints these rows: `stateTable`).
    static let rows: [Row] = [
        // Beginning.
        Row(name: "began: following, watched, where it is", state: nil, event: .began(.move, facts(), ewmh: true, now: 0),
            next: Seen(.following, frames: 0, requests: 0),
            outcome: Outcome(requests: [.watch(client), .watch(frame)], report: .began(began()))),
        Row(name: "began a resize without _NET_MOVERESIZE_WINDOW: its corner, by configure requests", state: nil,
            event: .began(.resize, facts(grab: (380, 280)), ewmh: false, now: 0), next: Seen(.following, frames: 0, requests: 0),
            outcome: Outcome(requests: [.watch(client), .watch(frame)], ewmh: false,
                             report: .began(began(edges: [.bottom, .right], ewmh: false)))),
        Row(name: "began on a maximized window: restoring, un-maximized", state: nil,
            event: .began(.move, facts(maximized, grab: (960, 540), maximized: true), ewmh: true, now: 0),
            next: Seen(.restoring, frames: 0, requests: 0),
            outcome: Outcome(requests: [.watch(client), .watch(frame), .maximize(client, false), .forgetSnap(client)],
                             report: .began(began(maximized, how: .unmaximized)))),
        Row(name: "began again on a binding that has one: a new session", state: held, event: .began(.move, facts(), ewmh: true, now: 1),
            next: Seen(.following, frames: 0, requests: 0),
            outcome: Outcome(requests: [.watch(client), .watch(frame)], report: .began(began()))),

        // Restoring a maximized window.
        Row(name: "restoring, moved, no memory: its frame asked", state: restoring(place: travel(0, 0), frames: 0),
            event: .moved(travel(10, 5), now: 0.01), next: Seen(.restoring, frames: 1, requests: 0),
            outcome: Outcome(ask: .frame(client))),
        Row(name: "restoring, moved, a snap's memory: its size under the fingers, with its decorations",
            state: restoring(memory: memory, place: travel(0, 0), frames: 0), event: .moved(travel(10, 5), now: 0.01),
            next: Seen(.awaiting, inFlight: WindowRect(x: 570, y: 245, width: 800, height: 600), frames: 1, requests: 1),
            outcome: Outcome(requests: [go(WindowRect(x: 570, y: 245, width: 800, height: 600), decorated)])),
        Row(name: "restoring, its frame still maximized within restorePatience: waits", state: restoring(),
            event: .frameRead(maximized, FrameExtents(), now: 0.1), next: Seen(.restoring, frames: 1, requests: 0),
            outcome: Outcome()),
        Row(name: "restoring, its frame changed: the window manager's size, under the fingers",
            state: restoring(), event: .frameRead(WindowRect(x: 200, y: 150, width: 1000, height: 700), decorated, now: 0.1),
            next: Seen(.awaiting, inFlight: WindowRect(x: 470, y: 195, width: 1000, height: 700), frames: 1, requests: 1),
            outcome: Outcome(requests: [go(WindowRect(x: 470, y: 195, width: 1000, height: 700), decorated)])),
        Row(name: "restoring, still maximized after restorePatience: followed at the size it has", state: restoring(),
            event: .frameRead(maximized, FrameExtents(), now: 0.25),
            next: Seen(.awaiting, inFlight: moved(maximized, 10, 5), frames: 1, requests: 1),
            outcome: Outcome(requests: [go(moved(maximized, 10, 5))])),
        Row(name: "restoring with a snap's memory, a frame read: the memory rules", state: restoring(memory: memory),
            event: .frameRead(maximized, FrameExtents(), now: 0.3), next: Seen(.restoring, frames: 1, requests: 0),
            outcome: Outcome()),
        Row(name: "restoring, the deadline: its frame asked", state: restoring(), event: .deadline(now: 0.25),
            next: Seen(.restoring, frames: 1, requests: 0), outcome: Outcome(ask: .frame(client))),
        Row(name: "restoring with a snap's memory, the deadline: its size, where the fingers are now",
            state: restoring(memory: memory), event: .deadline(now: 0.25),
            next: Seen(.awaiting, inFlight: WindowRect(x: 570, y: 245, width: 800, height: 600), frames: 1, requests: 1),
            outcome: Outcome(requests: [go(WindowRect(x: 570, y: 245, width: 800, height: 600), decorated)])),
        Row(name: "restoring, the un-maximize's ConfigureNotify: nothing in flight", state: restoring(),
            event: .configured(client, now: 0.02), next: Seen(.restoring, frames: 1, requests: 0), outcome: Outcome()),
        Row(name: "restoring, ended: no frame, not snapped, unwatched", state: restoring(),
            event: .ended(travel(30, 5), now: 0.2, cancelled: false), next: nil,
            outcome: Outcome(requests: unwatch, report: .ended(Ended(follow: .move, window: client, frames: 2, requests: 0)))),

        // Following, one request in flight.
        Row(name: "following, moved: the frame goes", state: following, event: .moved(travel(10, 0), now: 0.01),
            next: Seen(.awaiting, inFlight: w10, frames: 2, requests: 1), outcome: Outcome(requests: [go(w10)])),
        Row(name: "following, moved to where it is: nothing asked twice", state: following, event: .moved(travel(0, 0), now: 0.01),
            next: Seen(.following, frames: 2, requests: 0), outcome: Outcome()),
        Row(name: "awaiting, moved: held back", state: awaiting, event: .moved(travel(20, 0), now: 0.01),
            next: heldSeen, outcome: Outcome()),
        Row(name: "awaiting, moved past the pacer's patience: sent anyway", state: awaiting, event: .moved(travel(20, 0), now: 0.06),
            next: Seen(.awaiting, inFlight: w20, frames: 3, requests: 2), outcome: Outcome(requests: [go(w20)])),
        Row(name: "awaiting, the client's ConfigureNotify: the held-back frame goes", state: held,
            event: .configured(client, now: 0.02), next: Seen(.awaiting, inFlight: w20, frames: 3, requests: 2),
            outcome: Outcome(requests: [go(w20)])),
        Row(name: "awaiting, its frame's ConfigureNotify: the same", state: held, event: .configured(frame, now: 0.02),
            next: Seen(.awaiting, inFlight: w20, frames: 3, requests: 2), outcome: Outcome(requests: [go(w20)])),
        Row(name: "awaiting, answered with nothing held back: following", state: awaiting, event: .configured(client, now: 0.02),
            next: Seen(.following, frames: 2, requests: 1), outcome: Outcome()),
        Row(name: "a ConfigureNotify of a window not ours: nothing", state: held, event: .configured(stranger, now: 0.02),
            next: heldSeen, outcome: Outcome()),
        Row(name: "awaiting, the deadline at the pacer's patience: the held-back frame goes", state: held,
            event: .deadline(now: RequestPacer.patience), next: Seen(.awaiting, inFlight: w20, frames: 3, requests: 2),
            outcome: Outcome(requests: [go(w20)])),
        Row(name: "awaiting, a deadline within the patience: nothing", state: held, event: .deadline(now: 0.03),
            next: heldSeen, outcome: Outcome()),
        Row(name: "following, its ConfigureNotify with nothing in flight: nothing", state: answered,
            event: .configured(client, now: 0.03), next: Seen(.following, frames: 2, requests: 1), outcome: Outcome()),
        Row(name: "following, a deadline with nothing in flight: nothing", state: following, event: .deadline(now: 1),
            next: Seen(.following, frames: 1, requests: 0), outcome: Outcome()),
        Row(name: "following, a frame read late (a restore's): nothing", state: following,
            event: .frameRead(maximized, FrameExtents(), now: 1), next: Seen(.following, frames: 1, requests: 0), outcome: Outcome()),

        // Ending.
        Row(name: "cancelled: left where it is, unwatched", state: following,
            event: .ended(travel(40, 0), now: 0.1, cancelled: true), next: nil,
            outcome: Outcome(requests: unwatch, report: .ended(ended(at: window, frames: 1, requests: 0, .cancelled)))),
        Row(name: "cancelled with a frame held back: it goes (it is the last frame)", state: held,
            event: .ended(travel(40, 0), now: 0.02, cancelled: true), next: nil,
            outcome: Outcome(requests: [go(w20)] + unwatch, report: .ended(ended(at: w20, frames: 3, requests: 2, .cancelled)))),
        Row(name: "cancelled after an answer: its latency reported", state: answered,
            event: .ended(travel(10, 0), now: 0.1, cancelled: true), next: nil,
            outcome: Outcome(requests: unwatch, report: .ended(ended(at: w10, frames: 2, requests: 1,
                                                                     latency: .init(p50: 0.012, p95: 0.012, count: 1), .cancelled)))),
        Row(name: "a resize ended: its last frame, unwatched (no snap)", state: session(resizePlan),
            event: .ended(travel(30, 40), now: 0.1, cancelled: false), next: nil,
            outcome: Outcome(requests: [go(WindowRect(x: 100, y: 100, width: 330, height: 240))] + unwatch,
                             report: .ended(ended(.resize, at: WindowRect(x: 100, y: 100, width: 330, height: 240), frames: 2,
                                                  requests: 1)))),
        Row(name: "a move ended: its last frame, the work areas asked", state: following,
            event: .ended(travel(250, 200, touch: (500, 400)), now: 0.1, cancelled: false),
            next: Seen(.ending, inFlight: moved(window, 250, 200), frames: 2, requests: 1),
            outcome: Outcome(requests: [go(moved(window, 250, 200))], ask: .workAreas)),
        Row(name: "ending at the right monitor's right edge: its snap facts asked", state: ending(at: (1915, 400)),
            event: .workAreas(areas), next: Seen(.snapping, frames: 2, requests: 0),
            outcome: Outcome(ask: .snapFacts(client, before: window))),
        Row(name: "ending at a monitor's top edge: snapping too (maximize)", state: ending(at: (1400, 5)),
            event: .workAreas(areas), next: Seen(.snapping, frames: 2, requests: 0),
            outcome: Outcome(ask: .snapFacts(client, before: window))),
        Row(name: "ending away from the edges: unwatched, reported", state: ending(at: (500, 400)), event: .workAreas(areas),
            next: nil, outcome: Outcome(requests: unwatch, report: .ended(moveEnded))),
        Row(name: "ending at the edge it started at (a pointer parked there): no snap",
            state: ending(FollowPlan(.move, origin: window, grab: (1915, 300)), at: (1915, 420)), event: .workAreas(areas),
            next: nil, outcome: Outcome(requests: unwatch, report: .ended(moveEnded))),
        Row(name: "snapping: SnapPlan's requests, unwatched, reported", state: snapping,
            event: .snapFacts(SnapPlan.Facts(window: client, before: window, extents: FrameExtents(), maximized: false, memory: nil)),
            next: nil,
            outcome: Outcome(requests: [.rememberSnap(client, SnapMemory(before: window, snapped: rightHalf)), go(rightHalf)] + unwatch,
                             report: .ended(snapped))),
        Row(name: "ending, the window destroyed meanwhile: the end goes on", state: ending(at: (500, 400)),
            event: .destroyed(client), next: Seen(.ending, frames: 2, requests: 0), outcome: Outcome()),

        // The window going away.
        Row(name: "the client destroyed mid-follow: ended, reported", state: held, event: .destroyed(client), next: nil,
            outcome: Outcome(report: notice)),
        Row(name: "its frame destroyed: the same", state: held, event: .destroyed(frame), next: nil, outcome: Outcome(report: notice)),
        Row(name: "the client unmapped: gone", state: held, event: .unmapped(client), next: nil, outcome: Outcome(report: notice)),
        Row(name: "its frame unmapped (a workspace switch): still following", state: held, event: .unmapped(frame),
            next: heldSeen, outcome: Outcome()),
        Row(name: "an X error on it mid-follow: gone, reported", state: held, event: .failed(client), next: nil,
            outcome: Outcome(report: notice)),
        Row(name: "an X error on another window: nothing", state: held, event: .failed(stranger), next: heldSeen, outcome: Outcome()),
        Row(name: "restoring, destroyed: gone, reported", state: restoring(), event: .destroyed(client), next: nil,
            outcome: Outcome(report: notice)),
        Row(name: "an X error before its first frame (the start's requests): the begin says it went away",
            state: restoring(frames: 0), event: .failed(frame), next: nil,
            outcome: Outcome(report: .wentAway(client))),

        // No session.
        Row(name: "nobody's: moved", state: nil, event: .moved(travel(1, 1), now: 0), next: nil, outcome: Outcome()),
        Row(name: "nobody's: a ConfigureNotify", state: nil, event: .configured(client, now: 0), next: nil, outcome: Outcome()),
        Row(name: "nobody's: a deadline", state: nil, event: .deadline(now: 1), next: nil, outcome: Outcome()),
        Row(name: "nobody's: ended (already over)", state: nil, event: .ended(travel(0, 0), now: 1, cancelled: false), next: nil,
            outcome: Outcome()),
        Row(name: "nobody's: destroyed", state: nil, event: .destroyed(client), next: nil, outcome: Outcome()),
    ]

    @Test(arguments: rows) func transition(_ row: Row) {
        let (next, outcome) = FollowMachine().transition(row.state, row.event)
        #expect(next.map(Seen.init) == row.next)
        #expect(outcome == row.outcome)
    }

    /// The table in docs/engine.md ("Windows that follow the fingers") is
    /// these rows, printed (scripts/state-tables.py); every stage has rows
    /// that start from it.
    @Test func stateTable() {
        let table = StateTable(name: "follow-machine",
                               source: "FollowMachineTests.rows (Tests/WindowFollowingTests/FollowMachineTests.swift)",
                               columns: ["state", "event", "next", "requests, asks, reports", "the row"],
                               rows: Self.rows.map { [Self.label($0.state), Self.label($0.event), $0.next?.phase.rawValue ?? "—",
                                                      Self.label($0.outcome), $0.name] })
        #expect(Set(Self.rows.compactMap { $0.state?.phase }) == Set(FollowMachine.Phase.allCases))
        #expect(table.publish() == nil)
    }

    /// A session as the table's state column says it: its stage, and what sets it apart.
    static func label(_ s: Session?) -> String {
        guard let s else { return "—" }
        var apart: [String] = []
        if s.follow == .resize { apart.append("a resize") }
        if case .restoring(let r) = s.stage, r.memory != nil { apart.append("a snap's memory") }
        if s.phase == .awaiting && s.pacer.pending != nil { apart.append("a frame held back") }
        return s.phase.rawValue + (apart.isEmpty ? "" : " (\(apart.joined(separator: ", ")))")
    }

    static func label(_ e: Event) -> String {
        func whose(_ w: WindowID) -> String { w == client ? "the client" : w == frame ? "its frame" : "another window" }
        switch e {
        case .began(let follow, let facts, let ewmh, _):
            return "began: a \(follow.rawValue)" + (facts.maximized ? ", maximized" : "")
                + (ewmh ? "" : ", no _NET_MOVERESIZE_WINDOW")
        case .moved: return "moved"
        case .frameRead(let r, _, let now): return "frameRead \(r) at \(now) s"
        case .configured(let w, _): return "configured: \(whose(w))"
        case .deadline(let now): return "deadline at \(now) s"
        case .ended(_, _, let cancelled): return cancelled ? "ended: cancelled" : "ended"
        case .workAreas: return "workAreas"
        case .snapFacts: return "snapFacts"
        case .destroyed(let w): return "destroyed: \(whose(w))"
        case .unmapped(let w): return "unmapped: \(whose(w))"
        case .failed(let w): return "failed: \(whose(w))"
        }
    }

    /// A request as the tables say it (FollowStart's and SnapPlan's too).
    static func label(_ r: WindowRequest) -> String {
        switch r {
        case .watch: return "watch"
        case .unwatch: return "unwatch"
        case .maximize(_, let on): return on ? "maximize" : "un-maximize"
        case .rememberSnap(_, let m): return "rememberSnap (before \(m.before))"
        case .forgetSnap: return "forgetSnap"
        case .moveResize(_, let frame, let extents): return "moveResize \(frame)" + (extents == FrameExtents() ? "" : " (its decorations)")
        }
    }

    static func label(_ o: Outcome) -> String {
        let requests = o.requests.map(label)
        var parts = requests.isEmpty ? [] : [requests.joined(separator: ", ") + (o.ewmh ? "" : " (configure requests)")]
        switch o.ask {
        case .frame: parts.append("asks its frame")
        case .workAreas: parts.append("asks the work areas")
        case .snapFacts: parts.append("asks its snap facts")
        case nil: break
        }
        switch o.report {
        case .began: parts.append("reports began")
        case .wentAway: parts.append("reports wentAway")
        case .ended(let e):
            switch e.end {
            case .released: parts.append("reports ended")
            case .cancelled: parts.append("reports ended: cancelled")
            case .snapped(let edge, let monitor, _): parts.append("reports ended: snapped \(edge.rawValue), monitor \(monitor)")
            }
        case .closed: parts.append("reports closed")
        case nil: break
        }
        return parts.isEmpty ? "—" : parts.joined(separator: "; ")
    }

    /// The deadline is the earliest of what no event brings: a maximized
    /// window's restorePatience, a frame held back behind a request not
    /// answered; none for a request in flight with nothing behind it.
    @Test func theDeadlineIsWhatNoEventBrings() {
        var m = FollowMachine()
        #expect(m.deadline == nil)
        _ = m.on(.began(.move, Self.facts(Self.maximized, grab: (960, 540), maximized: true), ewmh: true, now: 1), 1)
        #expect(m.deadline == 1 + FollowMachine.restorePatience)
        _ = m.on(.began(.move, Self.facts(), ewmh: true, now: 1), 2)
        #expect(m.on(.moved(Self.travel(10, 0), now: 1.01), 2).requests == [Self.go(Self.w10)])
        #expect(m.deadline == 1 + FollowMachine.restorePatience)   // in flight, nothing behind it
        #expect(m.on(.moved(Self.travel(20, 0), now: 1.02), 2).requests.isEmpty)
        #expect(m.deadline == 1.01 + RequestPacer.patience)
        #expect(m.on(.configured(Self.client, now: 1.03), 2).requests == [Self.go(Self.w20)])
        #expect(m.deadline == 1 + FollowMachine.restorePatience)
        #expect(m.bindings == [1, 2])
        #expect(m.connectionLost() == 2)
        #expect(m.sessions.isEmpty && m.deadline == nil)
        #expect(m.connectionLost() == nil)
    }

    /// A maximized window the window manager takes its time to give back:
    /// each frame asks its size until it changed; frames follow from there,
    /// and a move ending at the top edge asks the snap.
    @Test func aMaximizedWindowFollowsOnceItsSizeIsKnown() {
        var m = FollowMachine()
        _ = m.on(.began(.move, Self.facts(Self.maximized, grab: (960, 540), maximized: true), ewmh: true, now: 0), 7)
        #expect(m.on(.moved(Self.travel(0, 0), now: 0), 7).ask == .frame(Self.client))
        #expect(m.on(.frameRead(Self.maximized, FrameExtents(), now: 0), 7) == Outcome())
        #expect(m.on(.moved(Self.travel(40, 0), now: 0.05), 7).ask == .frame(Self.client))
        let back = WindowRect(x: 300, y: 200, width: 800, height: 600)
        // 800x600, its middle under the fingers (960, 540), 40 px on.
        #expect(m.on(.frameRead(back, Self.decorated, now: 0.06), 7).requests
                == [Self.go(WindowRect(x: 600, y: 240, width: 800, height: 600), Self.decorated)])
        #expect(m.sessions[7]?.phase == .awaiting)
        #expect(m.on(.ended(Self.travel(400, -535, touch: (1360, 5)), now: 0.1, cancelled: false), 7).ask == .workAreas)
        #expect(m.on(.workAreas(Self.areas), 7).ask == .snapFacts(Self.client, before: WindowRect(x: 560, y: 240, width: 800, height: 600)))
        let end = m.on(.snapFacts(SnapPlan.Facts(window: Self.client, before: WindowRect(x: 560, y: 240, width: 800, height: 600),
                                                  extents: Self.decorated, maximized: false, memory: nil)), 7)
        #expect(end.requests.suffix(3) == [.maximize(Self.client, true), .unwatch(Self.client), .unwatch(Self.frame)])
        // Ended at the top edge of monitor R: maximized.
        #expect(end.report == .ended(Ended(follow: .move, window: Self.client, at: WindowRect(x: 960, y: -295, width: 800, height: 600),
                                           from: WindowRect(x: 560, y: 240, width: 800, height: 600), frames: 3, requests: 2,
                                           latency: nil,
                                           end: .snapped(edge: .maximize, monitor: "R",
                                                         .maximized(area: Self.areas[1].area,
                                                                    before: WindowRect(x: 560, y: 240, width: 800, height: 600))))))
        #expect(m.sessions.isEmpty)
    }
}
