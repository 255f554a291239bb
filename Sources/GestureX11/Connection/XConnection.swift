import CX11
import Synchronization
import GestureSystem
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
    // Locked (pthread), not Mutex: TSan cannot see a futex and would call each access a race.
    static let state = Locked(State())
    /// Mirrors of "some connection has errors / was lost", kept under the
    /// lock: the daemon asks `alive` and `takeErrors` on every wakeup, and
    /// nearly always the answer is "none", without taking the lock.
    static let errorsPending = Atomic<Bool>(false)
    static let anyLost = Atomic<Bool>(false)

    static let handler: XErrorHandler = { display, event in
        guard let display, let e = event?.pointee else { return 0 }
        record(display, code: e.error_code, request: e.request_code, minor: e.minor_code, resource: UInt(e.resourceid))
        return 0
    }

    /// An error on `display`, with Xlib's text for its code: from Xlib's
    /// handler (requests with a reply) or from the event stream XCB reads
    /// (requests without one).
    static func record(_ display: OpaquePointer, code: UInt8, request: UInt8, minor: UInt8, resource: UInt) {
        var buf = [CChar](repeating: 0, count: 128)
        XGetErrorText(display, Int32(code), &buf, Int32(buf.count))
        let record = XErrorRecord(code: code, request: request, minor: minor, resource: resource,
                                  text: buf.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        XErrorLog.state.withLock { s in
            var list = s.errors[UInt(bitPattern: display), default: []]
            if list.count > 1000 { list.removeFirst(500) }
            list.append(record)
            s.errors[UInt(bitPattern: display)] = list
        }
    }

    /// The server behind `display` went away.
    static func lost(_ display: OpaquePointer) {
        _ = state.withLock { $0.lost.insert(UInt(bitPattern: display)) }
    }

    /// The server went away. Returning (instead of exiting, Xlib's default)
    /// leaves the Display marked dead; the daemon reconnects.
    static let ioExit: XIOErrorExitHandler = { display, _ in
        if let display { XErrorLog.lost(display) }
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

/// Who reads a connection's events.
public enum EventReader: Sendable {
    /// XCB hands them over as they came (`drain`): no conversion into
    /// Xlib's structures, no copy into Xlib's queue. The daemon's way.
    case xcb
    /// Xlib's own queue (XNextEvent, XPending): for clients that read
    /// events with Xlib's calls (the tests' observers, the E2E probe), and
    /// Xlib's own default.
    case xlib
}

/// One connection to the X server: never exits the process on an error.
public final class XConnection {
    /// Xlib's `Display *` (opaque to Swift).
    public let display: OpaquePointer
    public let root: Window
    public let name: String
    /// The XCB connection under Xlib's, when XCB owns the event queue.
    private let xcb: OpaquePointer?
    /// XKB's event code, when XKB tells this connection of keymap changes.
    private let xkbEvent: Int32
    /// Events read while waiting for a reply, kept for `drain`.
    private var held: [UnsafeMutablePointer<xcb_generic_event_t>] = []
    /// Keyboard mapping changes read, Xlib's keymap not refreshed yet (`refreshKeymap`).
    private var keymapChanges: [XEvent] = []

    /// Who reads this connection's events.
    public let events: EventReader

    public init(name: String? = nil, events: EventReader = .xlib) throws(XConnectionError) {
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
        self.events = events
        if events == .xcb {
            // Before any event is read: Xlib's queue is empty, and stays so.
            XSetEventQueueOwner(d, XCBOwnsEventQueue)
            xcb = XGetXCBConnection(d)
            // A layout switch must reach the key synthesizer (`drain`'s
            // onMappingChanged): XKB says so only when asked.
            xkbEvent = cx_xkb_select_keymap_changes(d)
        } else {
            xcb = nil
            xkbEvent = -1
        }
        // A new Display may sit where a dead one was freed: nothing of that one is ours.
        XErrorLog.state.withLock { s in
            s.lost.remove(UInt(bitPattern: d))
            s.errors[UInt(bitPattern: d)] = nil
        }
    }

    deinit {
        for e in held { free(e) }
        // Closing a dead connection would only report the loss again.
        if alive { XCloseDisplay(display) }
        XErrorLog.state.withLock { s in
            s.lost.remove(UInt(bitPattern: display))
            s.errors[UInt(bitPattern: display)] = nil
        }
    }

    public var fd: Int32 { cx_ConnectionNumber(display) }

    /// False once the server has gone away.
    public var alive: Bool {
        guard XErrorLog.anyLost.load(ordering: .acquiring) else { return true }
        return !XErrorLog.state.withLock { $0.lost.contains(UInt(bitPattern: display)) }
    }

    /// X errors on this connection since the last call.
    public func takeErrors() -> [XErrorRecord] {
        guard XErrorLog.errorsPending.load(ordering: .acquiring) else { return [] }
        return XErrorLog.state.withLock { s in
            defer { s.errors[UInt(bitPattern: display)] = nil }
            return s.errors[UInt(bitPattern: display)] ?? []
        }
    }

    /// Sends the requests queued since the last flush (the daemon's, once
    /// at the end of each wakeup). Nothing asked of the server since: no
    /// call into Xlib at all (the request serial tells, so no writer has to
    /// say it wrote).
    public func flush() {
        guard alive else { return }
        if directQueued {
            // Xlib takes the socket from XCB, which writes its requests
            // first; Xlib's serial then counts them (else an event Xlib
            // converts could carry a serial Xlib thinks is not sent yet).
            directQueued = false
            XFlush(display)
            flushedBefore = cx_NextRequest(display)
            return
        }
        let next = cx_NextRequest(display)
        guard next != flushedBefore else { return }
        XFlush(display)
        flushedBefore = next
    }

    /// The serial of the first request not yet flushed by `flush`.
    private var flushedBefore: UInt = 0
    /// Requests made through XCB since the last flush (Xlib's serial does
    /// not see them until Xlib's next request).
    private var directQueued = false

    /// XCB's connection under Xlib's (whoever reads the events).
    var xcbConnection: OpaquePointer? { xcb ?? XGetXCBConnection(display) }

    /// Makes requests through XCB (their cookies kept, their answers taken
    /// later without waiting: the window lookups); `flush` sends them.
    func requests<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard alive, let c = xcbConnection else { return nil }
        directQueued = true
        return body(c)
    }

    /// The answers to XCB requests this connection waited for (`wait`:
    /// round trips, at the start and in tools); the listener's drains
    /// never wait (its tests count this, and Xlib's own waits).
    public internal(set) var waits = 0

    /// Whether answers to XCB requests were read from the socket already
    /// (kept for their owner, who takes them after its next read; nothing is
    /// asked): set by whoever made such requests (the window directory's,
    /// and the listener's refresh of devices, monitors and modifier map,
    /// which chains the directory's).
    var answersWaiting: (() -> Bool)? = nil

    /// When Xlib's keymap follows a keyboard mapping change (a round trip
    /// inside Xlib: its keymap is its own, filled only by its own requests).
    public enum KeymapRefresh: Sendable {
        /// As the drain reads the change.
        case now
        /// At `refreshKeymap()`: a drain that must wait for nothing (the
        /// listener's, whose `takeNews` refreshes it once the drains are done).
        case later
    }

    /// Reads what the server sent: errors are recorded, a lost server is
    /// noticed, a keyboard mapping change is applied (`keymap`) and reported to
    /// `onMappingChanged`, XInput events go to `generic` as XCB delivers
    /// them (no conversion, no copy) and the rest, converted as Xlib would,
    /// to `other`. `readSocket`: poll() said the socket is readable, so it is
    /// read once (events it holds arrive together); otherwise only what is
    /// already read is handed over, and no system call is made. A client
    /// that listens to no input (the daemon playing a trace) drops them.
    public func drain(readSocket: Bool = true, keymap: KeymapRefresh = .now, onMappingChanged: () -> Void,
                      generic: (UnsafeRawPointer) -> Void = { _ in },
                      structure: (UnsafeRawPointer) -> Bool = { _ in false },
                      other: (inout XEvent) -> Void = { _ in }) {
        guard alive, let c = xcb else { return }
        func hand(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
            defer { free(event) }
            switch Int32(event.pointee.response_type & 0x7f) {
            case 0: record(error: event)
            case GenericEvent: generic(UnsafeRawPointer(event))
            // Windows created, mapped, moved, reparented, destroyed, their
            // properties changed: read as XCB's structs (Xlib's conversion
            // would check their sequence numbers against round trips made
            // since, and complain).
            case let type where (CreateNotify...PropertyNotify).contains(type) && structure(UnsafeRawPointer(event)): break
            default:
                // Converted as Xlib would have: a new keymap (XKB's news of it,
                // or a core MappingNotify) refreshes Xlib's.
                var ev = XEvent()
                guard cx_wire_to_event(display, &ev, event) != 0 else { return }
                if cx_xkb_keymap_changed(&ev, xkbEvent) != 0 || cx_event_type(&ev) == MappingNotify {
                    keymapChanges.append(ev)
                    if keymap == .now { refreshKeymap() }
                    onMappingChanged()
                } else {
                    other(&ev)
                }
            }
        }
        if !held.isEmpty {
            let events = held
            held.removeAll(keepingCapacity: true)
            for e in events { hand(e) }
        }
        var next = readSocket ? xcb_poll_for_event(c) : xcb_poll_for_queued_event(c)
        while let event = next {
            hand(event)
            next = xcb_poll_for_queued_event(c)
        }
        if xcb_connection_has_error(c) != 0 { XErrorLog.lost(display) }
    }

    /// Xlib's keymap follows the mapping changes drains have read since the
    /// last call (`KeymapRefresh.later`): a round trip each, never in a
    /// drain (the listener's `takeNews`).
    public func refreshKeymap() {
        guard !keymapChanges.isEmpty else { return }
        for var ev in keymapChanges {
            if cx_event_type(&ev) == MappingNotify { XRefreshKeyboardMapping(&ev.xmapping) } else { cx_xkb_refresh(&ev) }
        }
        keymapChanges.removeAll()
    }

    /// Events read from the socket but not handed over yet (a round trip
    /// reads what arrived before its reply): poll() will not wake for
    /// those, so the loop must not wait. Asks X nothing and hands nothing
    /// over: answers arrived are kept for their owner (`answersWaiting`), an
    /// event found is kept for the next drain.
    public var hasQueuedEvents: Bool {
        guard alive, let c = xcb else { return false }
        // Answers first: looking for one reads the socket, which may queue
        // events behind it (poll() would not wake for those either).
        let answered = answersWaiting?() == true
        if held.isEmpty, let e = xcb_poll_for_queued_event(c) { held.append(e) }
        return answered || !held.isEmpty
    }

    /// Waits until the server has handled every request sent, and records
    /// the errors they caused (which arrive among the events: the events
    /// read meanwhile are kept for `drain`).
    public func sync() {
        guard alive else { return }
        XSync(display, 0)
        guard let c = xcb else { return }
        while let e = xcb_poll_for_queued_event(c) {
            if e.pointee.response_type == 0 { record(error: e); free(e) } else { held.append(e) }
        }
    }

    /// An error from the event stream (a request without a reply failed):
    /// recorded as Xlib's error handler records those of requests with one.
    private func record(error event: UnsafeMutablePointer<xcb_generic_event_t>) {
        let e = UnsafeRawPointer(event).load(as: xcb_generic_error_t.self)
        XErrorLog.record(display, code: e.error_code, request: e.major_code, minor: UInt8(truncatingIfNeeded: e.minor_code),
                         resource: UInt(e.resource_id))
    }

    public var screenSize: (width: Int, height: Int, widthMM: Int) {
        (Int(cx_DisplayWidth(display)), Int(cx_DisplayHeight(display)), Int(cx_DisplayWidthMM(display)))
    }

    public func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
}

extension XConnection {
    /// A WINDOW-typed property of `w` (its first value), if set.
    public func windowProperty(_ w: Window, _ property: Atom) -> Window? {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        guard XGetWindowProperty(display, w, property, 0, 1, 0, Atom(XA_WINDOW), &type, &format, &n, &after, &data) == Success
        else { return nil }
        guard let data else { return nil }
        defer { XFree(data) }
        guard type == Atom(XA_WINDOW), format == 32, n == 1 else { return nil }
        return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
    }
}
