import GestureActions
import GestureBridge
import GestureConfig
import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// The default config's commented pointer recipes: uncommenting one block is
/// all a user does, and it does what it says.
@Suite struct DefaultConfigRecipeTests {
    /// The default config with only the named commented block uncommented.
    func withBlock(_ name: String) throws -> LoadedConfig {
        var lines = DefaultConfig.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let nameLine = try #require(lines.firstIndex(of: "# name = \"\(name)\""))
        var start = nameLine
        while start > 0 && lines[start] != "# [[bind]]" { start -= 1 }
        var end = nameLine
        while end + 1 < lines.count && lines[end + 1].hasPrefix("# ") && !lines[end + 1].hasPrefix("# #")
            && lines[end + 1] != "# [[bind]]" && lines[end + 1] != "#" { end += 1 }
        for i in start...end { lines[i] = String(lines[i].dropFirst(2)) }
        return try isolatedLoader.load(text: lines.joined(separator: "\n"), file: "config.toml").get()
    }

    func acted(_ c: LoadedConfig, _ b: TraceBuilder, _ binding: String) -> [String] {
        let engine = GestureEngine(table: c.table, screen: b.header.screen)
        var out: [String] = []
        for e in Replayer.run(b.trace, table: c.table) {
            guard case .gesture(let g) = e, engine.bindings[g.binding].name == binding else { continue }
            for a in c.actions[g.binding].actions(for: g.phase, step: g.step) { out.append("\(g.phase.rawValue): \(a)") }
        }
        return out
    }

    @Test func threeFingerDragTakesTheTouchpadsThreeFingers() throws {
        let c = try withBlock("three-finger-drag")
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadSwipe(fingers: 3, by: Point(x: -200, y: 0), over: 0.2)
        let a = acted(c, b, "three-finger-drag")
        #expect(a.prefix(3) == ["began: buttondown 1", "began: move", "changed: move"])
        // It won the touchpad's three fingers: the workspace swipe did nothing there.
        #expect(acted(c, b, "workspace-next").isEmpty)
        #expect(c.table.settings.dragLock == 0.4)
    }

    /// The Alt layer: with Alt held the window moves, without it the
    /// workspace switches (the default's own binding).
    @Test func theAltLayerTakesTheSwipeOnlyWithAltHeld() throws {
        let c = try withBlock("alt-swipe-left")
        #expect(c.table.allBindings.first { $0.name == "alt-swipe-left" }?.modifiers == .alt)
        for (held, want) in [(Modifiers.alt, ["ended: key super+shift+Page_Up"]), ([], [])] {
            var b = TraceBuilder.standard()
            b.emit(.modifiers(held))
            b.land(3, at: Point(x: 960, y: 540))
            b.move(by: Point(x: -300, y: 0), over: 0.25)
            b.lift()
            #expect(acted(c, b, "alt-swipe-left") == want, "holding \(held)")
            #expect(acted(c, b, "workspace-next").isEmpty == !held.isEmpty, "holding \(held)")
        }
    }

    /// The window follows the touchscreen's three fingers from their
    /// began (no on-changed written: the router sends it every frame).
    @Test func moveWindowTakesTheTouchscreensThreeFingers() throws {
        let c = try withBlock("move-window")
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 960, y: 540))
        b.move(by: Point(x: -300, y: 40), over: 0.3)
        b.lift()
        #expect(acted(c, b, "move-window") == ["began: window move"])
        #expect(acted(c, b, "workspace-next").isEmpty)
        var tile = TraceBuilder.standard(device: .touchpad)
        tile.touchpadSwipe(fingers: 4, by: Point(x: -300, y: 0), over: 0.2)
        #expect(acted(try withBlock("tile-left"), tile, "tile-left") == ["ended: window snap left"])
    }

    @Test func longPressRightClicksAndTwoFingerTapRightClicks() throws {
        var press = TraceBuilder.standard()
        press.land(at: [Point(x: 500, y: 500)])
        press.wait(0.8)
        press.lift()
        #expect(acted(try withBlock("long-press-right-click"), press, "long-press-right-click") == ["ended: button 3 here"])
        var tap = TraceBuilder.standard()
        tap.tap(2, at: Point(x: 500, y: 500), holding: 0.1)
        #expect(acted(try withBlock("two-finger-tap-right-click"), tap, "two-finger-tap-right-click") == ["ended: button 3 here"])
    }
}
