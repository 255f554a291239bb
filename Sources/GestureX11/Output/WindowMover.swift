import CX11
import GestureActions
import GestureCore
import WindowFollowing

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
/// It is X's side only: it reads (the round trips are here), feeds what it
/// read and what X sent into `FollowMachine` (the sessions, a table), and
/// carries out what that returns. The decisions are pure and table-tested:
/// FollowMachine, how a move or resize starts (FollowStart), how a snap
/// goes (SnapPlan), the pace of its requests (RequestPacer), where each
/// frame goes (FollowPlan). They return `WindowRequest`s; `carryOut` is the
/// only place the mover writes to X. They report facts; the log's words
/// are FollowWords'. They live in WindowFollowing, without X: their windows
/// are `WindowID`s, made here from X's ids (`WindowID(window)`) and turned
/// back (`.xid`) where the mover reads or writes X.
public final class WindowMover {
    /// The display of the daemon's connection (the mover opens its own on it).
    let displayName: String
    private var connection: XConnection? = nil
    /// What the log should say whatever the verbosity: a window that closed
    /// mid-move, a window manager without `_NET_MOVERESIZE_WINDOW`.
    public var onNotice: (String) -> Void = { _ in }
    /// How close to a monitor's edge a move must end to snap (the default
    /// `edge-width` of edge gestures).
    public var edgeWidth: Double {
        get { machine.edgeWidth }
        set { machine.edgeWidth = newValue }
    }
    private var fallbackSaid = false
    private var machine = FollowMachine()
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
        if machine.follows(binding) { _ = end(binding: binding, place: place, cancelled: true, now: now) }
        guard let window = c.targetClient(target) else { return .nothing("no window there, and none is active") }
        if let why = c.refusal(of: window) { return .nothing(why) }
        guard let facts = facts(of: window, target: target, c) else {
            _ = c.takeErrors()
            return .nothing(FollowWords.wentAway(WindowID(window)))
        }
        let began = drive(.began(follow, facts, ewmh: movesByEWMH(c), now: now), binding, c, now: now)
        c.flush()
        // An error on the start's requests: the window went away (the machine says so).
        for e in c.takeErrors() {
            if case .wentAway(let w) = drive(.failed(WindowID(e.resource)), binding, c, now: now).report {
                return .nothing(FollowWords.wentAway(w))
            }
        }
        self.follow(binding: binding, place: place, now: now)
        guard case .began(let b) = began.report else { return .nothing(FollowWords.wentAway(WindowID(window))) }
        return .done(FollowWords.began(b))
    }

    /// What a move or resize starts from, as X says it now (nil: the window went away).
    private func facts(of window: Window, target: WindowTarget, _ c: XConnection) -> FollowStart.Facts? {
        guard let (frame, extents) = c.frame(of: window), let top = c.topLevel(window) else { return nil }
        var f = FollowStart.Facts.memberwise(window: WindowID(window), topLevel: WindowID(top), frame: frame, extents: extents,
                                             hints: c.sizeHints(of: window), maximized: c.isMaximized(window),
                                             memory: SnapMemory(values: c.integers(window, Self.memoryProperty)))
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

    /// `event` into the machine for `binding`, and what it returns carried
    /// out: its requests queued, a window closed said (a notice), what it
    /// asks read and fed back. The last outcome is returned (its report:
    /// the begin's or the end's, worded by the caller).
    @discardableResult
    private func drive(_ event: FollowMachine.Event, _ binding: Int, _ c: XConnection, now: Double) -> FollowMachine.Outcome {
        var o = machine.on(event, binding)
        while true {
            for r in o.requests { carryOut(r, ewmh: o.ewmh, c) }
            if case .closed(let follow, let w) = o.report {
                onNotice(FollowWords.closed(follow, w))
                _ = c.takeErrors()
            }
            guard let ask = o.ask, let answer = read(ask, c, now: now) else { return o }
            o = machine.on(answer, binding)
        }
    }

    /// What the machine asked, read from X (round trips); nil: the window went away.
    private func read(_ ask: FollowMachine.Ask, _ c: XConnection, now: Double) -> FollowMachine.Event? {
        switch ask {
        case .frame(let w): return c.frame(of: w.xid).map { .frameRead($0.frame, $0.extents, now: now) }
        case .workAreas: return .workAreas(c.workAreas(monitors: Monitors(connection: c).outputs))
        case .snapFacts(let w, let before): return .snapFacts(snapFacts(w.xid, before: before, c))
        }
    }

    /// A request the mover's pure parts decided, queued (sent with the next
    /// flush): the only writes to X of the mover's. `ewmh`: frames go as
    /// `_NET_MOVERESIZE_WINDOW`, else as configure requests on the client.
    private func carryOut(_ r: WindowRequest, ewmh: Bool, _ c: XConnection) {
        switch r {
        case .watch(let w): XSelectInput(c.display, w.xid, StructureNotifyMask)
        case .unwatch(let w): XSelectInput(c.display, w.xid, 0)
        case .maximize(let w, let on): c.setMaximized(w.xid, on)
        case .rememberSnap(let w, let m): c.setCardinals(w.xid, Self.memoryProperty, m.values)
        case .forgetSnap(let w): XDeleteProperty(c.display, w.xid, c.atom(Self.memoryProperty))
        case .moveResize(let w, let r, let e):
            if ewmh {
                c.sendToRoot("_NET_MOVERESIZE_WINDOW", window: w.xid, WindowGeometry.moveResizeMessage(r, extents: e))
            } else {
                XMoveResizeWindow(c.display, w.xid, Int32(r.x), Int32(r.y), UInt32(max(1, r.width - e.left - e.right)),
                                  UInt32(max(1, r.height - e.top - e.bottom)))
            }
        }
    }

    public func follow(binding: Int, place: GesturePlace, now: Double) {
        pump(now: now)
        guard machine.follows(binding), let c = connection else { return }
        drive(.moved(place, now: now), binding, c, now: now)
        settle(c, now: now)
    }

    /// The gesture ended: the last frame goes, and a move ending at a
    /// monitor's edge snaps there. Cancelled: the window stays where the
    /// last frame put it (what is in flight or held back goes: it is that frame).
    public func end(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? {
        pump(now: now)
        guard machine.follows(binding), let c = connection else { return nil }
        defer { settle(c, now: now) }
        let ended = drive(.ended(place, now: now, cancelled: cancelled), binding, c, now: now)
        c.flush()
        guard case .ended(let e) = ended.report else { return nil }
        return FollowWords.ended(e)
    }

    /// When the performer should wake the daemon for what no event brings.
    public var deadline: Double? { checkAt }

    /// The mover's connection while a window follows (the daemon polls it:
    /// the window manager's answers wake it); nil otherwise.
    public var descriptor: Int32? {
        guard !machine.isIdle, let c = connection, c.alive else { return nil }
        return c.fd
    }

    /// Events Xlib has read already (a round trip's): poll would not wake for them.
    public var hasQueuedEvents: Bool {
        guard !machine.isIdle, let c = connection, c.alive else { return false }
        return XQLength(c.display) > 0
    }

    /// Answers read, requests that waited too long sent.
    public func advance(to now: Double) {
        guard !machine.isIdle, let c = connection else { checkAt = nil; return }
        pump(now: now)
        for b in machine.bindings { drive(.deadline(now: now), b, c, now: now) }
        settle(c, now: now)
    }

    /// After a round: requests out, errors looked at (a window gone ends
    /// its move), the next check set.
    private func settle(_ c: XConnection, now: Double) {
        c.flush()
        for e in c.takeErrors() {
            for b in machine.bindings { drive(.failed(WindowID(e.resource)), b, c, now: now) }
        }
        checkAt = machine.deadline
    }

    /// Reads the mover's events into the machine: a ConfigureNotify answers
    /// the request in flight; a window destroyed or unmapped may end its move.
    private func pump(now: Double) {
        guard let c = connection, c.alive else {
            if let count = machine.connectionLost() { onNotice(FollowWords.connectionLost(count)) }
            return
        }
        var e = XEvent()
        while XPending(c.display) > 0 {
            XNextEvent(c.display, &e)
            let event: FollowMachine.Event
            switch cx_event_type(&e) {
            case ConfigureNotify: event = .configured(WindowID(e.xconfigure.window), now: now)
            case DestroyNotify: event = .destroyed(WindowID(e.xdestroywindow.window))
            case UnmapNotify: event = .unmapped(WindowID(e.xunmap.window))
            default: continue
            }
            for b in machine.bindings { drive(event, b, c, now: now) }
        }
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
            return .nothing(FollowWords.wentAway(WindowID(window)))
        }
        let areas = c.workAreas(monitors: Monitors(connection: c).outputs)
        let cx = target.x ?? Double(frame.x) + Double(frame.width) / 2, cy = target.y ?? Double(frame.y) + Double(frame.height) / 2
        let i = WindowGeometry.monitor(at: cx, cy, in: areas.map(\.monitor)) ?? 0
        let ewmh = c.supportedHints.contains(c.atom("_NET_MOVERESIZE_WINDOW"))
        let (requests, what) = SnapPlan.plan(snap, snapFacts(window, before: frame, c), area: areas[i].area)
        for r in requests { carryOut(r, ewmh: ewmh, c) }
        c.flush()
        let errors = c.takeErrors()
        if errors.contains(where: { $0.resource == window }) { return .nothing(FollowWords.wentAway(WindowID(window))) }
        return .done("\(FollowWords.name(WindowID(window))) on monitor \(areas[i].name): \(FollowWords.snapped(what))")
    }

    /// What a snap of `window` (whose frame was `before`) starts from, read from X.
    private func snapFacts(_ window: Window, before: WindowRect, _ c: XConnection) -> SnapPlan.Facts {
        SnapPlan.Facts.memberwise(window: WindowID(window), before: before, extents: c.frame(of: window)?.extents ?? FrameExtents(),
                                  maximized: c.isMaximized(window), memory: SnapMemory(values: c.integers(window, Self.memoryProperty)))
    }
}
