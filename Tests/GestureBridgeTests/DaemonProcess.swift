import GestureSystem
import GestureBridge
import GestureConfig
import GestureCore
import XTestSupport
#if canImport(Glibc)
import Glibc
import GestureTraces
import GestureTesting
#endif

/// `gesture-bridge run` as a child process, its stderr in a file.
final class DaemonProcess {
    let pid: pid_t
    let logPath: String
    let dir: String
    /// A directory it made itself is removed when it goes (one a test passed in, the test removes).
    private let ownsDirectory: Bool

    /// Starts the daemon on `display` with `config` (TOML text) and `play` (a trace).
    /// With `asNobody`, it runs as uid/gid 65534 with no supplementary groups
    /// when the tests run as root (as an ordinary user otherwise): no root, no `input` group.
    convenience init(display: String, config: String, play: TraceBuilder?, extraArgs: [String] = [], dir: String? = nil,
                     asNobody: Bool = false, environment: [String: String] = [:]) {
        self.init(display: display, config: config, trace: play?.trace, extraArgs: extraArgs, dir: dir, asNobody: asNobody,
                  environment: environment)
    }

    convenience init(display: String, config: String, trace: Trace?, extraArgs: [String] = [], dir: String? = nil,
                     asNobody: Bool = false, environment: [String: String] = [:]) {
        let owns = dir == nil
        let dir = dir ?? Self.newDirectory()
        _ = FileSystem.write(config, to: dir + "/config.toml")
        var args = ["run", "--config", dir + "/config.toml", "--display", display, "--verbose"] + extraArgs
        if let trace {
            _ = FileSystem.write(TraceWriter.write(trace), to: dir + "/play.jsonl")
            args += ["--play", dir + "/play.jsonl"]
        }
        self.init(command: args, dir: dir, asNobody: asNobody, ownsDirectory: owns, environment: environment)
    }

    static let nobody: uid_t = 65534

    static func newDirectory() -> String {
        "/tmp/gesture-bridge-daemon-\(getpid())-\(Int(monotonicNow() * 1e6) % 1_000_000_000)"
    }

    /// Any gesture-bridge command, stderr to a log file.
    init(command args: [String], dir: String? = nil, asNobody: Bool = false, desktop: String? = "GNOME",
         ownsDirectory: Bool? = nil, environment: [String: String] = [:]) {
        self.ownsDirectory = ownsDirectory ?? (dir == nil)
        let dir = dir ?? Self.newDirectory()
        self.dir = dir
        _ = FileSystem.write("", to: dir + "/.keep")
        chmod(dir, 0o700)
        logPath = dir + "/stderr.log"
        var env = ["HOME": dir, "XDG_RUNTIME_DIR": dir, "PATH": "/usr/bin:/bin"]
        env["XDG_CURRENT_DESKTOP"] = desktop
        env.merge(environment) { $1 }
        var program = Spawn.gestureBridge, argv = args
        if asNobody && getuid() == 0 {
            // The directory is the user's home and runtime directory: theirs, 0700.
            for f in [""] + FileSystem.list(dir).map({ "/" + $0 }) { chown(dir + f, Self.nobody, Self.nobody) }
            argv = ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--", program] + args
            program = "/usr/bin/setpriv"
        }
        let spawned = ChildProcess.spawn(program, argv, environment: env, stdout: .file(dir + "/stdout.log"),
                                         stderr: .file(logPath))
        let pid = (try? spawned.get()) ?? -1
        self.pid = pid
    }

    var log: String {
        if case .success(let t) = FileSystem.read(logPath) { return t }
        return ""
    }

    /// How many times `text` stands in the log.
    func occurrences(_ text: String) -> Int {
        log.split(separator: text, omittingEmptySubsequences: false).count - 1
    }

    /// Waits (bounded) until the log contains `text`.
    @discardableResult
    func waitForLog(_ text: String, timeout: Double = 5) -> Bool {
        waitUntil(timeout: timeout) { log.contains(text) }
    }

    func signal(_ s: Int32) { kill(pid, s) }

    /// The exit status, or nil if it did not exit within `timeout`.
    func waitExit(timeout: Double = 5) -> Int32? {
        var status: Int32 = 0
        guard waitUntil(timeout: timeout, { waitpid(pid, &status, WNOHANG) == pid }) else { return nil }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// `Uid:` and `Groups:` of /proc/PID/status: who the process runs as.
    var identity: (uid: String, groups: String) {
        guard case .success(let status) = FileSystem.read("/proc/\(pid)/status") else { return ("", "") }
        func field(_ name: String) -> String {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }
        return (field("Uid"), field("Groups"))
    }

    var running: Bool { kill(pid, 0) == 0 && waitpid(pid, nil, WNOHANG) == 0 }

    /// Children of `parent` that exited and were not reaped.
    static func zombies(of parent: pid_t) -> Int {
        var n = 0
        for entry in FileSystem.list("/proc") where Int(entry) != nil {
            guard case .success(let stat) = FileSystem.read("/proc/\(entry)/stat"),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, fields[0] == "Z", Int32(fields[1]) == parent { n += 1 }
        }
        return n
    }

    deinit {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        if ownsDirectory { removeTree(dir) }
    }
}

/// Checks `condition` every 10 ms until it holds or `timeout` seconds pass
/// (bounded waits on other processes, never a fixed sleep). True if it held.
@discardableResult
func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = monotonicNow() + timeout
    while monotonicNow() < end {
        if condition() { return true }
        var none = pollfd()
        _ = poll(&none, 0, 10)
    }
    return condition()
}

/// The text of `path` once `ready` says it is complete, or "" after `timeout`.
func fileText(_ path: String, timeout: Double = 5, ready: (String) -> Bool) -> String {
    var text = ""
    waitUntil(timeout: timeout) {
        if case .success(let t) = FileSystem.read(path), ready(t) { text = t; return true }
        return false
    }
    return text
}
