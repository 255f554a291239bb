#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// read(2): inside FileSystem, `read` names FileSystem.read.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

/// The little file access the config, X, traces and the daemon need,
/// without Foundation.
public enum FileSystem {
    public static func read(_ path: String) -> Result<String, FileError> {
        guard let f = fopen(path, "r") else { return .failure(FileError(path: path, errno: errno)) }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(f) != 0 { return .failure(FileError(path: path, errno: errno)) }
                break
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// A regular file of at most `limit` bytes (a config, a keymap, a udev
    /// database entry). A FIFO would block the daemon's one thread and
    /// `/dev/zero` would fill its memory, so both are refused (opened
    /// non-blocking, checked by fstat).
    /// `kind` names what a file that large cannot be.
    public static func readRegularFile(_ path: String, limit: Int, kind: String) -> Result<String, FileError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(FileError(path: path, errno: errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(FileError(path: path, errno: errno)) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            return .failure(FileError(path: path, reason: "not a regular file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = systemRead(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileError(path: path, errno: errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit {
                return .failure(FileError(path: path, reason: "larger than \(limit / 1024) KiB; not a \(kind)"))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Names in a directory (no `.` and `..`), sorted; empty if it cannot be read.
    public static func list(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes a file, creating missing parent directories (mode 0700 for new ones).
    public static func write(_ text: String, to path: String) -> Result<Void, FileError> {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var dir = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { parts = parts.dropFirst() }
        for p in parts where !p.isEmpty {
            dir += "/" + p
            if !exists(dir) && mkdir(dir, 0o700) != 0 { return .failure(FileError(path: dir, errno: errno)) }
        }
        guard let f = fopen(path, "w") else { return .failure(FileError(path: path, errno: errno)) }
        let ok = fputs(text, f) >= 0
        let closed = fclose(f) == 0
        return ok && closed ? .success(()) : .failure(FileError(path: path, errno: errno))
    }

    /// The directory of the running executable (for keymaps installed beside it).
    public static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}

public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var errno: Int32
    /// Why, when it is not a system error.
    public var reason: String? = nil

    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public init(path: String, reason: String) {
        self.path = path
        self.errno = 0
        self.reason = reason
    }

    public var description: String { "\(path): \(reason ?? String(cString: strerror(errno)))" }
}
