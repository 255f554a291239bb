import GestureConfig
import GestureCore
import Testing

/// `enabled = false`: the binding is read and checked like any other, but
/// the engine never sees it (the settings app's switch).
@Suite struct EnabledKeyTests {
    static let text = """
        version = 1
        keymap = "generic"

        [[bind]]
        name = "on"
        gesture = "swipe(fingers: 3, direction: .left)"
        on-ended = "key ctrl+alt+Right"

        [[bind]]
        name = "off"
        gesture = "swipe(fingers: 3, direction: .right)"
        enabled = false
        on-ended = "key ctrl+alt+Left"

        [[app]]
        class = "firefox"

        [[app.bind]]
        name = "app-off"
        gesture = "tap(fingers: 2)"
        enabled = false
        on-ended = "button 3"

        [[app.bind]]
        name = "app-on"
        gesture = "magnify(fingers: 2)"
        enabled = true
        on-ended = "none"

        """

    @Test func theLoaderSkipsABindingSwitchedOff() throws {
        let c = try load(Self.text).get()
        #expect(c.table.desktop.map(\.name) == ["on"])
        #expect(c.table.apps.first?.bindings.map(\.name) == ["app-on"])
        // BindingIDs stay dense: names, actions and scopes line up.
        #expect(c.table.allBindings.count == c.actions.count && c.actions.count == c.scopes.count)
        #expect(c.scopes == ["desktop", "firefox"])
        #expect(c.disabled == [DisabledBinding(name: "off", scope: "desktop", line: 9),
                               DisabledBinding(name: "app-off", scope: "firefox", line: 18)])
        #expect(c.warnings.isEmpty)
    }

    @Test(arguments: [
        ("enabled = \"no\"", "'enabled' takes true or false"),
        ("enabled = 0", "'enabled' takes true or false"),
    ])
    func enabledTakesABoolean(_ line: String, _ message: String) {
        let text = "[[bind]]\ngesture = \"tap()\"\n\(line)\non-ended = \"button 1\"\n"
        guard case .failure(let e) = load(text) else { Issue.record("accepted \(line)"); return }
        #expect(e.diagnostics.map(\.message).contains { $0.hasPrefix(message) })
        #expect(e.diagnostics.first?.line == 3)
    }

    @Test func aBindingSwitchedOffIsStillChecked() {
        let text = "[[bind]]\ngesture = \"swipe(direction: .lef)\"\nenabled = false\non-ended = \"button 1\"\n"
        guard case .failure(let e) = load(text) else { Issue.record("a broken binding switched off loaded"); return }
        #expect(e.diagnostics.first?.message.contains("unknown direction") == true)
    }
}
