#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds. The engine never reads a clock; the daemon does.
public func monotonicNow() -> Double { seconds(CLOCK_MONOTONIC) }

/// The daemon loop's clock, read once per wakeup: monotonic seconds at the
/// kernel's tick (CLOCK_MONOTONIC_COARSE: 1–4 ms, finer than any timer the
/// engine or the actions have). The vDSO answers it from memory on every
/// machine, where CLOCK_MONOTONIC is a system call wherever the vDSO cannot
/// read the hardware clock (an HPET, a VM without a stable TSC: there it
/// was a third of the daemon's system calls during a gesture).
public func tickNow() -> Double { seconds(CLOCK_MONOTONIC_COARSE) }

private func seconds(_ clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
