#if canImport(Glibc)
import Glibc
#endif
import Logging

/// swift-log to stderr, one line per message: `gesture-bridge: LEVEL: message`.
/// Quiet by default (notices, warnings, errors); `--verbose` adds each decision.
public struct StderrLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    /// Warnings and errors are also kept here (the state file's last messages).
    let messages: MessageRing?

    public init(level: Logger.Level, messages: MessageRing? = nil) {
        logLevel = level
        self.messages = messages
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = "gesture-bridge: "
        if event.level >= .warning { text += "\(event.level): " }
        text += event.message.description + "\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        if event.level >= .warning { messages?.add("\(event.level)", event.message.description) }
    }
}

public enum Log {
    /// The daemon's logger: debug level with `verbose`, else notice.
    public static func make(verbose: Bool, messages: MessageRing? = nil) -> Logger {
        let level: Logger.Level = verbose ? .debug : .notice
        return Logger(label: "gesture-bridge") { _ in StderrLogHandler(level: level, messages: messages) }
    }
}
