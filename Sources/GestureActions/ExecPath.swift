#if canImport(Glibc)
import Glibc
#endif

/// Where `exec` finds a program (its words: `ShellWords.direct`).
public enum ExecPath {
    /// The program as the shell finds it: a name with a slash as it is,
    /// otherwise the first executable file of that name along `path`
    /// (the environment's PATH; an empty entry is the current directory).
    public static func lookup(_ name: String, path: String?) -> String? {
        if name.contains("/") { return name }
        let dirs = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        for d in dirs {
            let candidate = (d.isEmpty ? "." : String(d)) + "/" + name
            var st = stat()
            if stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
