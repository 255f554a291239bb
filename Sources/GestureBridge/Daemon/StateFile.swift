#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureConfig
import GestureClient

/// The last warnings and errors the daemon logged, for the state file.
public final class MessageRing: @unchecked Sendable {
    public private(set) var messages: [String] = []
    /// Set when a message came since the state was last written.
    public var changed = false
    let clock: () -> Int

    public init(clock: @escaping () -> Int = { Int(time(nil)) }) { self.clock = clock }

    public func add(_ level: String, _ text: String) {
        messages.append("\(clock()) \(level): \(DaemonState.oneLine(text))")
        if messages.count > DaemonState.keptMessages { messages.removeFirst(messages.count - DaemonState.keptMessages) }
        changed = true
    }
}
