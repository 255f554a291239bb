import CX11
import GestureX11
#if canImport(Glibc)
import Glibc
#endif

/// A test client's window that records the pointer events X delivers to it
/// (core ButtonPress, ButtonRelease, MotionNotify): what an application
/// under the pointer gets, with and without the daemon's button grab.
public final class PointerWindow {
    public let connection: XConnection
    public let window: Window

    public enum Event: Hashable, CustomStringConvertible {
        case press(button: Int, x: Int, y: Int)
        case release(button: Int, x: Int, y: Int)
        /// `buttons`: the buttons held (the state's Button1Mask… bits, as 1…5).
        case motion(x: Int, y: Int, buttons: [Int])
        public var description: String {
            switch self {
            case .press(let b, let x, let y): return "press \(b) at \(x),\(y)"
            case .release(let b, let x, let y): return "release \(b) at \(x),\(y)"
            case .motion(let x, let y, let b): return "motion \(x),\(y)" + (b.isEmpty ? "" : " holding \(b)")
            }
        }
        public var isButton: Bool { if case .motion = self { false } else { true } }
    }

    /// A mapped window at the root's origin, `width` x `height`, with
    /// WM_CLASS `instance`/`windowClass`.
    public init(display: String, width: UInt32 = 1000, height: UInt32 = 800, windowClass: String = "PointerTest",
                instance: String = "pointertest") throws {
        connection = try XConnection(name: display)
        let d = connection.display
        window = XCreateSimpleWindow(d, connection.root, 0, 0, width, height, 0, 0, 0)
        var hint = XClassHint()
        instance.withCString { i in
            windowClass.withCString { c in
                hint.res_name = UnsafeMutablePointer(mutating: i)
                hint.res_class = UnsafeMutablePointer(mutating: c)
                XSetClassHint(d, window, &hint)
            }
        }
        XSelectInput(d, window, ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        // WM_STATE, as a window manager sets it on its clients: the
        // daemon finds the application by it.
        var state: [Int] = [1, 0]
        let wmState = connection.atom("WM_STATE")
        state.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(d, window, wmState, wmState, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        XMapWindow(d, window)
        connection.sync()
    }

    /// The events that come until `until` says enough or `timeout` seconds
    /// pass (polling the connection: never a fixed sleep).
    public func events(timeout: Double = 5, until: ([Event]) -> Bool) -> [Event] {
        var out: [Event] = []
        let d = connection.display
        let deadline = monotonic() + timeout
        while !until(out) {
            while XPending(d) > 0 {
                var ev = XEvent()
                XNextEvent(d, &ev)
                switch cx_event_type(&ev) {
                case ButtonPress: out.append(.press(button: Int(ev.xbutton.button), x: Int(ev.xbutton.x), y: Int(ev.xbutton.y)))
                case ButtonRelease: out.append(.release(button: Int(ev.xbutton.button), x: Int(ev.xbutton.x), y: Int(ev.xbutton.y)))
                case MotionNotify:
                    let held = (1...5).filter { ev.xmotion.state & (UInt32(Button1Mask) << UInt32($0 - 1)) != 0 }
                    out.append(.motion(x: Int(ev.xmotion.x), y: Int(ev.xmotion.y), buttons: held))
                default: break
                }
            }
            let left = deadline - monotonic()
            if until(out) || left <= 0 { break }
            var pfd = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(left * 1000) + 1)
        }
        return out
    }

    /// Button events until `count` of them came, or `timeout`.
    public func buttons(count: Int, timeout: Double = 5) -> [Event] {
        events(timeout: timeout) { $0.filter(\.isButton).count >= count }.filter(\.isButton)
    }
}

/// The user's hand, through XTest from a client of its own (XTest's
/// events go through passive grabs as a device's do).
public final class XTestHand {
    public let connection: XConnection
    public init(display: String) throws { connection = try XConnection(name: display) }

    public func move(_ x: Int, _ y: Int) {
        XTestFakeMotionEvent(connection.display, -1, Int32(x), Int32(y), 0)
        connection.sync()
    }
    public func button(_ n: Int, down: Bool) {
        XTestFakeButtonEvent(connection.display, UInt32(n), down ? 1 : 0, 0)
        connection.sync()
    }
    public func key(_ keysym: UInt32, down: Bool) {
        let code = XKeysymToKeycode(connection.display, KeySym(keysym))
        XTestFakeKeyEvent(connection.display, UInt32(code), down ? 1 : 0, 0)
        connection.sync()
    }
    /// From (x0, y0) through each point, `steps` motions per segment.
    public func draw(_ points: [(Int, Int)], steps: Int = 8) {
        guard var last = points.first else { return }
        for p in points.dropFirst() {
            for k in 1...steps {
                move(last.0 + (p.0 - last.0) * k / steps, last.1 + (p.1 - last.1) * k / steps)
            }
            last = p
        }
    }
}

/// Whether a passive grab of `button` on the root (the master pointer,
/// any modifiers) is free: tried from a client of its own and undone.
/// False when another client holds one there.
public func buttonGrabIsFree(display: String, button: Int32) throws -> Bool {
    let c = try XConnection(name: display)
    var major: Int32 = 2, minor: Int32 = 2
    _ = XIQueryVersion(c.display, &major, &minor)
    var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
    cx_XISetMask(&mask, XI_ButtonPress)
    var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
    var failed: Int32 = 0
    mask.withUnsafeMutableBufferPointer { buf in
        var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
        failed = XIGrabButton(c.display, XIAllMasterDevices, button, c.root, 0, XIGrabModeAsync, XIGrabModeAsync, 0, &m, 1, &mods)
    }
    let free = failed == 0 && mods.status == 0
    if free {
        var undo = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
        XIUngrabButton(c.display, XIAllMasterDevices, button, c.root, 1, &undo)
    }
    c.sync()
    return free
}
