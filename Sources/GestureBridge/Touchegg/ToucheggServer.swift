import CDBus
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
/// nothing polled while idle. Only clients of this user are served: the
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
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let s = dbus_server_listen(address, &error) else {
            let name = error.name.map { String(cString: $0) } ?? ""
            let message = error.message.map { String(cString: $0) } ?? "unknown error"
            if name == DBUS_ERROR_ADDRESS_IN_USE || message.contains("in use") { throw .addressInUse(address) }
            throw .failed(message)
        }
        server = s
        // EXTERNAL only: the peer's credentials, never ANONYMOUS.
        "EXTERNAL".withCString { external in
            var mechanisms: [UnsafePointer<CChar>?] = [external, nil]
            _ = mechanisms.withUnsafeMutableBufferPointer { dbus_server_set_auth_mechanisms(s, $0.baseAddress) }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_server_set_new_connection_function(s, { _, connection, data in
            guard let connection, let data else { return }
            Unmanaged<ToucheggServer>.fromOpaque(data).takeUnretainedValue().accept(connection)
        }, me, nil)
        _ = dbus_server_set_watch_functions(s, Self.addWatch, Self.removeWatch, Self.toggleWatch, me, nil)
        _ = dbus_server_set_timeout_functions(s, Self.addTimer, Self.removeTimer, Self.toggleTimer, me, nil)
    }

    deinit { stop() }


    /// Closes every client and stops listening.
    public func stop() {
        for c in clients { dbus_connection_close(c); dbus_connection_unref(c) }
        clients.removeAll()
        if let s = server {
            dbus_server_disconnect(s)
            dbus_server_unref(s)
            server = nil
        }
        watches.removeAll()
        timers.removeAll()
    }

    // MARK: The poll loop

    /// The sockets to poll, appended to `fds` (as many as enabled watches).
    public func addPollDescriptors(to fds: inout [pollfd]) {
        for w in watches where dbus_watch_get_enabled(w) != 0 {
            let flags = dbus_watch_get_flags(w)
            var events: Int16 = 0
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
            fds.append(pollfd(fd: dbus_watch_get_unix_fd(w), events: events, revents: 0))
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
            for w in watches where dbus_watch_get_unix_fd(w) == p.fd && dbus_watch_get_enabled(w) != 0 {
                var flags: UInt32 = 0
                if p.revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
                if p.revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
                if p.revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
                if p.revents & Int16(POLLERR) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
                _ = dbus_watch_handle(w, flags)
                break
            }
        }
        // Handling one timer may add or remove others: the due ones are
        // taken first, and each run only if it is still there. (Checked
        // first: most wakeups have none due, and need no list made.)
        if timers.contains(where: { $0.due <= now }) {
            for t in timers.filter({ $0.due <= now }).map(\.handle) {
                guard let i = timers.firstIndex(where: { $0.handle == t }) else { continue }
                timers[i].due = now + Double(dbus_timeout_get_interval(t)) / 1000
                _ = dbus_timeout_handle(t)
            }
        }
        dispatchAndSweep()
    }

    // MARK: Signals

    /// Sends one signal to every client.
    public func send(_ s: ToucheggSignal) {
        guard !clients.isEmpty else { return }
        var dropped: [OpaquePointer] = []
        for c in clients where dbus_connection_get_is_authenticated(c) != 0 {
            if dbus_connection_get_outgoing_size(c) > Self.backlogLimit {
                onNote("Touchégg protocol: a client stopped reading (\(dbus_connection_get_outgoing_size(c)) bytes unsent); dropped")
                dropped.append(c)
                continue
            }
            guard let m = dbus_message_new_signal(Self.objectPath, Self.interface, s.member.rawValue) else { continue }
            var it = DBusMessageIter()
            dbus_message_iter_init_append(m, &it)
            var type = s.type.rawValue, direction = s.direction.rawValue, percentage = s.percentage
            var fingers = s.fingers, device = s.device.rawValue, elapsed = s.elapsedMS
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "u")), &type)
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "u")), &direction)
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "d")), &percentage)
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "i")), &fingers)
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "u")), &device)
            _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "t")), &elapsed)
            _ = dbus_connection_send(c, m, nil)
            dbus_message_unref(m)
        }
        for c in dropped { dbus_connection_close(c) }
        if !dropped.isEmpty { dispatchAndSweep() }
    }

    // MARK: Clients

    private func accept(_ c: OpaquePointer) {
        guard clients.count < Self.maximumClients else {
            onNote("Touchégg protocol: \(Self.maximumClients) clients already; one more refused")
            return   // not referenced: libdbus closes it
        }
        dbus_connection_ref(c)
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_unix_user_function(c, { _, uid, data in
            guard let data else { return 0 }
            return Unmanaged<ToucheggServer>.fromOpaque(data).takeUnretainedValue().allows(uid) ? 1 : 0
        }, me, nil)
        _ = dbus_connection_set_watch_functions(c, Self.addWatch, Self.removeWatch, Self.toggleWatch, me, nil)
        _ = dbus_connection_set_timeout_functions(c, Self.addTimer, Self.removeTimer, Self.toggleTimer, me, nil)
        // Introspect answered for clients that ask (d-feet, gdbus introspect).
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { connection, message, _ in
            guard let connection, let message,
                  dbus_message_is_method_call(message, "org.freedesktop.DBus.Introspectable", "Introspect") != 0,
                  let reply = dbus_message_new_method_return(message) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            var it = DBusMessageIter()
            dbus_message_iter_init_append(reply, &it)
            ToucheggServer.introspection.withCString { xml in
                var p: UnsafePointer<CChar>? = xml
                _ = dbus_message_iter_append_basic(&it, Int32(UInt8(ascii: "s")), &p)
            }
            _ = dbus_connection_send(connection, reply, nil)
            dbus_message_unref(reply)
            return DBUS_HANDLER_RESULT_HANDLED
        }
        _ = dbus_connection_register_object_path(c, Self.objectPath, &vtable, nil)
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
            while dbus_connection_get_dispatch_status(c) == DBUS_DISPATCH_DATA_REMAINS { _ = dbus_connection_dispatch(c) }
            if dbus_connection_get_is_connected(c) == 0 {
                clients.remove(at: i)
                dbus_connection_unref(c)
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
        s.timers.append(Timer(handle: t, due: dbus_timeout_get_enabled(t) != 0
            ? s.now + Double(dbus_timeout_get_interval(t)) / 1000 : .infinity))
        return 1
    }
    private static let removeTimer: DBusRemoveTimeoutFunction = { t, data in
        guard let t, let s = server(data) else { return }
        s.timers.removeAll { $0.handle == t }
    }
    private static let toggleTimer: DBusTimeoutToggledFunction = { t, data in
        guard let t, let s = server(data), let i = s.timers.firstIndex(where: { $0.handle == t }) else { return }
        s.timers[i].due = dbus_timeout_get_enabled(t) != 0 ? s.now + Double(dbus_timeout_get_interval(t)) / 1000 : .infinity
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
