// The few libm functions the engine needs, without importing Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always)
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    atan2(y, x) * Angle.degreesPerRadian
}
