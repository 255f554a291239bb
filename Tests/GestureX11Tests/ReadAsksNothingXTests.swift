#if canImport(Glibc)
import Glibc
#endif
import CX11
import GestureActions
import GestureCore
import Testing
import XTestSupport
@testable import GestureX11

/// Runs `body` with the X server stopped (SIGSTOP): a round trip in it
/// waits until a watchdog lets the server go on, after a second. Returns
/// how long it took, and the answers it waited for through XCB
/// (`XConnection.waits`). Requests only written are no wait: the socket
/// takes them.
func withServerStopped(_ x: Xvfb, _ c: XConnection, _ body: () -> Void) -> (seconds: Double, waits: Int) {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    kill(x.pid, SIGSTOP)
    guard case .success(let watchdog) = ChildProcess.spawn("/bin/sh", ["-c", "sleep 1; kill -CONT \(x.pid)"], environment: nil,
                                                           stdout: .devNull, stderr: .devNull)
    else {
        kill(x.pid, SIGCONT)
        return (.infinity, 0)
    }
    let waits = c.waits, start = now()
    body()
    let took = now() - start
    kill(x.pid, SIGCONT)
    kill(watchdog, SIGKILL)
    var status: Int32 = 0
    waitpid(watchdog, &status, 0)
    return (took, c.waits - waits)
}

extension XTests {
    /// The listener's drains wait for X for nothing, whatever they hold:
    /// the read asks nothing, and what it found stale is asked about after
    /// it with the cookies kept, the answers taken by a later drain.
    @Suite(.serialized) struct ReadingAsksNothing {
        /// The acceptance's count: one drain holding a device hot-plug (a
        /// master pair added: its XTEST slaves), a keymap change (a key
        /// remapped and put on Mod3) and a RandR change (a monitor set).
        /// The read makes no request and writes no byte; after it, the
        /// devices, the modifier map and the monitors are asked about, and
        /// neither makes a round trip; the drains that take the answers make
        /// none either, and hand over what changed at the engine time of the
        /// read that found it. `hasQueuedEvents` asks nothing.
        @Test func aHotPlugAKeymapChangeAndAMonitorChangeAreAskedWithoutARoundTrip() throws {
            let x = try Xvfb()
            // Another client changes things; the listener's connection counts.
            let other = try XConnection(name: x.display), conn = try XConnection(name: x.display, events: .xcb)
            #expect(withServerStopped(x, conn) { XFreeModifiermap(XGetModifierMapping(conn.display)) }.seconds >= 0.5)   // it sees a round trip
            let listener = try XIListener(connection: conn)
            listener.apply(ListenPlan(touches: .raw))   // selects the hierarchy's changes too
            listener.drain(now: 0) { _, _ in }
            _ = listener.takeNews()
            let devicesBefore = listener.devices.count
            #expect(listener.modifierMap == .usual)   // Xvfb's: Alt on Mod1, Super on Mod4

            // A device plugged in: a master pair, with its XTEST slave pointer.
            let name = strdup("gb-hotplug")
            var change = XIAnyHierarchyChangeInfo()
            change.add = XIAddMasterInfo(type: XIAddMaster, name: name, send_core: 1, enable: 1)
            XIChangeHierarchy(other.display, &change, 1)
            free(name)
            // A key remapped (a layout switch does the same), and another made Super on Mod3.
            let keysym = KeySym(0x100263A)   // U+263A: no key in Xvfb's map
            var minCode: Int32 = 0, maxCode: Int32 = 0
            XDisplayKeycodes(other.display, &minCode, &maxCode)
            var syms = [KeySym(0xffec)]   // Super_R
            XChangeKeyboardMapping(other.display, maxCode - 1, 1, &syms, 1)
            syms = [keysym]
            XChangeKeyboardMapping(other.display, maxCode, 1, &syms, 1)
            var map = XGetModifierMapping(other.display)
            map = XInsertModifiermapEntry(map, KeyCode(maxCode - 1), Mod3MapIndex)
            #expect(XSetModifierMapping(other.display, map) == MappingSuccess)
            XFreeModifiermap(map)
            // A monitor set.
            setMonitor(other, name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
            XSync(other.display, 0)
            conn.sync()   // everything X sent is read: one drain holds it all

            #expect(asked(conn) { _ = conn.hasQueuedEvents }.requests == 0)
            var inputs: [(input: Input, at: Double)] = []
            let reading = asked(conn) { listener.read(now: 1, readSocket: true) { inputs.append(($0, $1)) } }
            #expect(reading.requests == 0)
            #expect(reading.written == 0)   // so no round trip
            #expect(inputs.isEmpty)
            #expect(listener.devices.count == devicesBefore)   // not asked yet

            var stopped = (seconds: 0.0, waits: 0)
            let after = asked(conn) { stopped = withServerStopped(x, conn) { listener.afterRead { inputs.append(($0, $1)) } } }
            #expect(after.requests > 0)   // the devices, the modifier map, the monitors
            #expect(after.written > 0)    // sent at once
            #expect(stopped.seconds < 0.5 && stopped.waits == 0)   // done with the server stopped: no round trip
            #expect(listener.refreshing)

            // The answers, taken by the drains after (each waits for nothing).
            var drains = 0, waitsTaking = 0
            while listener.refreshing && drains < 200 {   // bounded: 2 s
                waitReadable(conn, ms: 10)
                let w = conn.waits
                listener.drain(now: 2) { inputs.append(($0, $1)) }
                waitsTaking += conn.waits - w
                drains += 1
            }
            #expect(!listener.refreshing)
            #expect(waitsTaking == 0)
            // A drain after, with the server stopped.
            #expect(withServerStopped(x, conn) { listener.drain(now: 2, readSocket: false) { _, _ in } }.seconds < 0.5)
            #expect(listener.devices.count > devicesBefore)
            #expect(listener.devices.contains { $0.name == "gb-hotplug XTEST pointer" })
            let screens = inputs.filter { if case .screenChanged(let s) = $0.input { s.outputs.contains { $0.name == "RIGHT" } } else { false } }
            #expect(screens.count == 1)
            #expect(screens.first?.at == listener.engineTime(1))   // the read that found it, not the drain that took it
            #expect(listener.modifierMap.bits[Int(Mod3MapIndex)] == .super)   // the new modifier map
            #expect(listener.modifierMap.modifiers(UInt32(Mod3Mask)) == .super)
            #expect(!conn.hasQueuedEvents)   // nothing left for the loop to wake for

            // The keymap: Xlib's, refreshed as the daemon takes the news (a round trip of Xlib's own).
            var news: InputNews? = nil
            #expect(withServerStopped(x, conn) { news = listener.takeNews() }.seconds >= 0.5)
            #expect(news?.mappingChanged == true)
            #expect(XKeysymToKeycode(conn.display, keysym) == KeyCode(maxCode))   // Xlib's keymap followed
        }

        /// A pointer stroke's press, its motion and its release: each read
        /// makes no request (the machine decides there), and what it decided
        /// goes out after it without a round trip: the press taken, then the
        /// click synthesized with the button's grab lifted and made again
        /// (a request whose answer is not waited for).
        @Test func aPointerStrokesPressAndClickAreCarriedOutWithoutARoundTrip() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            let table = GestureTable(desktop: [Binding(name: "L", gesture: .stroke(StrokeSpec(shape: "L", button: 3)))])
            #expect(listener.applyPointer(PointerStrokeBindings(table: table, pxPerMM: 3.78)).isEmpty)
            let app = try PointerWindow(display: x.display)
            let hand = try XTestHand(display: x.display)
            // The window's application is known before the press (a press on an
            // unknown window waits for it, frozen, as a touch does).
            app.connection.sync()
            listener.drain(now: 0) { _, _ in }
            while listener.windows.asking { waitReadable(conn, ms: 10); listener.drain(now: 0) { _, _ in } }
            hand.move(400, 300)
            hand.button(3, down: true)
            func pass(_ now: Double) -> (read: (requests: Int, written: UInt64), after: (seconds: Double, waits: Int)) {
                waitReadable(conn, ms: 1000)
                let read = asked(conn) { listener.read(now: now, readSocket: true) { _, _ in } }
                let after = withServerStopped(x, conn) { listener.afterRead { _, _ in }; conn.flush() }
                return (read, after)
            }
            let pressed = pass(1)
            #expect(pressed.read.requests == 0 && pressed.read.written == 0)
            #expect(pressed.after.seconds < 0.5 && pressed.after.waits == 0)
            hand.button(3, down: false)   // comes once the press is taken
            let released = pass(1.1)
            #expect(released.read.requests == 0 && released.read.written == 0)
            #expect(released.after.seconds < 0.5 && released.after.waits == 0)
            #expect(app.buttons(count: 2).map(\.description) == ["press 3 at 400,300", "release 3 at 400,300"])
            #expect(try !buttonGrabIsFree(display: x.display, button: 3), "the grab is back")
            listener.stop()
        }

        /// Two hot-plugs in a row, the second while the first's answer is
        /// awaited: the second is asked about once the first's answer is
        /// taken, and the list ends with both devices.
        @Test func aSecondHotPlugWhileTheFirstIsAskedEndsWithTheFinalList() throws {
            let x = try Xvfb()
            let other = try XConnection(name: x.display), conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            listener.apply(ListenPlan(touches: .raw))
            listener.drain(now: 0) { _, _ in }
            func plug(_ master: String) {
                let name = strdup(master)
                var change = XIAnyHierarchyChangeInfo()
                change.add = XIAddMasterInfo(type: XIAddMaster, name: name, send_core: 1, enable: 1)
                XIChangeHierarchy(other.display, &change, 1)
                free(name)
                XSync(other.display, 0)
            }
            plug("gb-first")
            conn.sync()
            listener.drain(now: 1) { _, _ in }   // marks the devices stale, asks
            #expect(listener.refreshing)
            #expect(!listener.devices.contains { $0.name == "gb-first XTEST pointer" })
            plug("gb-second")   // marked by the next read, while the first answer is awaited
            var drains = 0
            while listener.refreshing && drains < 200 {
                waitReadable(conn, ms: 10)
                let w = conn.waits
                listener.drain(now: 2) { _, _ in }
                #expect(conn.waits == w)
                drains += 1
            }
            #expect(!listener.refreshing)
            #expect(listener.devices.contains { $0.name == "gb-first XTEST pointer" })
            #expect(listener.devices.contains { $0.name == "gb-second XTEST pointer" })
            #expect(listener.devices.map(\.name) == XDevice.query(other).map(\.name))   // the final list, as a fresh query finds it
        }
    }
}
