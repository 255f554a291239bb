import CX11
import GestureActions
import GestureCore
@testable import GestureX11
import XTestSupport
import Testing
import WindowFollowing
#if canImport(Glibc)
import Glibc
#endif

/// `window move`, `resize` and `snap` against X: with no window manager (the
/// configure-request route), and with one that records what it is sent and
/// answers as a window manager does (moving the window, so a ConfigureNotify
/// comes). The real window managers are Tests/WM/windows.sh's.
extension XTests {
    @Suite(.serialized) struct WindowMoving {
        /// A top-level client window with WM_STATE, mapped, made on `c` (no
        /// window manager: where it is made is where it is).
        static func client(_ c: XConnection, x: Int32, y: Int32, width: UInt32 = 300, height: UInt32 = 200) -> Window {
            let w = XCreateSimpleWindow(c.display, c.root, x, y, width, height, 0, 0, 0)
            var state = [1, 0]
            state.withUnsafeMutableBytes { raw in
                _ = XChangeProperty(c.display, w, c.atom("WM_STATE"), c.atom("WM_STATE"), 32, PropModeReplace,
                                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
            }
            XMapWindow(c.display, w)
            c.sync()
            return w
        }

        /// Where `w` is, once it is within 2 px of `want` (the mover's
        /// requests come on another connection: waited for, 2 s at most).
        static func settles(_ c: XConnection, _ w: Window, at want: WindowRect) -> WindowRect? {
            var last: WindowRect? = nil
            for _ in 0..<200 {
                c.sync()
                last = c.frame(of: w)?.frame
                if let f = last, abs(f.x - want.x) <= 2, abs(f.y - want.y) <= 2, abs(f.width - want.width) <= 2,
                   abs(f.height - want.height) <= 2 { return f }
                var none = pollfd()
                _ = poll(&none, 0, 10)
            }
            return last
        }

        /// A played 3-finger drag with no window manager: the window follows
        /// every frame within 2 px, by configure requests, said once.
        @Test func withoutAWindowManagerTheWindowFollowsByConfigureRequests() throws {
            let x = try Xvfb()
            let c = try XConnection(name: x.display)
            let w = Self.client(c, x: 100, y: 100)
            let mover = WindowMover(display: x.display)
            var notices: [String] = []
            mover.onNotice = { notices.append($0) }
            let began = mover.begin(.move, binding: 0, target: WindowTarget(x: 250, y: 200), place: GesturePlace(translation: (0, 0)),
                                    now: 0)
            #expect(began == .done("window 0x\(String(w, radix: 16)) at 300x200+100+100 (configure requests)"))
            #expect(notices.count == 1 && notices[0].hasPrefix("the window manager does not list _NET_MOVERESIZE_WINDOW (its _NET_SUPPORTED has 0 hints)"))
            var t = 0.0
            for k in 1...20 {
                t += 0.01
                let travel = (Double(k) * 12.3, Double(k) * -4.1)
                mover.follow(binding: 0, place: GesturePlace(touch: (250 + travel.0, 200 + travel.1), translation: travel), now: t)
                let want = WindowRect(x: 100 + Int(travel.0.rounded()), y: 100 + Int(travel.1.rounded()), width: 300, height: 200)
                #expect(Self.settles(c, w, at: want) == want, "frame \(k)")
                mover.advance(to: t + 0.002)
            }
            let end = mover.end(binding: 0, place: GesturePlace(touch: (496, 118), translation: (246, -82)), cancelled: false, now: t)
            #expect(end?.hasPrefix("window move: window 0x\(String(w, radix: 16)) at 300x200+346+18 (from 300x200+100+100), 22 frames") == true)
            #expect(Self.settles(c, w, at: WindowRect(x: 346, y: 18, width: 300, height: 200))?.x == 346)
            #expect(mover.deadline == nil)
        }

        static let claims = ["_NET_MOVERESIZE_WINDOW", "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT",
                             "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_ACTIVE_WINDOW", "_NET_WORKAREA"]

        /// With a window manager: `_NET_MOVERESIZE_WINDOW` from a pager, one
        /// in flight; the frames that come meanwhile wait, and the latest
        /// goes when the window manager has moved the window.
        @Test func oneRequestInFlightAndTheLatestPositionNext() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.claims)
            let w = wm.client(x: 100, y: 100, width: 300, height: 200)
            wm.setActive(w)
            let mover = WindowMover(display: x.display)
            // A touchpad: the active window.
            #expect(mover.begin(.move, binding: 1, target: WindowTarget(), place: GesturePlace(), now: 0)
                    == .done("window 0x\(String(w, radix: 16)) at 300x200+100+100"))
            mover.follow(binding: 1, place: GesturePlace(translation: (10, 0)), now: 0.01)
            let first = try #require(wm.nextMessage())
            #expect(first == .init(type: "_NET_MOVERESIZE_WINDOW", window: w, data: [0x2F01, 110, 100, 300, 200]))
            // Waiting for the answer: it wakes the daemon through the mover's
            // connection; no timer while nothing waits to be sent.
            #expect(mover.descriptor != nil)
            #expect(mover.deadline == nil)
            // Two frames before the answer: nothing sent; the latest waits the pacer's patience at most.
            mover.follow(binding: 1, place: GesturePlace(translation: (20, 0)), now: 0.02)
            mover.follow(binding: 1, place: GesturePlace(translation: (30, 5)), now: 0.03)
            #expect(wm.nextMessage(timeout: 0.1) == nil)
            #expect(mover.deadline == 0.01 + RequestPacer.patience)
            // The window manager does it: the ConfigureNotify lets the latest go.
            XMoveWindow(wm.connection.display, w, 110, 100)
            wm.connection.sync()
            var latest: FakeEWMH.Message? = nil
            for k in 0..<100 where latest == nil {
                mover.advance(to: 0.032 + Double(k) * 0.002)
                latest = wm.nextMessage(timeout: 0.02)
            }
            #expect(latest == .init(type: "_NET_MOVERESIZE_WINDOW", window: w, data: [0x2F01, 130, 105, 300, 200]))
            // No answer this time (a window manager that refused): after the patience, the next frame goes anyway.
            mover.follow(binding: 1, place: GesturePlace(translation: (40, 5)), now: 0.2)
            #expect(wm.nextMessage()?.data == [0x2F01, 140, 105, 300, 200])
            let end = mover.end(binding: 1, place: GesturePlace(translation: (40, 5)), cancelled: true, now: 0.3)
            #expect(end?.hasSuffix("cancelled: left where the last frame put it") == true)
            #expect(mover.descriptor == nil && mover.deadline == nil)
        }

        /// The desktop, docks, desktop windows and fullscreen windows are never
        /// moved, and say why; a window that closes mid-move ends it with a
        /// line, and no X error reaches anyone else.
        @Test func whatIsNeverMovedAndAWindowThatCloses() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.claims)
            let c = wm.connection
            let dock = wm.client(x: 0, y: 1040, width: 1920, height: 40)
            c.setAtoms(dock, "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DOCK"])
            let desk = wm.client(x: 0, y: 0, width: 10, height: 10)
            c.setAtoms(desk, "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DESKTOP"])
            let full = wm.client(x: 500, y: 300, width: 300, height: 200)
            c.setAtoms(full, "_NET_WM_STATE", ["_NET_WM_STATE_FULLSCREEN"])
            c.sync()
            let mover = WindowMover(display: x.display)
            let hex = { (w: Window) in "window 0x\(String(w, radix: 16))" }
            #expect(mover.begin(.move, binding: 0, target: WindowTarget(x: 900, y: 1060), place: GesturePlace(), now: 0)
                    == .nothing("\(hex(dock)) is a dock or panel (_NET_WM_WINDOW_TYPE_DOCK): never moved"))
            #expect(mover.begin(.resize, binding: 0, target: WindowTarget(x: 5, y: 5), place: GesturePlace(), now: 0)
                    == .nothing("\(hex(desk)) is the desktop (_NET_WM_WINDOW_TYPE_DESKTOP): never moved"))
            #expect(mover.begin(.move, binding: 0, target: WindowTarget(x: 600, y: 400), place: GesturePlace(), now: 0)
                    == .nothing("\(hex(full)) is fullscreen: left as it is"))
            #expect(mover.snap(.left, target: WindowTarget(x: 600, y: 400)) == .nothing("\(hex(full)) is fullscreen: left as it is"))
            // The bare root, no active window.
            #expect(mover.begin(.move, binding: 0, target: WindowTarget(x: 1500, y: 100), place: GesturePlace(), now: 0)
                    == .nothing("no window there, and none is active"))
            #expect(mover.deadline == nil)

            let w = wm.client(x: 1000, y: 100, width: 300, height: 200)
            var notices: [String] = []
            mover.onNotice = { notices.append($0) }
            guard case .done = mover.begin(.move, binding: 3, target: WindowTarget(x: 1100, y: 200), place: GesturePlace(), now: 0)
            else { Issue.record("the window did not follow"); return }
            XDestroyWindow(c.display, w)
            c.sync()
            for k in 1...5 { mover.follow(binding: 3, place: GesturePlace(translation: (Double(k), 0)), now: Double(k) / 100) }
            #expect(notices == ["window move: \(hex(w)) closed during the gesture; the move ends there"])
            #expect(mover.end(binding: 3, place: GesturePlace(), cancelled: false, now: 1) == nil)   // already over
            #expect(mover.deadline == nil)
            #expect(c.takeErrors().isEmpty)
        }

        /// Two monitors (RandR 1.5, as `xrandr --setmonitor` sets them), a
        /// panel along the right one's bottom: snaps take halves of that
        /// monitor's work area, the geometry before stays on the window, and
        /// restore asks for it back.
        @Test func snapsTakeTheirMonitorsWorkAreaAndRestoreGivesTheGeometryBack() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.claims)
            let c = wm.connection
            setMonitor(c, name: "LEFT", x: 0, y: 0, width: 960, height: 1080)
            setMonitor(c, name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
            let panel = wm.client(x: 960, y: 1040, width: 960, height: 40)
            c.setAtoms(panel, "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DOCK"])
            c.setCardinals(panel, "_NET_WM_STRUT_PARTIAL", [0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 960, 1919])
            // What EWMH window managers publish: one work area for the whole screen, the panel's strut off all of it.
            c.setCardinals(c.root, "_NET_WORKAREA", [0, 0, 1920, 1040])
            let w = wm.client(x: 1200, y: 300, width: 300, height: 200)
            var list = [Int(panel), Int(w)]
            list.withUnsafeMutableBytes { raw in
                _ = XChangeProperty(c.display, c.root, c.atom("_NET_CLIENT_LIST"), Atom(XA_WINDOW), 32, PropModeReplace,
                                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
            }
            wm.setActive(w)
            let mover = WindowMover(display: x.display)
            let hex = "window 0x\(String(w, radix: 16))"
            #expect(mover.snap(.right, target: WindowTarget()) == .done("\(hex) on monitor RIGHT: 480x1040+1440+0 (work area 960x1040+960+0); before: 300x200+1200+300"))
            #expect(wm.nextMessage() == .init(type: "_NET_MOVERESIZE_WINDOW", window: w, data: [0x2F01, 1440, 0, 480, 1040]))
            XMoveResizeWindow(c.display, w, 1440, 0, 480, 1040)   // as the window manager does it
            c.sync()
            // Snapped again (left half of the same monitor): the geometry from before the first snap is kept.
            #expect(mover.snap(.left, target: WindowTarget()) == .done("\(hex) on monitor RIGHT: 480x1040+960+0 (work area 960x1040+960+0); before: 300x200+1200+300"))
            #expect(wm.nextMessage()?.data == [0x2F01, 960, 0, 480, 1040])
            // On the left monitor (a touchscreen's fingers there): its own work area, the panel not on it.
            XMoveResizeWindow(c.display, w, 100, 100, 300, 200)
            c.sync()
            #expect(mover.snap(.bottom, target: WindowTarget(x: 200, y: 200)) == .done("\(hex) on monitor LEFT: 960x520+0+520 (work area 960x1040+0+0); before: 300x200+100+100"))
            _ = wm.nextMessage()
            XMoveResizeWindow(c.display, w, 0, 520, 960, 520)
            c.sync()
            #expect(mover.snap(.restore, target: WindowTarget()) == .done("\(hex) on monitor LEFT: back to 300x200+100+100"))
            #expect(wm.nextMessage()?.data == [0x2F01, 100, 100, 300, 200])
            #expect(c.integers(w, WindowMover.memoryProperty).isEmpty)
            #expect(mover.snap(.restore, target: WindowTarget()) == .done("\(hex) on monitor LEFT: nothing to restore (not snapped or maximized)"))
            // maximize asks for the state, and remembers.
            #expect(mover.snap(.maximize, target: WindowTarget()) == .done("\(hex) on monitor LEFT: maximized (work area 960x1040+0+0); before: 960x520+0+520"))
            #expect(wm.nextMessage() == .init(type: "_NET_WM_STATE", window: w, data: [1, Int(c.atom("_NET_WM_STATE_MAXIMIZED_VERT")),
                                                                                      Int(c.atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2, 0]))
        }

        /// A move that ends at a monitor's edge snaps there; a resize follows
        /// the corner the fingers took, within the window's hints.
        @Test func aMoveEndingAtTheEdgeSnapsAndAResizeKeepsToTheHints() throws {
            let x = try Xvfb()
            let wm = try FakeEWMH(display: x.display, supported: Self.claims)
            let c = wm.connection
            c.setCardinals(c.root, "_NET_WORKAREA", [0, 30, 1920, 1050])
            let w = wm.client(x: 100, y: 100, width: 300, height: 200)
            var hints = XSizeHints()
            hints.flags = PMinSize | PResizeInc | PBaseSize
            hints.min_width = 100; hints.min_height = 50
            hints.base_width = 4; hints.base_height = 4
            hints.width_inc = 10; hints.height_inc = 20
            XSetWMNormalHints(c.display, w, &hints)
            c.sync()
            let mover = WindowMover(display: x.display)
            guard case .done(let how) = mover.begin(.resize, binding: 0, target: WindowTarget(x: 380, y: 280), place: GesturePlace(),
                                                    now: 0) else { Issue.record("no resize"); return }
            #expect(how.hasSuffix("its bottom-right following"))
            mover.follow(binding: 0, place: GesturePlace(translation: (37, 45)), now: 0.01)
            // Whole cells of 10x20 from its 300x200: 3 across, 2 down.
            #expect(wm.nextMessage()?.data == [0x2F01, 100, 100, 330, 240])
            mover.follow(binding: 0, place: GesturePlace(translation: (-500, -500)), now: 0.1)
            // Its minimum (100x50), in whole cells from 300x200: 100 x 60.
            #expect(wm.nextMessage()?.data == [0x2F01, 100, 100, 100, 60])
            _ = mover.end(binding: 0, place: GesturePlace(translation: (-500, -500)), cancelled: false, now: 0.2)

            // A move ending 5 px from the right edge: the right half of the work area.
            guard case .done = mover.begin(.move, binding: 1, target: WindowTarget(x: 150, y: 150), place: GesturePlace(), now: 1)
            else { Issue.record("no move"); return }
            let end = mover.end(binding: 1, place: GesturePlace(touch: (1915, 400), translation: (1765, 250)), cancelled: false, now: 1.1)
            #expect(end?.contains("ended at the right edge of monitor screen: 960x1050+960+30 (work area 1920x1050+0+30)") == true)
            if end?.contains("ended at the right edge") != true { Issue.record("\(end ?? "nil")") }
            var messages: [[Int]] = []
            while let m = wm.nextMessage(timeout: 0.2) { messages.append(m.data) }
            #expect(messages.last == [0x2F01, 960, 30, 960, 1050])
            #expect(SnapMemory(values: c.integers(w, WindowMover.memoryProperty))?.snapped == WindowRect(x: 960, y: 30, width: 960, height: 1050))
        }
    }
}

extension XConnection {
    /// An ATOM-list property, by the atoms' names.
    func setAtoms(_ w: Window, _ name: String, _ atoms: [String]) {
        var values = atoms.map { Int(atom($0)) }
        values.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(display, w, atom(name), Atom(XA_ATOM), 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(atoms.count))
        }
    }
}
