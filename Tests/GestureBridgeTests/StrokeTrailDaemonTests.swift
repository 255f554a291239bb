import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import GestureX11
import Testing
import XTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What a stroke drawn with a button shows (issue 58 item 3), the daemon
/// against a real Xvfb (no compositor: the trail's window is cut to the
/// line): the trail while drawing, input-transparent, gone at the release;
/// the name near the pointer, hidden a second later; nothing left after
/// the exit; nothing made at all with `stroke-trail` and `stroke-name` off.
extension PointerStrokeDaemonTests {
    static let trailName = "gesture-bridge stroke trail"
    static let nameName = "gesture-bridge stroke name"

    @Test func theTrailFollowsTheDrawingAndTheNameShowsThenHides() throws {
        let x = try Xvfb()
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let look = try XConnection(name: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        #expect(d.waitForLog("holding: pointers: passive grabs of button 3 on the root window"))
        // Nothing made before the first stroke.
        #expect(OverlayLook.named(Self.trailName, on: look).isEmpty && OverlayLook.named(Self.nameName, on: look).isEmpty)
        hand.move(300, 200)
        press(hand, d)
        hand.draw([(300, 200), (300, 440)])
        var trail: OverlayLook? = nil
        #expect(waitUntil(timeout: 5) {
            trail = OverlayLook.named(Self.trailName, on: look).first
            return trail?.viewable == true
        }, "no trail while drawing: \(d.log)")
        // Over the whole screen, cut to the line: a few rectangles, no input.
        #expect(trail?.inputRectangles == 0, "\(String(describing: trail))")
        #expect((trail?.boundingRectangles ?? 0) > 0, "\(String(describing: trail))")
        #expect(OverlayLook.windowUnderPointer(on: look) == app.window, "the pointer is over the trail, not the window")
        hand.draw([(300, 440), (500, 440)])
        hand.button(3, down: false)
        #expect(d.waitForLog("stroke with button 3: L"))
        var name: OverlayLook? = nil
        #expect(waitUntil(timeout: 5) {
            name = OverlayLook.named(Self.nameName, on: look).first
            return name?.viewable == true
        }, "no name at the release")
        let shownAt = monotonic()
        #expect(OverlayLook.named(Self.trailName, on: look).first?.viewable == false, "the trail stays after the release")
        if let n = name {
            // Below and right of the release at (500, 440), input-transparent.
            #expect(n.x >= 500 && n.x <= 540 && n.y >= 440 && n.y <= 480 && n.inputRectangles == 0, "\(n)")
        }
        #expect(waitUntil(timeout: 3) { OverlayLook.named(Self.nameName, on: look).first?.viewable == false })
        let hidden = monotonic() - shownAt
        #expect(hidden > 0.7 && hidden < 1.6, "the name hid after \(hidden) s")
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
        #expect(OverlayLook.named(Self.trailName, on: look).isEmpty && OverlayLook.named(Self.nameName, on: look).isEmpty,
                "windows left after the exit")
    }

    @Test func withTheTrailAndTheNameOffNothingIsMade() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let hand = try XTestHand(display: x.display)
        let look = try XConnection(name: x.display)
        let (d, dir) = daemon(x, config: Self.config + "\n[settings]\nstroke-trail = false\nstroke-name = false\n")
        defer { removeTree(dir) }
        drawL(hand, d)
        #expect(keys.events(count: 2).map(\.description) == ["+F7", "-F7"])
        #expect(OverlayLook.named(Self.trailName, on: look).isEmpty && OverlayLook.named(Self.nameName, on: look).isEmpty)
    }
}

extension PointerStrokeDaemonTests {
    /// `button-hold` sets the hold: at 0 a press held still never goes to
    /// the application (released, it is a click); by default, 250 ms.
    @Test(arguments: [("0", false), ("250ms", true)])
    func buttonHoldSetsWhenAHeldPressGoesToTheApplication(_ hold: String, _ handedOver: Bool) throws {
        let x = try Xvfb()
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x, config: Self.config + "\n[settings]\nbutton-hold = \"\(hold)\"\n")
        defer { removeTree(dir) }
        hand.move(400, 300)
        press(hand, d)
        usleep(500_000)
        hand.button(3, down: false)
        #expect(app.buttons(count: 2).map(\.description) == ["press 3 at 400,300", "release 3 at 400,300"])
        #expect(d.waitForLog(handedOver ? "held still, handed to the application" : "a click, synthesized at 400,300"), "\(d.log)")
    }
}

extension PointerStrokeDaemonTests {
    /// A daemon playing `trace` (`--play`) with a finger's L bound (F8) and
    /// the suite's strokes.toml beside its config, `settings` appended.
    func fingerStrokeDaemon(_ x: Xvfb, playing trace: Trace, settings: String = "") -> (DaemonProcess, String) {
        let dir = DaemonProcess.newDirectory()
        _ = FileSystem.write(Self.strokes, to: dir + "/strokes.toml")
        let config = "keymap = \"none\"\n[[bind]]\nname = \"finger-L\"\ngesture = 'stroke(\"L\")'\non-ended = \"key F8\"\n" + settings
        return (DaemonProcess(display: x.display, config: config, trace: trace, dir: dir), dir)
    }

    /// A finger's stroke shows its name too: an L drawn on a touchscreen
    /// (a trace played through the daemon, `--play`), then a zigzag that
    /// is no shape; the trail is gone after both.
    @Test func aFingerStrokeShowsItsNameAndNoShapeWithTheClosest() throws {
        let x = try Xvfb()
        let look = try XConnection(name: x.display)
        var b = TraceBuilder.standard()
        b.wait(0.5)
        b.land(1, at: Point(x: 300, y: 200))
        b.draw(StrokeShapes.ell(200), over: 0.4)
        b.lift()
        b.wait(1.5)
        b.land(1, at: Point(x: 600, y: 200))
        b.draw(StrokeShapes.zigzag(220), over: 0.4)
        b.lift()
        b.wait(0.5)
        let (d, dir) = fingerStrokeDaemon(x, playing: b.trace)
        defer { removeTree(dir) }
        var shown: [OverlayLook] = []
        func watch(_ seconds: Double) {
            _ = waitUntil(timeout: seconds) {
                if let n = OverlayLook.named(Self.nameName, on: look).first, n.viewable, shown.last.map({ $0 != n }) ?? true { shown.append(n) }
                return shown.count >= 2 && shown.last?.width != shown.first?.width
            }
        }
        watch(8)
        #expect(d.waitForLog("finger-L ended"), "\(d.log)")
        // Two names: "L" (one character, narrow), then "no shape (closest: L)".
        #expect(shown.count >= 2, "\(shown)")
        if let first = shown.first, let last = shown.last {
            #expect(first.width < 40 && last.width > 150, "\(shown)")
            #expect(first.inputRectangles == 0 && last.inputRectangles == 0)
        }
        #expect(OverlayLook.named(Self.trailName, on: look).allSatisfy { !$0.viewable }, "a trail left after the lift")
    }

    /// The trail follows a finger drawing on a touchscreen (issue 58 item
    /// 3): mapped while it draws an L (from its minimum size on), cut to the
    /// line and input-transparent, unmapped at the lift; with `stroke-trail
    /// = false`, never made, and the name still shows.
    @Test(arguments: [true, false])
    func aFingerStrokeDrawsTheTrailWhileDrawing(_ trail: Bool) throws {
        let x = try Xvfb()
        let look = try XConnection(name: x.display)
        var b = TraceBuilder.standard()
        b.wait(0.5)
        b.land(1, at: Point(x: 300, y: 200))
        b.draw(StrokeShapes.ell(300), over: 1.5)
        b.lift()
        b.wait(1)
        let (d, dir) = fingerStrokeDaemon(x, playing: b.trace, settings: trail ? "" : "[settings]\nstroke-trail = false\n")
        defer { removeTree(dir) }
        var seen: OverlayLook? = nil
        var name = false
        _ = waitUntil(timeout: 8) {
            if let t = OverlayLook.named(Self.trailName, on: look).first, t.viewable, seen == nil { seen = t }
            name = name || OverlayLook.named(Self.nameName, on: look).first?.viewable == true
            return name
        }
        #expect(d.waitForLog("finger-L ended"), "\(d.log)")
        #expect(name, "no name at the lift")
        if trail {
            let t = try #require(seen, "no trail while the finger drew: \(d.log)")
            #expect(t.inputRectangles == 0 && t.boundingRectangles > 0, "\(t)")
            #expect(OverlayLook.named(Self.trailName, on: look).first?.viewable == false, "the trail stays after the lift")
        } else {
            #expect(seen == nil && OverlayLook.named(Self.trailName, on: look).isEmpty, "a trail with stroke-trail = false")
        }
    }
}
