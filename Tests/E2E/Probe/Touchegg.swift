// The touchegg-protocol scenario's two witnesses: a D-Bus client of the
// daemon's Touchégg server (what a desktop shell is), and a window over the
// whole screen that selects touchpad gestures (what an application is).
import CDBus
import CX11
import GestureX11
#if canImport(Glibc)
import Glibc
#endif

/// `touchegg-client ADDRESS LOG`: connects (EXTERNAL authentication, as GDBus
/// clients do), then logs each signal as
/// "touchegg MEMBER type direction percentage fingers device elapsed".
/// Retries the connection for 10 s; logs "touchegg unreachable" if it never comes.
func toucheggClient(address: String, logPath: String) -> Never {
    let log = LineLog(path: logPath)
    var error = DBusError()
    dbus_error_init(&error)
    var connection: OpaquePointer? = nil
    let end = now() + 10_000_000_000
    while connection == nil {
        connection = dbus_connection_open_private(address, &error)
        if connection == nil {
            dbus_error_free(&error)
            if now() > end { log.write("touchegg unreachable"); exit(1) }
            usleep(100_000)
        }
    }
    log.write("touchegg connected")
    let c = connection!
    while dbus_connection_read_write(c, -1) != 0 {
        while let m = dbus_connection_pop_message(c) {
            defer { dbus_message_unref(m) }
            guard dbus_message_get_type(m) == DBUS_MESSAGE_TYPE_SIGNAL, let member = dbus_message_get_member(m) else { continue }
            var it = DBusMessageIter()
            guard dbus_message_iter_init(m, &it) != 0 else { continue }
            var fields: [String] = []
            repeat {
                switch dbus_message_iter_get_arg_type(&it) {
                case Int32(UInt8(ascii: "u")): var v: UInt32 = 0; dbus_message_iter_get_basic(&it, &v); fields.append("\(v)")
                case Int32(UInt8(ascii: "i")): var v: Int32 = 0; dbus_message_iter_get_basic(&it, &v); fields.append("\(v)")
                case Int32(UInt8(ascii: "t")): var v: UInt64 = 0; dbus_message_iter_get_basic(&it, &v); fields.append("\(v)")
                case Int32(UInt8(ascii: "d")):
                    var v: Double = 0
                    dbus_message_iter_get_basic(&it, &v)
                    fields.append("\(Double(Int((v * 100).rounded())) / 100)")
                default: fields.append("?")
                }
            } while dbus_message_iter_next(&it) != 0
            log.write("touchegg \(String(cString: member)) \(fields.joined(separator: " "))")
        }
    }
    log.write("touchegg disconnected")
    exit(0)
}

/// `gesture-window LOG`: a window over the whole screen selecting touchpad
/// gestures, buttons and motion (XI 2.4); logs "app-gesture KIND fingers=N"
/// for each gesture event X gives it, "ready" once mapped. Until killed.
func gestureWindow(logPath: String) -> Never {
    let log = LineLog(path: logPath)
    let (x, opcode) = openXInput(minor: 4)
    let d = x.display
    let w = XCreateSimpleWindow(d, x.root, 0, 0, UInt32(cx_DisplayWidth(d)), UInt32(cx_DisplayHeight(d)), 0, 0, 0)
    XStoreName(d, w, "e2e-gestures")
    select(d, w, [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
                  XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd])
    XMapRaised(d, w)
    XSync(d, 0)
    log.write("gesture-window ready")
    let names: [Int32: String] = [XI_GestureSwipeBegin: "swipe-begin", XI_GestureSwipeUpdate: "swipe-update",
                                  XI_GestureSwipeEnd: "swipe-end", XI_GesturePinchBegin: "pinch-begin",
                                  XI_GesturePinchUpdate: "pinch-update", XI_GesturePinchEnd: "pinch-end"]
    while true {
        while XPending(d) > 0 {
            var event = XEvent()
            XNextEvent(d, &event)
            guard let cookie = cx_cookie(&event), cookie.pointee.extension == opcode,
                  XGetEventData(d, cookie) != 0 else { continue }
            defer { XFreeEventData(d, cookie) }
            if let name = names[cookie.pointee.evtype] {
                let e = cookie.pointee.data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
                log.write("app-gesture \(name) fingers=\(e.detail)")
            }
        }
        var pfd = pollfd(fd: cx_ConnectionNumber(d), events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, -1) < 0 && errno != EINTR { fail("poll: \(errno)") }
        if pfd.revents & Int16(POLLHUP | POLLERR) != 0 { fail("the X server went away") }
    }
}
