#if canImport(Glibc)
import Glibc
#endif
import GestureSystem

/// `gesture-bridge run` execs the daemon, an executable of its own
/// (Sources/gesture-bridge-daemon): the process that runs all day maps no
/// argument parser and no FoundationEssentials. exec keeps the process (its
/// pid, its environment, its place under systemd): a unit or a script that
/// starts `gesture-bridge run` gets the daemon. (Ours start the daemon
/// itself: scripts/gesture-bridge.service.in.)
enum DaemonLauncher {
    static let name = "gesture-bridge-daemon"

    /// Where the daemon is: beside this binary (a build folder), or in
    /// `PREFIX/libexec/gesture-bridge/` beside `PREFIX/bin` (install.sh, the .deb).
    static func candidates(executableDirectory bin: String) -> [String] {
        [bin + "/" + name, bin + "/../libexec/gesture-bridge/" + name]
    }

    /// The arguments that go straight to the daemon, read before the
    /// argument parser runs (its start-up costs more than the daemon's):
    /// `run` and words that are the daemon's. Help, version and completion
    /// requests go to the parser.
    static func directRun(_ arguments: [String]) -> [String]? {
        guard arguments.count >= 2, arguments[1] == "run" else { return nil }
        let words = Array(arguments.dropFirst(2))
        let parsers = ["-h", "--help", "-help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        if words.contains(where: { w in parsers.contains { w == $0 || w.hasPrefix($0 + "=") } }) { return nil }
        return words
    }

    /// Replaces this process with the daemon; returns only if it could not
    /// (the reason, for the user).
    static func exec(_ words: [String]) -> String {
        guard let bin = FileSystem.executableDirectory() else { return "cannot read /proc/self/exe" }
        let paths = candidates(executableDirectory: bin)
        guard let path = paths.first(where: { access($0, X_OK) == 0 }) else {
            return "the daemon is not installed: none of " + paths.joined(separator: ", ")
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + words).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        return "cannot start \(path): \(String(cString: strerror(errno)))"
    }
}
