#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import GestureSystem
import GestureLocalization

@main
struct GestureBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-bridge",
        abstract: L("Touchscreen and touchpad gestures for X11 desktops."),
        discussion: """
            GestureBridge turns multi-finger gestures (swipes, pinches, taps, long \
            presses and their combinations) into key presses or commands, as your \
            config file says. It runs as your user: no root, no input group.

            Start with `gesture-bridge init` (writes ~/.config/gesture-bridge/config.toml), \
            edit it, and check it with `gesture-bridge check`.
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, CheckCommand.self, InitCommand.self, KeymapsCommand.self, ReplayCommand.self,
                      DevicesCommand.self, RecordCommand.self, TraceCommand.self, ImportCommand.self, StatusCommand.self,
                      DoctorCommand.self, WatchCommand.self, TuneCommand.self, TeachCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// `gesture-bridge run …` execs the daemon before the argument parser
    /// starts: its protocol-conformance scans alone cost more than the
    /// daemon's start-up.
    static func main() {
        if let words = DaemonLauncher.directRun(CommandLine.arguments) {
            writeLine("gesture-bridge: \(DaemonLauncher.exec(words))")
            Glibc.exit(1)
        }
        // The words a person reads in the user's language (status, check, …); what programs read stays as it is.
        Localization.startMessages()
        main(nil)
    }
}
