import CX11
import GestureActions

/// The windows that follow gestures (`window move`, `window resize`), as a
/// state machine: one session per binding, changed only by `on`, whose
/// transitions are the table below. It decides; WindowMover reads X and
/// carries out what it returns (`Outcome`): the requests to X in order,
/// what to read next (`Ask`: the answer comes back as an event), and what
/// to say (the begin's result, the end's log line, a notice).
///
///     state       event                              next                  requests, asks, says
///     —           began (FollowStart: a plan)         following             FollowStart's (watch, …); result: where it is
///     —           began (FollowStart: maximized)      restoring             FollowStart's (watch, un-maximize, …); result
///     restoring   moved, deadline (a snap's memory)   following/awaiting    the first frame, from the memory's size
///     restoring   moved, deadline (no memory)         restoring             asks the window's frame
///     restoring   frameRead: changed, or past         following/awaiting    the first frame, from the size it has
///                 restorePatience
///     restoring   frameRead: as maximized, within     restoring             —
///     following   moved                               awaiting              the frame (none if it is where the last went)
///     awaiting    moved                               awaiting              —  (held back: one in flight; after the pacer's patience, sent)
///     awaiting    configured (ours)                   following/awaiting    the held-back frame, if any
///     awaiting    deadline (past the pacer's patience) following/awaiting   the held-back frame, if any
///     following   configured, deadline                following             —  (nothing in flight)
///     restoring   configured                          restoring             —  (the un-maximize's answer)
///     any         configured (not ours)               unchanged             —
///     restoring,  ended, cancelled                    —                     the held-back frame, unwatch; report "cancelled"
///      following, ended (a resize; a move restoring)  —                     the last frame, the held-back one, unwatch; report
///      awaiting   ended (a move)                      ending                the last frame, the held-back one; asks the work areas
///     ending      workAreas (at an edge)              snapping              asks the window's snap facts
///     ending      workAreas (no edge)                 —                     unwatch; report
///     snapping    snapFacts                           —                     SnapPlan's, unwatch; report "ended at the … edge"
///     restoring,  destroyed (client or frame),        —                     notice "closed during the gesture"
///      following, unmapped (client), failed (after
///      awaiting   its first frame)
///     restoring,  failed before its first frame       —                     result "went away" (the start's requests failed)
///      following
///     following   unmapped (its frame)                unchanged             —  (a workspace switch)
///     —           anything but began                  —                     —
///     anything else                                   unchanged             —
///
/// *awaiting* is *following* with a request in flight (RequestPacer's:
/// the window manager's ConfigureNotify answers it). A session that ends
/// is gone at once for every event but its own asks' answers.
struct FollowMachine {
    /// How long a maximized window is given to come back to its own size.
    static let restorePatience = 0.25
    /// How close to a monitor's edge a move must end to snap (the default
    /// `edge-width` of edge gestures).
    var edgeWidth = 24.0
    private(set) var sessions: [Int: Session] = [:]

    /// One window following one binding's gesture.
    struct Session {
        var follow: WindowAction.Follow
        /// The client, and the top-level window holding it (the window
        /// manager's frame, or the client itself).
        var window: Window, topLevel: Window
        /// Frames go as `_NET_MOVERESIZE_WINDOW`, else as configure requests.
        var ewmh: Bool
        /// The decorations and hints read at the start; where the fingers hold it.
        var extents: FrameExtents, hints: SizeHints
        var grab: FollowStart.Facts.Point
        var pacer: RequestPacer
        var place = GesturePlace()
        var frames = 0, requests = 0
        var stage: Stage

        func owns(_ w: Window) -> Bool { w == window || w == topLevel }

        var phase: Phase {
            switch stage {
            case .restoring: return .restoring
            case .following: return pacer.inFlight == nil ? .following : .awaiting
            case .ending: return .ending
            case .snapping: return .snapping
            }
        }

        var plan: FollowPlan? {
            switch stage {
            case .restoring: return nil
            case .following(let p), .ending(let p, _), .snapping(let p, _, _, _): return p
            }
        }

        /// A frame the pacer let go: a request, counted.
        mutating func go(_ frame: WindowRect?) -> [WindowRequest] {
            guard let frame else { return [] }
            requests += 1
            return [.moveResize(window, frame, extents: plan?.extents ?? extents)]
        }
    }

    enum Stage {
        /// A maximized window coming back to its size as the fingers take it.
        case restoring(Restoring)
        /// Frames follow the plan (one request in flight at most: the pacer).
        case following(FollowPlan)
        /// The move ended: the monitors' work areas asked (does it snap?).
        /// `said`: the end's log line so far.
        case ending(FollowPlan, said: String)
        /// It ended at a monitor's edge: the window's snap facts asked.
        case snapping(FollowPlan, WindowAction.Snap, area: WindowRect, said: String)
    }

    /// Un-maximizing: since when, the maximized frame, and the size it goes
    /// back to if known (a snap's memory; nil: the window manager's own, awaited).
    struct Restoring {
        var since: Double
        var from: WindowRect
        var memory: SnapMemory?
    }

    /// The states of the table (`Session.phase`).
    enum Phase: Equatable { case restoring, following, awaiting, ending, snapping }

    enum Event {
        /// The fingers took the window: what X said of it (read before
        /// anything is written), and whether the window manager moves
        /// windows by `_NET_MOVERESIZE_WINDOW`.
        case began(WindowAction.Follow, FollowStart.Facts, ewmh: Bool, now: Double)
        /// The gesture's frame: the fingers' travel since they landed.
        case moved(GesturePlace, now: Double)
        /// The answer to `Ask.frame`: the window's frame and decorations now.
        case frameRead(WindowRect, FrameExtents, now: Double)
        /// The window manager's ConfigureNotify of a window.
        case configured(Window, now: Double)
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
        case destroyed(Window)
        case unmapped(Window)
        /// X answered a request on the window with an error: it went away.
        case failed(Window)
    }

    /// What the X side reads next, and feeds back as an event.
    enum Ask: Equatable {
        /// The window's frame (`Event.frameRead`).
        case frame(Window)
        /// The monitors' work areas (`Event.workAreas`).
        case workAreas
        /// What a snap of the window starts from (`Event.snapFacts`), `before` its frame.
        case snapFacts(Window, before: WindowRect)
    }

    struct Outcome: Equatable {
        /// The requests to X, in the order they go.
        var requests: [WindowRequest] = []
        /// How frames go: `_NET_MOVERESIZE_WINDOW`, else configure requests.
        var ewmh = true
        var ask: Ask? = nil
        /// What the begin returns.
        var result: WindowResult? = nil
        /// The end's log line.
        var report: String? = nil
        /// What the log says whatever the verbosity.
        var notice: String? = nil
    }

    static func name(_ w: Window) -> String { "window 0x\(String(w, radix: 16))" }

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
        case (.following(let plan), .moved(let place, let now)):
            s.place = place
            s.frames += 1
            o.requests = s.go(s.pacer.want(plan.frame(for: place), now: now))
        case (.following, .configured(let w, let now)) where s.owns(w):
            o.requests = s.go(s.pacer.answered(now: now))
        case (.following, .deadline(let now)):
            o.requests = s.go(s.pacer.due(now: now))
        case (.restoring, .ended(let place, let now, let cancelled)), (.following, .ended(let place, let now, let cancelled)):
            return end(s, place: place, now: now, cancelled: cancelled)
        case (.ending(let plan, let said), .workAreas(let areas)):
            let p = plan.point(for: s.place)
            guard let hit = WindowGeometry.snapByPosition(p.x, p.y, monitors: areas.map(\.monitor), edgeWidth: edgeWidth,
                                                          from: plan.grab)
            else { return Self.finish(s, said: said, o) }
            let edge = hit.snap == .maximize ? "top" : hit.snap.rawValue
            s.stage = .snapping(plan, hit.snap, area: areas[hit.monitor].area,
                                said: said + "; ended at the \(edge) edge of monitor \(areas[hit.monitor].name): ")
            o.ask = .snapFacts(s.window, before: plan.origin)
        case (.snapping(_, let snap, let area, let said), .snapFacts(let facts)):
            let (requests, snapped) = SnapPlan.plan(snap, facts, area: area)
            o.requests = requests
            return Self.finish(s, said: said + snapped, o)
        case (.restoring, .destroyed(let w)) where s.owns(w), (.following, .destroyed(let w)) where s.owns(w),
             (.restoring, .unmapped(let w)) where w == s.window, (.following, .unmapped(let w)) where w == s.window:
            return (nil, Self.gone(s, o))
        case (.restoring, .failed(let w)) where s.owns(w), (.following, .failed(let w)) where s.owns(w):
            // Before its first frame, it is the start's requests that failed: the begin says so.
            if s.frames == 0 { o.result = .nothing("\(Self.name(s.window)) went away"); return (nil, o) }
            return (nil, Self.gone(s, o))
        default:
            return (s, o)
        }
        return (s, o)
    }

    /// A window starts following: FollowStart's requests and stage.
    static func start(_ follow: WindowAction.Follow, _ f: FollowStart.Facts, ewmh: Bool, now: Double) -> (Session?, Outcome) {
        let start = FollowStart.start(follow, f)
        var how = start.how
        let stage: Stage
        switch start.following {
        case .plan(let origin):
            let plan = FollowPlan(follow, origin: origin, grab: (start.grab.x, start.grab.y), hints: f.hints, extents: f.extents)
            if follow == .resize { how += ", its \(plan.edges) following" }
            stage = .following(plan)
        case .restoring(let memory):
            stage = .restoring(Restoring(since: now, from: f.frame, memory: memory))
        }
        let s = Session(follow: follow, window: f.window, topLevel: f.topLevel, ewmh: ewmh, extents: f.extents, hints: f.hints,
                        grab: start.grab, pacer: RequestPacer(current: f.frame), stage: stage)
        let said = "\(name(f.window)) at \(f.frame)\(how)\(ewmh ? "" : " (configure requests)")"
        return (s, Outcome(requests: start.requests, ewmh: ewmh, result: .done(said)))
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
        let requests = s.go(s.pacer.want(plan.frame(for: s.place), now: now))
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
        var said = "window \(s.follow.rawValue): \(Self.name(s.window))"
        if let plan = s.plan { said += " at \(s.pacer.last) (from \(plan.origin))" }
        said += ", \(s.frames) frames, \(s.requests) requests"
        if let l = s.pacer.latencySummary {
            said += ", answered \(Self.ms(l.p50)) ms p50, \(Self.ms(l.p95)) ms p95 after the frame (\(l.count))"
        }
        if cancelled { return Self.finish(s, said: said + "; cancelled: left where the last frame put it", o) }
        guard s.follow == .move, let plan = s.plan else { return Self.finish(s, said: said, o) }
        s.stage = .ending(plan, said: said)
        o.ask = .workAreas
        return (s, o)
    }

    /// The session is over: its windows no longer watched, the log line said.
    private static func finish(_ s: Session, said: String, _ o: Outcome) -> (Session?, Outcome) {
        var o = o
        o.requests.append(.unwatch(s.window))
        if s.topLevel != s.window { o.requests.append(.unwatch(s.topLevel)) }
        o.report = said
        return (nil, o)
    }

    private static func gone(_ s: Session, _ o: Outcome) -> Outcome {
        var o = o
        o.notice = "window \(s.follow.rawValue): \(name(s.window)) closed during the gesture; the \(s.follow.rawValue) ends there"
        return o
    }

    static func ms(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `event` happened to `binding`'s session: its new state is kept, the outcome returned.
    mutating func on(_ event: Event, _ binding: Int) -> Outcome {
        let (next, outcome) = transition(sessions[binding], event)
        sessions[binding] = next
        return outcome
    }

    /// The bindings that have a window following, in order.
    var bindings: [Int] { sessions.keys.sorted() }

    /// When the X side should come back (`deadline`) for what no event
    /// brings: a maximized window's `restorePatience`, a held-back frame
    /// behind a request the window manager has not answered.
    var deadline: Double? {
        sessions.values.compactMap { s -> Double? in
            if case .restoring(let r) = s.stage { return r.since + Self.restorePatience }
            if let f = s.pacer.inFlight, s.pacer.pending != nil { return f.sent + RequestPacer.patience }
            return nil
        }.min()
    }

    /// The X connection went away: every session ends (what the log says, if any did).
    mutating func connectionLost() -> String? {
        guard !sessions.isEmpty else { return nil }
        defer { sessions.removeAll() }
        return "the X connection of the window mover went away; \(sessions.count) window move(s) end"
    }
}
