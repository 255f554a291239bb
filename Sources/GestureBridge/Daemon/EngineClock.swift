import GestureTraces
import GestureX11

/// The engine's clock in the daemon: seconds since the first input the
/// daemon gave it, to the microsecond, which are the times its record
/// (`run --record`) writes. `replay` of the record then gives the engine
/// the very same numbers, bit for bit, and so the same order wherever an
/// input falls exactly on a timer: a lift X stamped exactly `tap-timeout`
/// after its landing is past the timer live and replayed alike.
///
/// (On the daemon's own clock, seconds since boot, those instants are other
/// doubles than the record's: a landing's time plus 0.4 s and its lift's
/// stamp 400 ms later then fell on different sides of each other live and
/// replayed for 120 of 2,400 landings searched (EngineClockTests), and the
/// real-hands run saw a tap live that the record's replay refused.)
struct EngineClock {
    /// The daemon's time of engine time 0: the first input's.
    private(set) var origin: Double? = nil

    /// A microsecond: the record's resolution.
    static let tick = 0.000_001

    /// The engine time of an input stamped at daemon time `t`; the first
    /// input sets the origin.
    mutating func time(ofInput t: Double) -> Double {
        if origin == nil { origin = t }
        return TraceEvent.microseconds(t - origin!)
    }

    /// The engine time an input X stamped at daemon time `stamped` is
    /// judged at (Daemon.feed): its stamp, or just after the engine's clock
    /// when that is past it already (DeliveryLag.judged), or when the engine
    /// already ran through its very moment (`advancedThrough`: a frame that
    /// ends a gesture is judged at its own time once the read is done, and
    /// an event of the same millisecond read later comes after it, live and
    /// in the record alike); to the microsecond. `behind`: how far its stamp
    /// was behind the engine's clock.
    mutating func judged(_ stamped: Double, engineNow: Double,
                         advancedThrough: Double = -.infinity) -> (t: Double, behind: Double) {
        let stamp = time(ofInput: stamped)
        let t = stamp <= advancedThrough ? engineNow + Self.tick : DeliveryLag.judged(stamp, engineNow: engineNow)
        return (TraceEvent.microseconds(t), max(0, engineNow - stamp))
    }

    /// How far the engine's timers may run at daemon time `t` (nil before
    /// the first input: nothing can be due).
    func engineTime(_ t: Double) -> Double? { origin.map { t - $0 } }

    /// The daemon time at which engine time `e` has surely been reached: a
    /// tick past it, so that a wakeup then runs its timer whatever the last
    /// bit of the sum (never a wakeup that finds nothing due and polls again
    /// at once).
    func daemonTime(_ e: Double) -> Double { (origin ?? 0) + e + Self.tick }
}
