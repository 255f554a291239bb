import GestureConfig
import GestureCore
import Testing

/// What `check` says a stroke drawn with a pointer button conflicts with
/// (ConfigPointerStrokes.swift, ConfigAlikeShapes.swift; docs/config.md):
/// each small config gives exactly these warnings, at these places, and a
/// config without conflicts gives none.
@Suite struct PointerStrokeConflictTests {
    /// An L, a line drawn leftwards (easystroke's back), and a Z: no two alike.
    static let shapes = StrokeSet([
        StrokeShape(name: "L", templates: [[Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 80, y: 100)]]),
        StrokeShape(name: "back", templates: [[Point(x: 200, y: 0), Point(x: 0, y: 0)]]),
        StrokeShape(name: "Z", templates: [[Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)]]),
        // An L drawn a little rounder: taught apart from L, alike to it.
        StrokeShape(name: "L2", templates: [[Point(x: 0, y: 0), Point(x: 2, y: 96), Point(x: 10, y: 102), Point(x: 80, y: 104)]]),
    ])

    static func warnings(_ config: String, present: [Device]? = nil) -> [String] {
        var loader = testLoader()
        loader.strokes = shapes
        loader.presentDevices = present
        switch loader.load(text: config, file: "c.toml") {
        case .success(let loaded): return loaded.warnings.map { String($0.description.split(separator: "\n")[0]) }
        case .failure(let e): return ["failed: \(e)"]
        }
    }

    static let cases: [(String, String, [String])] = [
        ("a pointer stroke on button 3 with no modifiers and other strokes: no conflict", """
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            device = "name:Wacom*"
            on-ended = "key F5"
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            on-ended = "key F3"
            [[bind]]
            gesture = 'stroke("back", button: 3)'
            modifiers = "none"
            on-ended = "key alt+Left"
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "ctrl"
            on-ended = "key F4"
            [[app]]
            class = "firefox"
            [[app.bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            on-ended = "key ctrl+w"
            [[bind]]
            gesture = 'stroke("Z")'
            on-ended = "key F6"
            """, []),
        ("the same shape, button, modifiers and scope twice: the second never fires", """
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            on-ended = "key F3"
            [[bind]]
            gesture = 'stroke("L",  button: 3)'
            modifiers = "none"
            on-ended = "key F4"
            """, ["c.toml:6:12: warning: this stroke never fires: the binding at line 2 draws the same shape 'L' with button 3, the same modifiers and scope, and wins"]),
        ("the second ranked higher (priority high) wins: the first never fires", """
            [[bind]]
            gesture = 'stroke("L", button: 2)'
            on-ended = "key F3"
            [[bind]]
            gesture = 'stroke("L", button: 2)'
            priority = "high"
            on-ended = "key F4"
            """, ["c.toml:2:12: warning: with any modifiers this stroke also takes super+button 2, which window managers use to move or resize windows (GNOME); they get the press only when it is held still before it moves; add modifiers = \"none\" to leave it to them",
                  "c.toml:2:12: warning: this stroke never fires: the binding at line 5 draws the same shape 'L' with button 2, the same modifiers and scope, and wins",
                  "c.toml:5:12: warning: with any modifiers this stroke also takes super+button 2, which window managers use to move or resize windows (GNOME); they get the press only when it is held still before it moves; add modifiers = \"none\" to leave it to them"]),
        ("button 1 with any modifiers takes every drag", """
            [[bind]]
            gesture = 'stroke("L", button: 1)'
            on-ended = "key F3"
            """, ["c.toml:2:12: warning: every drag with button 1 (selecting text, moving windows, dragging files) becomes a stroke once it passes minimumSize; add a layer, e.g. modifiers = \"super\", or draw with button 3"]),
        ("button 1 with no modifiers: said at modifiers", """
            [[bind]]
            gesture = 'stroke("L", button: 1)'
            modifiers = "none"
            on-ended = "key F3"
            """, ["c.toml:3:14: warning: every drag with button 1 (selecting text, moving windows, dragging files) becomes a stroke once it passes minimumSize; add a layer, e.g. modifiers = \"super\", or draw with button 3"]),
        ("alt+button 1: the window manager's move", """
            [[bind]]
            gesture = 'stroke("L", button: 1)'
            modifiers = "alt"
            on-ended = "key F3"
            """, ["c.toml:3:14: warning: alt+button 1 moves windows in many window managers (xfwm4, Openbox, Fluxbox, MATE, KDE Plasma 5); this stroke's grab on the root window comes first, so they get the press only when it is held still before it moves"]),
        ("super+button 3: the window manager's resize", """
            [[bind]]
            gesture = 'stroke("back", button: 3)'
            modifiers = "super"
            on-ended = "key F3"
            """, ["c.toml:3:14: warning: super+button 3 resizes windows in many window managers (KDE Plasma 6, awesome); this stroke's grab on the root window comes first, so they get the press only when it is held still before it moves"]),
        ("button 3 for any modifiers also takes alt+ and super+button 3", """
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            on-ended = "key F3"
            """, ["c.toml:2:12: warning: with any modifiers this stroke also takes alt+button 3, super+button 3, which window managers use to move or resize windows (xfwm4, Openbox, Fluxbox, KDE Plasma 5, KDE Plasma 6, awesome); they get the press only when it is held still before it moves; add modifiers = \"none\" to leave it to them"]),
        ("a finger drag that holds button 1 while a stroke is bound to button 1 with ctrl: no conflict (the drag is made without ctrl)", """
            [[bind]]
            gesture = "drag(fingers: 1)"
            on-began = ["buttondown 1", "move"]
            on-ended = "buttonup 1"
            [[bind]]
            gesture = 'stroke("L", button: 1)'
            modifiers = "ctrl"
            on-ended = "key F3"
            """, []),
        ("a finger drag that holds button 8 meets a stroke on button 8", """
            [[bind]]
            gesture = "drag(fingers: 1)"
            on-began = ["buttondown 8", "move"]
            on-ended = "buttonup 8"
            [[bind]]
            gesture = 'stroke("L", button: 8)'
            modifiers = "none"
            on-ended = "key F3"
            """, ["c.toml:3:1: warning: the stroke bound to button 8 at line 6 grabs this binding's 'buttondown 8' too: the drag it starts is taken as a stroke and reaches no window"]),
        ("a shape strokes.toml does not have", """
            [[bind]]
            gesture = 'stroke("O", button: 3)'
            modifiers = "none"
            on-ended = "key F3"
            """, ["c.toml:2:12: warning: no shape 'O' is taught, so it never fires; teach it with gesture-bridge teach O (taught: L, back, Z, L2)"]),
        ("a stroke with a button inside a composition", """
            [[bind]]
            gesture = 'stroke("L", button: 3).exclusively(before: tap())'
            on-ended = "key F3"
            """, ["c.toml:2:12: warning: a stroke drawn with button 3 works only on its own: inside a composition it never fires"]),
        ("two shapes so alike that drawing one may fire the other, with the same button", """
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            on-ended = "key F3"
            [[bind]]
            gesture = 'stroke("L2", button: 3)'
            modifiers = "none"
            on-ended = "key F4"
            """, ["c.toml:2:12: warning: drawing 'L2' may fire this stroke: a template of 'L2' scores 0.98 as 'L', which needs 0.80; teach the two more differently, or raise L's threshold in strokes.toml",
                  "c.toml:6:12: warning: drawing 'L' may fire this stroke: a template of 'L' scores 0.98 as 'L2', which needs 0.80; teach the two more differently, or raise L2's threshold in strokes.toml"]),
        ("the same two shapes with different buttons never compete", """
            [[bind]]
            gesture = 'stroke("L", button: 3)'
            modifiers = "none"
            on-ended = "key F3"
            [[bind]]
            gesture = 'stroke("L2", button: 2)'
            modifiers = "none"
            on-ended = "key F4"
            """, []),
    ]

    @Test(arguments: cases)
    func warns(_ what: String, _ config: String, _ expected: [String]) {
        #expect(Self.warnings(config) == expected, "\(what)")
    }

    /// A pointer stroke's `device` names a pointer: a mouse X has is no
    /// touch device, and is not said to be missing; a name no pointer has is.
    @Test func aPointerStrokesDeviceIsLookedForAmongThePointers() {
        let mouse = Device(id: 9, name: "Logitech USB Optical Mouse", kind: .other)
        let bind = { (device: String) in
            "[[bind]]\ngesture = 'stroke(\"L\", button: 3)'\nmodifiers = \"none\"\ndevice = \"\(device)\"\non-ended = \"key F3\"\n"
        }
        #expect(Self.warnings(bind("name:Logitech*"), present: [mouse]) == [])
        #expect(Self.warnings(bind("name:Wacom*"), present: [mouse])
            == ["c.toml:4:11: warning: no pointer here matches 'name:Wacom*'; X has 'Logitech USB Optical Mouse'"])
        // A finger's binding still asks for a touch device.
        #expect(Self.warnings("[[bind]]\ngesture = 'stroke(\"L\")'\ndevice = \"name:Logitech*\"\non-ended = \"key F3\"\n", present: [mouse])
            == ["c.toml:3:11: warning: no touch device here matches 'name:Logitech*' (X has no touchscreen or touchpad now)"])
    }
}
