import CX11
import GestureX11
#if canImport(Glibc)
import Glibc
#endif

/// A second X client that watches every key press and release (XI_RawKeyPress
/// / XI_RawKeyRelease on the root; raw events reach every client that asks).
public final class KeyObserver {
    public let connection: XConnection

    public struct Event: Hashable, CustomStringConvertible {
        public var keysym: String
        public var down: Bool
        public var keycode: Int
        /// When it was read (monotonic seconds).
        public var seen: Double
        public var description: String { (down ? "+" : "-") + keysym }
    }

    public init(display: String) throws {
        connection = try XConnection(name: display)
        selectRaw(connection, [XI_RawKeyPress, XI_RawKeyRelease])
    }

    /// Events until `count` have come or `timeout` seconds pass (never a fixed sleep).
    public func events(count: Int, timeout: Double = 5) -> [Event] {
        let d = connection.display
        return collectRaw(connection, count: count, timeout: timeout) { type, raw in
            guard type == XI_RawKeyPress || type == XI_RawKeyRelease else { return nil }
            let sym = XkbKeycodeToKeysym(d, KeyCode(raw.detail), 0, 0)
            let name = XKeysymToString(sym).map { String(cString: $0) } ?? "NoSymbol"
            return Event(keysym: name, down: type == XI_RawKeyPress, keycode: Int(raw.detail), seen: monotonic())
        }
    }

    /// Keys the server thinks are down right now.
    public func keysDown() -> [Int] {
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(connection.display, &keys)
        var down: [Int] = []
        for (i, byte) in keys.enumerated() {
            for bit in 0..<8 where UInt8(bitPattern: byte) & (1 << bit) != 0 { down.append(i * 8 + bit) }
        }
        return down
    }
}

public func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A second X client that watches mouse buttons (XI_RawButtonPress /
/// Release on the root) and can say where the pointer is.
public final class PointerObserver {
    public let connection: XConnection

    public struct Event: Hashable, CustomStringConvertible {
        public var button: Int
        public var down: Bool
        /// When it was read (monotonic seconds).
        public var seen: Double
        public var description: String { (down ? "+" : "-") + "button\(button)" }
    }

    public init(display: String) throws {
        connection = try XConnection(name: display)
        selectRaw(connection, [XI_RawButtonPress, XI_RawButtonRelease])
    }

    /// Button events until `count` have come or `timeout` seconds pass.
    public func events(count: Int, timeout: Double = 5) -> [Event] {
        collectRaw(connection, count: count, timeout: timeout) { type, raw in
            guard type == XI_RawButtonPress || type == XI_RawButtonRelease else { return nil }
            return Event(button: Int(raw.detail), down: type == XI_RawButtonPress, seen: monotonic())
        }
    }

    /// Where the pointer is, in root coordinates.
    public func pointer() -> (x: Int, y: Int) {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(connection.display, connection.root, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return (Int(rx), Int(ry))
    }

    /// Warps the pointer (to start a test from a known place).
    public func warp(x: Int32, y: Int32) {
        XWarpPointer(connection.display, 0, connection.root, 0, 0, 0, 0, x, y)
        connection.sync()
    }
}

/// Raw XI2 events on the root, for every master device (raw events reach
/// every client that asks, grabs or not).
func selectRaw(_ c: XConnection, _ events: [Int32]) {
    var major: Int32 = 2, minor: Int32 = 2
    _ = XIQueryVersion(c.display, &major, &minor)
    var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
    for e in events { cx_XISetMask(&mask, e) }
    mask.withUnsafeMutableBufferPointer { buf in
        var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
        _ = XISelectEvents(c.display, c.root, &m, 1)
    }
    c.sync()
}

/// What `take` makes of raw events, until `count` or `timeout` seconds
/// (polling the connection: never a fixed sleep).
func collectRaw<T>(_ c: XConnection, count: Int, timeout: Double, _ take: (Int32, XIRawEvent) -> T?) -> [T] {
    let rawTypes: Set<Int32> = [XI_RawKeyPress, XI_RawKeyRelease, XI_RawButtonPress, XI_RawButtonRelease, XI_RawMotion,
                                XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd]
    var out: [T] = []
    let deadline = monotonic() + timeout
    let d = c.display
    while out.count < count {
        while XPending(d) > 0 {
            var ev = XEvent()
            XNextEvent(d, &ev)
            guard let cookie = cx_cookie(&ev), XGetEventData(d, cookie) != 0 else { continue }
            defer { XFreeEventData(d, cookie) }
            guard rawTypes.contains(cookie.pointee.evtype) else { continue }
            let raw = cookie.pointee.data.assumingMemoryBound(to: XIRawEvent.self).pointee
            if let x = take(cookie.pointee.evtype, raw) { out.append(x) }
        }
        let left = deadline - monotonic()
        if out.count >= count || left <= 0 { break }
        var pfd = pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, Int32(left * 1000) + 1)
    }
    return out
}

/// Another client holding the root window's touch selection (as touchegg's
/// client or a desktop's own gestures do): X gives it to one client only.
public final class RootTouchHolder {
    let connection: XConnection
    public init(display: String) throws {
        connection = try XConnection(name: display)
        selectRaw(connection, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd])
    }
}

/// Whether a passive touch grab on `window` (any master device, any
/// modifiers) is free: tried from a client of its own and undone. False when
/// another client holds one there.
public func touchGrabIsFree(display: String, window: Window) throws -> Bool {
    let c = try XConnection(name: display)
    var major: Int32 = 2, minor: Int32 = 2
    _ = XIQueryVersion(c.display, &major, &minor)
    var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
    for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { cx_XISetMask(&mask, e) }
    var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
    var failed: Int32 = 0
    mask.withUnsafeMutableBufferPointer { buf in
        var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
        failed = XIGrabTouchBegin(c.display, XIAllMasterDevices, window, 0, &m, 1, &mods)
    }
    let free = failed == 0 && mods.status == 0
    if free {
        var undo = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
        XIUngrabTouchBegin(c.display, XIAllMasterDevices, window, 1, &undo)
    }
    c.sync()
    return free
}

/// Another client holding a passive touch grab on the root window for the
/// virtual core pointer, as GNOME's mutter does for its own touchscreen
/// gestures (`take_touch_grab` in its X11 backend): X gives it to one client.
public final class RootTouchGrabber {
    let connection: XConnection
    public init(display: String) throws {
        connection = try XConnection(name: display)
        var major: Int32 = 2, minor: Int32 = 2
        _ = XIQueryVersion(connection.display, &major, &minor)
        var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
        for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { cx_XISetMask(&mask, e) }
        var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
        mask.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: 2, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XIGrabTouchBegin(connection.display, 2, connection.root, 0, &m, 1, &mods)
        }
        connection.sync()
    }
}
