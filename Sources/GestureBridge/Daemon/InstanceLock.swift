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

    /// This user's directory for per-display files: `$XDG_RUNTIME_DIR`, else
    /// `/tmp/gesture-bridge-UID`.
    static func runtimeDirectory(_ environment: [String: String]) -> String {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/gesture-bridge-\(getuid())"
    }

    /// `DIR/gesture-bridge-DISPLAY.EXTENSION`, the display made a file name:
    /// the lock, and the state `status` reads.
    public static func file(display: String, environment: [String: String], extension ext: String) -> String {
        let safeDisplay = String(display.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" })
        return runtimeDirectory(environment) + "/gesture-bridge-\(safeDisplay).\(ext)"
    }

    public init(display: String, environment: [String: String]) throws(Failure) {
        let uid = getuid()
        let dir = Self.runtimeDirectory(environment)
        if environment["XDG_RUNTIME_DIR"].map({ $0.isEmpty }) ?? true { _ = mkdir(dir, 0o700) }
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == uid, st.st_mode & 0o077 == 0 else {
            throw .unsafe(dir)
        }
        path = Self.file(display: display, environment: environment, extension: "lock")
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
