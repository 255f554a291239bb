#if canImport(Glibc)
import Glibc
#endif

/// Starts test helpers (Xvfb, gesture-bridge) with posix_spawn and a cleared
/// signal mask: Foundation's Process hangs under Swift Testing here.
public enum ChildProcess {
    public enum Redirect {
        case devNull
        case file(String)
        /// Duplicate this descriptor of ours.
        case descriptor(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var errno: Int32
        public var description: String { String(cString: strerror(errno)) }
    }

    /// Spawns `path` (looked up in PATH when it has no slash) with `args`;
    /// `environment` nil inherits ours.
    public static func spawn(_ path: String, _ args: [String], environment: [String: String]?,
                             stdout: Redirect, stderr: Redirect, closing: [Int32] = []) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, r) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch r {
            case .devNull: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let p): posix_spawn_file_actions_addopen(&actions, fd, p, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let d): posix_spawn_file_actions_adddup2(&actions, d, fd)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc: Int32
        if var environment {
            // Sanitizer runs configure the children too (leak suppressions, options).
            for key in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] where environment[key] == nil {
                if let v = getenv(key) { environment[key] = String(cString: v) }
            }
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            rc = posix_spawnp(&pid, path, &actions, &attr, argv, envp)
        } else {
            rc = posix_spawnp(&pid, path, &actions, &attr, argv, environ)
        }
        return rc == 0 ? .success(pid) : .failure(SpawnError(errno: rc))
    }
}
