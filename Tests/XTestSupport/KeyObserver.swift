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
        var opcode: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        _ = XQueryExtension(connection.display, "XInputExtension", &opcode, &ev, &err)
        var major: Int32 = 2, minor: Int32 = 2
        _ = XIQueryVersion(connection.display, &major, &minor)
        var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
        cx_XISetMask(&mask, XI_RawKeyPress)
        cx_XISetMask(&mask, XI_RawKeyRelease)
        mask.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(connection.display, connection.root, &m, 1)
        }
        connection.sync()
    }

    /// Events until `count` have come or `timeout` seconds pass (never a fixed sleep).
    public func events(count: Int, timeout: Double = 5) -> [Event] {
        var out: [Event] = []
        let deadline = monotonic() + timeout
        let d = connection.display
        while out.count < count {
            while XPending(d) > 0 {
                var ev = XEvent()
                XNextEvent(d, &ev)
                guard let cookie = cx_cookie(&ev) else { continue }
                guard XGetEventData(d, cookie) != 0 else { continue }
                defer { XFreeEventData(d, cookie) }
                let type = cookie.pointee.evtype
                guard type == XI_RawKeyPress || type == XI_RawKeyRelease else { continue }
                let raw = cookie.pointee.data.assumingMemoryBound(to: XIRawEvent.self).pointee
                let sym = XkbKeycodeToKeysym(d, KeyCode(raw.detail), 0, 0)
                let name = XKeysymToString(sym).map { String(cString: $0) } ?? "NoSymbol"
                out.append(Event(keysym: name, down: type == XI_RawKeyPress, keycode: Int(raw.detail), seen: monotonic()))
            }
            let left = deadline - monotonic()
            if out.count >= count || left <= 0 { break }
            var pfd = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(left * 1000) + 1)
        }
        return out
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
        var major: Int32 = 2, minor: Int32 = 2
        _ = XIQueryVersion(connection.display, &major, &minor)
        var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
        cx_XISetMask(&mask, XI_RawButtonPress)
        cx_XISetMask(&mask, XI_RawButtonRelease)
        mask.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(connection.display, connection.root, &m, 1)
        }
        connection.sync()
    }

    /// Button events until `count` have come or `timeout` seconds pass.
    public func events(count: Int, timeout: Double = 5) -> [Event] {
        var out: [Event] = []
        let deadline = monotonic() + timeout
        let d = connection.display
        while out.count < count {
            while XPending(d) > 0 {
                var ev = XEvent()
                XNextEvent(d, &ev)
                guard let cookie = cx_cookie(&ev), XGetEventData(d, cookie) != 0 else { continue }
                defer { XFreeEventData(d, cookie) }
                let type = cookie.pointee.evtype
                guard type == XI_RawButtonPress || type == XI_RawButtonRelease else { continue }
                let raw = cookie.pointee.data.assumingMemoryBound(to: XIRawEvent.self).pointee
                out.append(Event(button: Int(raw.detail), down: type == XI_RawButtonPress, seen: monotonic()))
            }
            let left = deadline - monotonic()
            if out.count >= count || left <= 0 { break }
            var pfd = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(left * 1000) + 1)
        }
        return out
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
