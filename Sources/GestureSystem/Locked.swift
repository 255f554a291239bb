#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value shared between threads behind a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with raw futex calls,
/// which ThreadSanitizer cannot see, so every access it guards is reported
/// as a race (CI runs the suite under TSan; `KeymapStore.builtIn`'s cache
/// failed it). pthread's mutex is intercepted, and costs the same here: the
/// users are caches read a handful of times per process.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
