/// X server timestamps (32-bit milliseconds, wrapping every 49.7 days) as
/// engine seconds on the daemon's monotonic clock. Touch events of one
/// hardware frame share a server time, so frames stay frames.
public struct ServerTime: Sendable {
    private var offset: Double? = nil
    private var last: UInt32 = 0
    private var wraps: Double = 0
    private var lastResult: Double = -.infinity

    public init() {}

    /// `now` is the daemon's clock when the event was read.
    public mutating func seconds(_ serverMillis: UInt, now: Double) -> Double {
        let ms = UInt32(truncatingIfNeeded: serverMillis)
        if offset != nil, ms < last, last - ms > 1 << 31 { wraps += 4_294_967.296 }
        last = ms
        let server = wraps + Double(ms) / 1000
        // The offset is the shortest delay seen between X stamping an event
        // and the daemon reading it: an event never gets a time after the
        // moment it was read. (Anchored on a first event read late, later
        // events would be stamped in the future: a frame judged only when
        // the clock reaches its time costs a wakeup of its own.) An event
        // read more than 0.5 s after its stamp says the clocks drifted
        // apart (a remote server): follow the local clock then.
        if offset == nil || server + offset! > now || now - (server + offset!) > 0.5 { offset = now - server }
        let t = max(server + offset!, lastResult)
        lastResult = t
        return t
    }
}
