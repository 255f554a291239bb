#if canImport(Glibc)
import Glibc
#endif

/// One daemon per user and display: an flock'd file in `$XDG_RUNTIME_DIR`
/// (or `/tmp/gesture-bridge-UID`, created 0700 and checked to be ours).
public final class InstanceLock {
    public let path: String
    private let fd: Int32

    public enum Failure: Error, CustomStringConvertible {
        case held(String)
        case unsafe(String)
        case cannotOpen(String, Int32)
        public var description: String {
            switch self {
            case .held(let p): return "another gesture-bridge is already running on this display (lock \(p))"
            case .unsafe(let d): return "\(d) is not a private directory of this user (it must be 0700 and ours); not using it"
            case .cannotOpen(let p, let e): return "cannot open the lock \(p): \(String(cString: strerror(e)))"
            }
        }
    }

    public init(display: String, environment: [String: String]) throws(Failure) {
        let uid = getuid()
        var dir = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? ""
        if dir.isEmpty {
            dir = "/tmp/gesture-bridge-\(uid)"
            _ = mkdir(dir, 0o700)
        }
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == uid, st.st_mode & 0o077 == 0 else {
            throw .unsafe(dir)
        }
        let safeDisplay = String(display.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" })
        path = dir + "/gesture-bridge-\(safeDisplay).lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .cannotOpen(path, errno) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw .held(path)
        }
        _ = ftruncate(fd, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(fd, $0, strlen($0)) }
        self.fd = fd
    }

    deinit {
        unlink(path)
        close(fd)
    }
}
