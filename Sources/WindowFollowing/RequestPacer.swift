import GestureActions

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
