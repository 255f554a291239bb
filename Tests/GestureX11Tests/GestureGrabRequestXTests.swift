#if canImport(Glibc)
import Glibc
#endif
import CX11
import GestureCore
import Testing
import XTestSupport
@testable import GestureX11

extension XTests {
    /// The gesture grabs a touchpad gets go through libxcb's
    /// XIPassiveGrabDevice (their answers taken by a later drain after a
    /// hot-plug): X takes them as it takes libXi's XIGrabSwipeGestureBegin,
    /// and says when another client holds the grab.
    @Suite(.serialized) struct GestureGrabRequests {
        @Test func aSwipeGrabIsGrantedThenRefusedToTheNextClient() throws {
            let x = try Xvfb()
            let a = try XConnection(name: x.display, events: .xcb), b = try XConnection(name: x.display, events: .xcb)
            let xi = try XInput(a)
            _ = try XInput(b)   // XI 2.4 announced by both
            #expect(xi.hasGestures)   // Xvfb 21 speaks XI 2.4 (XTests checks it too)
            guard let mouse = XDevice.query(a).first(where: { $0.name == "Xvfb mouse" }) else {
                Issue.record("no Xvfb mouse")
                return
            }
            let events = [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]
            /// Whether X refused the grab (an error too).
            func refused(_ c: XConnection) -> Bool {
                XIListener.gestureGrabs(device: mouse.id, window: c.root, pinches: false)[0].grab(c) > 0
            }
            #expect(refused(a) == false)   // answered, granted: the request is well formed
            #expect(refused(b) == true)    // a's grab holds: b is told so
            // And Xlib's own request sees a's grab too (the same grab).
            var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
            var mask = Mask(events)
            var failed: Int32 = 0
            let c = try XConnection(name: x.display)
            _ = try XInput(c)
            mask.with(mouse.id) { m in
                failed = XIGrabSwipeGestureBegin(c.display, mouse.id, c.root, XIGrabModeAsync, XIGrabModeAsync, 0, &m, 1, &mods)
            }
            #expect(failed == 1 && mods.status != 0)
            // Released (XIPassiveUngrabDevice through libxcb): the next client gets it.
            XIListener.gestureGrabs(device: mouse.id, window: a.root, pinches: false)[0].release(a)
            a.sync()
            #expect(a.takeErrors().isEmpty)
            #expect(refused(b) == false)
        }
    }
}
