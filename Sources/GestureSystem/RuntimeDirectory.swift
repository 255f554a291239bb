#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// This user's directory for per-display files (the daemon's lock, the state
/// `status` reads): `$XDG_RUNTIME_DIR`, else `/tmp/gesture-bridge-UID`,
/// created 0700 and checked to be ours before anything is put there.
public enum RuntimeDirectory {
    public static func path(_ environment: [String: String]) -> String {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/gesture-bridge-\(getuid())"
    }

    /// `DIR/gesture-bridge-DISPLAY.EXTENSION`, the display made a file name.
    public static func file(display: String, environment: [String: String], extension ext: String) -> String {
        let safeDisplay = String(display.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" })
        return path(environment) + "/gesture-bridge-\(safeDisplay).\(ext)"
    }

    /// The directory, made if it is the `/tmp` fallback; nil unless it is a
    /// directory of this user that no one else may enter (0700).
    public static func prepared(_ environment: [String: String]) -> String? {
        let dir = path(environment)
        if environment["XDG_RUNTIME_DIR"].map({ $0.isEmpty }) ?? true { _ = mkdir(dir, 0o700) }
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == getuid(), st.st_mode & 0o077 == 0
        else { return nil }
        return dir
    }
}
