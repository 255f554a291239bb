@testable import GestureBridge
@testable import GestureTools
import GestureConfig
import GestureCore
import Testing
import GestureTesting

/// `touchegg-protocol`: which gestures are forwarded (the arena), and the
/// values of the signals, checked against Touchégg's arithmetic worked out
/// by hand from its sources (libinput-handler.cpp, libinput-device-handler.cpp,
/// libinput-touch-handler.cpp).
@Suite struct ToucheggForwarderTests {
    static let config = """
        version = 1
        keymap = "none"
        [settings]
        touchegg-protocol = true
        """

    /// The config's engine and forwarder fed a trace, the forwarder after
    /// the engine as in the daemon: the signals, and the user's bindings
    /// that fired.
    static func run(_ config: String, _ b: TraceBuilder) throws -> (signals: [ToucheggSignal], fired: [String]) {
        let loaded = try isolatedLoader.load(text: config, file: "t.toml").get()
        let trace = b.trace
        var engine = GestureEngine(table: loaded.table, screen: trace.header.screen, devices: trace.header.devices)
        var forwarder = ToucheggForwarder()
        var deeds: [Deed] = [], fired: [String] = []
        func take(_ input: Input?, _ effects: [Effect]) {
            forwarder.follow(input, effects, engine, into: &deeds)
            for case .gesture(let g) in effects where !engine.bindings[g.binding].yields && g.phase == .ended {
                fired.append(engine.bindings[g.binding].name)
            }
        }
        for e in trace.events {
            take(nil, engine.advance(to: e.t))
            take(e.input, engine.process(e.input, at: e.t))
        }
        take(nil, engine.advance(to: (trace.events.last?.t ?? 0) + 5))
        return (deeds.compactMap { if case .signal(let s) = $0 { s } else { nil } }, fired)
    }

    static func touchpad(size: Size?) -> TraceBuilder {
        var b = TraceBuilder.standard()
        b.header.devices = b.header.devices.map { d in
            var d = d
            if d.kind == .touchpad { d.sizeMM = size }
            return d
        }
        b.device = TraceBuilder.touchpadID
        return b
    }

    @Test func aTouchpadSwipeIsForwardedWithTouchegsPercentages() throws {
        // A 100 × 60 mm touchpad: start = 1 % of 60 mm in 1000-dpi units
        // (60 / 25.4 × 1000 × 0.01 = 23.622), finish = 9 % of 100 mm (354.331).
        var b = Self.touchpad(size: Size(width: 100, height: 60))
        b.touchpadSwipe(fingers: 3, by: Point(x: 300, y: 10), over: 0.2, unaccelerated: Point(x: 200, y: 6))
        let (signals, fired) = try Self.run(Self.config, b)
        #expect(fired.isEmpty)
        let begin = try #require(signals.first)
        #expect(begin.member == .begin && begin.type == .swipe && begin.direction == .right)
        #expect(begin.fingers == 3 && begin.device == .touchpad && begin.elapsedMS == 0)
        let updates = signals.filter { $0.member == .update }
        #expect(updates.count >= 5)
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.percentage <= $1.percentage })
        let end = try #require(signals.last)
        #expect(end.member == .end)
        // (200 − 23.622) × 100 / (23.622 + 354.331) = 46.667 %
        #expect(abs(end.percentage - 46.667) < 0.01)
        #expect(end.elapsedMS > 100 && end.elapsedMS < 250)
    }

    /// No size, or 0 × 0 mm as some touchpads report (Touchégg's issue
    /// 415): Touchégg's default thresholds, never a percentage stuck at 0.
    @Test(arguments: [nil, Size(width: 0, height: 0), Size(width: 0, height: 60)])
    func anUnknownSizeUsesTouchegsFallbacks(size: Size?) throws {
        // 200 and 2,500 units: (1,000 − 200) × 100 / 2,700 = 29.63 %.
        var b = Self.touchpad(size: size)
        b.touchpadSwipe(fingers: 4, by: Point(x: 0, y: -600), over: 0.2, unaccelerated: Point(x: 0, y: -1000))
        let (signals, _) = try Self.run(Self.config, b)
        #expect(signals.first?.direction == .up && signals.first?.fingers == 4)
        #expect(abs((signals.last?.percentage ?? 0) - 29.63) < 0.01)
    }

    @Test func aTouchpadPinchIsForwarded() throws {
        // Out: (1.6 − 1) × 100 = 60 %.
        var b = Self.touchpad(size: Size(width: 100, height: 60))
        b.touchpadPinch(fingers: 3, to: 1.6, over: 0.2)
        let (signals, _) = try Self.run(Self.config, b)
        #expect(signals.first?.type == .pinch && signals.first?.direction == .pinchOut)
        #expect(signals.last?.member == .end && abs((signals.last?.percentage ?? 0) - 60) < 0.01)
    }

    @Test func twoFingerPinchesStayWithTheApplications() throws {
        var b = Self.touchpad(size: nil)
        b.touchpadPinch(fingers: 2, to: 1.6, over: 0.2)
        #expect(try Self.run(Self.config, b).signals.isEmpty)
    }

    @Test func aReversedSwipeEndsAtTheLiftWithALowPercentage() throws {
        // Out 300 units and back: Touchégg keeps the direction and ends at
        // the lift with the percentage where the fingers are (0 here).
        var back = Self.touchpad(size: nil)
        back.emit(.swipeBegin(device: TraceBuilder.touchpadID, fingers: 3, at: Point(x: 960, y: 540)))
        for k in 0..<20 {
            back.wait(0.01)
            let way = k < 10 ? -1.0 : 1.0
            back.emit(.swipeUpdate(device: TraceBuilder.touchpadID, fingers: 3, delta: Point(x: 30 * way, y: 0),
                                   unaccelerated: Point(x: 60 * way, y: 0)))
        }
        back.wait(0.01)
        back.emit(.swipeEnd(device: TraceBuilder.touchpadID, fingers: 3, cancelled: false))
        let (signals, _) = try Self.run(Self.config, back)
        #expect(signals.first?.direction == .left)
        let peak = signals.map(\.percentage).max() ?? 0
        #expect(abs(peak - (600 - 200) * 100 / 2700) < 0.01)
        #expect(signals.last?.member == .end && signals.last?.percentage == 0)
        #expect(signals.filter { $0.member == .end }.count == 1)
    }

    @Test func aTouchscreenSwipeIsForwarded() throws {
        // 1920 × 1080: start 2 % of 1080 = 21.6 px, finish 16 % of 1920 =
        // 307.2 px; the fingers move 200 px from where the swipe began.
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 900, y: 500))
        b.move(by: Point(x: -400, y: 0), over: 0.3)
        b.lift()
        let (signals, _) = try Self.run(Self.config, b)
        let begin = try #require(signals.first)
        #expect(begin.member == .begin && begin.direction == .left && begin.device == .touchscreen && begin.fingers == 3)
        #expect(begin.percentage == 0)
        let end = try #require(signals.last)
        #expect(end.member == .end && end.percentage > 30 && end.percentage <= 100)
        #expect(signals.filter { $0.member == .end }.count == 1)
    }

    @Test(arguments: [(Direction.right, true), (Direction.left, false)])
    func theUsersOwnBindingWins(swipe: Direction, forwarded: Bool) throws {
        // The user binds a 3-finger swipe right: it is theirs; left is forwarded.
        let config = Self.config + """

            [[bind]]
            name = "mine"
            gesture = "swipe(fingers: 3, direction: .left)"
            priority = "high"
            on-ended = "key a"
            """
        var b = Self.touchpad(size: nil)
        b.touchpadSwipe(fingers: 3, by: swipe.vector * 300, over: 0.2)
        let (signals, fired) = try Self.run(config, b)
        #expect(signals.isEmpty != forwarded)
        #expect(fired == (forwarded ? [] : ["mine"]))
    }

    @Test func theConfigSaysWhatItForwards() throws {
        let loaded = try isolatedLoader.load(text: Self.config, file: "t.toml").get()
        #expect(loaded.table.desktop.map(\.name) == ToucheggForwarderTests.forwardedNames)
        #expect(loaded.table.desktop.allSatisfy { $0.yields && $0.priority == .high })
        // check lists them as what they are.
        #expect(BindingListing.text(loaded, label: "t.toml").contains(
            "touchegg-protocol: swipe(fingers: 3)\n  scope: desktop, forwarded over D-Bus (touchegg-protocol), yielding to every binding above"))
        let off = try isolatedLoader.load(text: "version = 1\n[settings]\ntouchegg-protocol = false", file: "t.toml").get()
        #expect(off.table.desktop.isEmpty)
        guard case .failure(let e) = isolatedLoader.load(text: "keymap = \"none\"\n[settings]\ntouchegg-protocol = \"yes\"", file: "t.toml") else {
            Issue.record("accepted")
            return
        }
        #expect("\(e)".contains("t.toml:3:22: 'touchegg-protocol' takes true or false"))
    }

    static let forwardedNames = ["touchegg-protocol: swipe(fingers: 3)", "touchegg-protocol: swipe(fingers: 4)",
                                 "touchegg-protocol: magnify(fingers: 3)", "touchegg-protocol: magnify(fingers: 4)"]
}
