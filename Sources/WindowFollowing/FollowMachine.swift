import GestureActions
import struct GestureCore.Point

/// The windows that follow gestures (`window move`, `window resize`), as a
/// state machine: one session per binding, changed only by `on`. It
/// decides, without X; WindowMover (GestureX11) reads X and carries out what it returns
/// (`Outcome`): the requests to X in order, what to read next (`Ask`: the
/// answer comes back as an event), and what happened (`Report`: the
/// begin's result, the end's log line, a notice), which WindowMover words
/// (GestureX11's FollowWords.swift): no sentence is made here.
///
/// Its transitions are the rows of `FollowMachineTests.rows`
/// (Tests/WindowFollowingTests/FollowMachineTests.swift), one per case, printed
/// as the table in docs/engine.md ("Windows that follow the fingers") by
/// scripts/state-tables.py: change a row there, not a copy here. The
/// stages: *restoring* (a maximized window coming back to its size),
/// *following* (nothing in flight), *awaiting* (one request in flight,
/// RequestPacer's: the window manager's ConfigureNotify answers it), then,
/// for a move, *ending* (the work areas asked) and *snapping* (the snap
/// facts asked). A session that ends is gone at once for every event but
/// its own asks' answers.
package struct FollowMachine {
    /// How long a maximized window is given to come back to its own size.
    static let restorePatience = 0.25
    /// How close to a monitor's edge a move must end to snap (the default
    /// `edge-width` of edge gestures).
    package var edgeWidth = 24.0
    private(set) var sessions: [Int: Session] = [:]

    package init() {}

    /// One window following one binding's gesture.
    struct Session {
        var follow: WindowAction.Follow
        /// The client, and the top-level window holding it (the window
        /// manager's frame, or the client itself).
        var window: WindowID, topLevel: WindowID
        /// Frames go as `_NET_MOVERESIZE_WINDOW`, else as configure requests.
        var ewmh: Bool
        /// The decorations and hints read at the start; where the fingers hold it.
        var extents: FrameExtents, hints: SizeHints
        var grab: Point
        var pacer: RequestPacer
        var place = GesturePlace()
        var frames = 0, requests = 0
        var stage: Stage

        func owns(_ w: WindowID) -> Bool { w == window || w == topLevel }

        /// The stage's name: the states of the table.
        var phase: Phase {
            switch stage {
            case .restoring: return .restoring
            case .following: return .following
            case .awaiting: return .awaiting
            case .ending: return .ending
            case .snapping: return .snapping
            }
        }

        /// Its window still follows the fingers: not ending yet.
        var isFollowing: Bool { phase == .restoring || phase == .following || phase == .awaiting }

        var plan: FollowPlan? {
            switch stage {
            case .restoring: return nil
            case .following(let p), .awaiting(let p), .ending(let p, _), .snapping(let p, _, _, _, _): return p
            }
        }

        /// A frame the pacer let go: a request, counted.
        mutating func go(_ frame: WindowRect?) -> [WindowRequest] {
            guard let frame else { return [] }
            requests += 1
            return [.moveResize(window, frame, extents: plan?.extents ?? extents)]
        }

        /// What the pacer let go after a frame, an answer or its patience:
        /// the request, and the stage by what is in flight now (awaiting
        /// while the window manager has not answered, else following).
        mutating func paced(_ frame: WindowRect?, _ plan: FollowPlan) -> [WindowRequest] {
            let requests = go(frame)
            stage = pacer.inFlight == nil ? .following(plan) : .awaiting(plan)
            return requests
        }
    }

    enum Stage {
        /// A maximized window coming back to its size as the fingers take it.
        case restoring(Restoring)
        /// Frames follow the plan; nothing in flight.
        case following(FollowPlan)
        /// Frames follow the plan, one request in flight (the pacer's): the
        /// frames that come meanwhile are held back, the latest sent at the
        /// window manager's answer or after the pacer's patience.
        case awaiting(FollowPlan)
        /// The move ended: the monitors' work areas asked (does it snap?).
        /// The end's report so far.
        case ending(FollowPlan, Ended)
        /// It ended at `edge` of the monitor `monitor`: the window's snap facts asked.
        case snapping(FollowPlan, WindowAction.Snap, monitor: String, area: WindowRect, Ended)
    }

    /// Un-maximizing: since when, the maximized frame, and the size it goes
    /// back to if known (a snap's memory; nil: the window manager's own, awaited).
    struct Restoring {
        var since: Double
        var from: WindowRect
        var memory: SnapMemory?
    }

    /// The stages by name (`Session.phase`): the states of the table.
    enum Phase: String, Equatable, CaseIterable { case restoring, following, awaiting, ending, snapping }

    package enum Event {
        /// The fingers took the window: what X said of it (read before
        /// anything is written), and whether the window manager moves
        /// windows by `_NET_MOVERESIZE_WINDOW`.
        case began(WindowAction.Follow, FollowStart.Facts, ewmh: Bool, now: Double)
        /// The gesture's frame: the fingers' travel since they landed.
        case moved(GesturePlace, now: Double)
        /// The answer to `Ask.frame`: the window's frame and decorations now.
        case frameRead(WindowRect, FrameExtents, now: Double)
        /// The window manager's ConfigureNotify of a window.
        case configured(WindowID, now: Double)
        /// A deadline (`deadline`) fell: no event brings that.
        case deadline(now: Double)
        /// The gesture ended (its last frame), or was cancelled.
        case ended(GesturePlace, now: Double, cancelled: Bool)
        /// The answer to `Ask.workAreas`: each monitor, and its work area.
        case workAreas([(name: String, monitor: WindowRect, area: WindowRect)])
        /// The answer to `Ask.snapFacts`.
        case snapFacts(SnapPlan.Facts)
        /// A window was destroyed, or unmapped (a frame is unmapped for a
        /// workspace switch too; a client only when it goes away).
        case destroyed(WindowID)
        case unmapped(WindowID)
        /// X answered a request on the window with an error: it went away.
        case failed(WindowID)
    }

    /// What the X side reads next, and feeds back as an event.
    package enum Ask: Equatable {
        /// The window's frame (`Event.frameRead`).
        case frame(WindowID)
        /// The monitors' work areas (`Event.workAreas`).
        case workAreas
        /// What a snap of the window starts from (`Event.snapFacts`), `before` its frame.
        case snapFacts(WindowID, before: WindowRect)
    }

    package struct Outcome: Equatable {
        /// The requests to X, in the order they go.
        package var requests: [WindowRequest] = []
        /// How frames go: `_NET_MOVERESIZE_WINDOW`, else configure requests.
        package var ewmh = true
        package var ask: Ask? = nil
        /// What happened that the begin returns or the log says.
        package var report: Report? = nil
    }

    /// What happened, as facts: WindowMover words them (FollowWords).
    package enum Report: Equatable {
        /// The window follows: the begin's result.
        case began(Began)
        /// The start's requests failed before its first frame: the begin's
        /// result (nothing done).
        case wentAway(WindowID)
        /// The session is over: the end's log line.
        case ended(Ended)
        /// The window closed during the gesture: a notice, whatever the verbosity.
        case closed(WindowAction.Follow, WindowID)
    }

    /// A window that began to follow.
    package struct Began: Equatable {
        package var window: WindowID
        /// Its frame when the fingers took it.
        package var frame: WindowRect
        package var how: FollowStart.How
        /// A resize: the sides that follow.
        package var edges: ResizeEdges? = nil
        /// Frames go as `_NET_MOVERESIZE_WINDOW` (false: configure requests).
        package var ewmh = true
    }

    /// A session that ended: what it did.
    package struct Ended: Equatable {
        package var follow: WindowAction.Follow
        package var window: WindowID
        /// Where the last frame put it, and where it started from (nil: it
        /// ended before its size was known, restoring).
        package var at: WindowRect? = nil, from: WindowRect? = nil
        package var frames: Int, requests: Int
        /// Frame to answer, over the answered requests.
        package var latency: Latency? = nil
        package var end: End = .released

        package struct Latency: Equatable {
            package var p50: Double, p95: Double
            package var count: Int
        }

        package enum End: Equatable {
            /// The fingers let go (a resize, or a move away from the edges).
            case released
            /// Cancelled: it stays where the last frame put it.
            case cancelled
            /// A move that ended at `edge` of `monitor`, snapped there.
            case snapped(edge: WindowAction.Snap, monitor: String, SnapPlan.Snapped)
        }
    }

    /// The table: `session` (nil: none) after `event`, and what to do.
    func transition(_ session: Session?, _ event: Event) -> (Session?, Outcome) {
        if case .began(let follow, let facts, let ewmh, let now) = event { return Self.start(follow, facts, ewmh: ewmh, now: now) }
        guard var s = session else { return (nil, Outcome()) }
        var o = Outcome(ewmh: s.ewmh)
        switch (s.stage, event) {
        case (.restoring(let r), .moved(let place, let now)):
            s.place = place
            s.frames += 1
            return restore(s, r, now: now)
        case (.restoring(let r), .deadline(let now)):
            return restore(s, r, now: now)
        case (.restoring(let r), .frameRead(let frame, let extents, let now)) where r.memory == nil:
            guard frame != r.from || now - r.since >= Self.restorePatience else { return (s, o) }
            return Self.restored(s, r, size: (frame.width, frame.height), extents: extents, now: now)
        case (.following(let plan), .moved(let place, let now)), (.awaiting(let plan), .moved(let place, let now)):
            s.place = place
            s.frames += 1
            o.requests = s.paced(s.pacer.want(plan.frame(for: place), now: now), plan)
        case (.awaiting(let plan), .configured(let w, let now)) where s.owns(w):
            o.requests = s.paced(s.pacer.answered(now: now), plan)
        case (.awaiting(let plan), .deadline(let now)):
            o.requests = s.paced(s.pacer.due(now: now), plan)
        case (_, .ended(let place, let now, let cancelled)) where s.isFollowing:
            return end(s, place: place, now: now, cancelled: cancelled)
        case (.ending(let plan, let ended), .workAreas(let areas)):
            let p = plan.point(for: s.place)
            guard let hit = WindowGeometry.snapByPosition(p.x, p.y, monitors: areas.map(\.monitor), edgeWidth: edgeWidth,
                                                          from: plan.grab)
            else { return Self.finish(s, ended, o) }
            s.stage = .snapping(plan, hit.snap, monitor: areas[hit.monitor].name, area: areas[hit.monitor].area, ended)
            o.ask = .snapFacts(s.window, before: plan.origin)
        case (.snapping(_, let edge, let monitor, let area, var ended), .snapFacts(let facts)):
            let (requests, snapped) = SnapPlan.plan(edge, facts, area: area)
            o.requests = requests
            ended.end = .snapped(edge: edge, monitor: monitor, snapped)
            return Self.finish(s, ended, o)
        case (_, .destroyed(let w)) where s.isFollowing && s.owns(w), (_, .unmapped(let w)) where s.isFollowing && w == s.window:
            o.report = .closed(s.follow, s.window)
            return (nil, o)
        case (_, .failed(let w)) where s.isFollowing && s.owns(w):
            // Before its first frame, it is the start's requests that failed: the begin says so.
            o.report = s.frames == 0 ? .wentAway(s.window) : .closed(s.follow, s.window)
            return (nil, o)
        default:
            return (s, o)
        }
        return (s, o)
    }

    /// A window starts following: FollowStart's requests and stage.
    static func start(_ follow: WindowAction.Follow, _ f: FollowStart.Facts, ewmh: Bool, now: Double) -> (Session?, Outcome) {
        let start = FollowStart.start(follow, f)
        var began = Began(window: f.window, frame: f.frame, how: start.how, ewmh: ewmh)
        let stage: Stage
        switch start.following {
        case .plan(let origin):
            let plan = FollowPlan(follow, origin: origin, grab: (start.grab.x, start.grab.y), hints: f.hints, extents: f.extents)
            if follow == .resize { began.edges = plan.edges }
            stage = .following(plan)
        case .restoring(let memory):
            stage = .restoring(Restoring(since: now, from: f.frame, memory: memory))
        }
        let s = Session(follow: follow, window: f.window, topLevel: f.topLevel, ewmh: ewmh, extents: f.extents, hints: f.hints,
                        grab: start.grab, pacer: RequestPacer(current: f.frame), stage: stage)
        return (s, Outcome(requests: start.requests, ewmh: ewmh, report: .began(began)))
    }

    /// Restoring, at a frame or a deadline: a snap's memory gives the size
    /// at once; else the window's frame is asked (`frameRead` decides).
    private func restore(_ s: Session, _ r: Restoring, now: Double) -> (Session?, Outcome) {
        guard let m = r.memory else { return (s, Outcome(ewmh: s.ewmh, ask: .frame(s.window))) }
        return Self.restored(s, r, size: (m.before.width, m.before.height), extents: m.extents, now: now)
    }

    /// The window's size is known: its plan (the size placed under the
    /// fingers, where they held the maximized frame), and its first frame.
    private static func restored(_ s: Session, _ r: Restoring, size: (Int, Int), extents: FrameExtents,
                                 now: Double) -> (Session?, Outcome) {
        var s = s
        let origin = WindowGeometry.unmaximized(r.from, to: size, holding: s.grab.x, s.grab.y)
        let plan = FollowPlan(s.follow, origin: origin, grab: (s.grab.x, s.grab.y), hints: s.hints, extents: extents)
        s.stage = .following(plan)
        let requests = s.paced(s.pacer.want(plan.frame(for: s.place), now: now), plan)
        return (s, Outcome(requests: requests, ewmh: s.ewmh))
    }

    /// The gesture ended: the last frame goes, and what is held back (it is
    /// that frame). Cancelled, the window stays where the last frame put
    /// it; a move asks the work areas (does it end at an edge?).
    private func end(_ s: Session, place: GesturePlace, now: Double, cancelled: Bool) -> (Session?, Outcome) {
        var s = s, o = Outcome(ewmh: s.ewmh)
        if !cancelled {
            s.place = place
            s.frames += 1
            if let plan = s.plan { o.requests += s.go(s.pacer.want(plan.frame(for: place), now: now)) }
        }
        o.requests += s.go(s.pacer.flush(now: now))
        let latency = s.pacer.latencySummary.map { Ended.Latency(p50: $0.p50, p95: $0.p95, count: $0.count) }
        let ended = Ended(follow: s.follow, window: s.window, at: s.plan.map { _ in s.pacer.last }, from: s.plan?.origin,
                          frames: s.frames, requests: s.requests, latency: latency, end: cancelled ? .cancelled : .released)
        guard !cancelled, s.follow == .move, let plan = s.plan else { return Self.finish(s, ended, o) }
        s.stage = .ending(plan, ended)
        o.ask = .workAreas
        return (s, o)
    }

    /// The session is over: its windows no longer watched, its end reported.
    private static func finish(_ s: Session, _ ended: Ended, _ o: Outcome) -> (Session?, Outcome) {
        var o = o
        o.requests.append(.unwatch(s.window))
        if s.topLevel != s.window { o.requests.append(.unwatch(s.topLevel)) }
        o.report = .ended(ended)
        return (nil, o)
    }

    /// `event` happened to `binding`'s session: its new state is kept, the outcome returned.
    package mutating func on(_ event: Event, _ binding: Int) -> Outcome {
        let (next, outcome) = transition(sessions[binding], event)
        sessions[binding] = next
        return outcome
    }

    /// Whether `binding` has a window following (its session is on).
    package func follows(_ binding: Int) -> Bool { sessions[binding] != nil }

    /// No window follows: nothing to read, nothing to wait for.
    package var isIdle: Bool { sessions.isEmpty }

    /// The bindings that have a window following, in order.
    package var bindings: [Int] { sessions.keys.sorted() }

    /// When the X side should come back (`deadline`) for what no event
    /// brings: a maximized window's `restorePatience`, a held-back frame
    /// behind a request the window manager has not answered.
    package var deadline: Double? {
        sessions.values.compactMap { s -> Double? in
            if case .restoring(let r) = s.stage { return r.since + Self.restorePatience }
            if case .awaiting = s.stage, let f = s.pacer.inFlight, s.pacer.pending != nil { return f.sent + RequestPacer.patience }
            return nil
        }.min()
    }

    /// The X connection went away: every session ends (how many did; nil: none was on).
    package mutating func connectionLost() -> Int? {
        guard !sessions.isEmpty else { return nil }
        defer { sessions.removeAll() }
        return sessions.count
    }
}
