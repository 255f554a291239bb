#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The little file and environment access the config needs, without Foundation.
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

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

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

    public static func environment() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
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
    public var description: String { "\(path): \(String(cString: strerror(errno)))" }
}
