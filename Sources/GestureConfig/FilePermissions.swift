import GestureCore
#if canImport(Glibc)
import Glibc
#endif

/// Config and keymap files decide what commands run as you: like ssh, refuse
/// a file (or a directory it is in) that someone else could write.
public enum FilePermissions {
    /// Why `path` is unsafe to take actions from, or nil if it is fine.
    public static func problem(_ path: String) -> String? { problemWords(path)?.description }

    /// The same, in words the command says in the user's language.
    public static func problemWords(_ path: String) -> Words? {
        let uid = getuid(), gid = getgid()
        func check(_ p: String, what: String) -> Words? {
            let file = what == "file"
            var st = stat()
            guard stat(p, &st) == 0 else { return nil }
            let mode = st.st_mode & 0o7777
            let octal = "0" + String(mode, radix: 8)
            if st.st_uid != uid && st.st_uid != 0 {
                return file ? Words("file {path} belongs to another user (uid {uid}); not taking actions from it", ["path": p, "uid": String(st.st_uid)])
                    : Words("directory {path} belongs to another user (uid {uid}); not taking actions from it", ["path": p, "uid": String(st.st_uid)])
            }
            // A sticky directory (/tmp) is fine: no one else may rename or delete our file there.
            if mode & 0o002 != 0 && !(what == "directory" && mode & 0o1000 != 0) {
                return file ? Words("file {path} is writable by every user (mode {mode}); not taking actions from it. Fix: chmod o-w {path}", ["path": p, "mode": octal])
                    : Words("directory {path} is writable by every user (mode {mode}); not taking actions from it. Fix: chmod o-w {path}", ["path": p, "mode": octal])
            }
            if mode & 0o020 != 0 && st.st_gid != gid {
                return file ? Words("file {path} is writable by group {gid} (mode {mode}); not taking actions from it. Fix: chmod g-w {path}", ["path": p, "gid": String(st.st_gid), "mode": octal])
                    : Words("directory {path} is writable by group {gid} (mode {mode}); not taking actions from it. Fix: chmod g-w {path}", ["path": p, "gid": String(st.st_gid), "mode": octal])
            }
            return nil
        }
        return check(path, what: "file") ?? check(parent(path), what: "directory")
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
