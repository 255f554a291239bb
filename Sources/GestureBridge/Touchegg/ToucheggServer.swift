import CDBusLoader
#if canImport(Glibc)
import Glibc
#endif

/// Touchégg's D-Bus server (src/daemon/daemon-server.cpp), served from the
/// user's session: a peer-to-peer D-Bus server (no bus daemon) at
/// `unix:abstract=touchegg`, object `/io/github/joseexposito/Touchegg`,
/// interface `io.github.joseexposito.Touchegg`, signals `OnGestureBegin`,
/// `OnGestureUpdate`, `OnGestureEnd` with arguments `(uudiut)`.
///
/// Built on libdbus-1 (the reference implementation), whose watch and
/// timeout API hands the sockets to the daemon's own poll() loop: no thread,
/// nothing polled while idle. libdbus is loaded (dlopen) by the first server
/// made, never at start-up: a daemon with touchegg-protocol off maps none
/// of it (Sources/CDBusLoader). Only clients of this user are served: the
/// EXTERNAL mechanism checks the peer's credentials (SO_PEERCRED); another
/// user is refused at authentication and said once. A client that stops
/// reading is dropped once a backlog builds up; one that disconnects or
/// sends garbage is closed by libdbus and forgotten.
public final class ToucheggServer {
    public static let address = "unix:abstract=touchegg"
    public static let objectPath = "/io/github/joseexposito/Touchegg"
    public static let interface = "io.github.joseexposito.Touchegg"
    /// A client whose unsent signals pass this is dropped (about a thousand
    /// signals: seconds of gestures it did not read).
    public static let backlogLimit = 256 * 1024
    /// Clients at once; more are refused (a local user could open thousands).
    public static let maximumClients = 256

    public enum StartError: Error, CustomStringConvertible {
        case addressInUse(String)
        case failed(String)
        public var description: String {
            switch self {
            case .addressInUse(let a):
                return "\(a) is taken: Touchégg's own daemon runs (stop it: systemctl disable --now touchegg); "
                    + "going on without the Touchégg protocol"
            case .failed(let m): return "the Touchégg protocol server did not start: \(m); going on without it"
            }
        }
    }

    /// A socket libdbus wants watched, and a timer it wants run.
    struct Watch { let handle: OpaquePointer }
    struct Timer { let handle: OpaquePointer; var due: Double }

    private var server: OpaquePointer?
    private var clients: [OpaquePointer] = []
    private var watches: [OpaquePointer] = []
    private var timers: [Timer] = []
    private var refusedUsers: Set<UInt> = []
    /// The daemon's time (its wakeup's, given to `handle`): libdbus's
    /// timers are set from it.
    private var now: Double
    /// Said to the log: a client came, went, was refused or dropped.
    public var onNote: (String) -> Void = { _ in }

    public init(address: String = ToucheggServer.address, now: Double) throws(StartError) {
        self.now = now
        var why = [CChar](repeating: 0, count: 512)
        func said() -> String { String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard cx_dbus_load(&why, why.count) != 0 else { throw .failed(said()) }
        var inUse: Int32 = 0
        guard let s = cx_dbus_server_listen(address, &inUse, &why, why.count) else {
            if inUse != 0 { throw .addressInUse(address) }
            throw .failed(said())
        }
        server = s
        // EXTERNAL only: the peer's credentials, never ANONYMOUS.
        "EXTERNAL".withCString { external in
            var mechanisms: [UnsafePointer<CChar>?] = [external, nil]
            _ = mechanisms.withUnsafeMutableBufferPointer { cx_dbus_server_set_auth_mechanisms(s, $0.baseAddress) }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        cx_dbus_server_set_new_connection_function(s, { _, connection, data in
            guard let connection, let data else { return }
            Unmanaged<ToucheggServer>.fromOpaque(data).takeUnretainedValue().accept(connection)
        }, me, nil)
        _ = cx_dbus_server_set_watch_functions(s, Self.addWatch, Self.removeWatch, Self.toggleWatch, me, nil)
        _ = cx_dbus_server_set_timeout_functions(s, Self.addTimer, Self.removeTimer, Self.toggleTimer, me, nil)
    }

    deinit { stop() }


    /// Closes every client and stops listening.
    public func stop() {
        for c in clients { cx_dbus_connection_close(c); cx_dbus_connection_unref(c) }
        clients.removeAll()
        if let s = server {
            cx_dbus_server_disconnect(s)
            cx_dbus_server_unref(s)
            server = nil
        }
        watches.removeAll()
        timers.removeAll()
    }

    // MARK: The poll loop

    /// The sockets to poll, appended to `fds` (as many as enabled watches).
    public func addPollDescriptors(to fds: inout [pollfd]) {
        for w in watches where cx_dbus_watch_get_enabled(w) != 0 {
            let flags = cx_dbus_watch_get_flags(w)
            var events: Int16 = 0
            if flags & UInt32(CX_DBUS_WATCH_READABLE) != 0 { events |= Int16(POLLIN) }
            if flags & UInt32(CX_DBUS_WATCH_WRITABLE) != 0 { events |= Int16(POLLOUT) }
            fds.append(pollfd(fd: cx_dbus_watch_get_unix_fd(w), events: events, revents: 0))
        }
    }

    /// The earliest timer libdbus runs (an authentication timing out), if
    /// any is enabled: a disabled one (due at infinity) wakes nobody.
    public var nextDeadline: Double? { timers.lazy.map(\.due).filter(\.isFinite).min() }

    /// What poll reported for our sockets, and timers that are due by
    /// `now` (the wakeup's time).
    public func handle(_ fds: ArraySlice<pollfd>, now: Double) {
        self.now = now
        for p in fds where p.revents != 0 {
            // A watch list may change while handling: look each one up again.
            for w in watches where cx_dbus_watch_get_unix_fd(w) == p.fd && cx_dbus_watch_get_enabled(w) != 0 {
                var flags: UInt32 = 0
                if p.revents & Int16(POLLIN) != 0 { flags |= UInt32(CX_DBUS_WATCH_READABLE) }
                if p.revents & Int16(POLLOUT) != 0 { flags |= UInt32(CX_DBUS_WATCH_WRITABLE) }
                if p.revents & Int16(POLLHUP) != 0 { flags |= UInt32(CX_DBUS_WATCH_HANGUP) }
                if p.revents & Int16(POLLERR) != 0 { flags |= UInt32(CX_DBUS_WATCH_ERROR) }
                _ = cx_dbus_watch_handle(w, flags)
                break
            }
        }
        // Handling one timer may add or remove others: the due ones are
        // taken first, and each run only if it is still there. (Checked
        // first: most wakeups have none due, and need no list made.)
        if timers.contains(where: { $0.due <= now }) {
            for t in timers.filter({ $0.due <= now }).map(\.handle) {
                guard let i = timers.firstIndex(where: { $0.handle == t }) else { continue }
                timers[i].due = now + Double(cx_dbus_timeout_get_interval(t)) / 1000
                _ = cx_dbus_timeout_handle(t)
            }
        }
        dispatchAndSweep()
    }

    // MARK: Signals

    /// Sends one signal to every client.
    public func send(_ s: ToucheggSignal) {
        guard !clients.isEmpty else { return }
        var dropped: [OpaquePointer] = []
        for c in clients where cx_dbus_connection_get_is_authenticated(c) != 0 {
            if cx_dbus_connection_get_outgoing_size(c) > Self.backlogLimit {
                onNote("Touchégg protocol: a client stopped reading (\(cx_dbus_connection_get_outgoing_size(c)) bytes unsent); dropped")
                dropped.append(c)
                continue
            }
            _ = cx_dbus_send_signal(c, Self.objectPath, Self.interface, s.member.rawValue, s.type.rawValue,
                                    s.direction.rawValue, s.percentage, s.fingers, s.device.rawValue, s.elapsedMS)
        }
        for c in dropped { cx_dbus_connection_close(c) }
        if !dropped.isEmpty { dispatchAndSweep() }
    }

    // MARK: Clients

    private func accept(_ c: OpaquePointer) {
        guard clients.count < Self.maximumClients else {
            onNote("Touchégg protocol: \(Self.maximumClients) clients already; one more refused")
            return   // not referenced: libdbus closes it
        }
        cx_dbus_connection_ref(c)
        let me = Unmanaged.passUnretained(self).toOpaque()
        cx_dbus_connection_set_unix_user_function(c, { _, uid, data in
            guard let data else { return 0 }
            return Unmanaged<ToucheggServer>.fromOpaque(data).takeUnretainedValue().allows(uid) ? 1 : 0
        }, me, nil)
        _ = cx_dbus_connection_set_watch_functions(c, Self.addWatch, Self.removeWatch, Self.toggleWatch, me, nil)
        _ = cx_dbus_connection_set_timeout_functions(c, Self.addTimer, Self.removeTimer, Self.toggleTimer, me, nil)
        // Introspect answered for clients that ask (d-feet, gdbus introspect).
        _ = cx_dbus_register_introspectable(c, Self.objectPath, Self.introspection)
        clients.append(c)
        onNote("Touchégg protocol: a client connected (\(clients.count) now)")
    }

    /// The EXTERNAL mechanism's check: this user only; others said once each.
    private func allows(_ uid: UInt) -> Bool {
        if uid == UInt(getuid()) { return true }
        if refusedUsers.insert(uid).inserted {
            onNote("Touchégg protocol: refused a client of uid \(uid): only this user's (uid \(getuid())) are served")
        }
        return false
    }

    /// Runs what libdbus read (Introspect, its own Peer methods) and forgets
    /// closed clients.
    private func dispatchAndSweep() {
        var i = 0
        while i < clients.count {
            let c = clients[i]
            while cx_dbus_connection_get_dispatch_status(c) == CX_DBUS_DISPATCH_DATA_REMAINS { _ = cx_dbus_connection_dispatch(c) }
            if cx_dbus_connection_get_is_connected(c) == 0 {
                clients.remove(at: i)
                cx_dbus_connection_unref(c)
                onNote("Touchégg protocol: a client went away (\(clients.count) left)")
            } else {
                i += 1
            }
        }
    }

    // MARK: libdbus callbacks

    private static func server(_ data: UnsafeMutableRawPointer?) -> ToucheggServer? {
        data.map { Unmanaged<ToucheggServer>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let addWatch: DBusAddWatchFunction = { w, data in
        guard let w, let s = server(data) else { return 0 }
        s.watches.append(w)
        return 1
    }
    private static let removeWatch: DBusRemoveWatchFunction = { w, data in
        guard let w, let s = server(data) else { return }
        s.watches.removeAll { $0 == w }
    }
    private static let toggleWatch: DBusWatchToggledFunction = { _, _ in }   // enabled is read at each poll

    private static let addTimer: DBusAddTimeoutFunction = { t, data in
        guard let t, let s = server(data) else { return 0 }
        s.timers.append(Timer(handle: t, due: cx_dbus_timeout_get_enabled(t) != 0
            ? s.now + Double(cx_dbus_timeout_get_interval(t)) / 1000 : .infinity))
        return 1
    }
    private static let removeTimer: DBusRemoveTimeoutFunction = { t, data in
        guard let t, let s = server(data) else { return }
        s.timers.removeAll { $0.handle == t }
    }
    private static let toggleTimer: DBusTimeoutToggledFunction = { t, data in
        guard let t, let s = server(data), let i = s.timers.firstIndex(where: { $0.handle == t }) else { return }
        s.timers[i].due = cx_dbus_timeout_get_enabled(t) != 0 ? s.now + Double(cx_dbus_timeout_get_interval(t)) / 1000 : .infinity
    }

    /// src/daemon/dbus.h's introspection data.
    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="io.github.joseexposito.Touchegg">
        \(["OnGestureBegin", "OnGestureUpdate", "OnGestureEnd"].map { name in
            """
                <signal name="\(name)">
                  <arg name="gesture_type" type="u"/>
                  <arg name="gesture_direction" type="u"/>
                  <arg name="percentage" type="d"/>
                  <arg name="fingers" type="i"/>
                  <arg name="performed_on_device_type" type="u"/>
                  <arg name="elapsed_time" type="t"/>
                </signal>
            """ }.joined(separator: "\n"))
          </interface>
        </node>
        """
}
