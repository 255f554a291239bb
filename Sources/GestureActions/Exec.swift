#if canImport(Glibc)
import Glibc
#endif

/// Runs `exec` actions, detached in its own session, never waited for (the
/// daemon reaps children on SIGCHLD). Gesture values reach the command only
/// through `GESTURE_*` environment variables. A command with no shell syntax
/// (`xdotool key super`, `notify-send 'Hello there'`) is started directly,
/// its words split as the shell would split them and the program found on
/// the environment's PATH, as the shell would; anything else runs under
/// `/bin/sh -c`. Starting a shell costs a process image and its start-up
/// (about 30 ms on a slow machine) before the command even begins.
public enum Exec {
    /// glibc's POSIX_SPAWN_SETSID (spawn.h, behind _GNU_SOURCE, which Swift's
    /// Glibc module does not define).
    static let spawnSetSID: Int32 = 0x80

    /// Starts the command; returns its pid, or an error text. `shell` forces
    /// `/bin/sh -c` (tests compare the two ways).
    public static func spawn(_ command: String, environment: [String: String], shell: Bool = false) -> Result<pid_t, ExecError> {
        var program = "/bin/sh", words = ["/bin/sh", "-c", command]
        if !shell, let argv = ShellWords.direct(command) {
            guard let path = ExecPath.lookup(argv[0], path: environment["PATH"]) else {
                return .failure(ExecError(command: command, errno: ENOENT))
            }
            program = path
            words = argv
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // Its own session (no signals from our terminal), a clean signal mask
        // and default handlers (the daemon blocks signals for its signalfd).
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(Exec.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attr, argv, envp)
        guard rc == 0 else { return .failure(ExecError(command: command, errno: rc)) }
        return .success(pid)
    }

    /// Collects every exited child without blocking; returns how many.
    @discardableResult
    public static func reap() -> Int {
        var n = 0
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 { n += 1 }
        return n
    }
}

public struct ExecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var command: String
    public var errno: Int32
    public var description: String { "cannot run '\(command)': \(String(cString: strerror(errno)))" }
}
