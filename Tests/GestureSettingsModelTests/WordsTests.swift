import GestureConfig
import GestureCore
@testable import GestureSettingsModel
import Testing

@Suite struct WordsTests {
    @Test(arguments: [
        ("swipe(fingers: 3, direction: .left)", "any", nil, "Swipe left with 3 fingers"),
        ("magnify(fingers: 2)", "touchpad", nil, "Pinch with 2 fingers on the touchpad"),
        ("pinch()", "any", nil, "Pinch with 2 fingers"),
        ("longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40px))", "any", nil, "Long press, then drag"),
        ("tap(fingers: 2)", "touchscreen", nil, "Tap with 2 fingers on the touchscreen"),
        ("tap(count: 2, fingers: 2).exclusively(before: longPress(fingers: 2))", "any", nil,
         "Double tap with 2 fingers, or else long press with 2 fingers"),
        ("rotate(fingers: 2)", "any", nil, "Rotate with 2 fingers"),
        ("rotate(fingers: 2).simultaneously(with: magnify(fingers: 2))", "any", nil,
         "Rotate with 2 fingers and pinch with 2 fingers at once"),
        ("swipe(fingers: 1, direction: .left, from: .rightEdge)", "any", nil, "Swipe left from the right edge with 1 finger"),
        ("swipe(fingers: 3)", "any", "alt", "Swipe with 3 fingers while Alt is held"),
        ("swipe(fingers: 3, direction: .upLeft)", "any", "ctrl+shift", "Swipe up and left with 3 fingers while Ctrl+Shift are held"),
        ("hold(fingers: 3, minimumDuration: 300ms)", "name:ELAN*", nil, "Hold with 3 fingers on ELAN*"),
        ("drag(fingers: 3, minimumDistance: 0)", "any", nil, "Drag with 3 fingers"),
        ("tap(count: 3)", "any", nil, "Triple tap with 1 finger"),
    ] as [(String, String, String?, String)])
    func gesturesInWords(_ expression: String, _ device: String, _ modifiers: String?, _ words: String) throws {
        let (spec, _) = try ExpressionParser.parse(expression).get()
        let mods = try modifiers.map { try Modifiers.parse($0).get() }
        #expect(Words.gesture(spec, device: DeviceFilter(device)!, modifiers: mods) == words)
    }

    @Test(arguments: [
        ("workspace next", "Next workspace"),
        ("key workspace-next", "Next workspace"),
        ("key overview", "Overview"),
        ("show-desktop", "Show desktop"),
        ("window close", "Close window"),
        ("exec rofi -show window", "Run rofi -show window"),
        ("key super+a", "Press Super+A"),
        ("key ctrl+alt+Right", "Press Ctrl+Alt+Right"),
        ("key super+Page_Down", "Press Super+Page Down"),
        ("key ctrl+bracketright", "Press Ctrl+]"),
        ("button 3 here", "Right click at the fingers"),
        ("button 8", "Back (mouse button 8)"),
        ("button 12", "Click mouse button 12"),
        ("buttondown 1", "Hold the left button"),
        ("keydown alt", "Hold Alt"),
        ("keyup alt", "Release Alt"),
        ("move", "Move the pointer"),
        ("none", "Nothing"),
        ("key lock-screen", "Lock screen"),
        ("key my-own-thing", "My own thing"),
        ("workspace 3", "Workspace 3"),
        ("window activate", "Activate the window"),
        ("window resize", "Resize the window"),
        ("window snap left", "Snap window to the left half"),
        ("window snap restore", "Restore snapped window"),
        ("window move", "Move the window"),
    ])
    func actionsInWords(_ action: String, _ words: String) {
        #expect(Words.action(action) == words)
    }

    /// A row's action line, from the binding as written.
    @Test(arguments: [
        ("gesture = \"magnify(fingers: 2)\"\non-step = { every = 0.15, increase = \"key ctrl+plus\", decrease = \"key ctrl+minus\" }",
         "Ctrl+Plus / Ctrl+Minus per 15 %"),
        ("gesture = \"magnify(fingers: 2)\"\non-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }",
         "Zoom in / Zoom out per 15 %"),
        ("gesture = \"rotate()\"\non-step = { every = 15, increase = \"key ctrl+bracketright\", decrease = \"key ctrl+bracketleft\" }",
         "Ctrl+] / Ctrl+[ per 15°"),
        ("gesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"", "Next workspace"),
        ("gesture = \"longPress()\"\non-ended = \"exec rofi -show window\"", "Run rofi -show window"),
        ("gesture = \"drag(fingers: 3)\"\non-began = \"keydown alt\"\non-step = { every = 120, increase = \"key Tab\", decrease = \"key shift+Tab\" }\non-ended = \"keyup alt\"",
         "Hold Alt as it starts; Tab / Shift+Tab per 120 px; Release Alt at the end"),
        ("gesture = \"hold(fingers: 3)\"\non-repeat = \"key volume-up\"", "Volume up, repeated while held"),
        ("gesture = \"tap(fingers: 4)\"\non-ended = [\"button 2\", \"exec logger hi\"]", "Middle click, then run logger hi"),
        ("gesture = \"drag(fingers: 3)\"\non-began = [\"buttondown 1\", \"move\"]\non-changed = \"move\"",
         "Hold the left button, then move the pointer as it starts; Move the pointer as it moves"),
        ("gesture = \"tap()\"", "Does nothing"),
    ])
    func bindingActionsInWords(_ keys: String, _ words: String) throws {
        let doc = document("keymap = \"gnome\"\n[[bind]]\n" + keys + "\n")
        #expect(!doc.isReadOnly, "\(doc.diagnostics)")
        #expect(doc.scopes[0].bindings.first?.actionWords == words)
    }

    @Test func priorityWordsSayWhatTheApplicationGets() {
        let doc = document(fixture("full.toml"))
        let rows = doc.scopes.flatMap(\.bindings)
        #expect(rows[0].priorityWords.hasPrefix("First: the application under the fingers never sees"))
        #expect(rows[2].priorityWords.hasPrefix("After the application"))
        #expect(doc.scopes[1].bindings[0].priorityWords.contains("wins over a normal gesture for all applications"))
        #expect(Words.priority(.simultaneous, inApplicationScope: false).hasPrefix("Alongside"))
    }

    /// The monitor stream names a binding as the daemon does: its name, else its expression.
    @Test func engineNamesAreTheDaemons() throws {
        let doc = document(fixture("full.toml"))
        let loaded = try testLoader().load(text: doc.text, file: "c").get()
        let enabledRows = doc.scopes.flatMap(\.bindings).filter(\.enabled)
        #expect(enabledRows.map(\.engineName) == loaded.table.allBindings.map(\.name))
        #expect(doc.entries(engineName: "tap(fingers: 2)").map(\.ref) == [BindingRef(scope: .allApplications, index: 4)])
    }

    @Test(arguments: [
        ("key ctrl+alt+Right", nil),
        ("key super+a", nil),
        ("key zoom-in", nil),
        ("key ctrl+nosuchkey", "1:10"),
        ("exec", "1:1"),
    ] as [(String, String?)])
    func actionsAreCheckedWithTheKeymap(_ action: String, _ at: String?) {
        let d = document(fixture("full.toml")).check(action: action)
        #expect(d.map { "\($0.line):\($0.column)" } == at, "\(String(describing: d))")
    }

    /// A row is called by its name, else its gesture in words (the app's accessible names go by it).
    @Test func rowTitles() {
        let doc = document(fixture("full.toml"))
        #expect(doc.scopes.flatMap(\.bindings).map(\.title) == [
            "workspace-next", "workspace-previous", "zoom", "hold-then-drag", "Tap with 2 fingers on the touchscreen",
            "alt-tab", "edge-menu", "turn", "Swipe right with 2 fingers", "Pinch with 2 fingers", "up a folder",
        ])
    }
}
