import CX11
import GestureActions
import GestureCore
@testable import GestureX11
import XTestSupport
import Testing

/// Every test that talks to X, one at a time (Xlib is not safe for
/// concurrent open/close), each against its own Xvfb.
@Suite(.serialized) struct XTests {
    @Suite(.serialized) struct Synthesis {
        func chord(_ text: String) -> KeyChord { try! ActionParser.parseChord(text).get() }

        @Test func chordsReachAnotherClient() throws {
            let x = try Xvfb()
            let observer = try KeyObserver(display: x.display)
            let conn = try XConnection(name: x.display)
            let synth = XTestSynthesizer(connection: conn)
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.key([chord("ctrl+alt+Right")]), binding: 0, gesture: [:])
            performer.flush()
            let seen = observer.events(count: 6).map(\.description)
            #expect(seen == ["+Control_L", "+Alt_L", "+Right", "-Right", "-Alt_L", "-Control_L"])
            #expect(observer.keysDown().isEmpty)
        }

        @Test func shiftedKeysymGetsShift() throws {
            // `plus` is Shift+equal on Xvfb's US layout.
            let x = try Xvfb()
            let observer = try KeyObserver(display: x.display)
            let synth = XTestSynthesizer(connection: try XConnection(name: x.display))
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.key([chord("ctrl+plus")]), binding: 0, gesture: [:])
            performer.flush()
            let seen = observer.events(count: 6)
            #expect(seen.map(\.description) == ["+Control_L", "+Shift_L", "+equal", "-Shift_L", "-equal", "-Control_L"])
        }

        @Test func keysymMissingFromTheLayoutBorrowsASpareKeycode() throws {
            let x = try Xvfb()
            let observer = try KeyObserver(display: x.display)
            let conn = try XConnection(name: x.display)
            let synth = XTestSynthesizer(connection: conn)
            // hebrew_aleph is not on the US layout Xvfb uses.
            #expect(XKeysymToKeycode(conn.display, 0xce0) == 0)
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.key([chord("hebrew_aleph")]), binding: 0, gesture: [:])
            performer.flush()
            let seen = observer.events(count: 2)
            #expect(seen.map(\.description) == ["+hebrew_aleph", "-hebrew_aleph"])
            let borrowed = try #require(synth.borrowed)
            #expect(Int(borrowed.keycode) == seen.first?.keycode)
            // The daemon's wakeup after the press: the restore is due 5 ms later.
            synth.restoreIfDue(now: 100)
            #expect(synth.restoreDeadline == 100.005)
            synth.restoreIfDue(now: 100.004)
            #expect(synth.borrowed != nil)
            synth.restoreIfDue(now: 100.005)
            #expect(synth.borrowed == nil)
            conn.sync()
            #expect(XkbKeycodeToKeysym(conn.display, borrowed.keycode, 0, 0) == 0)
        }

        @Test func keydownIsReleasedWhenTheGestureFinishes() throws {
            let x = try Xvfb()
            let observer = try KeyObserver(display: x.display)
            let synth = XTestSynthesizer(connection: try XConnection(name: x.display))
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.keyDown(chord("alt")), binding: 3, gesture: [:])
            performer.perform(.key([chord("Tab")]), binding: 3, gesture: [:])
            performer.flush()
            #expect(observer.events(count: 3).map(\.description) == ["+Alt_L", "+Tab", "-Tab"])
            #expect(!observer.keysDown().isEmpty)
            performer.gestureFinished(binding: 3)    // cancelled without its keyup
            performer.flush()
            #expect(observer.events(count: 1).map(\.description) == ["-Alt_L"])
            #expect(observer.keysDown().isEmpty)
        }

        @Test func badValueDoesNotKillTheProcess() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            // Button 0 does not exist: the server answers BadValue.
            XTestFakeButtonEvent(conn.display, 0, 1, 0)
            conn.sync()
            let errors = conn.takeErrors()
            #expect(errors.first?.text == "BadValue (integer parameter out of range for operation)")
            #expect(conn.alive)
        }

        @Test func theServerGoingAwayIsSurvived() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            #expect(conn.alive)
            x.stop(signal: SIGKILL)
            conn.sync()   // Xlib finds the connection lost: must not exit
            #expect(!conn.alive)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension XTests {
    @Suite(.serialized) struct Listening {
        @Test func grabsAndSelectionsAreAccepted() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            #expect(listener.xi.hasGestures)
            for plan in [ListenPlan(touches: .grab, swipes: .grab, pinches: .grab),
                         ListenPlan(touches: .select, swipes: .select, pinches: .select),
                         ListenPlan(touches: .raw), ListenPlan()] {
                #expect(listener.apply(plan).isEmpty)
                #expect(listener.active == plan)
            }
            #expect(conn.takeErrors().isEmpty)
            listener.stop()
        }

        /// Pointer strokes: with none bound no button is grabbed and no
        /// pointer event selected on the root; bound, exactly their buttons
        /// and layers are grabbed (a layer with the locks), and let go of.
        @Test func pointerStrokeGrabsAreExactlyWhatIsBound() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            let pointerEvents: Set<Int32> = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_RawKeyPress,
                                             XI_RawButtonPress, XI_RawButtonRelease, XI_RawMotion]
            func selected() -> Set<Int32> {
                conn.sync()
                var n: Int32 = 0
                guard let masks = XIGetSelectedEvents(conn.display, conn.root, &n) else { return [] }
                defer { XFree(masks) }
                var out: Set<Int32> = []
                for i in 0..<Int(n) {
                    let m = masks[i]
                    for e in pointerEvents where Int(cx_XIMaskLen(e)) <= Int(m.mask_len)
                        && m.mask[Int(e) >> 3] & UInt8(1 << (e & 7)) != 0 { out.insert(e) }
                }
                return out
            }
            listener.apply(ListenPlan(touches: .grab, swipes: .grab, pinches: .grab))
            #expect(listener.applyPointer(nil).isEmpty)
            #expect(listener.pointerGrabs.isEmpty)
            #expect(selected().isEmpty)
            for b: Int32 in [1, 2, 3, 8] { #expect(try buttonGrabIsFree(display: x.display, button: b)) }

            let table = GestureTable(desktop: [
                Binding(name: "L", gesture: .stroke(StrokeSpec(shape: "L", button: 3))),
                Binding(name: "super-L", gesture: .stroke(StrokeSpec(shape: "L", button: 8)), modifiers: .super),
            ])
            #expect(listener.applyPointer(PointerStrokeBindings(table: table, pxPerMM: 3.78)).isEmpty)
            #expect(listener.pointerGrabs.map { "\($0.button) \($0.states ?? [])" } == ["3 []", "8 [64, 66, 80, 82]"])
            #expect(try !buttonGrabIsFree(display: x.display, button: 3))
            #expect(try buttonGrabIsFree(display: x.display, button: 1))
            #expect(selected().isEmpty, "the grab brings the press; nothing is selected while idle")
            #expect(conn.takeErrors().isEmpty)

            listener.stop()
            #expect(listener.pointerGrabs.isEmpty)
            #expect(try buttonGrabIsFree(display: x.display, button: 3))
        }

        @Test func aSecondSelectorFallsBackToRawTouches() throws {
            let x = try Xvfb()
            let first = try XIListener(connection: try XConnection(name: x.display, events: .xcb))
            first.apply(ListenPlan(touches: .select))
            let second = try XIListener(connection: try XConnection(name: x.display, events: .xcb))
            let notes = second.apply(ListenPlan(touches: .select, swipes: .select))
            #expect(notes.count == 1 && notes[0].description.contains("another client already selects touch or gesture events"))
            #expect(second.active == ListenPlan(touches: .raw))
        }

        /// GNOME's mutter holds a passive touch grab on the root: ours is
        /// refused (the grab's modifier status), said, and grabs on every
        /// top-level window stand in, next in X's chain of touch grabs: the
        /// ones there at the start, the ones created after, not one
        /// reparented into a frame; all let go of at the end.
        @Test func aRootTouchGrabHeldElsewhereNestsOnTheTopLevelWindowsAndSaysSo() throws {
            let x = try Xvfb()
            let holder = try RootTouchGrabber(display: x.display)
            let app = try XConnection(name: x.display)
            let before = XCreateSimpleWindow(app.display, app.root, 0, 0, 100, 100, 0, 0, 0)
            app.sync()
            let listener = try XIListener(connection: try XConnection(name: x.display, events: .xcb))
            let notes = listener.apply(ListenPlan(touches: .grab, swipes: .grab, pinches: .grab))
            #expect(notes.map(\.description) == [XIListener.touchGrabNested.description + " (1 now)"])
            var nested = ListenPlan(touches: .grab, swipes: .grab, pinches: .grab)
            nested.touchGrab = .topLevels
            #expect(listener.active == nested)
            #expect(listener.active.grantedWords.first?.description.hasPrefix("touchscreens: passive grabs on the top-level windows, "
                + "below the window manager's own on the root") == true)
            #expect(try !touchGrabIsFree(display: x.display, window: before))

            // Windows that come later: a top-level one is grabbed, one
            // reparented into a frame is let go of, the frame keeps its grab.
            let after = XCreateSimpleWindow(app.display, app.root, 0, 0, 100, 100, 0, 0, 0)
            let frame = XCreateSimpleWindow(app.display, app.root, 200, 0, 100, 100, 0, 0, 0)
            let client = XCreateSimpleWindow(app.display, app.root, 0, 0, 50, 50, 0, 0, 0)
            app.sync()
            listener.drain(now: 0) { _, _ in }
            XReparentWindow(app.display, client, frame, 0, 0)
            app.sync()
            listener.drain(now: 0) { _, _ in }
            listener.connection.flush()   // the daemon's, at the end of a wakeup
            #expect(try !touchGrabIsFree(display: x.display, window: after))
            #expect(try !touchGrabIsFree(display: x.display, window: frame))
            #expect(try touchGrabIsFree(display: x.display, window: client))
            XDestroyWindow(app.display, after)
            app.sync()
            listener.drain(now: 0) { _, _ in }

            listener.stop()
            #expect(try touchGrabIsFree(display: x.display, window: before))
            #expect(try touchGrabIsFree(display: x.display, window: frame))
            withExtendedLifetime(holder) {}

            // Without the holder, the root's grab is granted.
            let free = try Xvfb()
            let other = try XIListener(connection: try XConnection(name: free.display, events: .xcb))
            #expect(other.apply(ListenPlan(touches: .grab)).isEmpty)
            #expect(other.active == ListenPlan(touches: .grab))
        }

        /// Below the window manager's grab: a touch that ends for us before
        /// it was ever handed down was taken by the window manager (said
        /// once); one handed down (TouchOwnership) and lifted was not; a
        /// touch on the bare desktop comes through the root's selection and
        /// waits for no decision. The begin's modifier state is the layer's.
        @Test func belowTheWindowManagersGrab() throws {
            let x = try Xvfb()
            let c = try XConnection(name: x.display, events: .xcb)
            let monitors = Monitors(connection: c)
            var state = ListenerState(devices: [])
            var plan = ListenPlan(touches: .grab)
            plan.touchGrab = .topLevels
            state.active = plan
            let root = UInt32(c.root), frame: UInt32 = 0x400005
            /// What one event became: its input, and what its begin said.
            struct Converted { var input: Input?; var modifiers: Modifiers?; var window: Window? }
            func touch(_ type: Int32, _ id: UInt32, on window: UInt32, mods: UInt32 = 0) -> Converted {
                var e = xcb_input_touch_begin_event_t()
                e.event_type = UInt16(type)
                e.deviceid = 2
                e.sourceid = 11
                e.detail = id
                e.root = root
                e.event = window
                e.mods.effective = mods
                var time = 0.0, begin = ListenerState.Begin()
                let input = withUnsafeBytes(of: &e) {
                    state.convert(type, $0.baseAddress!, now: 1, screen: monitors.screen, time: &time, begin: &begin)
                }
                return Converted(input: input, modifiers: begin.modifiers, window: begin.window)
            }
            func handedDown(_ id: UInt32) {
                var o = xcb_input_touch_ownership_event_t()
                o.event_type = UInt16(XI_TouchOwnership)
                o.sourceid = 11
                o.touchid = id
                var time = 0.0, begin = ListenerState.Begin()
                _ = withUnsafeBytes(of: &o) {
                    state.convert(XI_TouchOwnership, $0.baseAddress!, now: 1, screen: monitors.screen, time: &time, begin: &begin)
                }
            }
            let begin = touch(XI_TouchBegin, 1, on: frame, mods: 0x8)   // Mod1: Alt
            #expect(begin.modifiers == .alt)
            #expect(begin.window == Window(frame))   // its application is the listener's to find
            #expect(state.touches.touches[.init(device: 11, touch: 1)]
                == .undecided(.init(grab: Grab(master: 2, kind: .topLevel(Window(frame))), root: .zero)))
            _ = touch(XI_TouchEnd, 1, on: frame)
            #expect(state.takenAbove == 1)

            _ = touch(XI_TouchBegin, 2, on: frame, mods: 0x8)
            #expect(touch(XI_TouchBegin, 2, on: frame, mods: 0x8).modifiers == nil)   // unchanged: not said again
            handedDown(2)
            _ = touch(XI_TouchEnd, 2, on: frame)
            #expect(state.takenAbove == 1)

            let bare = touch(XI_TouchBegin, 3, on: root)
            #expect(bare.input == .touchBegin(device: 11, touch: 3, at: Point(x: 0, y: 0)))
            #expect(bare.modifiers == [])
            #expect(state.touches.touches[.init(device: 11, touch: 3)] == nil)

            // A touch handed back comes round through the root's selection
            // when nothing under it takes it (seen under mutter: a second
            // begin mid-gesture, its history replayed, cancelled a window
            // move): the engine follows it by its raw events already, so the
            // selection's begin, updates and end are dropped, and that only.
            _ = touch(XI_TouchBegin, 4, on: frame)
            handedDown(4)
            #expect(state.decide(.init(device: 11, touch: 4), claimed: false) != nil)
            #expect(touch(XI_TouchBegin, 4, on: root).input == nil)
            #expect(touch(XI_TouchUpdate, 4, on: root).input == nil)
            #expect(touch(XI_TouchEnd, 4, on: root).input == nil)
            #expect(state.touches.handedBack.isEmpty)   // its end forgot it
            // …and after its lift (seen under muffin): its raw end came first.
            _ = touch(XI_TouchBegin, 6, on: frame)
            handedDown(6)
            #expect(state.decide(.init(device: 11, touch: 6), claimed: false) != nil)
            _ = touch(XI_TouchEnd, 6, on: frame)   // the end X sends for the rejection
            _ = state.touches.on(.raw(at: .zero, ended: true), .init(device: 11, touch: 6))   // its raw end: followed no more
            #expect(state.touches.touches[.init(device: 11, touch: 6)] == nil)
            #expect(touch(XI_TouchBegin, 6, on: root).input == nil)
            #expect(touch(XI_TouchEnd, 6, on: root).input == nil)
            #expect(touch(XI_TouchBegin, 5, on: root).input == .touchBegin(device: 11, touch: 5, at: Point(x: 0, y: 0)))
        }

        @Test func devicesOfXvfbAreNotTouchDevices() throws {
            let x = try Xvfb()
            let devices = XDevice.query(try XConnection(name: x.display))
            #expect(!devices.isEmpty)
            #expect(devices.allSatisfy { $0.kind == .other })
        }

        /// RandR 1.5 monitors become the engine's outputs, and a change to them
        /// reaches the engine as a screen change.
        @Test func monitorsAreOutputsAndTheirChangesArrive() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            #expect(listener.monitors.eventBase != nil)
            let before = listener.monitors.screen
            let other = try XConnection(name: x.display)   // xrandr --setmonitor, as a user would
            setMonitor(other, name: "LEFT", x: 0, y: 0, width: 960, height: 1080)
            setMonitor(other, name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
            let outputs = listener.monitors.outputs.filter { $0.name == "LEFT" || $0.name == "RIGHT" }
            #expect(outputs == [Output(name: "LEFT", x: 0, y: 0, width: 960, height: 1080),
                                Output(name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)])
            var screens: [GestureCore.Screen] = []
            for _ in 0..<300 where screens.isEmpty {   // bounded: 3 s
                conn.sync()
                listener.drain(now: 0) { input, _ in
                    if case .screenChanged(let s) = input { screens.append(s) }
                }
                var none = pollfd()
                _ = poll(&none, 0, 10)
            }
            #expect(screens.last?.outputs.contains(Output(name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)) == true)
            #expect(screens.last != before)
        }

        /// Another client remaps a key (a layout switch does the same): XKB's
        /// news of it (asked for: without it none came, through Xlib's queue
        /// either) comes through XCB's queue, Xlib's keymap follows and the
        /// listener's owner hears of it (the drain's news).
        @Test func aKeyboardMappingChangeReachesXlibThroughXCB() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            var changes = 0
            let keysym = KeySym(0x100263A)   // U+263A ☺: no key in Xvfb's map
            #expect(XKeysymToKeycode(conn.display, keysym) == 0)   // Xlib has loaded the map
            let other = try XConnection(name: x.display)
            var minCode: Int32 = 0, maxCode: Int32 = 0
            XDisplayKeycodes(other.display, &minCode, &maxCode)
            var syms = [keysym]
            XChangeKeyboardMapping(other.display, maxCode, 1, &syms, 1)
            XSync(other.display, 0)
            for _ in 0..<300 where changes == 0 {   // bounded: 3 s
                conn.sync()
                listener.drain(now: 0) { _, _ in }
                if listener.takeNews()?.mappingChanged == true { changes += 1 }
                var none = pollfd()
                _ = poll(&none, 0, 10)
            }
            #expect(changes >= 1)   // XKB's notifications and Xlib's core one: the synthesizer's cache is emptied
            #expect(XKeysymToKeycode(conn.display, keysym) == KeyCode(maxCode))
        }

        /// `xinput map-to-output`: a device's Coordinate Transformation Matrix
        /// names the output it is mapped to (the XTEST pointer has one in Xvfb).
        @Test func aDeviceMatrixNamesItsOutput() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            setMonitor(conn, name: "LEFT", x: 0, y: 0, width: 960, height: 1080)
            setMonitor(conn, name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
            let monitors = Monitors(connection: conn)
            let outputs = monitors.outputs
            guard let xtest = XDevice.query(conn).first(where: { $0.name == "Virtual core XTEST pointer" }) else {
                Issue.record("no XTEST pointer")
                return
            }
            #expect(monitors.mappedOutput(device: xtest.id, outputs: outputs) == nil)   // identity: the whole screen
            func setMatrix(_ m: [Float]) {
                var items = m.map(\.bitPattern)   // XIChangeProperty takes 32-bit items as 32 bits
                items.withUnsafeMutableBytes {
                    XIChangeProperty(conn.display, xtest.id, conn.atom("Coordinate Transformation Matrix"), conn.atom("FLOAT"),
                                     32, PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 9)
                }
                conn.sync()
            }
            setMatrix([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1])
            #expect(monitors.mappedOutput(device: xtest.id, outputs: outputs) == "RIGHT")
            setMatrix([0.5, 0, 0, 0, 1, 0, 0, 0, 1])
            #expect(monitors.mappedOutput(device: xtest.id, outputs: outputs) == "LEFT")
            setMatrix([0.4, 0, 0, 0, 1, 0, 0, 0, 1])
            #expect(monitors.mappedOutput(device: xtest.id, outputs: outputs) == nil)   // no output is that rectangle
        }

        /// EWMH: the root names the window manager's window, which names itself.
        @Test func theWindowManagerIsNamedByEWMH() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            #expect(WindowManager.name(conn) == nil)           // Xvfb alone: none
            announceWindowManager(conn, name: "Mutter (Muffin)", stale: true)
            #expect(WindowManager.name(conn) == nil)           // a stale property: none
            announceWindowManager(conn, name: "Mutter (Muffin)")
            #expect(WindowManager.name(conn) == "Mutter (Muffin)")
        }
    }

    /// Window-manager actions through EWMH, asked of a window manager that
    /// records what it is sent.
    @Suite(.serialized) struct WindowManagerActions {
        static let everything = ["_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS", "_NET_DESKTOP_LAYOUT",
                                 "_NET_SHOWING_DESKTOP", "_NET_CLOSE_WINDOW", "_NET_WM_STATE",
                                 "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
                                 "_NET_WM_STATE_FULLSCREEN", "_NET_ACTIVE_WINDOW"]

        @Test func workspacesAreAskedForAsPagersDo() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.everything, workspaces: 4, current: 1,
                                  layout: [0, 2, 2, 0])
            let c = try XConnection(name: x.display)
            let control = EWMHControl(connection: c)
            control.time = 4321
            #expect(control.performed(.workspace(.next), target: WindowTarget()) == .done("workspace 3 of 4"))
            #expect(wm.nextMessage() == .init(type: "_NET_CURRENT_DESKTOP", window: c.root, data: [2, 4321, 0, 0, 0]))
            // The grid: workspace 2 is top-right; down is workspace 4.
            #expect(control.performed(.workspace(.down), target: WindowTarget()) == .done("workspace 4 of 4"))
            #expect(wm.nextMessage()?.data.first == 3)
            #expect(control.performed(.workspace(.up), target: WindowTarget())
                    == .nothing("no workspace up of workspace 2"))
            #expect(control.performed(.workspace(.number(9)), target: WindowTarget())
                    == .nothing("there are 4 workspaces, no 9"))
            #expect(control.performed(.showDesktop, target: WindowTarget()) == .done("showing the desktop"))
            #expect(wm.nextMessage() == .init(type: "_NET_SHOWING_DESKTOP", window: c.root, data: [1, 0, 0, 0, 0]))
        }

        @Test func windowsUnderTheFingersOrTheActiveOne() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.everything)
            let left = wm.client(x: 0, y: 0, width: 900, height: 1000)
            let right = wm.client(x: 1000, y: 0, width: 900, height: 1000)
            wm.setActive(left)
            let c = try XConnection(name: x.display)
            let control = EWMHControl(connection: c)
            control.time = 77
            // Under the fingers (a touchscreen).
            #expect(control.performed(.window(.close), target: WindowTarget(x: 1500, y: 500)) != .nothing(""))
            #expect(wm.nextMessage() == .init(type: "_NET_CLOSE_WINDOW", window: right, data: [77, 2, 0, 0, 0]))
            // No position (a touchpad): the active window.
            _ = control.performed(.window(.maximize), target: WindowTarget())
            #expect(wm.nextMessage() == .init(type: "_NET_WM_STATE", window: left,
                                              data: [2, Int(c.atom("_NET_WM_STATE_MAXIMIZED_VERT")),
                                                     Int(c.atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2, 0]))
            _ = control.performed(.window(.fullscreen), target: WindowTarget(x: 100, y: 100))
            #expect(wm.nextMessage() == .init(type: "_NET_WM_STATE", window: left,
                                              data: [2, Int(c.atom("_NET_WM_STATE_FULLSCREEN")), 0, 2, 0]))
            _ = control.performed(.window(.minimize), target: WindowTarget(x: 1500, y: 500))
            #expect(wm.nextMessage() == .init(type: "WM_CHANGE_STATE", window: right, data: [3, 0, 0, 0, 0]))
            _ = control.performed(.window(.activate), target: WindowTarget(x: 1500, y: 500))
            #expect(wm.nextMessage() == .init(type: "_NET_ACTIVE_WINDOW", window: right, data: [2, 77, 0, 0, 0]))
            // Over the bare root, with the active window gone: nothing.
            wm.setActive(0)
            #expect(control.performed(.window(.close), target: WindowTarget(x: 950, y: 1050))
                    == .nothing("no window there, and none is active"))
        }

        @Test func whatTheWindowManagerDoesNotClaimFallsBackToItsChord() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: ["_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS"])
            let c = try XConnection(name: x.display)
            let control = EWMHControl(connection: c)
            #expect(control.performed(.showDesktop, target: WindowTarget())
                    == .unsupported("the window manager does not support _NET_SHOWING_DESKTOP"))
            // Through the performer: the keymap's chord reaches X instead.
            let observer = try KeyObserver(display: x.display)
            let performer = ActionPerformer(synthesizer: XTestSynthesizer(connection: c), baseEnvironment: [:])
            performer.windowControl = control
            performer.perform(.window(.showDesktop, fallback: [try ActionParser.parseChord("super+d").get()]), binding: 0,
                              gesture: [:])
            performer.flush()
            #expect(observer.events(count: 4).map(\.description) == ["+Super_L", "+d", "-d", "-Super_L"])
            // And no window manager at all (no _NET_SUPPORTED): the chord too.
            XDeleteProperty(wm.connection.display, wm.connection.root, wm.connection.atom("_NET_SUPPORTED"))
            wm.connection.sync()
            #expect(control.performed(.workspace(.next), target: WindowTarget())
                    == .unsupported("the window manager does not support _NET_CURRENT_DESKTOP, _NET_NUMBER_OF_DESKTOPS"))
        }
    }
}


extension EWMHControl {
    /// As the daemon does it: the window action, then the connection's
    /// flush at the end of the wakeup.
    func performed(_ action: WindowAction, target: WindowTarget) -> WindowResult {
        defer { connection.flush() }
        return perform(action, target: target)
    }
}
