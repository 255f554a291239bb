/// How long X may still take to deliver an event it has already stamped:
/// the engine's clock is held back by this much behind the daemon's, so
/// that each event is judged at the time X stamped it.
///
/// The daemon reads X when poll says the socket is readable and then runs
/// the engine's timers up to its own clock. An event stamped before a
/// timer's deadline but read after it (X was slow to send it, or sent one
/// hardware frame's touches in two writes) would then be judged after the
/// timer, and the rest of a split frame as a frame of its own; `replay` of
/// the same record judges both in X's order. With the engine's clock `delay`
/// behind, every event read within `delay` of its stamp comes in order: a
/// frame's first touches wait for the rest, a lift for its tap. Timers are
/// late by as much: a few milliseconds where X delivers at once.
///
/// `delay` follows the delays seen: the longest of the last two windows of
/// `window` seconds (so one slow moment is forgotten within 2 windows), plus
/// `margin`, between `floor` and `ceiling`. The floor covers what is always
/// there: X's millisecond stamps, the daemon's tick clock (CLOCK_MONOTONIC_
/// COARSE, up to 4 ms behind) and the engine's 1.5 ms frame join. Pure:
/// times are arguments.
public struct DeliveryLag: Sendable, Equatable {
    public static let floor = 0.008
    public static let ceiling = 0.25
    public static let margin = 0.002
    public static let window = 5.0

    /// The longest delay in the current window and in the one before it.
    private var current = 0.0
    private var previous = 0.0
    /// Where the current window started (daemon clock).
    private var windowStart: Double? = nil

    public init() {}

    /// The time the engine judges an event stamped at `stamped`: its stamp,
    /// unless the engine's clock is past it already (X delivered it later
    /// than the delay), then just after the engine's clock — after
    /// whatever the engine judged at that moment, a frame or a timer,
    /// wherever a record of it rounds the time (to the microsecond).
    public static func judged(_ stamped: Double, engineNow: Double) -> Double {
        stamped < engineNow ? engineNow + 0.000_001 : stamped
    }

    /// An event stamped (on the daemon's clock) at `stamped` was read at `now`.
    public mutating func saw(stamped: Double, now: Double) {
        roll(to: now)
        current = max(current, max(0, now - stamped))
    }

    /// How far the engine's clock stays behind the daemon's.
    public var delay: Double { min(Self.ceiling, max(Self.floor, max(current, previous) + Self.margin)) }

    /// The daemon's clock reached `now`: windows that ended by then are
    /// shifted out (called at each read, with or without events).
    public mutating func roll(to now: Double) {
        guard let start = windowStart else {
            windowStart = now
            return
        }
        guard now - start >= Self.window else { return }
        // One window ended: the current becomes the previous; more than one: both are forgotten.
        previous = now - start < 2 * Self.window ? current : 0
        current = 0
        windowStart = now - (now - start).truncatingRemainder(dividingBy: Self.window)
    }
}

/// X's stamps on the daemon's clock, and the engine's clock held back by
/// how late X delivers them: what the listener keeps of time, as one value
/// (the live-timing tests read through the very same one).
public struct DeliveryClock: Sendable {
    public private(set) var time = ServerTime()
    public private(set) var lag = DeliveryLag()

    public init() {}

    /// A read of X at daemon time `now` (with or without events).
    public mutating func read(at now: Double) { lag.roll(to: now) }

    /// The daemon time X stamped an event at (`serverMillis`), read at `now`;
    /// how late it came is noted.
    public mutating func stamped(_ serverMillis: UInt, now: Double) -> Double {
        let t = time.seconds(serverMillis, now: now)
        lag.saw(stamped: t, now: now)
        return t
    }

    /// The engine's clock at daemon time `now`: behind it by the delay.
    public func engineTime(_ now: Double) -> Double { now - lag.delay }
    /// The daemon time at which the engine's clock reaches `t`.
    public func wallTime(_ t: Double) -> Double { t + lag.delay }
}
