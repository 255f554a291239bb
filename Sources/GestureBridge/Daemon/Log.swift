import GestureConfig
import GestureCore
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
///
/// A message given as `Words` is written in the reader's language
/// (`translate`, the daemon's gettext; issue 62) and kept in English in the
/// state file's last messages, which programs read; text given as a
/// `String` (an X error, a system error) is written as it is.
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

    /// Each msgid in the reader's language (English: as it is).
    let translate: @Sendable (String) -> String

    public init(level: Level, messages: MessageRing? = nil, descriptor: Int32 = 2,
                translate: @escaping @Sendable (String) -> String = { $0 }) {
        self.level = level
        self.messages = messages
        self.descriptor = descriptor
        self.translate = translate
    }

    /// The daemon's: debug with `verbose`, else notice.
    public init(verbose: Bool, messages: MessageRing? = nil, translate: @escaping @Sendable (String) -> String = { $0 }) {
        self.init(level: verbose ? .debug : .notice, messages: messages, translate: translate)
    }

    public func log(level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        let text = message()
        write(level, said: Words.verbatim(text), english: text)
    }

    public func log(level: Level, _ words: @autoclosure () -> Words) {
        guard level >= self.level else { return }
        let w = words()
        write(level, said: w, english: w.description)
    }

    /// A config's mistake, as `check` says it (`file:line:column: ` kept), at its own level.
    public func log(_ d: Diagnostic) {
        let level: Level = d.isError ? .error : .warning
        guard level >= self.level else { return }
        write(level, said: Words.verbatim(d.text(translate)), english: d.description)
    }

    private func write(_ level: Level, said: Words, english: String) {
        let line: Words = switch level {
        // TRANSLATORS: keep {message}; "warning" and "error" as compilers say them in your language.
        case .warning: Words("warning: {message}", ["message": said])
        case .error: Words("error: {message}", ["message": said])
        default: said
        }
        writeLine("gesture-bridge: " + line.text(translate), to: descriptor)
        if level >= .warning { messages?.add(level.name, english) }
    }

    public func debug(_ message: @autoclosure () -> String) { log(level: .debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(level: .info, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(level: .notice, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(level: .warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(level: .error, message()) }

    public func notice(_ words: @autoclosure () -> Words) { log(level: .notice, words()) }
    public func warning(_ words: @autoclosure () -> Words) { log(level: .warning, words()) }
    public func error(_ words: @autoclosure () -> Words) { log(level: .error, words()) }
}
