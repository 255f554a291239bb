import GestureSystem

/// The daemon's log: one line per message on stderr, `gesture-bridge: LEVEL:
/// message` for warnings and errors, `gesture-bridge: message` below them.
/// Quiet by default (notices, warnings, errors); `--verbose` adds each
/// decision (debug). Warnings and errors are also kept in a `MessageRing`
/// (the state file's last messages).
///
/// Our own rather than swift-log's `Logger`: the daemon only ever wrote
/// lines to stderr, and swift-log's task-local metadata linked the Swift
/// concurrency runtime into it (about 0.5 MB of the stripped binary, and
/// 83 KB of swift-log itself; docs/performance.md). A message is an
/// autoclosure: below the level, it is never built.
public struct Logger {
    /// swift-log's names, which the lines have always said.
    public enum Level: Int, Comparable, Sendable {
        case debug, info, notice, warning, error

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        var name: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .notice: return "notice"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// The lowest level written.
    public let level: Level
    let messages: MessageRing?
    /// Where lines go: stderr (a test reads a pipe).
    let descriptor: Int32

    public init(level: Level, messages: MessageRing? = nil, descriptor: Int32 = 2) {
        self.level = level
        self.messages = messages
        self.descriptor = descriptor
    }

    /// The daemon's: debug with `verbose`, else notice.
    public init(verbose: Bool, messages: MessageRing? = nil) {
        self.init(level: verbose ? .debug : .notice, messages: messages)
    }

    public func log(level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        let text = message()
        writeLine("gesture-bridge: " + (level >= .warning ? level.name + ": " : "") + text, to: descriptor)
        if level >= .warning { messages?.add(level.name, text) }
    }

    public func debug(_ message: @autoclosure () -> String) { log(level: .debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(level: .info, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(level: .notice, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(level: .warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(level: .error, message()) }
}
