import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP, SIGTERM, SIGINT and SIGCHLD as a file descriptor for poll().
public final class SignalSource {
    public let fd: Int32

    public enum Signal { case reload, stop, child }

    public init() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGHUP, SIGTERM, SIGINT, SIGCHLD] { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
        fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
    }

    deinit { close(fd) }

    /// Every signal waiting.
    public func read() -> [Signal] {
        var out: [Signal] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            switch Int32(info.ssi_signo) {
            case SIGHUP: out.append(.reload)
            case SIGTERM, SIGINT: out.append(.stop)
            case SIGCHLD: out.append(.child)
            default: break
            }
        }
        return out
    }
}
