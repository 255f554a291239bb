#if canImport(Glibc)
import Glibc
#endif
import GestureSystem

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
        guard RuntimeDirectory.prepared(environment) != nil else { throw .unsafe(RuntimeDirectory.path(environment)) }
        path = RuntimeDirectory.file(display: display, environment: environment, extension: "lock")
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
