@testable import GestureTools
import GestureActions
import GestureBridge
import GestureConfig
import GestureCore
import GestureTesting
import GestureTraces
import Testing

/// `on-began = "window move"` with no `on-changed`: the router still sends
/// every frame of the gesture to the window control, touchscreens aiming at
/// where the fingers landed, and ends the follow with the gesture.
@Suite struct WindowFollowRoutingTests {
    final class Recording: WindowControl {
        var log: [String] = []
        func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult { .done("") }
        func beginFollow(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace,
                         now: Double) -> WindowResult {
            log.append("begin \(follow) at \(Int(target.x ?? -1)),\(Int(target.y ?? -1))")
            return .done("")
        }
        func follow(binding: Int, place: GesturePlace, now: Double) {
            log.append("frame \(place.touch == nil ? "touchpad" : "touch") \(Int(place.translation.x.rounded())),\(Int(place.translation.y.rounded()))")
        }
        func endFollow(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? {
            log.append(cancelled ? "cancelled" : "ended at \(Int(place.translation.x.rounded())),\(Int(place.translation.y.rounded()))")
            return nil
        }
    }

    static let config = """
        version = 1
        keymap = "none"
        [[bind]]
        name = "move"
        gesture = "drag(fingers: 3)"
        on-began = "window move"
        """

    /// The engine on `b`'s trace, its effects through the daemon's router.
    static func play(_ b: TraceBuilder) throws -> [String] {
        let config = try isolatedLoader.load(text: Self.config, file: "w.toml").get()
        var engine = GestureEngine(table: config.table, screen: b.header.screen, devices: b.header.devices)
        let performer = ActionPerformer(synthesizer: RecordingSynthesizer(), baseEnvironment: [:])
        let control = Recording()
        performer.windowControl = control
        var hooks = EffectRouter.Hooks()
        let kinds = Dictionary(uniqueKeysWithValues: b.header.devices.map { ($0.id, $0.kind) })
        hooks.deviceKind = { kinds[$0] }
        let router = EffectRouter(bindings: config.table.allBindings, actions: config.actions, performer: performer, hooks: hooks)
        playRouted(b.trace.events, engine: &engine, router: router)
        #expect(!performer.isFollowing(binding: 0))
        return control.log
    }

    @Test func aTouchscreenDragSendsEveryFrameAimedWhereTheFingersLanded() throws {
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 600, y: 400))
        b.move(by: Point(x: 240, y: 130), over: 0.4)
        b.lift()
        let log = try Self.play(b)
        #expect(log.first?.hasPrefix("begin move at ") == true)
        let frames = log.filter { $0.hasPrefix("frame touch") }
        #expect(frames.count > 20)
        #expect(log.last == "ended at 240,130")
    }

    @Test func aTouchpadSwipeFollowsTheActiveWindow() throws {
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadSwipe(fingers: 3, by: Point(x: 240, y: 120), over: 0.3)
        let log = try Self.play(b)
        #expect(log.first == "begin move at -1,-1")
        #expect(log.dropFirst().dropLast().allSatisfy { $0.hasPrefix("frame touchpad") } && log.count > 10)
        #expect(log.last == "ended at 240,120")
    }
}

/// `check` says where `window move` can do nothing.
@Suite struct WindowFollowConfigTests {
    @Test(arguments: [
        ("gesture = \"drag(fingers: 3)\"\non-ended = \"window move\"", "w.toml:6:1: warning: 'window move' and 'window resize' follow the gesture from its on-began to its end; in on-ended they move nothing"),
        ("gesture = \"tap(fingers: 3)\"\non-began = \"window resize\"", "w.toml:6:1: warning: 'window move' and 'window resize' need a continuous gesture (a drag); tap(fingers: 3) only begins and ends"),
    ])
    func aFollowWhereItCannotFollowIsSaid(_ body: String, _ want: String) throws {
        let text = "version = 1\nkeymap = \"none\"\n[[bind]]\nname = \"w\"\n" + body + "\n"
        let loaded = try isolatedLoader.load(text: text, file: "w.toml").get()
        #expect(loaded.warnings.map { "\($0)".split(separator: "\n").first.map(String.init) ?? "" } == [want])
    }

    @Test func onBeganOfADragIsSaidNothing() throws {
        let text = "version = 1\nkeymap = \"none\"\n[[bind]]\nname = \"w\"\ngesture = \"drag(fingers: 3)\"\non-began = \"window move\"\n"
        #expect(try isolatedLoader.load(text: text, file: "w.toml").get().warnings.isEmpty)
    }
}

/// `replay` says what a window following the gesture does at its end, which
/// no action in the config writes.
@Suite struct WindowFollowReplayTests {
    @Test func replaySaysWhereTheMoveEndsAndThatACancelStays() throws {
        let config = try isolatedLoader.load(text: WindowFollowRoutingTests.config, file: "w.toml").get()
        let printer = ReplayPrinter(config: config, json: false, explain: false)
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 600, y: 400))
        b.move(by: Point(x: 240, y: -130), over: 0.4)
        b.lift()
        var lines: [String] = []
        for e in Replayer.run(b.trace, table: config.table) { lines += printer.lines(e).map(\.text) }
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("began          window move") == true)
        #expect(lines.last?.hasSuffix("ended          window move ends: the window moved by the fingers' (+240, -130)") == true)
        // A fourth finger cancels it: the window stays where the last frame put it.
        var c = TraceBuilder.standard()
        c.land(3, at: Point(x: 600, y: 400))
        c.move(by: Point(x: 100, y: 0), over: 0.2)
        c.land(1, at: Point(x: 900, y: 700))
        c.lift()
        var cancelled: [String] = []
        for e in Replayer.run(c.trace, table: config.table) { cancelled += printer.lines(e).map(\.text) }
        #expect(cancelled.last?.hasSuffix("cancelled      window move stops where the last frame put the window") == true)
    }
}
