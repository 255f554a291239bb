#if canImport(Glibc)
import Glibc
#endif
import Logging

/// swift-log to stderr, one line per message: `gesture-bridge: LEVEL: message`.
/// Quiet by default (notices, warnings, errors); `--verbose` adds each decision.
public struct StderrLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level

    public init(level: Logger.Level) { logLevel = level }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = "gesture-bridge: "
        if event.level >= .warning { text += "\(event.level): " }
        text += event.message.description + "\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

public enum Log {
    /// The daemon's logger: debug level with `verbose`, else notice.
    public static func make(verbose: Bool) -> Logger {
        let level: Logger.Level = verbose ? .debug : .notice
        return Logger(label: "gesture-bridge") { _ in StderrLogHandler(level: level) }
    }
}
