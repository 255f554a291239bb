import GestureX11
import Testing

/// How far the engine's clock keeps behind the daemon's: the longest
/// delivery delay of the last two windows, plus a margin, within a floor
/// and a ceiling (DeliveryLag.swift).
@Suite struct DeliveryLagTests {
    /// (events as (stamped, read), the daemon's clock when asked, the delay).
    @Test(arguments: [
        // Nothing seen: the floor (X's ms stamps, the tick clock, the frame join).
        ([], 100.0, DeliveryLag.floor),
        // Read at once: still the floor.
        ([(100.000, 100.0005)], 100.001, DeliveryLag.floor),
        // A frame's rest read 20 ms after its stamp: that, and the margin.
        ([(100.000, 100.001), (100.000, 100.020)], 100.021, 0.020 + DeliveryLag.margin),
        // The longest of several.
        ([(100.0, 100.030), (100.1, 100.105), (100.2, 100.212)], 100.3, 0.030 + DeliveryLag.margin),
        // A stall of 2 s: held back no more than the ceiling.
        ([(100.0, 102.0)], 102.0, DeliveryLag.ceiling),
        // Still remembered in the next window…
        ([(100.0, 100.030)], 100.0 + 1.5 * DeliveryLag.window, 0.030 + DeliveryLag.margin),
        // …forgotten two windows on.
        ([(100.0, 100.030)], 100.0 + 2.5 * DeliveryLag.window, DeliveryLag.floor),
        // An event stamped after it was read (clocks a millisecond apart) counts as no delay.
        ([(100.010, 100.005)], 100.011, DeliveryLag.floor),
    ] as [([(Double, Double)], Double, Double)])
    func delayFollowsTheDelaysSeen(events: [(Double, Double)], now: Double, expected: Double) {
        var lag = DeliveryLag()
        lag.roll(to: 100.0)
        for (stamped, read) in events { lag.saw(stamped: stamped, now: read) }
        lag.roll(to: now)
        #expect(abs(lag.delay - expected) < 1e-9)
    }

    /// A slow moment in one window is carried one window more, whatever
    /// came in between.
    @Test func aLateEventOutlivesItsWindowByOne() {
        var lag = DeliveryLag()
        lag.roll(to: 0)
        lag.saw(stamped: 1.0, now: 1.050)
        var delays: [Double] = []
        for k in 1...12 {
            let now = Double(k) * 1.0
            lag.saw(stamped: now - 0.001, now: now)
            delays.append(lag.delay)
        }
        // Windows of 5 s from 0: [0, 5) saw the 50 ms; [5, 10) carries it; from 10 it is gone.
        #expect(delays[..<9].allSatisfy { abs($0 - 0.052) < 1e-9 })
        #expect(delays[9...].allSatisfy { $0 == DeliveryLag.floor })
    }
}
