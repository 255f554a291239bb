#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureConfig
import GestureCore
import GestureX11
import GestureClient

/// `gesture-bridge doctor`: why nothing happens, each finding with its fix.
public struct Doctor {
    public enum Verdict: String, Sendable { case ok = "ok", warning = "warning", problem = "problem" }

    public struct Finding: Sendable, CustomStringConvertible {
        public var verdict: Verdict
        public var topic: String
        public var text: String
        /// What to do about it (empty when all is well).
        public var fix: String = ""
        public var description: String {
            "[\(verdict.rawValue)] \(topic): \(text)" + (fix.isEmpty ? "" : "\n    fix: \(fix)")
        }
    }

    public var environment: [String: String]
    public var display: String?
    public var configPath: String?
    public var findings: [Finding] = []

    public init(environment: [String: String], display: String?, configPath: String?) {
        self.environment = environment
        self.display = display
        self.configPath = configPath
    }

    /// Runs every check. True if nothing is a problem.
    public mutating func run() -> Bool {
        session()
        if let x = xServer() {
            devices(x)
            rootTaken(x)
        }
        otherTools()
        configuration()
        startup()
        return !findings.contains { $0.verdict == .problem }
    }

    private mutating func say(_ v: Verdict, _ topic: String, _ text: String, fix: String = "") {
        findings.append(Finding(verdict: v, topic: topic, text: text, fix: fix))
    }

    // MARK: Checks

    private mutating func session() {
        if let w = Session.wayland(environment) {
            say(.problem, "session", w, fix: "log out and choose an X11 session at the login screen")
        } else {
            say(.ok, "session", "X11 (\(environment["XDG_SESSION_TYPE"].map { "XDG_SESSION_TYPE=\($0)" } ?? "no XDG_SESSION_TYPE"))")
        }
    }

    private mutating func xServer() -> XConnection? {
        let name = display ?? environment["DISPLAY"]
        guard let c = try? XConnection(name: name) else {
            say(.problem, "X server", "cannot open display \(name ?? "(DISPLAY is empty)")",
                fix: "run it inside your X session, or pass --display :0")
            return nil
        }
        guard let xi = try? XInput(c) else {
            say(.problem, "XInput", "the X server on \(c.name) has no XInput 2", fix: "use Xorg 1.12 or later")
            return c
        }
        if xi.hasGestures {
            say(.ok, "XInput", "\(xi.major).\(xi.minor) on \(c.name): touches (2.2) and touchpad gestures (2.4)")
        } else if xi.major > 2 || (xi.major == 2 && xi.minor >= 2) {
            say(.warning, "XInput", "\(xi.major).\(xi.minor) on \(c.name): touchscreens work, touchpad gestures need XInput 2.4",
                fix: "upgrade to Xorg 21.1 or later with xf86-input-libinput 1.2 or later")
        } else {
            say(.problem, "XInput", "\(xi.major).\(xi.minor) on \(c.name): touches need XInput 2.2", fix: "upgrade Xorg")
        }
        return c
    }

    private mutating func devices(_ c: XConnection) {
        let list = XDevice.query(c).filter { $0.kind != .other }
        if list.isEmpty {
            say(.warning, "devices", "X reports no touchscreen or touchpad",
                fix: "check `xinput list`; a touchpad driven by the synaptics driver needs xserver-xorg-input-libinput instead")
            return
        }
        for d in list {
            var text = "\(d.kind.rawValue) \(d.id) '\(d.name)' (\(d.kindReason))"
            if let mm = d.sizeMM { text += ", \(Int(mm.width))×\(Int(mm.height)) mm" }
            let libinput = XDevice.isLibinput(c, device: d.id)
            if !d.enabled {
                say(.warning, "device", text + ": disabled", fix: "xinput enable \(d.id)")
            } else if !libinput {
                say(.warning, "device", text + ": not driven by libinput",
                    fix: "install xserver-xorg-input-libinput (the synaptics and evdev drivers send no XI 2.4 gestures)")
            } else {
                say(.ok, "device", text + ", libinput")
            }
        }
    }

    /// Only one client may select touch events on the root, and one hold a
    /// passive touch grab: tried and undone; who may hold them, and what the
    /// daemon then does, is said. Desktops take them for their own gestures
    /// (mutter and muffin grab, KWin selects), so neither is a problem: the
    /// daemon grabs beside a selection, and on the top-level windows under a
    /// grab (XIListener, TopLevelGrabs).
    private mutating func rootTaken(_ c: XConnection) {
        let state = DaemonState.running(display: c.name, environment: environment)
        let taken = RootProbe.taken(c)
        let wm = WindowManager.name(c)
        let held = [taken.touchSelection ? "a touch selection" : nil, taken.touchGrab ? "a passive touch grab" : nil].compactMap { $0 }
        if held.isEmpty {
            say(.ok, "root window", "no other client selects or grabs touches on it")
        } else if let state {
            say(.ok, "root window", "\(held.joined(separator: " and ")) held; gesture-bridge runs on \(c.name) (pid \(state.pid)), "
                + "holding " + state.listening.joined(separator: "; "))
        } else if taken.touchGrab {
            let who = wm.map { "the window manager (\($0)) may hold it for its own touchscreen gestures, as mutter and muffin do" }
                ?? "no window manager runs: another program holds it"
            say(wm == nil ? .warning : .ok, "root window", "another client holds a passive touch grab on the root window (\(who)); "
                + "gesture-bridge will grab touches on each top-level window below it: that client sees each touch "
                + "first and its own gestures win; the rest come to gesture-bridge, and bound gestures' touches still "
                + "never reach applications",
                fix: wm == nil ? "if it is another gesture tool (see below), stop it" : "")
        } else {
            let who = wm.map { " (the window manager, \($0), may: KWin does, for its screen edges)" } ?? ""
            say(wm == nil ? .warning : .ok, "root window", "another client selects touch events on the root window\(who); "
                + "gesture-bridge's grab (for `high` bindings, as the default config's) works beside it; `normal` "
                + "touchscreen bindings listen to raw touch events instead (applications also see those touches)")
        }
    }

    private mutating func otherTools() {
        let known = ["touchegg", "fusuma", "libinput-gestures", "libinput-gestures-setup", "lisgd", "easystroke", "touche"]
        var found: [String] = []
        for entry in FileSystem.list("/proc") where Int(entry) != nil {
            guard case .success(let comm) = FileSystem.read("/proc/\(entry)/comm") else { continue }
            let name = comm.split(separator: "\n").first.map(String.init) ?? ""
            if known.contains(name) || (name == "ruby" && cmdline(entry).includes("fusuma"))
                || (name.hasPrefix("python") && cmdline(entry).includes("libinput-gestures")) {
                found.append("\(name == "ruby" ? "fusuma" : name.hasPrefix("python") ? "libinput-gestures" : name) (pid \(entry))")
            }
        }
        if found.isEmpty {
            say(.ok, "other gesture tools", "none running (touchegg, fusuma, libinput-gestures, lisgd)")
        } else {
            say(.warning, "other gesture tools", found.joined(separator: ", ") + " running: both would act on the same gestures",
                fix: "stop it (touchegg: sudo systemctl disable --now touchegg; libinput-gestures-setup stop; fusuma: end it and "
                    + "remove it from autostart); `gesture-bridge import` brings its config along")
        }
    }

    private func cmdline(_ pid: String) -> String {
        guard case .success(let t) = FileSystem.read("/proc/\(pid)/cmdline") else { return "" }
        return String(t.map { $0 == "\0" ? " " : $0 })
    }

    private mutating func configuration() {
        let source = ConfigSource.load(path: configPath, loader: .standard())
        switch source.result {
        case .success(let c):
            let keymap = c.keymap.map { "keymap \($0.keymapName)" } ?? "keymap none"
            for w in c.warnings { say(.warning, "config", "\(w)") }
            say(.ok, "config", "\(source.label): \(c.actions.count) bindings, \(keymap)")
        case .failure(let e):
            say(.problem, "config", "\(source.label) has errors:\n" + e.diagnostics.map { "    \($0)" }.joined(separator: "\n"),
                fix: "fix them (gesture-bridge check shows each with its line); a running daemon keeps its last good config")
        }
    }

    private mutating func startup() {
        let unitActive = Self.capture("/usr/bin/systemctl", ["--user", "is-active", "gesture-bridge.service"])
        let unitEnabled = Self.capture("/usr/bin/systemctl", ["--user", "is-enabled", "gesture-bridge.service"])
        let autostart = ["\(environment["XDG_CONFIG_HOME"] ?? (environment["HOME"] ?? "") + "/.config")/autostart/gesture-bridge.desktop",
                         "/etc/xdg/autostart/gesture-bridge.desktop"].first { FileSystem.exists($0) }
        if let a = unitActive, a == "active" {
            say(.ok, "start-up", "the systemd user unit is active (\(unitEnabled ?? "?"))")
        } else if let e = unitEnabled, e == "enabled" || e == "enabled-runtime" {
            say(.warning, "start-up", "the systemd user unit is enabled but \(unitActive ?? "not active")",
                fix: "systemctl --user start gesture-bridge; journalctl --user -u gesture-bridge says why it stopped")
        } else if let autostart {
            say(.ok, "start-up", "the XDG autostart entry \(autostart) starts it at login")
        } else {
            say(.warning, "start-up", "nothing starts it with your session (no enabled systemd user unit, no autostart entry)",
                fix: "scripts/install.sh, or the Debian package, installs both")
        }
        let d = display ?? environment["DISPLAY"] ?? ":0"
        if let pid = DaemonState.running(display: d, environment: environment)?.pid {
            say(.ok, "daemon", "running on \(d) (pid \(pid)); gesture-bridge status says more")
        } else {
            say(.warning, "daemon", "not running on \(d)", fix: "gesture-bridge run (or start the unit)")
        }
    }

    // MARK: Helpers

    /// A command's first line of output, or nil if it cannot run.
    static func capture(_ path: String, _ args: [String]) -> String? {
        guard access(path, X_OK) == 0 else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let argv = ([path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); return nil }
        var out: [UInt8] = [], buf = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
