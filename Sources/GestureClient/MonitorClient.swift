#if canImport(Glibc)
import Glibc
#endif
import GestureCore
import GestureSystem

/// A reader of the monitor stream: the running daemon's socket, or any file
/// descriptor (`watch --stdin`), one line at a time.
public final class MonitorClient {
    public let fd: Int32
    private let owned: Bool
    private var buffer: [UInt8] = []

    public enum ConnectError: Error, CustomStringConvertible {
        /// `why`: the system's words (strerror, in its own locale), or ours.
        case notRunning(display: String, path: String, why: Words)
        /// What `watch` and the settings app's Try It say, in words to translate.
        public var words: Words {
            switch self {
            case .notRunning(let display, let path, let why):
                return Words("no gesture-bridge to watch on {display}: {path}: {reason} (is it running? gesture-bridge status says)",
                             ["display": display, "path": path, "reason": why])
            }
        }
        public var description: String { words.description }
    }

    /// The monitor socket of the daemon on `display`.
    public static func socketPath(display: String, environment: [String: String]) -> String {
        RuntimeDirectory.file(display: display, environment: environment, extension: "monitor")
    }

    /// Connects to the daemon of `display`.
    public convenience init(display: String, environment: [String: String]) throws(ConnectError) {
        try self.init(path: Self.socketPath(display: display, environment: environment), display: display)
    }

    /// Connects to a monitor socket (`display`: for the error).
    public init(path: String, display: String) throws(ConnectError) {
        guard var address = UnixSocketAddress(path) else {
            throw .notRunning(display: display, path: path, why: Words("path too long"))
        }
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let ok = s >= 0 && address.call(s, connect) == 0
        guard ok else {
            let why = String(cString: strerror(errno))
            if s >= 0 { close(s) }
            throw .notRunning(display: display, path: path, why: .verbatim(why))
        }
        fd = s
        owned = true
    }

    /// Reads an open descriptor (standard input).
    public init(reading fd: Int32) {
        self.fd = fd
        owned = false
    }

    deinit { if owned { close(fd) } }

    /// A whole line is read already: `nextLine` returns it without reading
    /// (poll on `fd` would not say so).
    public var hasLine: Bool { buffer.contains(10) }

    /// The next whole line, waiting for it; nil at the end of the stream.
    public func nextLine() -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer += chunk[0..<n]
        }
    }
}
