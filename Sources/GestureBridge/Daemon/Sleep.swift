#if canImport(Glibc)
import Glibc
#endif
import CLinux
import GestureCore

/// How far the boot clock (CLOCK_BOOTTIME) is ahead of the monotonic one:
/// the time the machine has spent suspended since it booted. Neither the
/// daemon's clock (monotonic) nor X's stamps (monotonic too) move while the
/// machine sleeps; only this gap says that it slept. Two reads, from the
/// vDSO where it can read the hardware clock (a TSC); elsewhere (an HPET,
/// as in the E2E VM) each is a system call, so the daemon reads this only
/// when `wallLead()` moved (SleepWatch.mayHaveSlept).
public func secondsSuspended() -> Double {
    var boot = timespec(), mono = timespec()
    clock_gettime(CLOCK_BOOTTIME, &boot)
    clock_gettime(CLOCK_MONOTONIC, &mono)
    return Double(boot.tv_sec - mono.tv_sec) + Double(boot.tv_nsec - mono.tv_nsec) / 1e9
}

/// How far the wall clock (CLOCK_REALTIME) is ahead of the monotonic one,
/// both read at the kernel's tick (the COARSE clocks, which the vDSO answers
/// from memory on every machine: never a system call). It moves only when
/// the machine sleeps (forward by as long as it slept, as the boot clock's
/// lead does) or when the wall clock is set; NTP's slewing moves both clocks
/// alike. Read at every wakeup in place of `secondsSuspended()`, whose two
/// reads were 28 of the 63 system calls of a touchscreen swipe in the E2E
/// VM (566 clock_gettime of 1,266 for 20 swipes, `--versus-lisgd`).
public func wallLead() -> Double {
    var wall = timespec(), mono = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &wall)
    clock_gettime(CLOCK_MONOTONIC_COARSE, &mono)
    return Double(wall.tv_sec - mono.tv_sec) + Double(wall.tv_nsec - mono.tv_nsec) / 1e9
}

/// Notices that the machine slept (suspend to RAM or to idle) between two
/// wakeups of the daemon, from the growth of `secondsSuspended()`.
///
/// Why this and not logind's PrepareForSleep: it needs no system bus (there
/// is none in many X sessions started by hand, nor in the E2E VM), costs two
/// vDSO reads a wakeup, and is never wrong about whether time was lost. What
/// it cannot do is act before the sleep: the daemon learns of it at its
/// first wakeup after the resume, which comes with the resume's own events
/// (X re-enables the input devices) or the first touch, and handles it
/// before anything else of that wakeup (`Daemon.resumed`).
public struct SleepWatch: Sendable {
    /// The gap at the last wakeup (nil before the first).
    private var last: Double? = nil
    /// `wallLead()` at the last wakeup (nil before the first).
    private var lastLead: Double? = nil

    /// A growth of the gap at least this large is a sleep. The two reads of
    /// one call are a few hundred ns apart; a suspend and resume takes
    /// seconds. (Under a VM, time stolen by the host is not counted here:
    /// it moves both clocks.)
    public static let least = 0.5

    /// Two coarse reads are a tick apart at most (1–10 ms): a lead grown by
    /// `least` less this may be a sleep of `least`.
    public static let tickSlack = 0.05

    public init() {}

    /// Whether this wakeup must read the gap (`secondsSuspended()`): the
    /// first one; one where the wall clock gained on the monotonic one by
    /// nearly `least` (a sleep, or the wall clock set forward: the gap then
    /// says which); one after the wall clock was set (`clockSet`: the
    /// resume alarm went off, or there is none to say so), since a set
    /// backwards during a sleep could hide the sleep from the lead.
    public mutating func mayHaveSlept(wallLead lead: Double, clockSet: Bool) -> Bool {
        defer { lastLead = lead }
        guard let before = lastLead else { return true }
        return clockSet || lead - before >= Self.least - Self.tickSlack
    }

    /// The gap read at this wakeup; the time slept since the last one, if
    /// the machine slept.
    public mutating func slept(suspendedNow gap: Double) -> Double? {
        defer { last = gap }
        guard let before = last, gap - before >= Self.least else { return nil }
        return gap - before
    }
}

/// What a resume does to the engine: every device's attempt is abandoned
/// (what began is cancelled, the undecided touches handed back) and the
/// device is known again afresh. The fingers that were down at the suspend
/// are gone from the hand that comes back: a touch of theirs that X still
/// reports after it is no touch the engine follows, and the first touch
/// after the resume starts a gesture of its own. The same inputs the
/// engine would get if every device were unplugged and plugged back in, so
/// the record (`run --record`) carries them and `replay` does the same.
public func inputsOnResume(devices: [Device]) -> [Input] {
    devices.flatMap { [Input.deviceRemoved($0.id), .deviceAdded($0)] }
}

/// Wakes the daemon when the machine resumes, without a timer of its own: a
/// timerfd on the wall clock, set for the far future and cancelled by the
/// kernel whenever that clock is set, which it is at every resume
/// (timekeeping's resume calls clock_was_set: the descriptor turns readable,
/// its read fails with ECANCELED). So a key held at the suspend is let go
/// of at the resume itself, not at the next touch; a wall clock set by hand
/// or by NTP wakes it too, and SleepWatch then finds no sleep. Idle, it
/// costs nothing: it never expires.
final class ResumeAlarm {
    private(set) var fd: Int32 = -1
    // <sys/timerfd.h>'s TFD_TIMER_* are macros Swift does not import.
    private static let absoluteTime: Int32 = 1 << 0
    private static let cancelOnSet: Int32 = 1 << 1

    init() {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if fd >= 0 && !arm() { close(fd); fd = -1 }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Set for the far future (2^40 s), cancelled only by a clock set.
    private func arm() -> Bool {
        var spec = itimerspec()
        spec.it_value.tv_sec = 1 << 40
        return timerfd_settime(fd, Self.absoluteTime | Self.cancelOnSet, &spec, nil) == 0
    }

    /// Poll reported it: read (ECANCELED after a clock set) and armed again.
    func rearm() {
        guard fd >= 0 else { return }
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
        _ = arm()
    }
}
