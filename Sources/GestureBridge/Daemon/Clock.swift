#if canImport(Glibc)
import Glibc
#endif

/// The daemon's clock: monotonic seconds. The engine never reads it; the loop does.
public func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
