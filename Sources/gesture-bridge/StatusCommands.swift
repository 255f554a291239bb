import ArgumentParser
import GestureTools
import GestureSystem
import GestureBridge
import GestureConfig
import GestureClient
import GestureCore
import GestureX11
import GestureLocalization
#if canImport(Glibc)
import Glibc
#endif

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: L("Say whether the daemon runs on this display, and how it is doing."),
        discussion: """
            Reads the state the running daemon keeps in $XDG_RUNTIME_DIR (written when \
            it changes): pid, since when, the config and whether it loaded, the keymap, \
            the devices in use, what it listens to on the root window, the Touchégg \
            protocol server, and the last warnings and errors. Exits 0 if a daemon runs \
            on the display, 1 if none does.
            """
    )

    @OptionGroup var display: DisplayOption

    func run() throws {
        let env = ProcessEnvironment.current()
        let d = display.display ?? env["DISPLAY"] ?? ":0"
        guard let s = DaemonState.running(display: d, environment: env) else {
            print(L("gesture-bridge is not running on {display}", ["display": d]))
            print("  " + L("start it: systemctl --user start gesture-bridge (or gesture-bridge run); gesture-bridge doctor says what is wrong"))
            throw ExitCode(1)
        }
        let since = max(0, Int(time(nil)) - s.started)
        print(L("gesture-bridge is running on {display} (pid {pid}, for {duration})",
                ["display": s.display, "pid": String(s.pid), "duration": Self.duration(since)]))
        print("  " + L("config: {path}: {status}", ["path": s.config, "status": Self.said(s.configStatus, DaemonState.Says.configStatus)]))
        print("  " + L("keymap: {keymap}", ["keymap": Self.said(s.keymap, DaemonState.Says.keymap)]))
        print("  " + (s.devices.isEmpty ? L("devices: none in use") : L("devices: {devices}", ["devices": s.devices.joined(separator: "; ")])))
        for line in s.listening { print("  " + Self.said(line, StateWords.listening)) }
        print("  " + L("touchegg-protocol: {state}", ["state": Self.said(s.toucheggProtocol, DaemonState.Says.toucheggProtocol)]))
        if s.messages.isEmpty {
            print("  " + L("no warnings or errors"))
        } else {
            print("  " + L("last warnings and errors:"))
            for m in s.messages {
                // The daemon's log lines, as it logged them (its log is not translated yet).
                let parts = m.split(separator: " ", maxSplits: 1)
                let ago = Int(parts.first ?? "").map { L("{duration} ago", ["duration": Self.duration(max(0, Int(time(nil)) - $0))]) } ?? ""
                print("    \(ago): \(parts.count > 1 ? String(parts[1]) : m)")
            }
        }
    }

    /// What the daemon wrote in its state (English, whatever its locale) in
    /// the user's language, read back as the patterns it was written from;
    /// a value none of them makes (a path, a name) as it is.
    static func said(_ text: String, _ patterns: [Words]) -> String {
        L(Words.reading(text, as: patterns))
    }

    static func duration(_ s: Int) -> String {
        if s < 60 { return L("{seconds} s", ["seconds": String(s)]) }
        if s < 3600 { return L("{minutes} min", ["minutes": String(s / 60)]) }
        if s < 86400 { return L("{hours} h {minutes} min", ["hours": String(s / 3600), "minutes": String(s % 3600 / 60)]) }
        return L("{days} d {hours} h", ["days": String(s / 86400), "hours": String(s % 86400 / 3600)])
    }
}

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: L("Check why gestures might do nothing, and say what to do about it."),
        discussion: """
            Checks: an X11 session (not Wayland), XInput 2.2 and 2.4, the touchpads and \
            touchscreens X reports and whether libinput drives them, another program \
            holding the root window's touches, other gesture tools running, the config \
            and its keymap, the systemd user unit or autostart entry, and the daemon. \
            Exits 1 if something is a problem, 0 otherwise (warnings included).
            """
    )

    @OptionGroup var config: ConfigOption
    @OptionGroup var display: DisplayOption

    func run() throws {
        var doctor = Doctor(environment: ProcessEnvironment.current(), display: display.display, configPath: config.path)
        let healthy = doctor.run()
        for f in doctor.findings { print(f.text { L($0) }) }
        let problems = doctor.findings.filter { $0.verdict == .problem }.count
        let warnings = doctor.findings.filter { $0.verdict == .warning }.count
        print(Ln("{count} problem, {warnings}", "{count} problems, {warnings}", problems,
                 ["warnings": Ln("{count} warning", "{count} warnings", warnings)]))
        if !healthy { throw ExitCode(1) }
    }
}
