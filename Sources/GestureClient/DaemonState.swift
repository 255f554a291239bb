#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureCore

/// What `gesture-bridge status` reads: the running daemon's state, kept in
/// `$XDG_RUNTIME_DIR/gesture-bridge-DISPLAY.state` beside its lock, written
/// (whole, then renamed into place) when something in it changes — never per
/// event — and removed when the daemon exits. One `key value` per line; the
/// repeatable keys (`device`, `listening`, `message`) in order.
public struct DaemonState: Hashable, Sendable {
    public var pid: Int32 = 0
    /// Seconds since the epoch when the daemon started.
    public var started: Int = 0
    public var display: String = ""
    public var config: String = ""
    /// "loaded (N bindings)", "built-in default (no file)", or what went wrong.
    public var configStatus: String = ""
    public var keymap: String = ""
    /// "ID KIND NAME" of each device in use.
    public var devices: [String] = []
    /// What the daemon holds, per kind of device: "touchscreens: a passive grab…" (`ListenPlan.grantedWords`, in English).
    public var listening: [String] = []
    public var toucheggProtocol: String = "off"
    /// The last warnings and errors, oldest first: "SECONDS LEVEL: text".
    public var messages: [String] = []

    public static let keptMessages = 5

    public init() {}

    /// The state file of `display`, beside its lock.
    public static func path(display: String, environment: [String: String]) -> String {
        RuntimeDirectory.file(display: display, environment: environment, extension: "state")
    }

    /// The state of the daemon running on `display`: nil when there is no
    /// state file or its process is gone (or is no gesture-bridge).
    public static func running(display: String, environment: [String: String]) -> DaemonState? {
        guard case .success(let text) = FileSystem.read(path(display: display, environment: environment)),
              let s = parse(text), kill(s.pid, 0) == 0 || errno == EPERM,
              case .success(let comm) = FileSystem.read("/proc/\(s.pid)/comm"), comm.hasPrefix("gesture-bridge") else { return nil }
        return s
    }

    public var text: String {
        var s = "pid \(pid)\nstarted \(started)\ndisplay \(display)\nconfig \(config)\nconfig-status \(configStatus)\n"
        s += "keymap \(keymap)\n"
        for d in devices { s += "device \(d)\n" }
        for l in listening { s += "listening \(l)\n" }
        s += "touchegg-protocol \(toucheggProtocol)\n"
        for m in messages { s += "message \(Self.oneLine(m))\n" }
        return s
    }

    public static func parse(_ text: String) -> DaemonState? {
        var s = DaemonState()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]), value = parts.count > 1 ? String(parts[1]) : ""
            switch key {
            case "pid": s.pid = Int32(value) ?? 0
            case "started": s.started = Int(value) ?? 0
            case "display": s.display = value
            case "config": s.config = value
            case "config-status": s.configStatus = value
            case "keymap": s.keymap = value
            case "device": s.devices.append(value)
            case "listening": s.listening.append(value)
            case "touchegg-protocol": s.toucheggProtocol = value
            case "message": s.messages.append(value)
            default: continue   // a newer daemon's key
            }
        }
        return s.pid > 0 ? s : nil
    }

    /// Written whole to a temporary file, then renamed over the old one: a
    /// reader never sees half a state.
    public func write(to path: String) {
        let tmp = path + ".tmp"
        guard case .success = FileSystem.write(text, to: tmp) else { return }
        chmod(tmp, 0o600)
        rename(tmp, path)
    }

    public static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// What the daemon writes in its state, in English whatever its locale (the
    /// file is read by programs in any locale): patterns `status` reads back
    /// (`Words.read`) to say them in the user's language.
    public enum Says {
        public static let loaded = Words("loaded ({count} bindings)")
        public static let builtInErrors = Words("the file has errors; running the built-in default")
        public static let builtInNoFile = Words("no file; running the built-in default")
        public static let lastGood = Words("the file has errors since it changed; running the last good config ({count} bindings)")
        public static let keymapNone = Words("none")
        public static let keymapWindowManager = Words("{keymap} (window manager {name})")
        public static let noConnection = Words("nothing: no X connection (retrying)")
        /// `run --play`'s input (tests, reproductions).
        public static let playedTrace = Words("a played trace ({path})")
        public static let serving = Words("serving")
        public static let notServing = Words("on, but not serving (the address is taken)")
        public static let off = Words("off")

        public static let configStatus = [loaded, builtInErrors, builtInNoFile, lastGood]
        public static let keymap = [keymapNone, keymapWindowManager]
        public static let toucheggProtocol = [serving, notServing, off]
    }
}
