#if canImport(Glibc)
import GestureCore
import Glibc
#endif
import GestureConfig
import GestureSystem
import GestureClient
import GestureX11

/// The patterns the daemon's state says what it listens to with (English,
/// ListenPlan's and DaemonState's): `status` and `doctor` read its lines back
/// as them to say them in the user's language.
public enum StateWords {
    public static let listening = ListenPlan.Says.all + [DaemonState.Says.noConnection, DaemonState.Says.playedTrace]
}

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
            s.configStatus = (FileSystem.exists(config.path) ? DaemonState.Says.builtInErrors : DaemonState.Says.builtInNoFile).description
        } else if config.reportedFailure != nil {
            s.configStatus = DaemonState.Says.lastGood.with(["count": loaded.actions.count]).description
        } else {
            s.configStatus = DaemonState.Says.loaded.with(["count": loaded.actions.count]).description
        }
        s.keymap = loaded.keymap.map { "\($0.keymapName) (\($0.desktop))" } ?? DaemonState.Says.keymapNone.description
        if let input = connection.input {
            s.devices = input.statusDevices
            s.listening = input.statusListening
        } else {
            s.listening = [DaemonState.Says.noConnection.description]
        }
        s.toucheggProtocol = (clients.touchegg != nil ? DaemonState.Says.serving
            : loaded.table.settings.toucheggProtocol ? DaemonState.Says.notServing : DaemonState.Says.off).description
        s.messages = status.messages.messages
        s.write(to: path)
    }
}
