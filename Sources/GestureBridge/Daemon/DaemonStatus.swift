#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureConfig
import GestureCore
import GestureSystem
import GestureX11
import Logging
import GestureTraces

// The state file `gesture-bridge status` reads, written when something in
// it changed.
extension Daemon {
    // MARK: State (gesture-bridge status)

    /// The state file for `status`, written when something in it changed.
    func writeState() {
        stateChanged = false
        messages.changed = false
        let env = ProcessEnvironment.current()
        let display = session?.connection.name ?? options.display ?? env["DISPLAY"] ?? ":0"
        let path = DaemonState.path(display: display, environment: env)
        if let old = statePath, old != path { unlink(old) }
        statePath = path
        var s = DaemonState()
        s.pid = getpid()
        s.started = startedAt
        s.display = display
        s.config = configPath
        if config.file == ConfigSource.builtInName {
            s.configStatus = FileSystem.exists(configPath) ? "the file has errors; running the built-in default"
                                                           : "no file; running the built-in default"
        } else if reportedFailure != nil {
            s.configStatus = "the file has errors since it changed; running the last good config (\(config.actions.count) bindings)"
        } else {
            s.configStatus = "loaded (\(config.actions.count) bindings)"
        }
        s.keymap = config.keymap.map { "\($0.keymapName) (\($0.desktop))" } ?? "none"
        if let input {
            s.devices = input.statusDevices
            s.listening = input.statusListening
        } else {
            s.listening = ["nothing: no X connection (retrying)"]
        }
        s.toucheggProtocol = touchegg != nil ? "serving"
            : config.table.settings.toucheggProtocol ? "on, but not serving (the address is taken)" : "off"
        s.messages = messages.messages
        s.write(to: path)
    }
}
