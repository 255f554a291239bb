#if canImport(Glibc)
import Glibc
#endif
import GestureBridge
import GestureSystem
import GestureLocalization

// The daemon, an executable of its own: what runs all day maps no argument
// parser. The systemd unit and the autostart entry start it;
// `gesture-bridge run` execs it with the same words.

@main
enum DaemonMain {
    /// swift-argument-parser's exit status for a usage error (EX_USAGE).
    static let usageExit: Int32 = 64
    /// A Wayland session: the systemd unit does not restart on it (RestartPreventExitStatus).
    static let waylandExit: Int32 = 3

    static func main() {
        let arguments: RunArguments
        switch RunArguments.read(Array(CommandLine.arguments.dropFirst())) {
        case .failure(let f):
            writeLine("Error: \(f.message)\n" + RunArguments.usage)
            exit(usageExit)
        case .success(let a):
            arguments = a
        }
        if arguments.help {
            writeLine(RunArguments.usage)
            exit(0)
        }
        // The log a person reads in their language (LC_MESSAGES only: the
        // monitor stream, traces and the state file stay as in the C locale).
        Localization.startMessages()
        var options = arguments.options
        options.translate = { L($0) }
        let env = ProcessEnvironment.current()
        // Under Wayland an X client gets no desktop-wide touches: say so and stop
        // (a played trace needs none, so --play may run anywhere).
        if options.play == nil, let why = Session.wayland(env) {
            writeLine("gesture-bridge: " + L(why))
            exit(waylandExit)
        }
        let lock: InstanceLock
        do {
            lock = try InstanceLock(display: options.display ?? env["DISPLAY"] ?? ":0", environment: env)
        } catch {
            writeLine("gesture-bridge: \(error)")
            exit(1)
        }
        let status = runAndRelease(options)
        // Not `withExtendedLifetime(lock) {}`: Swift 6 checks at run time
        // that its closure runs on the main actor (`MainActor.shared`,
        // `swift_task_isCurrentExecutor`), which linked the whole Swift
        // concurrency runtime into a daemon with no actor, task or async call.
        extendLifetime(lock)
        exit(status)
    }

    /// Runs the daemon, then lets go of everything it held before `exit`:
    /// what is still allocated at exit is then a leak. LeakSanitizer
    /// (scripts/lsan-daemon.sh) cannot follow a pointer to an indirect
    /// enum's box (GestureSpec), whose case Swift keeps in the pointer's
    /// spare bits: the running config's gestures, still held, read as leaked.
    static func runAndRelease(_ options: Daemon.Options) -> Int32 {
        var daemon = Daemon(options: options)
        return daemon.run()
    }

}
