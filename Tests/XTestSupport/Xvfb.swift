import CX11
#if canImport(Glibc)
import Glibc
#endif

/// A real Xvfb the test starts itself: `-displayfd`, `-nolisten tcp`, spawned
/// with posix_spawn and a cleared signal mask.
public final class Xvfb {
    public let display: String
    public let pid: pid_t

    /// A new server; `number` asks for that display (to replace one that died).
    /// Servers started at the same moment by parallel suites may race for a
    /// display number: a failed start is tried again, twice.
    public convenience init(number: Int? = nil) throws {
        var attempt = 0
        while true {
            do {
                try self.init(once: number)
                return
            } catch {
                attempt += 1
                if attempt == 3 { throw error }
            }
        }
    }

    private init(once number: Int?) throws {
        _ = Self.threadsReady
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw XvfbError.failed("pipe") }
        let args = (number.map { [":\($0)"] } ?? []) + ["-displayfd", "\(fds[1])", "-nolisten", "tcp", "-screen", "0", "1920x1080x24", "-noreset"]
        let spawned = ChildProcess.spawn("Xvfb", args, environment: nil, stdout: .devNull, stderr: .devNull, closing: [fds[0]])
        close(fds[1])
        guard case .success(let pid) = spawned else {
            close(fds[0])
            throw XvfbError.failed("cannot start Xvfb (is it installed?)")
        }
        self.pid = pid
        // The display number, followed by a newline, when it is ready.
        var text = ""
        var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        var c: UInt8 = 0
        let end = monotonic() + 15
        while !text.hasSuffix("\n") && monotonic() < end {
            let ready = poll(&pfd, 1, Int32(max(1, (end - monotonic()) * 1000)))
            if ready < 0 && errno == EINTR { continue }   // SIGCHLD of another test's child
            guard ready > 0 else { break }
            let n = read(fds[0], &c, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { break }
            text.append(Character(UnicodeScalar(c)))
        }
        close(fds[0])
        guard let n = Int(text.trimmingNewline) else {
            kill(pid, SIGKILL)
            var st: Int32 = 0
            waitpid(pid, &st, 0)
            throw XvfbError.failed("Xvfb did not say its display")
        }
        display = ":\(n)"
    }

    public var number: Int { Int(display.dropFirst()) ?? 0 }

    /// A display number no other test will take: `-displayfd` servers take
    /// the lowest free numbers, so a test that must start a server again on
    /// the same number after killing it (the number is free meanwhile) asks
    /// for one far above them, one per process to keep parallel runs apart.
    public static func reservedNumber() -> Int {
        var n = 400 + Int(getpid() % 300)
        while access("/tmp/.X\(n)-lock", F_OK) == 0 || access("/tmp/.X11-unix/X\(n)", F_OK) == 0 { n += 1 }
        return n
    }

    public func stop(signal: Int32 = SIGTERM) {
        guard !stopped else { return }
        stopped = true
        kill(pid, signal)
        var st: Int32 = 0
        waitpid(pid, &st, 0)
    }

    private var stopped = false

    deinit { stop() }

    /// Xlib is used from parallel tests of other suites: make it thread-safe once.
    public static let threadsReady: Bool = { XInitThreads() != 0 }()
}

public enum XvfbError: Error { case failed(String) }

extension String {
    var trimmingNewline: String { split(separator: "\n").first.map(String.init) ?? "" }
}
