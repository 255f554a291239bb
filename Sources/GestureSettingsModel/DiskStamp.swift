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
            return L("{path} changed on disk since it was opened; not saving over it. Reload it to see the change.", ["path": path])
        case .readOnly(let why): return L("read-only: {reason}", ["reason": why])
        case .cannotWrite(let why): return L("cannot save: {reason}; the file on disk is unchanged", ["reason": why])
        }
    }
}

/// What a file was when read: its text (what says whether it changed since),
/// its stat, and its mode (kept on save).
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
        case .failure(let e): return .failure(.cannotRead(L("cannot read {error}", ["error": "\(e)"])))
        case .success(let text):
            guard let s = FileStat.of(path) else { return .failure(.cannotRead(L("cannot read {path}: it vanished", ["path": path]))) }
            return .success((text, DiskStamp(text: text, modifiedSeconds: s.mtime, modifiedNanoseconds: s.mtimeNanoseconds,
                                             size: s.size, inode: s.inode, mode: s.mode)))
        }
    }

    /// The file now differs from what was read: its text is another (or it
    /// is gone). The text decides, not the stat: a `touch` changes nothing
    /// to reload, and an edit within the clock's resolution keeps the stat.
    func changed(_ path: String) -> Bool {
        guard case .success(let now) = FileSystem.readSettingsFile(path) else { return true }
        return now != text
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
    static func writeProblem(_ link: String) -> String? {
        let path = resolved(link)
        // A file without a write bit was made read-only on purpose: kept so
        // even for root, whom access(2) lets write anything.
        if let s = FileStat.of(path), s.mode & 0o222 == 0 {
            return L("{path} is read-only (mode {mode}): shown, not changed", ["path": path, "mode": String(s.mode, radix: 8)])
        }
        if access(path, W_OK) != 0 {
            return L("{path} is not writable ({reason}): shown, not changed", ["path": path, "reason": Errno.text(errno)])
        }
        let dir = directory(of: path)
        if access(dir, W_OK) != 0 {
            return L("the folder {folder} is not writable ({reason}): {path} is shown, not changed",
                     ["folder": dir, "reason": Errno.text(errno), "path": path])
        }
        return nil
    }

    /// Makes `dir` and its missing parents (0700, as `init` does); nil when done.
    static func makeDirectory(_ dir: String) -> String? {
        var path = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            path += "/" + part
            if access(path, F_OK) != 0 && mkdir(path, 0o700) != 0 {
                return L("cannot make the folder {path}: {reason}", ["path": path, "reason": Errno.text(errno)])
            }
        }
        return nil
    }

    /// The file a path names, through any symbolic links; the path itself when it cannot be resolved.
    static func resolved(_ path: String) -> String {
        guard let p = realpath(path, nil) else { return path }
        defer { free(p) }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: strlen(p)), as: UTF8.self)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
