import CX11
import GestureActions
import GestureCore

/// Windows that follow the fingers (`window move`, `window resize`) and
/// snap to halves of a monitor's work area (`window snap …`, and a move
/// that ends at a monitor's edge).
///
/// It speaks on a connection of its own: it selects StructureNotify on the
/// window it moves (the window manager's ConfigureNotify answers each
/// request: one request in flight, the latest position next), and its
/// reads of a window that has just closed fail there, as its own errors,
/// ending the move with a line in the log instead of an X error in the
/// daemon's. While a window follows, the daemon polls that connection too
/// (`descriptor`): the answer wakes it. Its deadline is only for what has
/// no event: a request the window manager did not answer within the
/// pacer's patience, a maximized window that did not come back to its size.
///
/// Its decisions are pure and table-tested: how a move or resize starts
/// (FollowStart), how a snap goes (SnapPlan), the pace of its requests
/// (RequestPacer), where each frame goes (FollowPlan). They return
/// `WindowRequest`s; `carryOut` is the only place the mover writes to X.
public final class WindowMover {
    /// The display of the daemon's connection (the mover opens its own on it).
    let displayName: String
    private var connection: XConnection? = nil
    /// What the log should say whatever the verbosity: a window that closed
    /// mid-move, a window manager without `_NET_MOVERESIZE_WINDOW`.
    public var onNotice: (String) -> Void = { _ in }
    /// How close to a monitor's edge a move must end to snap (the default
    /// `edge-width` of edge gestures).
    public var edgeWidth = 24.0
    /// How long a maximized window is given to come back to its own size.
    static let restorePatience = 0.25
    private var fallbackSaid = false

    struct Session {
        var follow: WindowAction.Follow
        var window: Window
        var topLevel: Window
        /// Nil while a maximized window comes back to its size.
        var plan: FollowPlan?
        var pacer: RequestPacer
        var extents: FrameExtents
        /// Un-maximizing: since when, the maximized frame, where the fingers
        /// held it, and the size it goes back to if known (a snap's memory).
        var restoring: Restoring?
        var ewmh: Bool
        var place = GesturePlace()
        var frames = 0, requests = 0
    }
    /// A maximized window coming back to its size as the fingers take it.
    struct Restoring {
        var since: Double
        var from: WindowRect
        var grab: (x: Double, y: Double)
        /// What a snap's memory says it was (nil: the window manager's own, awaited).
        var memory: SnapMemory?
    }
    private var sessions: [Int: Session] = [:]
    private var checkAt: Double? = nil

    public init(display: String) {
        displayName = display
    }

    private func open() -> XConnection? {
        if let c = connection, c.alive { return c }
        connection = try? XConnection(name: displayName, events: .xlib)
        return connection
    }

    // MARK: Following a gesture

    public func begin(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace, now: Double)
        -> WindowResult {
        guard let c = open() else { return .unsupported("cannot open a connection to \(displayName)") }
        if sessions[binding] != nil { _ = end(binding: binding, place: place, cancelled: true, now: now) }
        guard let window = c.targetClient(target) else { return .nothing("no window there, and none is active") }
        if let why = c.refusal(of: window) { return .nothing(why) }
        // Read (round trips), decide (FollowStart: pure), write.
        guard let facts = facts(of: window, target: target, c) else {
            _ = c.takeErrors()
            return .nothing("window 0x\(String(window, radix: 16)) went away")
        }
        let ewmh = movesByEWMH(c)
        let start = FollowStart.start(follow, facts)
        for r in start.requests { carryOut(r, ewmh: ewmh, c) }
        let grab = (x: start.grab.x, y: start.grab.y), frame = facts.frame, top = facts.topLevel
        var s = Session(follow: follow, window: window, topLevel: top, plan: nil, pacer: RequestPacer(current: frame),
                        extents: facts.extents, restoring: nil, ewmh: ewmh)
        var how = start.how
        switch start.following {
        case .plan(let origin):
            let p = FollowPlan(follow, origin: origin, grab: grab, hints: facts.hints, extents: facts.extents)
            s.plan = p
            if follow == .resize { how += ", its \(p.edges) following" }
        case .restoring(let memory):
            s.restoring = Restoring(since: now, from: frame, grab: grab, memory: memory)
        }
        sessions[binding] = s
        c.flush()
        if c.takeErrors().contains(where: { $0.resource == window || $0.resource == top }) {
            sessions[binding] = nil
            return .nothing("window 0x\(String(window, radix: 16)) went away")
        }
        self.follow(binding: binding, place: place, now: now)
        return .done("window 0x\(String(window, radix: 16)) at \(frame)\(how)\(ewmh ? "" : " (configure requests)")")
    }

    /// What a move or resize starts from, as X says it now (nil: the window went away).
    private func facts(of window: Window, target: WindowTarget, _ c: XConnection) -> FollowStart.Facts? {
        guard let (frame, extents) = c.frame(of: window), let top = c.topLevel(window) else { return nil }
        var f = FollowStart.Facts(window: window, topLevel: top, frame: frame, extents: extents, hints: c.sizeHints(of: window),
                                  maximized: c.isMaximized(window), memory: SnapMemory(values: c.integers(window, Self.memoryProperty)))
        if let x = target.x, let y = target.y { f.target = .init(x: x, y: y) }
        else { f.pointer = c.pointer.map { .init(x: $0.x, y: $0.y) } }
        return f
    }

    /// Whether the window manager moves windows by `_NET_MOVERESIZE_WINDOW`
    /// (else configure requests, said once).
    private func movesByEWMH(_ c: XConnection) -> Bool {
        let supported = c.supportedHints
        let ewmh = supported.contains(c.atom("_NET_MOVERESIZE_WINDOW"))
        if !ewmh && !fallbackSaid {
            fallbackSaid = true
            onNotice("the window manager does not list _NET_MOVERESIZE_WINDOW (its _NET_SUPPORTED has \(supported.count) hints): windows are moved with configure requests (XMoveResizeWindow), which it may refuse")
        }
        return ewmh
    }

    /// A request the mover's pure parts decided, queued (sent with the next
    /// flush): the only writes to X of the mover's. `ewmh`: frames go as
    /// `_NET_MOVERESIZE_WINDOW`, else as configure requests on the client.
    private func carryOut(_ r: WindowRequest, ewmh: Bool, _ c: XConnection) {
        switch r {
        case .watch(let w): XSelectInput(c.display, w, StructureNotifyMask)
        case .unwatch(let w): XSelectInput(c.display, w, 0)
        case .maximize(let w, let on): c.setMaximized(w, on)
        case .rememberSnap(let w, let m): c.setCardinals(w, Self.memoryProperty, m.values)
        case .forgetSnap(let w): XDeleteProperty(c.display, w, c.atom(Self.memoryProperty))
        case .moveResize(let w, let r, let e):
            if ewmh {
                c.sendToRoot("_NET_MOVERESIZE_WINDOW", window: w, WindowGeometry.moveResizeMessage(r, extents: e))
            } else {
                XMoveResizeWindow(c.display, w, Int32(r.x), Int32(r.y), UInt32(max(1, r.width - e.left - e.right)),
                                  UInt32(max(1, r.height - e.top - e.bottom)))
            }
        }
    }

    public func follow(binding: Int, place: GesturePlace, now: Double) {
        pump(now: now)
        guard var s = sessions[binding], let c = connection else { return }
        s.place = place
        s.frames += 1
        if s.plan == nil, let r = s.restoring { s.plan = restored(r, s, c, now: now) }
        if let plan = s.plan, let frame = s.pacer.want(plan.frame(for: place), now: now) { send(frame, &s, c) }
        sessions[binding] = s
        settle(c, now: now)
    }

    /// The plan of a window coming back from maximized, once its size is
    /// known: ours, the one it took (its frame changed), or after
    /// `restorePatience` the one it has.
    private func restored(_ r: Restoring, _ s: Session, _ c: XConnection, now: Double) -> FollowPlan? {
        var size = r.memory.map { ($0.before.width, $0.before.height) }
        var extents = r.memory?.extents ?? s.extents
        if size == nil, let (frame, e) = c.frame(of: s.window), frame != r.from || now - r.since >= Self.restorePatience {
            size = (frame.width, frame.height)
            extents = e
        }
        guard let size else { return nil }
        let origin = WindowGeometry.unmaximized(r.from, to: size, holding: r.grab.x, r.grab.y)
        return FollowPlan(s.follow, origin: origin, grab: r.grab, hints: c.sizeHints(of: s.window), extents: extents)
    }

    /// The gesture ended: the last frame goes, and a move ending at a
    /// monitor's edge snaps there. Cancelled: the window stays where the
    /// last frame put it (what is in flight or held back goes: it is that frame).
    public func end(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? {
        pump(now: now)
        guard var s = sessions.removeValue(forKey: binding), let c = connection else { return nil }
        defer { settle(c, now: now) }
        if !cancelled {
            // The gesture's last frame: where it ended.
            s.place = place
            s.frames += 1
            if let plan = s.plan, let frame = s.pacer.want(plan.frame(for: place), now: now) { send(frame, &s, c) }
        }
        if let frame = s.pacer.flush(now: now) { send(frame, &s, c) }
        var what = "window \(s.follow.rawValue): window 0x\(String(s.window, radix: 16))"
        if let plan = s.plan { what += " at \(s.pacer.last) (from \(plan.origin))" }
        what += ", \(s.frames) frames, \(s.requests) requests"
        if let l = s.pacer.latencySummary {
            what += ", answered \(Self.ms(l.p50)) ms p50, \(Self.ms(l.p95)) ms p95 after the frame (\(l.count))"
        }
        if cancelled {
            what += "; cancelled: left where the last frame put it"
        } else if s.follow == .move, let plan = s.plan {
            let p = plan.point(for: s.place)
            let areas = c.workAreas(monitors: Monitors(connection: c).outputs)
            if let hit = WindowGeometry.snapByPosition(p.x, p.y, monitors: areas.map(\.monitor), edgeWidth: edgeWidth,
                                                       from: plan.grab) {
                what += "; ended at the \(hit.snap == .maximize ? "top" : hit.snap.rawValue) edge of monitor \(areas[hit.monitor].name): "
                what += snap(hit.snap, window: s.window, before: plan.origin, area: areas[hit.monitor].area, ewmh: s.ewmh, c)
            }
        }
        carryOut(.unwatch(s.window), ewmh: s.ewmh, c)
        if s.topLevel != s.window { carryOut(.unwatch(s.topLevel), ewmh: s.ewmh, c) }
        c.flush()
        return what
    }

    static func ms(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// When the performer should wake the daemon for what no event brings.
    public var deadline: Double? { checkAt }

    /// The mover's connection while a window follows (the daemon polls it:
    /// the window manager's answers wake it); nil otherwise.
    public var descriptor: Int32? {
        guard !sessions.isEmpty, let c = connection, c.alive else { return nil }
        return c.fd
    }

    /// Events Xlib has read already (a round trip's): poll would not wake for them.
    public var hasQueuedEvents: Bool {
        guard !sessions.isEmpty, let c = connection, c.alive else { return false }
        return XQLength(c.display) > 0
    }

    /// Answers read, requests that waited too long sent.
    public func advance(to now: Double) {
        guard !sessions.isEmpty, let c = connection else { checkAt = nil; return }
        pump(now: now)
        for b in sessions.keys.sorted() {
            guard var s = sessions[b] else { continue }
            if s.plan == nil, let r = s.restoring, let plan = restored(r, s, c, now: now) {
                s.plan = plan
                if let frame = s.pacer.want(plan.frame(for: s.place), now: now) { send(frame, &s, c) }
            } else if let frame = s.pacer.due(now: now) {
                send(frame, &s, c)
            }
            sessions[b] = s
        }
        settle(c, now: now)
    }

    private func send(_ frame: WindowRect, _ s: inout Session, _ c: XConnection) {
        s.requests += 1
        carryOut(.moveResize(s.window, frame, extents: s.plan?.extents ?? s.extents), ewmh: s.ewmh, c)
    }

    /// After a round: requests out, errors looked at (a window gone ends
    /// its move), the next check set.
    private func settle(_ c: XConnection, now: Double) {
        c.flush()
        let errors = c.takeErrors()
        for (b, s) in sessions where errors.contains(where: { $0.resource == s.window || $0.resource == s.topLevel }) {
            gone(b, s, c)
        }
        checkAt = sessions.values.compactMap { s -> Double? in
            if s.plan == nil, let r = s.restoring { return r.since + Self.restorePatience }
            if let f = s.pacer.inFlight, s.pacer.pending != nil { return f.sent + RequestPacer.patience }
            return nil
        }.min()
    }

    /// Reads the mover's events: a ConfigureNotify answers the request in
    /// flight; a window destroyed or unmapped ends its move.
    private func pump(now: Double) {
        guard let c = connection, c.alive else {
            if !sessions.isEmpty {
                onNotice("the X connection of the window mover went away; \(sessions.count) window move(s) end")
                sessions.removeAll()
            }
            return
        }
        var e = XEvent()
        while XPending(c.display) > 0 {
            XNextEvent(c.display, &e)
            let type = cx_event_type(&e)
            let w: Window
            switch type {
            case ConfigureNotify: w = e.xconfigure.window
            case DestroyNotify: w = e.xdestroywindow.window
            case UnmapNotify: w = e.xunmap.window
            default: continue
            }
            for (b, s) in sessions where s.window == w || s.topLevel == w {
                if type == ConfigureNotify {
                    var s = s
                    if let frame = s.pacer.answered(now: now) { send(frame, &s, c) }
                    sessions[b] = s
                } else if type == DestroyNotify || s.window == w {
                    // The frame is unmapped for a workspace switch too; the client only when it goes away.
                    gone(b, s, c)
                }
            }
        }
    }

    private func gone(_ binding: Int, _ s: Session, _ c: XConnection) {
        sessions[binding] = nil
        onNotice("window \(s.follow.rawValue): window 0x\(String(s.window, radix: 16)) closed during the gesture; the \(s.follow.rawValue) ends there")
        _ = c.takeErrors()
    }

    // MARK: Snapping

    /// The property a snap leaves on the window: its frame before, and the one asked for.
    static let memoryProperty = "_GESTURE_BRIDGE_SNAP"

    /// `window snap …` on the window there (touchscreens) or the active one.
    public func snap(_ snap: WindowAction.Snap, target: WindowTarget) -> WindowResult {
        guard let c = open() else { return .unsupported("cannot open a connection to \(displayName)") }
        guard let window = c.targetClient(target) else { return .nothing("no window there, and none is active") }
        if let why = c.refusal(of: window) { return .nothing(why) }
        guard let (frame, _) = c.frame(of: window) else {
            _ = c.takeErrors()
            return .nothing("window 0x\(String(window, radix: 16)) went away")
        }
        let areas = c.workAreas(monitors: Monitors(connection: c).outputs)
        let cx = target.x ?? Double(frame.x) + Double(frame.width) / 2, cy = target.y ?? Double(frame.y) + Double(frame.height) / 2
        let i = WindowGeometry.monitor(at: cx, cy, in: areas.map(\.monitor)) ?? 0
        let ewmh = c.supportedHints.contains(c.atom("_NET_MOVERESIZE_WINDOW"))
        let what = self.snap(snap, window: window, before: frame, area: areas[i].area, ewmh: ewmh, c)
        c.flush()
        let errors = c.takeErrors()
        if errors.contains(where: { $0.resource == window }) { return .nothing("window 0x\(String(window, radix: 16)) went away") }
        return .done("window 0x\(String(window, radix: 16)) on monitor \(areas[i].name): \(what)")
    }

    /// Snaps `window` (whose frame was `before`) within `area` (SnapPlan);
    /// says what it asked.
    private func snap(_ snap: WindowAction.Snap, window: Window, before: WindowRect, area: WindowRect, ewmh: Bool,
                      _ c: XConnection) -> String {
        let facts = SnapPlan.Facts(window: window, before: before, extents: c.frame(of: window)?.extents ?? FrameExtents(),
                                   maximized: c.isMaximized(window),
                                   memory: SnapMemory(values: c.integers(window, Self.memoryProperty)))
        let (requests, said) = SnapPlan.plan(snap, facts, area: area)
        for r in requests { carryOut(r, ewmh: ewmh, c) }
        return said
    }
}
