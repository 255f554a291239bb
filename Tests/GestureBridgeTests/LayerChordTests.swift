import GestureActions
import GestureBridge
import GestureConfig
import GestureCore
import GestureTesting
import GestureTraces
import GestureX11
import Testing
import XTestSupport

/// A layer's chord goes out exactly as configured: with Alt held (by XTest,
/// as the E2E holds it), the Alt layer's `ctrl+Right` reaches X as
/// ctrl+Right, Alt released around it and pressed again after; with
/// `keep-modifiers = true`, Alt stays down.
@Suite(.serialized) struct LayerChordTests {
    static func config(keep: Bool) -> String {
        """
        version = 1
        keymap = "none"
        [[bind]]
        name = "swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        device = "touchpad"
        on-ended = "key F9"
        [[bind]]
        name = "alt-swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        device = "touchpad"
        modifiers = "alt"
        keep-modifiers = \(keep)
        on-ended = "key ctrl+Right"
        """
    }

    /// The engine on a touchpad swipe begun with Alt held, its effects
    /// through the daemon's router to XTest.
    static func swipe(_ text: String, display: String) throws {
        let loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: [:])
        let config = try loader.load(text: text, file: "layer.toml").get()
        var b = TraceBuilder.standard(device: .touchpad)
        b.emit(.modifiers(.alt))
        b.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.25)
        var engine = GestureEngine(table: config.table, screen: b.header.screen, devices: b.header.devices)
        let synth = XTestSynthesizer(connection: try XConnection(name: display))
        let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
        let router = EffectRouter(bindings: config.table.allBindings, actions: config.actions, performer: performer,
                                  hooks: EffectRouter.Hooks())
        playRouted(b.trace.events, engine: &engine, router: router)
        performer.flush()
    }

    /// An Xvfb with Alt held through XTest, and an observer of its keys.
    static func holdingAlt() throws -> (Xvfb, KeyObserver) {
        let x = try Xvfb()
        let observer = try KeyObserver(display: x.display)
        let holder = XTestSynthesizer(connection: try XConnection(name: x.display))
        holder.key(Keysym.named("Alt_L")!, down: true)
        holder.flush()
        #expect(observer.events(count: 1).map(\.description) == ["+Alt_L"])
        return (x, observer)
    }

    @Test func aLayersChordGoesOutWithoutItsModifiers() throws {
        let (x, observer) = try Self.holdingAlt()
        try Self.swipe(Self.config(keep: false), display: x.display)
        let seen = observer.events(count: 6).map(\.description)
        #expect(seen == ["-Alt_L", "+Control_L", "+Right", "-Right", "-Control_L", "+Alt_L"])
        #expect(observer.keysDown().count == 1)   // Alt, held again
    }

    @Test func keepModifiersLeavesThemHeld() throws {
        let (x, observer) = try Self.holdingAlt()
        try Self.swipe(Self.config(keep: true), display: x.display)
        let seen = observer.events(count: 4).map(\.description)
        #expect(seen == ["+Control_L", "+Right", "-Right", "-Control_L"])
        #expect(observer.events(count: 1, timeout: 0.3).isEmpty)   // nothing after: Alt was never let go of
    }
}
