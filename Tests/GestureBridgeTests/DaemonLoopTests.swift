#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
import Testing

/// The daemon loop's tables: the pollfd array built by descriptor role
/// (`PollSet`), the wait until the earliest deadline, the daemon's own
/// timers. (The loop itself runs in DaemonTests, MonitorTests,
/// ToucheggProtocolTests, against Xvfb.)
@Suite struct DaemonLoopTests {
    /// A pipe: (read end, write end).
    static func pipeEnds() -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        return (ends[0], ends[1])
    }

    /// Each role's descriptors are found by role, whatever came before: a
    /// role with none (a socket not open), one, or several (a server and
    /// its clients).
    @Test func descriptorsAreFoundByRole() {
        let pipes = (0..<4).map { _ in Self.pipeEnds() }
        defer { for (r, w) in pipes { close(r); close(w) } }
        var set = PollSet()
        set.add(.touchegg) { _ in }   // off: nothing polled
        set.add(.monitor) { fds in
            for (r, _) in pipes[0..<3] { fds.append(pollfd(fd: r, events: Int16(POLLIN), revents: 0)) }
        }
        set.add(.signals, fd: pipes[3].0)
        set.add(.x, fd: nil)   // no connection
        set.add(.windowMover, fd: -1)
        #expect(set.fds.count == 4)
        #expect(set[.touchegg].isEmpty && set[.x].isEmpty && set[.windowMover].isEmpty && set[.configFile].isEmpty)
        #expect(set[.monitor].map(\.fd) == pipes[0..<3].map(\.0))
        #expect(set[.signals].map(\.fd) == [pipes[3].0])

        // Written to: the wait returns at once, and says whose it was.
        _ = write(pipes[1].1, "x", 1)
        #expect(set.wait(-1) == false)
        #expect(set[.monitor].reported && !set[.signals].reported)
        #expect(set[.monitor].map { $0.revents != 0 } == [false, true, false])

        // Built again for the next wait: the parts are the new ones.
        set.clear()
        set.add(.signals, fd: pipes[3].0)
        #expect(set.fds.count == 1 && set[.monitor].isEmpty && set[.signals].map(\.fd) == [pipes[3].0])
    }

    /// Input already queued (Xlib's) makes the wait not sleep, though
    /// nothing is readable and no deadline is set; and a wait that did not
    /// sleep did not run out (the daemon's clock is not moved on by the
    /// timeout it did not wait).
    @Test func pendingInputMakesTheWaitReturnAtOnce() {
        let (r, w) = Self.pipeEnds()
        defer { close(r); close(w) }
        var set = PollSet()
        set.add(.x, fd: r, pending: true)
        #expect(set.wait(-1) == false)
        #expect(set.wait(50) == false)
        #expect(!set[.x].reported)
        set.clear()
        set.add(.x, fd: r)
        #expect(set.wait(0) == false)   // a zero timeout never "ran out"
    }

    /// The wait in whole milliseconds, rounded up (a timer is never run
    /// early), a past deadline at once, at most an hour; none: no timeout.
    @Test(arguments: [
        (nil, 10.0, -1),
        (10.0, 10.0, 0),
        (9.5, 10.0, 0),
        (10.0101, 10.0, 11),
        (10.25, 10.0, 250),
        (10.0 + 2 * 3600, 10.0, 3_600_000),
    ] as [(Double?, Double, Int32)])
    func theWaitEndsAtTheEarliestDeadline(deadline: Double?, now: Double, milliseconds: Int32) {
        #expect(PollSet.timeout(until: deadline, now: now) == milliseconds)
    }

    /// The daemon's own timers, by name: each fires once, when due.
    @Test func aTimerFiresOnceWhenDue() {
        var timers = Daemon.Timers()
        timers[.reload] = 5
        timers[.reconnect] = 7
        let fired = [4.9, 5, 6].map { timers.take(.reload, by: $0) }
        #expect(fired == [false, true, false])
        #expect(timers[.reload] == nil && timers[.reconnect] == 7)
        timers[.reconnect] = nil
        let cleared = timers.take(.reconnect, by: 100)
        #expect(!cleared)
    }

    /// Every timer of the daemon's own is among the deadlines the wait ends at, once.
    @Test func everyTimerIsADeadline() {
        let deadlines = Daemon.Deadline.allCases
        #expect(Set(deadlines).count == deadlines.count)
        for t in Daemon.Timer.allCases { #expect(deadlines.contains(.timer(t))) }
        // Every descriptor role has its part of the pollfd array.
        #expect(Daemon.Descriptor.allCases.map(\.rawValue) == Array(0..<Daemon.Descriptor.allCases.count))
    }
}
