#if canImport(Glibc)
import Glibc
#endif
import GestureConfig
import GestureSystem

/// Why a config file could not be read, written or replaced; in words.
public enum SettingsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// It could not be read (missing, not a regular file, too large, …).
    case cannotRead(String)
    /// It changed on disk since it was read: the app offers a reload; nothing was written.
    case changedOnDisk(path: String)
    /// The document is read-only (errors in the config, a file not writable): nothing was written.
    case readOnly(String)
    /// Writing failed; the file on disk is as it was.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .cannotRead(let why): return why
        case .changedOnDisk(let path):
            return "\(path) changed on disk since it was opened; not saving over it. Reload it to see the change."
        case .readOnly(let why): return "read-only: " + why
        case .cannotWrite(let why): return "cannot save: " + why + "; the file on disk is unchanged"
        }
    }
}

/// What a file was when read: its text and the stat that says whether it
/// changed since (modification time, size, inode), and its mode (kept on save).
public struct DiskStamp: Hashable, Sendable {
    public var text: String
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    public var size: Int
    public var inode: UInt64
    public var mode: UInt32

    /// The file's text (bounded as the daemon reads it) and its stamp.
    static func read(_ path: String) -> Result<(String, DiskStamp), SettingsFileError> {
        switch FileSystem.readSettingsFile(path) {
        case .failure(let e): return .failure(.cannotRead("cannot read \(e)"))
        case .success(let text):
            guard let s = FileStat.of(path) else { return .failure(.cannotRead("cannot read \(path): it vanished")) }
            return .success((text, DiskStamp(text: text, modifiedSeconds: s.mtime, modifiedNanoseconds: s.mtimeNanoseconds,
                                             size: s.size, inode: s.inode, mode: s.mode)))
        }
    }

    /// The file now differs from what was read: another inode, size or
    /// modification time, or (same stat, e.g. a coarse clock) other text.
    func changed(_ path: String) -> Bool {
        guard let s = FileStat.of(path) else { return true }
        if s.inode != inode || s.size != size || s.mtime != modifiedSeconds || s.mtimeNanoseconds != modifiedNanoseconds {
            guard case .success(let now) = FileSystem.readSettingsFile(path) else { return true }
            return now != text
        }
        return false
    }
}

/// `stat(2)`'s few fields used here.
struct FileStat {
    var mtime: Int
    var mtimeNanoseconds: Int
    var size: Int
    var inode: UInt64
    var mode: UInt32

    static func of(_ path: String) -> FileStat? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStat(mtime: Int(st.st_mtim.tv_sec), mtimeNanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size),
                        inode: UInt64(st.st_ino), mode: UInt32(st.st_mode) & 0o7777)
    }
}

enum FileAccess {
    /// Why the file cannot be replaced (the file or its folder not
    /// writable); nil when it can.
    static func writeProblem(_ path: String) -> String? {
        if access(path, W_OK) != 0 {
            return "\(path) is not writable (\(Errno.text(errno))): shown, not changed"
        }
        let dir = directory(of: path)
        if access(dir, W_OK) != 0 {
            return "the folder \(dir) is not writable (\(Errno.text(errno))): \(path) is shown, not changed"
        }
        return nil
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
