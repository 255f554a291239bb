/// X server timestamps (32-bit milliseconds, wrapping every 49.7 days) as
/// engine seconds on the daemon's monotonic clock. Touch events of one
/// hardware frame share a server time, so frames stay frames.
///
/// A local Xorg stamps with the kernel's monotonic clock itself (its
/// GetTimeInMillis: CLOCK_MONOTONIC, or the coarse one where that ticks
/// every millisecond), in milliseconds: the first event, read within a
/// second of its stamp on our clock, says so, and from then on a stamp is
/// its own time, exactly, however late X delivers it (the daemon holds the
/// engine back for that: DeliveryLag). Measured in the E2E VM: X's stamps
/// are the monotonic clock's milliseconds, the observer reading each 0.7 ms
/// or more after. Estimated from the delays instead (the offset the
/// shortest delay seen), a first event read late under load anchored the
/// mapping late, and each faster read after moved it back: by up to 173 ms
/// in one recording, every event after judged that much early, frames cut.
public struct ServerTime: Sendable {
    private var offset: Double? = nil
    /// X's clock is ours (offset 0, wraps apart).
    public private(set) var sameClock = false
    private var last: UInt32 = 0
    private var wraps: Double = 0
    private var lastResult: Double = -.infinity

    static let wrap = 4_294_967.296
    /// How far from our clock a first stamp may be for X's clock to be
    /// ours: read up to a second late, or stamped up to a second ahead of
    /// our tick clock (CLOCK_MONOTONIC_COARSE: a tick behind, and in the
    /// E2E VM on a loaded host up to 200 ms behind, the vCPU descheduled
    /// between its tick and our read). Another machine's clock lands in
    /// these 2 s of X's 49.7-day wrap once in two million.
    static let sameClockWindow = (-1.0)...1.0

    public init() {}

    /// `now` is the daemon's clock when the event was read.
    public mutating func seconds(_ serverMillis: UInt, now: Double) -> Double {
        let ms = UInt32(truncatingIfNeeded: serverMillis)
        let stamp = Double(ms) / 1000
        if offset == nil {
            // The wraps our clock has seen, if X's clock is ours.
            let k = ((now - stamp - Self.sameClockWindow.lowerBound) / Self.wrap).rounded(.down)
            if k >= 0, Self.sameClockWindow.contains(now - stamp - k * Self.wrap) {
                sameClock = true
                wraps = k * Self.wrap
                offset = 0
            }
        } else if ms < last, last - ms > 1 << 31 {
            wraps += Self.wrap
        }
        last = ms
        let server = wraps + stamp
        if sameClock, server - now > Self.sameClockWindow.upperBound {
            // Stamped over a second after it was read: not our clock after all.
            sameClock = false
            offset = nil
        }
        if !sameClock {
            // A remote server: the offset is the shortest delay seen
            // between X stamping an event and the daemon reading it, so an
            // event never gets a time after the moment it was read. (Anchored
            // on a first event read late, later events would be stamped in
            // the future: a frame judged only when the clock reaches its time
            // costs a wakeup of its own.) An event read more than 0.5 s after
            // its stamp says the clocks drifted apart: follow the local clock
            // then.
            if offset == nil || server + offset! > now || now - (server + offset!) > 0.5 { offset = now - server }
        }
        let t = max(server + offset!, lastResult)
        lastResult = t
        return t
    }
}
