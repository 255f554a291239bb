import CX11
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An X error Xlib reported (BadValue, BadAccess…): logged, never fatal.
public struct XErrorRecord: Hashable, Sendable, CustomStringConvertible {
    public var code: UInt8
    public var request: UInt8
    public var minor: UInt8
    public var resource: UInt
    public var text: String
    public var description: String { "X error \(text) (request \(request).\(minor), resource 0x\(String(resource, radix: 16)))" }
}

/// Errors from the handlers, per connection (Xlib passes the Display). The
/// daemon has one thread; tests run connections on several, hence the lock.
enum XErrorLog {
    struct State {
        var errors: [UInt: [XErrorRecord]] = [:] {
            didSet { XErrorLog.errorsPending.store(!errors.isEmpty, ordering: .releasing) }
        }
        var lost: Set<UInt> = [] {
            didSet { XErrorLog.anyLost.store(!lost.isEmpty, ordering: .releasing) }
        }
    }
    static let state = Mutex(State())
    /// Mirrors of "some connection has errors / was lost", kept under the
    /// lock: the daemon asks `alive` and `takeErrors` on every wakeup, and
    /// nearly always the answer is "none", without taking the lock.
    static let errorsPending = Atomic<Bool>(false)
    static let anyLost = Atomic<Bool>(false)

    static let handler: XErrorHandler = { display, event in
        guard let display, let e = event?.pointee else { return 0 }
        var buf = [CChar](repeating: 0, count: 128)
        XGetErrorText(display, Int32(e.error_code), &buf, Int32(buf.count))
        let record = XErrorRecord(code: e.error_code, request: e.request_code, minor: e.minor_code,
                                  resource: UInt(e.resourceid),
                                  text: buf.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        XErrorLog.state.withLock { s in
            var list = s.errors[UInt(bitPattern: display), default: []]
            if list.count > 1000 { list.removeFirst(500) }
            list.append(record)
            s.errors[UInt(bitPattern: display)] = list
        }
        return 0
    }

    /// The server went away. Returning (instead of exiting, Xlib's default)
    /// leaves the Display marked dead; the daemon reconnects.
    static let ioExit: XIOErrorExitHandler = { display, _ in
        if let display { _ = XErrorLog.state.withLock { $0.lost.insert(UInt(bitPattern: display)) } }
    }

    static let ioError: XIOErrorHandler = { _ in 0 }
}

public enum XConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(String)
    case noXInput(String)
    public var description: String {
        switch self {
        case .cannotOpen(let d): return "cannot open X display '\(d)'"
        case .noXInput(let why): return why
        }
    }
}

/// One connection to the X server: never exits the process on an error.
public final class XConnection {
    public let display: OpaquePointer
    public let root: Window
    public let name: String

    public init(name: String? = nil) throws(XConnectionError) {
        XSetErrorHandler(XErrorLog.handler)
        XSetIOErrorHandler(XErrorLog.ioError)
        let shown = name ?? String(cString: getenv("DISPLAY") ?? strdup(""))
        guard let d = name.map({ XOpenDisplay($0) }) ?? XOpenDisplay(nil) else {
            throw .cannotOpen(shown)
        }
        display = d
        self.name = shown
        XSetIOErrorExitHandler(d, XErrorLog.ioExit, nil)
        root = cx_DefaultRootWindow(d)
        // A new Display may sit where a dead one was freed: nothing of that one is ours.
        XErrorLog.state.withLock { s in
            s.lost.remove(UInt(bitPattern: d))
            s.errors[UInt(bitPattern: d)] = nil
        }
    }

    deinit {
        // Closing a dead connection would only report the loss again.
        if alive { XCloseDisplay(dpy) }
        XErrorLog.state.withLock { s in
            s.lost.remove(UInt(bitPattern: dpy))
            s.errors[UInt(bitPattern: dpy)] = nil
        }
    }

    /// Xlib's `Display *` (opaque to Swift).
    var dpy: OpaquePointer { display }

    public var fd: Int32 { cx_ConnectionNumber(dpy) }

    /// False once the server has gone away.
    public var alive: Bool {
        guard XErrorLog.anyLost.load(ordering: .acquiring) else { return true }
        return !XErrorLog.state.withLock { $0.lost.contains(UInt(bitPattern: dpy)) }
    }

    /// X errors on this connection since the last call.
    public func takeErrors() -> [XErrorRecord] {
        guard XErrorLog.errorsPending.load(ordering: .acquiring) else { return [] }
        return XErrorLog.state.withLock { s in
            defer { s.errors[UInt(bitPattern: dpy)] = nil }
            return s.errors[UInt(bitPattern: dpy)] ?? []
        }
    }

    public func flush() {
        requestsQueued = false
        if alive { XFlush(dpy) }
    }

    /// Requests written to Xlib's buffer and not yet sent (the daemon's
    /// per-wakeup flush). XFlush also tries to read the socket, a system call
    /// per wakeup that is wasted when nothing was asked of the server.
    public private(set) var requestsQueued = false
    /// Marks that a request was queued for `flushIfQueued`.
    public func queued() { requestsQueued = true }
    /// Flushes only if a request was queued since the last flush.
    public func flushIfQueued() { if requestsQueued { flush() } }

    /// Reads what the server sent, so that errors are recorded and a lost
    /// server is noticed. One read of the socket (XPending flushes, then reads
    /// what arrived), then the events Xlib holds: XPending per event would try
    /// the socket again for each one; anything arriving meanwhile wakes
    /// poll(). A keyboard mapping change is applied here and reported to
    /// `onMappingChanged`; every other event goes to `body` (a client that
    /// listens to no input, like the daemon playing a trace, drops them).
    public func drain(onMappingChanged: () -> Void, _ body: (inout XEvent) -> Void = { _ in }) {
        guard alive else { return }
        var queued = XPending(dpy)
        while queued > 0 && alive {
            var ev = XEvent()
            XNextEvent(dpy, &ev)   // one is queued: it does not block
            queued -= 1
            if queued == 0 { queued = XEventsQueued(dpy, QueuedAlready) }
            if cx_event_type(&ev) == MappingNotify {
                XRefreshKeyboardMapping(&ev.xmapping)
                onMappingChanged()
            } else {
                body(&ev)
            }
        }
    }

    /// Events Xlib has already read from the socket (a round trip pulls them
    /// in): poll() will not wake for those, so the loop must not wait.
    public var hasQueuedEvents: Bool { alive && XEventsQueued(dpy, QueuedAlready) > 0 }
    public func sync() { if alive { XSync(dpy, 0) } }

    public var screenSize: (width: Int, height: Int, widthMM: Int) {
        (Int(cx_DisplayWidth(dpy)), Int(cx_DisplayHeight(dpy)), Int(cx_DisplayWidthMM(dpy)))
    }

    public func atom(_ name: String) -> Atom { XInternAtom(dpy, name, 0) }
}

extension XConnection {
    /// A WINDOW-typed property of `w` (its first value), if set.
    public func windowProperty(_ w: Window, _ property: Atom) -> Window? {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        guard XGetWindowProperty(dpy, w, property, 0, 1, 0, Atom(XA_WINDOW), &type, &format, &n, &after, &data) == Success
        else { return nil }
        guard let data else { return nil }
        defer { XFree(data) }
        guard type == Atom(XA_WINDOW), format == 32, n == 1 else { return nil }
        return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
    }

    /// The name of `w`: `_NET_WM_NAME` (UTF-8), else `WM_NAME`.
    public func windowName(_ w: Window) -> String? {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        if XGetWindowProperty(dpy, w, atom("_NET_WM_NAME"), 0, 1024, 0, atom("UTF8_STRING"), &type, &format, &n, &after,
                              &data) == Success, let data, n > 0 {
            defer { XFree(data) }
            return String(decoding: UnsafeBufferPointer(start: data, count: Int(n)), as: UTF8.self)
        }
        if let data { XFree(data) }
        var name: UnsafeMutablePointer<CChar>? = nil
        if XFetchName(dpy, w, &name) != 0, let name {
            defer { XFree(name) }
            return String(cString: name)
        }
        return nil
    }
}
