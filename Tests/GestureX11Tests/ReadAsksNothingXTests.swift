#if canImport(Glibc)
import Glibc
#endif
import CX11
import GestureCore
import Testing
import XTestSupport
@testable import GestureX11

extension XTests {
    /// The listener's read asks X nothing, whatever the drain holds: what
    /// changed is marked stale and asked about once the read is done.
    @Suite(.serialized) struct ReadingAsksNothing {
        /// The acceptance's count: one drain holding a device hot-plug (a
        /// master pair added: its XTEST slaves), a keymap change and a RandR
        /// change (a monitor set). The read makes no request, writes no byte
        /// (so no round trip); after it, the devices, the keymap and the
        /// screen are asked about, and what changed reaches the engine and
        /// Xlib's keymap. And the connection's `hasQueuedEvents` asks nothing.
        @Test func aHotPlugAKeymapChangeAndAMonitorChangeAreAskedAfterTheRead() throws {
            let x = try Xvfb()
            // Another client changes things; the listener's connection counts.
            let other = try XConnection(name: x.display), conn = try XConnection(name: x.display, events: .xcb)
            let listener = try XIListener(connection: conn)
            listener.apply(ListenPlan(touches: .raw))   // selects the hierarchy's changes too
            listener.drain(now: 0) { _, _ in }
            _ = listener.takeNews()
            let devicesBefore = listener.devices.count

            // A device plugged in: a master pair, with its XTEST slave pointer.
            let name = strdup("gb-hotplug")
            var change = XIAnyHierarchyChangeInfo()
            change.add = XIAddMasterInfo(type: XIAddMaster, name: name, send_core: 1, enable: 1)
            XIChangeHierarchy(other.display, &change, 1)
            free(name)
            // A key remapped (a layout switch does the same).
            let keysym = KeySym(0x100263A)   // U+263A: no key in Xvfb's map
            var minCode: Int32 = 0, maxCode: Int32 = 0
            XDisplayKeycodes(other.display, &minCode, &maxCode)
            var syms = [keysym]
            XChangeKeyboardMapping(other.display, maxCode, 1, &syms, 1)
            // A monitor set.
            setMonitor(other, name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
            XSync(other.display, 0)
            conn.sync()   // everything X sent is read: one drain holds it all

            #expect(asked(conn) { _ = conn.hasQueuedEvents }.requests == 0)
            var inputs: [Input] = []
            let reading = asked(conn) { listener.read(now: 1, readSocket: true) { i, _ in inputs.append(i) } }
            #expect(reading.requests == 0)
            #expect(reading.written == 0)
            #expect(inputs.isEmpty)
            #expect(listener.devices.count == devicesBefore)   // not asked yet

            let after = asked(conn) { listener.afterRead { i, _ in inputs.append(i) } }
            #expect(after.requests > 0)
            #expect(listener.devices.count > devicesBefore)
            #expect(listener.devices.contains { $0.name == "gb-hotplug XTEST pointer" })
            #expect(inputs.contains { if case .screenChanged(let s) = $0 { s.outputs.contains { $0.name == "RIGHT" } } else { false } })
            #expect(listener.takeNews()?.mappingChanged == true)
            #expect(XKeysymToKeycode(conn.display, keysym) == KeyCode(maxCode))   // Xlib's keymap followed
        }
    }
}
