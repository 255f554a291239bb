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
        // The first event fixes the offset; an event read "before" it was sent
        // would mean the clocks drifted: follow the local clock then.
        if offset == nil || server + offset! > now + 0.5 { offset = now - server }
        let t = max(server + offset!, lastResult)
        lastResult = t
        return t
    }
}
