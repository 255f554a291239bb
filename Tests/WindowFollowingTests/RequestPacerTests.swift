import GestureActions
import Testing
@testable import WindowFollowing

/// One request in flight: the window manager's answer lets the latest frame go.
@Suite struct RequestPacerTests {
    static func rect(_ x: Int) -> WindowRect { WindowRect(x: x, y: 0, width: 10, height: 10) }

    @Test func framesWaitForTheAnswerAndOnlyTheLatestGoes() {
        var p = RequestPacer(current: Self.rect(0))
        #expect(p.want(Self.rect(1), now: 0.000) == Self.rect(1))
        // Behind: held, each frame replacing the last.
        #expect(p.want(Self.rect(2), now: 0.010) == nil)
        #expect(p.want(Self.rect(3), now: 0.020) == nil)
        #expect(p.pending?.frame == Self.rect(3))
        // The answer: the latest goes; the latency of the first counted from its frame.
        #expect(p.answered(now: 0.024) == Self.rect(3))
        #expect(p.latencies == [0.024])
        #expect(p.answered(now: 0.030) == nil)
        // The frame that waited longest is what the second answer is counted from.
        #expect(abs(p.latencies[1] - 0.020) < 1e-9)
        #expect(p.inFlight == nil)
    }

    @Test func theSamePlaceIsNotAskedTwice() {
        var p = RequestPacer(current: Self.rect(0))
        #expect(p.want(Self.rect(0), now: 0) == nil)
        #expect(p.want(Self.rect(5), now: 0) == Self.rect(5))
        _ = p.answered(now: 0.001)
        #expect(p.want(Self.rect(5), now: 0.01) == nil)
    }

    @Test func aWindowManagerThatDoesNotAnswerIsWaitedForAPatienceAtMost() {
        var p = RequestPacer(current: Self.rect(0))
        _ = p.want(Self.rect(1), now: 0)
        _ = p.want(Self.rect(2), now: 0.01)
        #expect(p.due(now: 0.02) == nil)
        #expect(p.due(now: RequestPacer.patience) == Self.rect(2))
        // A frame past the patience goes at once.
        #expect(p.want(Self.rect(3), now: 0.2) == Self.rect(3))
    }

    @Test func theGesturesEndSendsWhatWasHeld() {
        var p = RequestPacer(current: Self.rect(0))
        _ = p.want(Self.rect(1), now: 0)
        _ = p.want(Self.rect(9), now: 0.01)
        #expect(p.flush(now: 0.012) == Self.rect(9))
        #expect(p.flush(now: 0.013) == nil)
        #expect(p.last == Self.rect(9))
    }

    @Test func latencyPercentiles() {
        var p = RequestPacer(current: Self.rect(0))
        for i in 1...20 {
            _ = p.want(Self.rect(i), now: Double(i))
            _ = p.answered(now: Double(i) + Double(i) / 1000)
        }
        let s = p.latencySummary
        #expect(s?.count == 20)
        #expect(abs((s?.p50 ?? 0) - 0.011) < 1e-9 && abs((s?.p95 ?? 0) - 0.019) < 1e-9)
    }
}
