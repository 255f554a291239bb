#if canImport(Glibc)
import Glibc
#endif
import GestureConfig
import GestureSystem
import GestureClient

extension Daemon {
    /// What `gesture-bridge status` reads: the state file, rewritten before
    /// the daemon sleeps when something in it changed.
    struct Status {
        /// The last warnings and errors (the logger adds them).
        let messages = MessageRing()
        /// Something in the state changed since it was last written.
        var changed = true
        /// Where it was last written (a new display moves it).
        var path: String? = nil
        let startedAt = Int(time(nil))

        var needsWriting: Bool { changed || messages.changed }
    }

    /// The state file for `status`, written when something in it changed.
    mutating func writeState() {
        status.changed = false
        status.messages.changed = false
        let env = ProcessEnvironment.current()
        let display = connection.session?.connection.name ?? options.display ?? env["DISPLAY"] ?? ":0"
        let path = DaemonState.path(display: display, environment: env)
        if let old = status.path, old != path { unlink(old) }
        status.path = path
        let loaded = config.loaded
        var s = DaemonState()
        s.pid = getpid()
        s.started = status.startedAt
        s.display = display
        s.config = config.path
        if loaded.file == ConfigSource.builtInName {
            s.configStatus = FileSystem.exists(config.path) ? "the file has errors; running the built-in default"
                                                            : "no file; running the built-in default"
        } else if config.reportedFailure != nil {
            s.configStatus = "the file has errors since it changed; running the last good config (\(loaded.actions.count) bindings)"
        } else {
            s.configStatus = "loaded (\(loaded.actions.count) bindings)"
        }
        s.keymap = loaded.keymap.map { "\($0.keymapName) (\($0.desktop))" } ?? "none"
        if let input = connection.input {
            s.devices = input.statusDevices
            s.listening = input.statusListening
        } else {
            s.listening = ["nothing: no X connection (retrying)"]
        }
        s.toucheggProtocol = clients.touchegg != nil ? "serving"
            : loaded.table.settings.toucheggProtocol ? "on, but not serving (the address is taken)" : "off"
        s.messages = status.messages.messages
        s.write(to: path)
    }
}
