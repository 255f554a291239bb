import GestureX11
import Testing

/// X's time across a suspend: the stamps of a server whose clock is ours
/// stay exact; a server whose clock ran on while ours stood still (or a
/// remote one) jumps ahead, and its events still get times that never run
/// ahead of when they were read, nor go back.
@Suite struct ServerTimeJumpTests {
    @Test func xTimeJumpingAheadOfOursIsFollowedWithoutRunningAhead() {
        var s = ServerTime()
        #expect(s.seconds(100_000, now: 100.0005) == 100.0)    // X's clock is ours
        #expect(s.sameClock)
        // Asleep 30 s: X's stamps jumped, our monotonic clock did not.
        let a = s.seconds(130_016, now: 100.02)
        #expect(a <= 100.02 && a >= 100.0)
        #expect(!s.sameClock)
        // The next frames keep their spacing from there.
        let b = s.seconds(130_032, now: 100.04)
        #expect(abs((b - a) - 0.016) < 1e-9 && b <= 100.04)
    }

    @Test func bothClocksJumpingTogetherKeepTheStampsExact() {
        var s = ServerTime()
        #expect(s.seconds(100_000, now: 100.0005) == 100.0)
        // A clock that counts the sleep on both sides (X's is ours).
        #expect(s.seconds(130_016, now: 130.0165) == 130.016)
        #expect(s.sameClock)
    }
}
