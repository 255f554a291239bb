import ArgumentParser
import GestureSystem
import GestureBridge
import GestureConfig
#if canImport(Glibc)
import Glibc
#endif

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether the daemon runs on this display, and how it is doing.",
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
            print("gesture-bridge is not running on \(d)")
            print("  start it: systemctl --user start gesture-bridge (or gesture-bridge run); gesture-bridge doctor says what is wrong")
            throw ExitCode(1)
        }
        let since = max(0, Int(time(nil)) - s.started)
        print("gesture-bridge is running on \(s.display) (pid \(s.pid), for \(Self.duration(since)))")
        print("  config: \(s.config): \(s.configStatus)")
        print("  keymap: \(s.keymap)")
        print("  devices: " + (s.devices.isEmpty ? "none in use" : s.devices.joined(separator: "; ")))
        for line in s.listening { print("  " + line) }
        print("  touchegg-protocol: \(s.toucheggProtocol)")
        if s.messages.isEmpty {
            print("  no warnings or errors")
        } else {
            print("  last warnings and errors:")
            for m in s.messages {
                let parts = m.split(separator: " ", maxSplits: 1)
                let ago = Int(parts.first ?? "").map { "\(Self.duration(max(0, Int(time(nil)) - $0))) ago" } ?? ""
                print("    \(ago): \(parts.count > 1 ? String(parts[1]) : m)")
            }
        }
    }

    static func duration(_ s: Int) -> String {
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        if s < 86400 { return "\(s / 3600) h \(s % 3600 / 60) min" }
        return "\(s / 86400) d \(s % 86400 / 3600) h"
    }
}

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check why gestures might do nothing, and say what to do about it.",
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
        for f in doctor.findings { print(f) }
        let problems = doctor.findings.filter { $0.verdict == .problem }.count
        let warnings = doctor.findings.filter { $0.verdict == .warning }.count
        print("\(problems) problem\(problems == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if !healthy { throw ExitCode(1) }
    }
}
