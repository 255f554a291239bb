import CX11
import GestureActions
import GestureCore
@testable import GestureX11
import XTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An application's window as a client makes it: WM_CLASS, a title and,
/// as a window manager marks the windows it manages, WM_STATE.
func makeApplication(_ c: XConnection, in parent: Window, instance: String, class cls: String, title: String,
                     wmState: Bool = true, id: Window? = nil) -> Window {
    let d = c.display
    let w: Window
    if let id {
        // An id of our own choosing (X lets a client name its windows): one X reuses.
        let xc = XGetXCBConnection(d)
        _ = xcb_create_window(xc, 0, xcb_window_t(id), xcb_window_t(parent), 0, 0, 200, 200, 0,
                              UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), 0, 0, nil)
        xcb_flush(xc)
        w = id
    } else {
        w = XCreateSimpleWindow(d, parent, 0, 20, 400, 280, 0, 0, 0)
    }
    var hint = XClassHint()
    let name = strdup(instance), klass = strdup(cls)
    hint.res_name = name
    hint.res_class = klass
    XSetClassHint(d, w, &hint)
    free(name)
    free(klass)
    XStoreName(d, w, title)
    if wmState { setWMState(c, w) }
    c.sync()
    return w
}

func setWMState(_ c: XConnection, _ w: Window) {
    let wmState = c.atom("WM_STATE")
    let state: [UInt] = [1, 0]
    _ = state.withUnsafeBytes {
        XChangeProperty(c.display, w, wmState, wmState, 32, PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
    }
}

/// What a connection asked of X while `body` ran: the requests made (any,
/// through Xlib or XCB: Xlib's serial takes XCB's back at its next
/// request) and the bytes written to the socket (a round trip writes its
/// request before it waits).
func asked(_ c: XConnection, _ body: () -> Void) -> (requests: Int, written: UInt64) {
    let xc = XGetXCBConnection(c.display)
    XNoOp(c.display)
    let before = cx_NextRequest(c.display), written = xcb_total_written(xc)
    body()
    let wrote = xcb_total_written(xc) - written
    XNoOp(c.display)   // a request of Xlib's: its serial now counts XCB's too
    return (Int(cx_NextRequest(c.display) - before) - 1, wrote)
}

/// Waits (bounded) for the connection's socket to be readable.
func waitReadable(_ c: XConnection, ms: Int32 = 1000) {
    var fd = pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0)
    _ = poll(&fd, 1, ms)
}

extension XTests {
    /// The application under a touch, from the window directory: never
    /// asked of X while its events are read.
    @Suite(.serialized) struct WindowLookups {
        /// A client of the server (to make windows) and the listener, with
        /// its grab on the root.
        func listening(_ x: Xvfb) throws -> (app: XConnection, listener: XIListener) {
            let listener = try XIListener(connection: try XConnection(name: x.display, events: .xcb))
            listener.apply(ListenPlan(touches: .grab))
            listener.connection.flush()
            return (try XConnection(name: x.display), listener)
        }

        /// A touch as X delivers it through the root's grab, on `child`.
        func touch(_ type: Int32, _ id: UInt32, on child: Window, _ c: XConnection) -> xcb_input_touch_begin_event_t {
            var e = xcb_input_touch_begin_event_t()
            e.event_type = UInt16(type)
            e.deviceid = 2
            e.sourceid = 11
            e.detail = id
            e.root = UInt32(c.root)
            e.event = UInt32(c.root)
            e.child = UInt32(child)
            e.time = 1000 + id
            return e
        }

        /// A three-finger gesture, read as the listener reads X's events.
        func gesture(_ listener: XIListener, ids: ClosedRange<UInt32>, on child: Window, _ emit: (Input, Double) -> Void) {
            for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] {
                for id in ids {
                    var e = touch(type, id, on: child, listener.connection)
                    withUnsafeBytes(of: &e) { listener.take(type, $0.baseAddress!, now: 2, emit) }
                }
            }
        }

        /// The acceptance's count: reading a touchscreen gesture on a window
        /// that just appeared makes no request and no round trip; the touch
        /// waits, its window is asked about after the read (no waiting), and
        /// the answer lets it go, the application first. The next gesture on
        /// it asks nothing at all.
        @Test func readingATouchOnANewWindowAsksXNothing() throws {
            let x = try Xvfb()
            let (app, listener) = try listening(x)
            let c = listener.connection
            listener.drain(now: 0) { _, _ in }

            // A reparenting window manager's frame and the client inside it.
            let frame = XCreateSimpleWindow(app.display, app.root, 10, 10, 400, 300, 0, 0, 0)
            _ = makeApplication(app, in: frame, instance: "Navigator", class: "firefox", title: "Mozilla Firefox")
            waitReadable(c)
            var inputs: [Input] = []
            let reading = asked(c) {
                listener.read(now: 1, readSocket: true) { i, _ in inputs.append(i) }   // the frame's CreateNotify
                gesture(listener, ids: 1...3, on: frame) { i, _ in inputs.append(i) }
            }
            #expect(reading.requests == 0)
            #expect(reading.written == 0)
            #expect(inputs.isEmpty)   // held: the application under it is not known yet

            let after = asked(c) { listener.afterRead { i, _ in inputs.append(i) } }
            // Asked, not waited for: the frame's WM_STATE and children.
            #expect(after.requests == 2)
            #expect(inputs.isEmpty)
            // Each answer asks the next without waiting: the client's
            // WM_STATE and children, then its names (and a selection to watch it).
            var lookup = after.requests
            for _ in 0..<100 where inputs.isEmpty {
                waitReadable(c, ms: 10)
                lookup += asked(c) { listener.drain(now: 3) { i, _ in inputs.append(i) } }.requests
            }
            #expect(lookup == 2 + 2 + 4)
            #expect(inputs.first == .window(WindowContext(windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox")))
            #expect(inputs.dropFirst().first == .touchBegin(device: 11, touch: 1, at: .zero))
            #expect(inputs.count == 1 + 9)

            // Known now: the next gesture on it asks nothing, waits for nothing.
            inputs.removeAll()
            let again = asked(c) {
                gesture(listener, ids: 4...6, on: frame) { i, _ in inputs.append(i) }
                listener.afterRead { i, _ in inputs.append(i) }
            }
            #expect(again.requests == 0)
            #expect(inputs.count == 9)   // the same application: not said again
        }

        /// An answer read from the socket by a round trip of someone else's
        /// (XSync here): poll() will not wake for it, so the connection says
        /// it has something queued, and a drain that reads nothing lets the
        /// held touch go.
        @Test func anAnswerAnotherRoundTripReadIsNotLeftWaiting() throws {
            let x = try Xvfb()
            let (app, listener) = try listening(x)
            let c = listener.connection
            let top = makeApplication(app, in: app.root, instance: "xterm", class: "XTerm", title: "~")
            waitReadable(c)
            listener.drain(now: 0) { _, _ in }
            var inputs: [Input] = []
            gesture(listener, ids: 1...1, on: top) { i, _ in inputs.append(i) }
            listener.afterRead { i, _ in inputs.append(i) }
            #expect(inputs.isEmpty)
            // Each answer asks the next: the client's names come after its WM_STATE.
            for _ in 0..<10 where inputs.isEmpty {
                c.sync()   // reads whatever X has sent, the answers too
                #expect(c.hasQueuedEvents)
                listener.drain(now: 1, readSocket: false) { i, _ in inputs.append(i) }
            }
            #expect(inputs.first == .window(WindowContext(windowClass: "XTerm", instance: "xterm", title: "~")))
            #expect(inputs.count == 1 + 3)
        }

        /// X reuses a destroyed window's id: the new window names its own
        /// application, not the old one's. (A client names its own windows,
        /// so the test makes X reuse the id for real.)
        @Test func aReusedWindowIdNamesTheNewApplication() throws {
            let x = try Xvfb()
            let app = try XConnection(name: x.display)
            let c = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: c)
            let id = Window(xcb_generate_id(XGetXCBConnection(app.display)))
            _ = makeApplication(app, in: app.root, instance: "a", class: "A", title: "first", id: id)
            listener.drain(now: 0) { _, _ in }
            #expect(listener.windows.context(of: id) == WindowContext(windowClass: "A", instance: "a", title: "first"))

            XDestroyWindow(app.display, id)
            _ = makeApplication(app, in: app.root, instance: "b", class: "B", title: "second", id: id)
            waitReadable(c)
            listener.drain(now: 1) { _, _ in }
            #expect(listener.windows.cached(id) == nil)   // forgotten with the window it named
            #expect(listener.windows.context(of: id) == WindowContext(windowClass: "B", instance: "b", title: "second"))
        }

        /// A title changed, a client managed into a frame looked up before it
        /// came, a client destroyed inside its frame: what the directory said
        /// is asked again, and the frame names the application it holds now.
        @Test func whatChangesIsAskedAgain() throws {
            let x = try Xvfb()
            let app = try XConnection(name: x.display)
            let c = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: c)
            let frame = XCreateSimpleWindow(app.display, app.root, 10, 10, 400, 300, 0, 0, 0)
            app.sync()
            listener.drain(now: 0) { _, _ in }
            #expect(listener.windows.context(of: frame) == WindowContext(windowClass: "", instance: ""))   // an empty frame

            // Managed into it: the client, created on the root, reparented.
            let client = makeApplication(app, in: app.root, instance: "xterm", class: "XTerm", title: "~")
            XReparentWindow(app.display, client, frame, 0, 20)
            app.sync()
            waitReadable(c)
            listener.drain(now: 1) { _, _ in }
            #expect(listener.windows.context(of: frame) == WindowContext(windowClass: "XTerm", instance: "xterm", title: "~"))

            // Its title changes: asked again.
            XStoreName(app.display, client, "vim")
            app.sync()
            waitReadable(c)
            listener.drain(now: 2) { _, _ in }
            #expect(listener.windows.cached(frame) == nil)
            #expect(listener.windows.context(of: frame).title == "vim")

            // Destroyed inside its frame (its own StructureNotify tells): the frame is empty again.
            XDestroyWindow(app.display, client)
            app.sync()
            waitReadable(c)
            listener.drain(now: 3) { _, _ in }
            #expect(listener.windows.context(of: frame) == WindowContext(windowClass: "", instance: ""))
        }

        /// A real window manager (openbox) manages a client into its frame:
        /// the frame, asked about when it was mapped, names the client's
        /// application before any touch, so a touch on it waits for
        /// nothing; the frame is forgotten when the client closes.
        /// openbox is one of the window managers .ci/run installs after the
        /// README's `swift test` (a fresh machine has none); it runs this
        /// suite again once they are there.
        static let openboxInstalled = access("/usr/bin/openbox", X_OK) == 0

        @Test(.enabled(if: openboxInstalled, "openbox is not installed")) func underOpenbox() throws {
            let x = try Xvfb()
            let (app, listener) = try listening(x)
            let c = listener.connection
            // The client as an application makes it: a class and a title,
            // mapped. The window manager, started next, manages the windows
            // it finds (mapped while it starts, a window can be missed).
            let client = makeApplication(app, in: app.root, instance: "xmessage", class: "Xmessage", title: "hello",
                                         wmState: false)
            XMapWindow(app.display, client)
            app.sync()
            let home = "/tmp/gesture-bridge-openbox-\(getpid())"
            mkdir(home, 0o700)
            guard case .success(let wm) = ChildProcess.spawn("openbox", [], environment: ["DISPLAY": x.display, "HOME": home,
                                                                                           "PATH": "/usr/bin:/bin"],
                                                              stdout: .devNull, stderr: .devNull) else {
                Issue.record("openbox did not start")
                return
            }
            defer {
                kill(wm, SIGTERM)
                var st: Int32 = 0
                waitpid(wm, &st, 0)
                // Its home holds what openbox wrote there (.cache/openbox).
                if case .success(let rm) = ChildProcess.spawn("/bin/rm", ["-rf", home], environment: nil,
                                                               stdout: .devNull, stderr: .devNull) {
                    waitpid(rm, &st, 0)
                }
            }
            func topLevel(_ w: Window) -> Window {
                var root: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>? = nil, n: UInt32 = 0
                guard XQueryTree(app.display, w, &root, &parent, &children, &n) != 0 else { return 0 }
                if let children { XFree(children) }
                return parent == app.root ? w : topLevel(parent)
            }
            for _ in 0..<500 where topLevel(client) == client { usleep(10_000) }   // managed: reparented into a frame (5 s at most)
            let frame = topLevel(client)
            #expect(frame != client && frame != 0)
            for _ in 0..<20 {
                waitReadable(c, ms: 50)
                listener.drain(now: 1) { _, _ in }
            }

            let xmessage = WindowContext(windowClass: "Xmessage", instance: "xmessage", title: "hello")
            #expect(listener.windows.cached(frame) == xmessage)

            // A touch on the frame, as X delivers it through the root's grab: at once.
            var inputs: [Input] = []
            let reading = asked(c) {
                gesture(listener, ids: 1...1, on: frame) { i, _ in inputs.append(i) }
                listener.afterRead { i, _ in inputs.append(i) }
            }
            #expect(reading.requests == 0)
            #expect(inputs.first == .window(xmessage))
            #expect(inputs.count == 1 + 3)

            // Closed: openbox unmanages it and destroys its frame.
            XDestroyWindow(app.display, client)
            app.sync()
            for _ in 0..<20 where listener.windows.cached(frame) != nil {
                waitReadable(c, ms: 50)
                listener.drain(now: 3) { _, _ in }
            }
            #expect(listener.windows.cached(frame) == nil)
        }

        @Test func wmClassThroughAReparentingFrame() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            // A window manager's frame (no WM_STATE) holding the client window.
            let frame = XCreateSimpleWindow(conn.display, conn.root, 10, 10, 400, 300, 0, 0, 0)
            _ = makeApplication(conn, in: frame, instance: "Navigator", class: "firefox", title: "Mozilla Firefox")
            let ctx = WindowClasses(connection: conn).context(of: frame)
            #expect(ctx == WindowContext(windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox"))
            #expect(WindowClasses(connection: conn).context(of: conn.root) == .desktop)
        }

        /// One search, two drivers: the window actions' (waiting) and the
        /// directory's (never waiting) find the same client below a frame
        /// (two levels down, the topmost first, a sibling below it ignored)
        /// and read the same title; the fallbacks are each caller's own (the
        /// directory names an empty frame itself, a window action takes the
        /// active window).
        @Test func theWaitingAndTheAsynchronousSearchAgree() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            let d = conn.display
            let frame = XCreateSimpleWindow(d, conn.root, 100, 100, 400, 300, 0, 0, 0)
            let below = makeApplication(conn, in: frame, instance: "below", class: "Below", title: "under it")
            let inner = XCreateSimpleWindow(d, frame, 0, 0, 400, 300, 0, 0, 0)
            let client = makeApplication(conn, in: inner, instance: "xterm", class: "XTerm", title: "~/src")
            let empty = XCreateSimpleWindow(d, conn.root, 700, 100, 100, 100, 0, 0, 0)
            for w in [frame, inner, client, empty] { XMapWindow(d, w) }
            conn.sync()
            #expect(below != client)
            #expect(conn.clientWindow(under: frame) == client)
            #expect(conn.windowName(client) == "~/src")
            let ctx = WindowClasses(connection: conn).context(of: frame)
            #expect(ctx == WindowContext(windowClass: "XTerm", instance: "xterm", title: conn.windowName(client)))
            #expect(conn.clientWindow(under: empty) == nil)
            #expect(WindowClasses(connection: conn).context(of: empty) == WindowContext(windowClass: "", instance: ""))
            // Client under the point, else the active window.
            let active: [UInt] = [UInt(below)]
            _ = active.withUnsafeBytes {
                XChangeProperty(d, conn.root, conn.atom("_NET_ACTIVE_WINDOW"), Atom(XA_WINDOW), 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
            conn.sync()
            #expect(conn.targetClient(WindowTarget(x: 200, y: 200)) == client)
            #expect(conn.targetClient(WindowTarget(x: 750, y: 150)) == below)   // the empty frame: no client there
            #expect(conn.targetClient(WindowTarget()) == below)
        }
    }
}
