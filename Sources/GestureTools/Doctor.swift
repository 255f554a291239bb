#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureConfig
import GestureCore
import GestureX11
import GestureBridge
import GestureClient

/// `gesture-bridge doctor`: why nothing happens, each finding with its fix.
public struct Doctor {
    public enum Verdict: String, Sendable { case ok = "ok", warning = "warning", problem = "problem" }

    /// One check's outcome, in words the command says in the user's language
    /// (`text`); `description` is the English (the tests, E2E's greps).
    public struct Finding: Sendable, CustomStringConvertible {
        public var verdict: Verdict
        public var topic: Words
        public var words: Words
        /// What to do about it (none when all is well).
        public var fix: Words = .none
        /// The config's mistakes, under the line, each as `check` says it.
        public var diagnostics: [Diagnostic] = []
        public var description: String { text { $0 } }

        /// `[verdict] topic: text`, then `    fix: …` under it when there is a fix.
        public func text(_ translate: (String) -> String) -> String {
            let values: KeyValuePairs<String, any WordsValue> = ["topic": topic, "text": words]
            let line = switch verdict {
            // TRANSLATORS: doctor's lines; the bracketed verdict may be translated ([ok], [warning], [problem]).
            case .ok: Words("[ok] {topic}: {text}", values)
            case .warning: Words("[warning] {topic}: {text}", values)
            case .problem: Words("[problem] {topic}: {text}", values)
            }
            var s = line.text(translate)
            for d in diagnostics { s += "\n    " + d.text(translate) }
            guard !fix.description.isEmpty else { return s }
            return s + "\n    " + Words("fix: {fix}", ["fix": fix]).text(translate)
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

    private mutating func say(_ v: Verdict, _ topic: Words, _ text: Words, fix: Words = .none, diagnostics: [Diagnostic] = []) {
        findings.append(Finding(verdict: v, topic: topic, words: text, fix: fix, diagnostics: diagnostics))
    }

    /// The checks' names, as each line begins.
    enum Topic {
        static let session = Words("session")
        static let xServer = Words("X server")
        static let xInput = Words("XInput")
        static let devices = Words("devices")
        static let device = Words("device")
        static let rootWindow = Words("root window")
        static let otherTools = Words("other gesture tools")
        static let config = Words("config")
        static let startUp = Words("start-up")
        static let daemon = Words("daemon")
    }

    // MARK: Checks

    private mutating func session() {
        if let w = Session.wayland(environment) {
            say(.problem, Topic.session, w, fix: Words("log out and choose an X11 session at the login screen"))
        } else {
            say(.ok, Topic.session, environment["XDG_SESSION_TYPE"].map { Words("X11 (XDG_SESSION_TYPE={type})", ["type": $0]) }
                ?? Words("X11 (no XDG_SESSION_TYPE)"))
        }
    }

    private mutating func xServer() -> XConnection? {
        let name = display ?? environment["DISPLAY"]
        guard let c = try? XConnection(name: name) else {
            say(.problem, Topic.xServer, name.map { Words("cannot open display {display}", ["display": $0]) }
                ?? Words("cannot open display (DISPLAY is empty)"),
                fix: Words("run it inside your X session, or pass --display :0"))
            return nil
        }
        guard let xi = try? XInput(c) else {
            say(.problem, Topic.xInput, Words("the X server on {display} has no XInput 2", ["display": c.name]),
                fix: Words("use Xorg 1.12 or later"))
            return c
        }
        let values: KeyValuePairs<String, any WordsValue> = ["version": "\(xi.major).\(xi.minor)", "display": c.name]
        if xi.hasGestures {
            say(.ok, Topic.xInput, Words("{version} on {display}: touches (2.2) and touchpad gestures (2.4)", values))
        } else if xi.major > 2 || (xi.major == 2 && xi.minor >= 2) {
            say(.warning, Topic.xInput, Words("{version} on {display}: touchscreens work, touchpad gestures need XInput 2.4", values),
                fix: Words("upgrade to Xorg 21.1 or later with xf86-input-libinput 1.2 or later"))
        } else {
            say(.problem, Topic.xInput, Words("{version} on {display}: touches need XInput 2.2", values), fix: Words("upgrade Xorg"))
        }
        return c
    }

    private mutating func devices(_ c: XConnection) {
        let list = XDevice.query(c).filter { $0.kind != .other }
        if list.isEmpty {
            say(.warning, Topic.devices, Words("X reports no touchscreen or touchpad"),
                fix: Words("check `xinput list`; a touchpad driven by the synaptics driver needs xserver-xorg-input-libinput instead"))
            return
        }
        for d in list {
            // How the kind was decided stays as XDevice says it (a recorded trace's header keeps the same words).
            let kind = d.kind == .touchscreen ? Words("touchscreen") : Words("touchpad")
            var device = Words("{kind} {id} '{name}' ({reason})", ["kind": kind, "id": d.id, "name": d.name, "reason": d.kindReason])
            if let mm = d.sizeMM {
                device = Words("{device}, {width}×{height} mm", ["device": device, "width": Int(mm.width), "height": Int(mm.height)])
            }
            let libinput = XDevice.isLibinput(c, device: d.id)
            if !d.enabled {
                say(.warning, Topic.device, Words("{device}: disabled", ["device": device]), fix: Words.verbatim("xinput enable \(d.id)"))
            } else if !libinput {
                say(.warning, Topic.device, Words("{device}: not driven by libinput", ["device": device]),
                    fix: Words("install xserver-xorg-input-libinput (the synaptics and evdev drivers send no XI 2.4 gestures)"))
            } else {
                say(.ok, Topic.device, Words("{device}, libinput", ["device": device]))
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
        let held: Words? = switch (taken.touchSelection, taken.touchGrab) {
        case (true, true): Words("a touch selection and a passive touch grab")
        case (true, false): Words("a touch selection")
        case (false, true): Words("a passive touch grab")
        case (false, false): nil
        }
        if held == nil {
            say(.ok, Topic.rootWindow, Words("no other client selects or grabs touches on it"))
        } else if let held, let state {
            // What the daemon holds, as it wrote it in its state (English) and status reads it back.
            let holding = Words(list: state.listening.map { Words.reading($0, as: StateWords.listening) }, separator: "; ")
            say(.ok, Topic.rootWindow, Words("{held} held; gesture-bridge runs on {display} (pid {pid}), holding {holding}",
                                            ["held": held, "display": c.name, "pid": Int(state.pid), "holding": holding]))
        } else if taken.touchGrab {
            let who = wm.map { Words("the window manager ({wm}) may hold it for its own touchscreen gestures, as mutter and muffin do", ["wm": $0]) }
                ?? Words("no window manager runs: another program holds it")
            say(wm == nil ? .warning : .ok, Topic.rootWindow,
                Words("another client holds a passive touch grab on the root window ({who}); gesture-bridge will grab touches on each top-level window below it: that client sees each touch first and its own gestures win; the rest come to gesture-bridge, and bound gestures' touches still never reach applications",
                      ["who": who]),
                fix: wm == nil ? Words("if it is another gesture tool (see below), stop it") : .none)
        } else {
            let selects = wm.map { Words("another client selects touch events on the root window (the window manager, {wm}, may: KWin does, for its screen edges)", ["wm": $0]) }
                ?? Words("another client selects touch events on the root window")
            say(wm == nil ? .warning : .ok, Topic.rootWindow,
                Words("{selects}; gesture-bridge's grab (for `high` bindings, as the default config's) works beside it; `normal` touchscreen bindings listen to raw touch events instead (applications also see those touches)",
                      ["selects": selects]))
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
            say(.ok, Topic.otherTools, Words("none running (touchegg, fusuma, libinput-gestures, lisgd)"))
        } else {
            say(.warning, Topic.otherTools, Words("{tools} running: both would act on the same gestures", ["tools": found.joined(separator: ", ")]),
                fix: Words("stop it (touchegg: sudo systemctl disable --now touchegg; libinput-gestures-setup stop; fusuma: end it and remove it from autostart); `gesture-bridge import` brings its config along"))
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
            let keymap = c.keymap.map { Words("keymap {keymap}", ["keymap": $0.keymapName]) } ?? Words("keymap none")
            for w in c.warnings { say(.warning, Topic.config, w.words) }
            say(.ok, Topic.config, Words("{file}: {count} bindings, {keymap}", ["file": source.label, "count": c.actions.count, "keymap": keymap]))
        case .failure(let e):
            say(.problem, Topic.config, Words("{file} has errors:", ["file": source.label]),
                fix: Words("fix them (gesture-bridge check shows each with its line); a running daemon keeps its last good config"),
                diagnostics: e.diagnostics)
        }
    }

    private mutating func startup() {
        let unitActive = Self.capture("/usr/bin/systemctl", ["--user", "is-active", "gesture-bridge.service"])
        let unitEnabled = Self.capture("/usr/bin/systemctl", ["--user", "is-enabled", "gesture-bridge.service"])
        let autostart = ["\(environment["XDG_CONFIG_HOME"] ?? (environment["HOME"] ?? "") + "/.config")/autostart/gesture-bridge.desktop",
                         "/etc/xdg/autostart/gesture-bridge.desktop"].first { FileSystem.exists($0) }
        if let a = unitActive, a == "active" {
            say(.ok, Topic.startUp, Words("the systemd user unit is active ({enabled})", ["enabled": unitEnabled ?? "?"]))
        } else if let e = unitEnabled, e == "enabled" || e == "enabled-runtime" {
            say(.warning, Topic.startUp, Words("the systemd user unit is enabled but {active}",
                                             ["active": unitActive.map(Words.verbatim) ?? Words("not active")]),
                fix: Words("systemctl --user start gesture-bridge; journalctl --user -u gesture-bridge says why it stopped"))
        } else if let autostart {
            say(.ok, Topic.startUp, Words("the XDG autostart entry {file} starts it at login", ["file": autostart]))
        } else {
            say(.warning, Topic.startUp, Words("nothing starts it with your session (no enabled systemd user unit, no autostart entry)"),
                fix: Words("scripts/install.sh, or the Debian package, installs both"))
        }
        let d = display ?? environment["DISPLAY"] ?? ":0"
        if let pid = DaemonState.running(display: d, environment: environment)?.pid {
            say(.ok, Topic.daemon, Words("running on {display} (pid {pid}); gesture-bridge status says more", ["display": d, "pid": Int(pid)]))
        } else {
            say(.warning, Topic.daemon, Words("not running on {display}", ["display": d]), fix: Words("gesture-bridge run (or start the unit)"))
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
