import CX11
import GestureX11
#if canImport(Glibc)
import Glibc
#endif

/// A RandR 1.5 monitor, as `xrandr --setmonitor NAME W/MMxH/MM+X+Y none`
/// defines one (Xvfb has one CRTC, but monitors may be set on it).
public func setMonitor(_ c: XConnection, name: String, x: Int16, y: Int16, width: UInt16, height: UInt16) {
    guard let m = XRRAllocateMonitor(c.display, 0) else { return }
    m.pointee.name = c.atom(name)
    m.pointee.x = Int32(x)
    m.pointee.y = Int32(y)
    m.pointee.width = Int32(width)
    m.pointee.height = Int32(height)
    m.pointee.mwidth = Int32(width) * 254 / 960    // 96 dpi
    m.pointee.mheight = Int32(height) * 254 / 960
    XRRSetMonitor(c.display, c.root, m)
    XFree(m)
    c.sync()
}

/// What an EWMH window manager announces, without running one: a window of
/// its own named `name`, pointed at by the root's `_NET_SUPPORTING_WM_CHECK`
/// and (unless `stale`) by itself. Returns that window.
@discardableResult
public func announceWindowManager(_ c: XConnection, name: String, stale: Bool = false) -> Window {
    let d = c.display
    let check = c.atom("_NET_SUPPORTING_WM_CHECK")
    let w = XCreateSimpleWindow(d, c.root, 0, 0, 1, 1, 0, 0, 0)
    var value = w
    withUnsafeBytes(of: &value) { bytes in
        let p = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        XChangeProperty(d, c.root, check, Atom(XA_WINDOW), 32, PropModeReplace, p, 1)
        if !stale { XChangeProperty(d, w, check, Atom(XA_WINDOW), 32, PropModeReplace, p, 1) }
    }
    let utf8 = Array(name.utf8)
    _ = utf8.withUnsafeBufferPointer {
        XChangeProperty(d, w, c.atom("_NET_WM_NAME"), c.atom("UTF8_STRING"), 8, PropModeReplace, $0.baseAddress,
                        Int32(utf8.count))
    }
    c.sync()
    return w
}

/// A window manager that speaks just enough EWMH to be asked: the root's
/// `_NET_SUPPORTED` (what it claims), workspaces, and SubstructureRedirect on
/// the root, so the client messages pagers send come to it, recorded as sent.
public final class FakeEWMH {
    public let connection: XConnection
    public struct Message: Equatable, CustomStringConvertible {
        public var type: String
        public var window: Window
        public var data: [Int]
        public var description: String { "\(type) 0x\(String(window, radix: 16)) \(data)" }
        public init(type: String, window: Window, data: [Int]) {
            self.type = type
            self.window = window
            self.data = data
        }
    }

    public init(display: String, supported: [String], workspaces: Int = 4, current: Int = 0,
                layout: [Int]? = nil) throws {
        connection = try XConnection(name: display)
        let c = connection, d = c.display
        set(c.root, "_NET_SUPPORTED", type: Atom(XA_ATOM), supported.map { Int(c.atom($0)) })
        set(c.root, "_NET_NUMBER_OF_DESKTOPS", [workspaces])
        set(c.root, "_NET_CURRENT_DESKTOP", [current])
        set(c.root, "_NET_SHOWING_DESKTOP", [0])
        if let layout { set(c.root, "_NET_DESKTOP_LAYOUT", layout) }
        XSelectInput(d, c.root, SubstructureRedirectMask | SubstructureNotifyMask)
        c.sync()
    }

    /// A top-level client window at x…x+w, y…y+h, with WM_STATE (as a WM sets it), mapped.
    public func client(x: Int32, y: Int32, width: UInt32, height: UInt32) -> Window {
        let c = connection, d = c.display
        let w = XCreateSimpleWindow(d, c.root, x, y, width, height, 0, 0, 0)
        set(w, "WM_STATE", type: c.atom("WM_STATE"), [1, 0])
        // Redirected to us: map it ourselves.
        XMapWindow(d, w)
        c.sync()
        return w
    }

    public func setActive(_ w: Window) { set(connection.root, "_NET_ACTIVE_WINDOW", type: Atom(XA_WINDOW), [Int(w)]) }

    /// The next client message sent to the root, waiting up to `timeout` s.
    public func nextMessage(timeout: Double = 5) -> Message? {
        let d = connection.display
        let end = monotonic() + timeout
        while monotonic() < end {
            while XPending(d) > 0 {
                var e = XEvent()
                XNextEvent(d, &e)
                guard e.type == ClientMessage else { continue }
                let name = XGetAtomName(d, e.xclient.message_type).map { p -> String in
                    defer { XFree(p) }
                    return String(cString: p)
                } ?? "?"
                var data: [Int] = []
                withUnsafeBytes(of: e.xclient.data) { raw in data = Array(raw.bindMemory(to: Int.self).prefix(5)) }
                return Message(type: name, window: e.xclient.window, data: data)
            }
            var pfd = pollfd(fd: XConnectionNumber(d), events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, 50)
        }
        return nil
    }

    private func set(_ w: Window, _ name: String, type: Atom = Atom(XA_CARDINAL), _ values: [Int]) {
        var longs = values
        _ = longs.withUnsafeMutableBytes { raw in
            XChangeProperty(connection.display, w, connection.atom(name), type, 32, PropModeReplace,
                            raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
        connection.sync()
    }
}
