import GestureClient
import GestureTraces
import GestureSystem
import GestureX11
import Testing
import XTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Strokes drawn with a pointer button held (issue 58), the daemon against
/// a real Xvfb: the user's hand is XTest from a client of its own (Xvfb has
/// no mouse to press; XTest's events go through passive grabs as a
/// device's do), the application a test client's window that records the
/// button and motion events X delivers to it, the fired key seen by a
/// third client.
@Suite(.serialized) struct PointerStrokeDaemonTests {
    static let config = """
        keymap = "none"
        [[bind]]
        name = "right-L"
        gesture = 'stroke("L", button: 3)'
        on-ended = "key F7"
        """
    /// Three Ls, down then right (Tests/E2E/strokes/strokes.toml's).
    static let strokes = """
        [L]
        templates = [
          [0, 0, 0, 60, 0, 120, 0, 160, 40, 160, 90, 160, 130, 160],
          [3, 0, 1, 80, 0, 150, 50, 152, 110, 150],
          [0, 0, -2, 100, 2, 170, 60, 168, 140, 170],
        ]
        """

    /// The daemon on `x` with `config` and the Ls beside it, once it listens.
    func daemon(_ x: Xvfb, config: String = Self.config) -> (DaemonProcess, String) {
        let dir = DaemonProcess.newDirectory()
        _ = FileSystem.write("", to: dir + "/.keep")
        _ = FileSystem.write(Self.strokes, to: dir + "/strokes.toml")
        let d = DaemonProcess(display: x.display, config: config, trace: nil, dir: dir)
        #expect(d.waitForLog("listening on display"))
        return (d, dir)
    }

    /// Button 3 pressed where the pointer is, once the daemon has decided
    /// the press: a hand's motion comes milliseconds after its press, the
    /// test's XTest motion at once, and X merges the motion it queues while
    /// a press waits frozen (for the application under it to be known).
    func press(_ hand: XTestHand, _ d: DaemonProcess) {
        let before = d.occurrences("button 3 pressed on ")
        hand.button(3, down: true)
        #expect(waitUntil(timeout: 5) { d.occurrences("button 3 pressed on ") > before })
    }

    /// An L drawn with button 3 from (300, 200): 240 px down, 200 right.
    func drawL(_ hand: XTestHand, _ d: DaemonProcess, from: (Int, Int) = (300, 200)) {
        hand.move(from.0, from.1)
        press(hand, d)
        hand.draw([from, (from.0, from.1 + 240), (from.0 + 200, from.1 + 240)])
        hand.button(3, down: false)
    }

    @Test func anLDrawnWithButton3FiresItsKeyAndTheWindowGetsNoButton() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        // Said after "listening on display", each kind of device in turn: waited for, not read at once.
        #expect(d.waitForLog("holding: pointers: passive grabs of button 3 on the root window"))
        drawL(hand, d)
        #expect(keys.events(count: 2).map(\.description) == ["+F7", "-F7"])
        #expect(d.waitForLog("stroke with button 3: L"))
        // The stroke's press, motion and release were the daemon's alone.
        #expect(app.buttons(count: 1, timeout: 0.3) == [])
    }
}

extension PointerStrokeDaemonTests {
    /// A monitor client (the settings app's Try It, `watch --json`) gets the
    /// stroke as one `stroke` line at its release: button, path, the binding
    /// it fired (docs/monitor.md).
    @Test func theMonitorStreamSaysTheStrokesPath() throws {
        let x = try Xvfb()
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        var client: MonitorClient? = nil
        #expect(waitUntil(timeout: 5) {
            client = try? MonitorClient(display: x.display, environment: ["XDG_RUNTIME_DIR": dir])
            return client != nil
        })
        guard let client else { return }
        #expect(d.waitForLog("monitor: a client watches (1)"))
        drawL(hand, d)
        let lines = MonitorTests.read(client, timeout: 10) { $0.contains("\"type\": \"stroke\"") }
        guard let line = lines.last, let v = try? JSONValue.parse(Substring(line)), v["type"]?.string == "stroke" else {
            Issue.record("no stroke line: \(lines.suffix(3)); \(d.log)"); return
        }
        #expect(v["button"]?.number == 3 && v["binding"]?.string == "right-L")
        let path = (v["path"]?.array ?? []).compactMap { p -> (Double, Double)? in
            guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else { return nil }
            return (x, y)
        }
        // From the press at (300, 200) down 240 px, then 200 px right.
        #expect(path.count >= 3, "\(line)")
        if let first = path.first, let last = path.last {
            #expect(abs(first.0 - 300) <= 2 && abs(first.1 - 200) <= 2 && abs(last.0 - 500) <= 2 && abs(last.1 - 440) <= 2, "\(line)")
        }
    }

    /// A right-click with no motion: the window under it gets exactly one
    /// press and one release of button 3, where it was made; nothing fires.
    /// `run --record` writes the grabbed pointer's records; `replay` of the
    /// record decides as the daemon did: the L fires its key once, the
    /// right-click is a click passed to the window.
    @Test func theRecordOfAStrokeAndAClickReplaysAsTheDaemonDecided() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let dir = DaemonProcess.newDirectory()
        defer { removeTree(dir) }
        _ = FileSystem.write(Self.strokes, to: dir + "/strokes.toml")
        let record = dir + "/record.jsonl"
        let d = DaemonProcess(display: x.display, config: Self.config, trace: nil, extraArgs: ["--record", record], dir: dir)
        #expect(d.waitForLog("listening on display"))
        drawL(hand, d)
        #expect(keys.events(count: 2).map(\.description) == ["+F7", "-F7"])
        hand.move(500, 400)
        hand.button(3, down: true)
        hand.button(3, down: false)
        #expect(app.buttons(count: 2).map(\.description) == ["press 3 at 500,400", "release 3 at 500,400"])
        #expect(d.waitForLog("button 3: a click, synthesized at 500,400"))
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
        let text = try FileSystem.read(record).get()
        #expect(text.contains("\"kind\": \"mouse\""))
        #expect(text.occurrences(of: "\"ev\": \"button-press\", \"button\": 3") == 2)
        #expect(text.occurrences(of: "\"ev\": \"button-release\", \"button\": 3") == 2)
        #expect(text.occurrences(of: "\"ev\": \"motion\"") >= 3)
        let config = "config.toml"   // DaemonProcess writes it there
        let json = Spawn.run(Spawn.gestureBridge, ["replay", "--json", "--config", dir + "/" + config, record], environment: ["HOME": "/nonexistent"])
        let fired = json.stdout.split(separator: "\n")
        #expect(fired.count == 1 && fired[0].contains("\"binding\": \"right-L\", \"phase\": \"ended\", \"action\": \"key F7\""), "\(json.stdout) \(json.stderr)")
        let explain = Spawn.run(Spawn.gestureBridge, ["replay", "--explain", "--config", dir + "/" + config, record], environment: ["HOME": "/nonexistent"])
        #expect(explain.stdout.contains("stroke drawn ("))
        #expect(explain.stdout.contains("matched L (score "))
        #expect(explain.stdout.contains("a click, passed to the window"))
    }

    @Test func aRightClickReachesTheWindowAsOnePressAndOneRelease() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        #expect(try !buttonGrabIsFree(display: x.display, button: 3))
        hand.move(500, 400)
        hand.button(3, down: true)
        hand.button(3, down: false)
        #expect(app.buttons(count: 2).map(\.description) == ["press 3 at 500,400", "release 3 at 500,400"])
        #expect(app.buttons(count: 1, timeout: 0.3) == [], "nothing more")
        #expect(keys.events(count: 1, timeout: 0.3) == [])
        #expect(d.waitForLog("button 3: a click, synthesized at 500,400"))
    }

    /// A press held still past the hold (250 ms) goes to the window, then
    /// the drag: the press where it was made, motion with the button held,
    /// the release; one each.
    @Test func aPressHeldThenDraggedReachesTheWindowAsPressAndMotion() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        hand.move(500, 400)
        let pressed = monotonic()
        hand.button(3, down: true)
        let handed = app.events(timeout: 3) { $0.contains(.press(button: 3, x: 500, y: 400)) }
        let waited = monotonic() - pressed
        #expect(handed.filter(\.isButton) == [.press(button: 3, x: 500, y: 400)])
        #expect(waited >= 0.2, "handed over at the hold, not before: \(waited) s")
        hand.draw([(500, 400), (640, 460)], steps: 4)
        hand.button(3, down: false)
        let drag = app.events(timeout: 3) { $0.contains { if case .release = $0 { true } else { false } } }
        #expect(drag.last == .release(button: 3, x: 640, y: 460))
        let moves = drag.dropLast()
        #expect(!moves.isEmpty && moves.allSatisfy { if case .motion(_, _, [3]) = $0 { true } else { false } },
                "\(drag.map(\.description))")
        #expect(moves.last == .motion(x: 640, y: 460, buttons: [3]))
        #expect(app.buttons(count: 1, timeout: 0.3) == [], "nothing more")
        #expect(keys.events(count: 1, timeout: 0.3) == [])
        #expect(d.log.contains("button 3: held still, handed to the application"))
    }

    /// Escape while drawing: nothing fires, and the window gets no button
    /// event, to the release.
    @Test func escapeWhileDrawingFiresNothingAndLeaksNoClick() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        hand.move(300, 200)
        press(hand, d)
        hand.draw([(300, 200), (300, 440)])
        hand.key(0xff1b, down: true)
        hand.key(0xff1b, down: false)
        #expect(keys.events(count: 2).map(\.description) == ["+Escape", "-Escape"])
        hand.draw([(300, 440), (500, 440)])
        hand.button(3, down: false)
        #expect(d.waitForLog("a pointer stroke cancelled"))
        #expect(app.buttons(count: 1, timeout: 0.5) == [])
        #expect(keys.events(count: 1, timeout: 0.3) == [], "no F7")
        // The grab is back for the next press: an L fires.
        drawL(hand, d)
        #expect(keys.events(count: 2).map(\.description) == ["+F7", "-F7"])
    }

    /// With no pointer stroke bound nothing is grabbed: a right-click goes
    /// straight to the window. A reload that binds one grabs its button; one
    /// that unbinds it lets go.
    @Test func withNoPointerStrokeBoundTheButtonGoesStraightToTheWindow() throws {
        let x = try Xvfb()
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let swipe = """
            keymap = "none"
            [[bind]]
            gesture = "swipe(fingers: 3, direction: .left)"
            on-ended = "key F6"
            """
        let (d, dir) = daemon(x, config: swipe)
        defer { removeTree(dir) }
        #expect(try buttonGrabIsFree(display: x.display, button: 3))
        hand.move(200, 100)
        hand.button(3, down: true)
        hand.button(3, down: false)
        #expect(app.buttons(count: 2).map(\.description) == ["press 3 at 200,100", "release 3 at 200,100"])
        #expect(!d.log.contains("button 3"))

        _ = FileSystem.write(Self.config, to: dir + "/config.toml")
        #expect(d.waitForLog("reloaded"))
        #expect(try !buttonGrabIsFree(display: x.display, button: 3))
        _ = FileSystem.write(swipe + "\n# again\n", to: dir + "/config.toml")
        #expect(waitUntil(timeout: 5) { d.occurrences("reloaded") == 2 })
        #expect(try buttonGrabIsFree(display: x.display, button: 3))
    }
}

extension PointerStrokeDaemonTests {
    /// The daemon stopped while a press it handed over is held: the button
    /// it pressed for the application goes up, and the grab is let go of.
    @Test func sigtermWhileAPressIsHandedOverReleasesTheButton() throws {
        let x = try Xvfb()
        let app = try PointerWindow(display: x.display)
        let hand = try XTestHand(display: x.display)
        let (d, dir) = daemon(x)
        defer { removeTree(dir) }
        hand.move(500, 400)
        hand.button(3, down: true)
        #expect(app.buttons(count: 1, timeout: 3) == [.press(button: 3, x: 500, y: 400)])
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
        #expect(app.buttons(count: 1, timeout: 3) == [.release(button: 3, x: 500, y: 400)])
        #expect(try buttonGrabIsFree(display: x.display, button: 3))
    }
}

extension PointerStrokeDaemonTests {
    /// The same L fires the application's binding over its window, the
    /// desktop's elsewhere: the scope is the window's where the press began
    /// (the release may be anywhere).
    @Test func theWindowWhereThePressBeganPicksTheScope() throws {
        let x = try Xvfb()
        let keys = try KeyObserver(display: x.display)
        let app = try PointerWindow(display: x.display, width: 800, height: 600)
        let hand = try XTestHand(display: x.display)
        let config = Self.config + """

            [[app]]
            class = "PointerTest"

            [[app.bind]]
            name = "app-L"
            gesture = 'stroke("L", button: 3)'
            on-ended = "key F8"
            """
        let (d, dir) = daemon(x, config: config)
        defer { removeTree(dir) }
        // Begun over the window, ended beyond it.
        drawL(hand, d, from: (500, 300))
        #expect(keys.events(count: 2).map(\.description) == ["+F8", "-F8"])
        // On the bare desktop.
        drawL(hand, d, from: (1200, 300))
        #expect(keys.events(count: 2).map(\.description) == ["+F7", "-F7"])
        #expect(d.waitForLog("stroke with button 3: L"))
        withExtendedLifetime(app) {}
    }
}

