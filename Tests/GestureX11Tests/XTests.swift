import CX11
import GestureActions
import GestureCore
import GestureX11
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
            let synth = XTestSynthesizer(connection: conn, clock: monotonic)
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
            let synth = XTestSynthesizer(connection: try XConnection(name: x.display), clock: monotonic)
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
            var now = 100.0
            let synth = XTestSynthesizer(connection: conn, clock: { now })
            // hebrew_aleph is not on the US layout Xvfb uses.
            #expect(XKeysymToKeycode(conn.display, 0xce0) == 0)
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.key([chord("hebrew_aleph")]), binding: 0, gesture: [:])
            performer.flush()
            let seen = observer.events(count: 2)
            #expect(seen.map(\.description) == ["+hebrew_aleph", "-hebrew_aleph"])
            let borrowed = try #require(synth.borrowed)
            #expect(Int(borrowed.keycode) == seen.first?.keycode)
            #expect(synth.restoreDeadline == 100.005)
            synth.restoreIfDue(now: 100.004)
            #expect(synth.borrowed != nil)
            now = 100.005
            synth.restoreIfDue(now: now)
            #expect(synth.borrowed == nil)
            conn.sync()
            #expect(XkbKeycodeToKeysym(conn.display, borrowed.keycode, 0, 0) == 0)
        }

        @Test func keydownIsReleasedWhenTheGestureFinishes() throws {
            let x = try Xvfb()
            let observer = try KeyObserver(display: x.display)
            let synth = XTestSynthesizer(connection: try XConnection(name: x.display), clock: monotonic)
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
            performer.perform(.keyDown(chord("alt")), binding: 3, gesture: [:])
            performer.perform(.key([chord("Tab")]), binding: 3, gesture: [:])
            performer.flush()
            #expect(observer.events(count: 3).map(\.description) == ["+Alt_L", "+Tab", "-Tab"])
            #expect(!observer.keysDown().isEmpty)
            performer.gestureFinished(binding: 3)    // cancelled without its keyup
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
            let conn = try XConnection(name: x.display)
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

        @Test func aSecondSelectorFallsBackToRawTouches() throws {
            let x = try Xvfb()
            let first = try XIListener(connection: try XConnection(name: x.display))
            first.apply(ListenPlan(touches: .select))
            let second = try XIListener(connection: try XConnection(name: x.display))
            let notes = second.apply(ListenPlan(touches: .select, swipes: .select))
            #expect(notes.count == 1 && notes[0].contains("another client already selects touch or gesture events"))
            #expect(second.active == ListenPlan(touches: .raw))
        }

        @Test func devicesOfXvfbAreNotTouchDevices() throws {
            let x = try Xvfb()
            let devices = XDevice.query(try XConnection(name: x.display))
            #expect(!devices.isEmpty)
            #expect(devices.allSatisfy { $0.kind == .other })
        }

        @Test func wmClassThroughAReparentingFrame() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
            let d = conn.display
            // A window manager's frame (no WM_STATE) holding the client window.
            let frame = XCreateSimpleWindow(d, conn.root, 10, 10, 400, 300, 0, 0, 0)
            let client = XCreateSimpleWindow(d, frame, 0, 20, 400, 280, 0, 0, 0)
            var hint = XClassHint()
            let name = strdup("Navigator"), cls = strdup("firefox")
            hint.res_name = name
            hint.res_class = cls
            XSetClassHint(d, client, &hint)
            free(name); free(cls)
            XStoreName(d, client, "Mozilla Firefox")
            let wmState = conn.atom("WM_STATE")
            let state: [UInt] = [1, 0]
            _ = state.withUnsafeBytes {
                XChangeProperty(d, client, wmState, wmState, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
            }
            conn.sync()
            let ctx = WindowClasses(connection: conn).context(of: frame)
            #expect(ctx == WindowContext(windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox"))
            #expect(WindowClasses(connection: conn).context(of: conn.root) == .desktop)
        }

        /// RandR 1.5 monitors become the engine's outputs, and a change to them
        /// reaches the engine as a screen change.
        @Test func monitorsAreOutputsAndTheirChangesArrive() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display)
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
}
