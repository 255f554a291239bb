/// One window following one gesture (`window move`, `window resize`), as
/// numbers: where its frame goes for each frame of the gesture. The X side
/// (GestureX11's WindowMover) reads the window, asks the window manager and
/// feeds this; tests feed it directly.
public struct FollowPlan: Sendable {
    public let follow: WindowAction.Follow
    /// The frame the fingers took, when they landed (a maximized window's:
    /// the size it is given back, placed under the fingers).
    public var origin: WindowRect
    /// `window resize`: the sides that follow.
    public let edges: ResizeEdges
    public let hints: SizeHints
    public let extents: FrameExtents
    /// Where the fingers landed on the screen (touchpads: the pointer,
    /// which stands for them): snap by position counts from it.
    public let grab: (x: Double, y: Double)

    public init(_ follow: WindowAction.Follow, origin: WindowRect, grab: (x: Double, y: Double), hints: SizeHints = SizeHints(),
                extents: FrameExtents = FrameExtents()) {
        self.follow = follow
        self.origin = origin
        self.grab = grab
        self.hints = hints
        self.extents = extents
        edges = follow == .resize ? WindowGeometry.edges(nearest: grab.x, grab.y, in: origin) : []
    }

    /// The frame for the fingers' travel since they landed.
    public func frame(for place: GesturePlace) -> WindowRect {
        switch follow {
        case .move: return WindowGeometry.moved(origin, by: place.translation.x, place.translation.y)
        case .resize:
            return WindowGeometry.resized(origin, edges: edges, by: place.translation.x, place.translation.y, hints: hints,
                                          extents: extents)
        }
    }

    /// Where the fingers are on the screen: a touchscreen's centroid, or on
    /// a touchpad the pointer carried by the travel.
    public func point(for place: GesturePlace) -> (x: Double, y: Double) {
        place.touch ?? (grab.x + place.translation.x, grab.y + place.translation.y)
    }
}

/// At most one request to the window manager in flight: the next frame's
/// position waits for its answer (a ConfigureNotify), and only the latest
/// position is sent then, so a window manager that is behind gets fewer,
/// fresher requests instead of a queue of stale ones. One that does not
/// answer (the window was already there, or it refused) is waited for
/// `patience` at most.
public struct RequestPacer: Sendable {
    public struct InFlight: Hashable, Sendable {
        public var frame: WindowRect
        /// When it was sent, and when the gesture's frame it carries came.
        public var sent: Double
        public var frameTime: Double
    }
    public private(set) var inFlight: InFlight? = nil
    /// The latest frame not sent yet, and when its frame came.
    public private(set) var pending: (frame: WindowRect, time: Double)? = nil
    /// The last frame asked for (nothing is asked twice).
    public private(set) var last: WindowRect
    /// Time from a frame to the window manager's answer, for each answered request.
    public private(set) var latencies: [Double] = []
    public static let patience = 0.05

    public init(current: WindowRect) { last = current }

    /// The gesture's frame at `now` wants the window at `frame`: what to send now, if anything.
    public mutating func want(_ frame: WindowRect, now: Double, frameTime: Double? = nil) -> WindowRect? {
        guard frame != (pending?.frame ?? last) else { return nil }
        if let f = inFlight, now - f.sent < Self.patience {
            pending = (frame, pending?.time ?? frameTime ?? now)
            return nil
        }
        return send(frame, now: now, frameTime: pending?.time ?? frameTime ?? now)
    }

    /// The window manager answered (a ConfigureNotify of the window) at
    /// `now`: the latest pending frame, if any, goes now.
    public mutating func answered(now: Double) -> WindowRect? {
        if let f = inFlight { latencies.append(now - f.frameTime) }
        inFlight = nil
        return flush(now: now)
    }

    /// No answer within `patience`: the pending frame goes anyway.
    public mutating func due(now: Double) -> WindowRect? {
        guard let f = inFlight, now - f.sent >= Self.patience else { return nil }
        inFlight = nil
        return flush(now: now)
    }

    /// The pending frame goes now, whatever is in flight: at the gesture's
    /// end (its last frame), and once an answer came or `patience` ran out.
    public mutating func flush(now: Double) -> WindowRect? {
        guard let p = pending else { return nil }
        pending = nil
        return send(p.frame, now: now, frameTime: p.time)
    }

    private mutating func send(_ frame: WindowRect, now: Double, frameTime: Double) -> WindowRect {
        inFlight = InFlight(frame: frame, sent: now, frameTime: frameTime)
        last = frame
        return frame
    }

    /// p50 and p95 of `latencies`, in seconds (nil without any).
    public var latencySummary: (p50: Double, p95: Double, count: Int)? {
        guard !latencies.isEmpty else { return nil }
        let s = latencies.sorted()
        func at(_ q: Double) -> Double { s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))] }
        return (at(0.5), at(0.95), s.count)
    }
}

/// A window's geometry before a snap, kept on the window itself (a
/// property, so a daemon restarted meanwhile still knows it) with the frame
/// the snap asked for: `restore`, or moving the window away from where the
/// snap put it, gives the earlier geometry back.
public struct SnapMemory: Hashable, Sendable {
    public var before: WindowRect
    public var snapped: WindowRect
    /// The decorations `before` had: a maximized window's differ (some
    /// window managers drop its borders), and the client's size is what
    /// comes back.
    public var extents: FrameExtents

    public init(before: WindowRect, snapped: WindowRect, extents: FrameExtents = FrameExtents()) {
        self.before = before
        self.snapped = snapped
        self.extents = extents
    }

    /// The twelve numbers of the property.
    public var values: [Int] {
        [before.x, before.y, before.width, before.height, snapped.x, snapped.y, snapped.width, snapped.height,
         extents.left, extents.right, extents.top, extents.bottom]
    }

    public init?(values v: [Int]) {
        guard v.count >= 8, v[2] > 0, v[3] > 0 else { return nil }
        before = WindowRect(x: v[0], y: v[1], width: v[2], height: v[3])
        snapped = WindowRect(x: v[4], y: v[5], width: v[6], height: v[7])
        extents = v.count >= 12 ? FrameExtents(left: v[8], right: v[9], top: v[10], bottom: v[11]) : FrameExtents()
    }

    /// Whether the window is still where the snap put it: within `slack`
    /// pixels on each side (the window manager may keep to a terminal's
    /// cell size, or round the half).
    public func stillSnapped(_ frame: WindowRect, slack: Int = 24) -> Bool {
        abs(frame.x - snapped.x) <= slack && abs(frame.y - snapped.y) <= slack && abs(frame.right - snapped.right) <= slack
            && abs(frame.bottom - snapped.bottom) <= slack
    }
}
