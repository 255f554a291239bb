import GestureConfig
import Testing

/// Broken configs: each gives exactly this first diagnostic ("line:col: message").
/// `B` wraps a gesture in a binding; `A` wraps an action.
func B(_ gesture: String) -> String { "[[bind]]\ngesture = \"\(gesture)\"\n" }
func A(_ action: String) -> String { "[[bind]]\ngesture = \"tap()\"\non-ended = \"\(action)\"\n" }

let brokenConfigs: [(String, String)] = [
    // TOML syntax (toml++).
    ("version = ", "1:11: TOML syntax: Error while parsing key-value pair: encountered end-of-file"),
    ("[[bind]\ngesture = \"tap()\"", "1:8: TOML syntax: Error while parsing table header: expected ']', saw '\\n'"),
    ("keymap = \"gnome\nversion = 1", "1:16: TOML syntax: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited"),
    // Floats out of double's range, either way (toml++ reads them with std::from_chars).
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { every = 1e400, increase = \"key a\" }", "3:26: TOML syntax: Error while parsing floating-point: '1e400' is not representable in 64 bits"),
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { every = 1e-400, increase = \"key a\" }", "3:27: TOML syntax: Error while parsing floating-point: '1e-400' is not representable in 64 bits"),
    // Top level.
    ("verison = 1", "1:1: unknown key 'verison' (did you mean 'version'?); expected version, keymap, including, settings, device, bind, app"),
    ("version = 2", "1:11: unsupported config version 2; this reads version 1"),
    ("version = \"1\"", "1:12: 'version' takes the integer 1, e.g. version = 1"),
    ("keymap = \"gnom\"", "1:11: unknown keymap 'gnom' (did you mean 'gnome'?); expected \"auto\", \"none\" or one of: cinnamon, generic, gnome, i3, kde, mate, openbox, xfce"),
    ("keymap = 3", "1:10: 'keymap' takes a name, \"auto\" or \"none\", e.g. keymap = \"gnome\""),
    ("including = \"everything\"", "1:14: 'including' takes all, gesture, subviews or none; got 'everything'"),
    ("settings = 1", "1:12: 'settings' must be a table: [settings]"),
    ("bind = 1", "1:8: 'bind' must be an array of tables: [[bind]]"),
    // Settings.
    ("[settings]\nslop = 10", "2:8: 'slop' takes a length with its unit, e.g. slop = \"10px\" or \"3mm\"; got an integer"),
    ("[settings]\ntap-timeout = \"250\"", "2:16: 'tap-timeout' takes a time with its unit, e.g. tap-timeout = \"250ms\" or \"0.25s\"; got '250'"),
    ("[settings]\ntap-timeout = \"250px\"", "2:16: 'tap-timeout' takes a time with its unit, e.g. tap-timeout = \"250ms\" or \"0.25s\"; got '250px'"),
    ("[settings]\nswipe-min-velocity = \"300px\"", "2:23: 'swipe-min-velocity' takes a speed with its unit, e.g. swipe-min-velocity = \"300px/s\" or \"80mm/s\"; got '300px'"),
    ("[settings]\nedge-width = \"-5px\"", "2:15: 'edge-width' takes a length with its unit, e.g. edge-width = \"10px\" or \"3mm\"; got '-5px'"),
    ("[settings]\ntap-timeot = \"200ms\"", "2:1: unknown setting 'tap-timeot' (did you mean 'tap-timeout'?); expected tap-timeout, double-tap-timeout, long-press, slop, finger-landing, swipe-distance, touchpad-swipe-distance, swipe-min-velocity, edge-width, grab-timeout, drag-lock, repeat-delay, repeat-interval, touchegg-protocol, button-hold, stroke-trail, stroke-name"),
    ("[settings]\nrepeat-interval = \"0ms\"", "2:20: 'repeat-interval' must be longer than 0, e.g. repeat-interval = \"100ms\""),
    // Bindings.
    ("[[bind]]\nname = \"x\"", "1:1: this binding has no gesture; add e.g. gesture = \"swipe(fingers: 3, direction: .left)\""),
    ("[[bind]]\ngesture = 3", "2:11: 'gesture' takes a gesture expression in quotes, e.g. gesture = \"magnify(fingers: 2)\"; got an integer"),
    ("[[bind]]\ngesture = \"tap()\"\nprority = \"high\"", "3:1: unknown key 'prority' in [[bind]] (did you mean 'priority'?); expected gesture, name, priority, device, modifiers, keep-modifiers, on-began, on-changed, on-ended, on-cancelled, on-step, on-repeat, enabled"),
    ("[[bind]]\ngesture = \"tap()\"\npriority = \"urgent\"", "3:13: 'priority' takes normal, high or simultaneous; got 'urgent'"),
    ("[[bind]]\ngesture = \"tap()\"\ndevice = \"mouse\"", "3:11: 'device' takes any, touchscreen, touchpad, name:GLOB (a device's name, e.g. name:ELAN*) or usb:VID:PID (hex, e.g. usb:04f3:2b7c); got 'mouse'"),
    ("[[bind]]\ngesture = \"tap()\"\ndevice = \"usb:04f3\"", "3:11: 'device' takes any, touchscreen, touchpad, name:GLOB (a device's name, e.g. name:ELAN*) or usb:VID:PID (hex, e.g. usb:04f3:2b7c); got 'usb:04f3'"),
    ("[[bind]]\ngesture = \"tap()\"\nmodifiers = \"alt+hyper\"", "3:14: 'hyper' is not a modifier; 'modifiers' takes ctrl, alt, shift and super joined by +, e.g. \"ctrl+alt\", or \"none\""),
    ("[[bind]]\ngesture = \"tap()\"\nmodifiers = 1", "3:13: 'modifiers' takes a string, e.g. modifiers = \"alt\"; got an integer"),
    ("[[bind]]\ngesture = \"tap()\"\nmodifiers = \"alt\"\nkeep-modifiers = \"yes\"", "4:19: 'keep-modifiers' takes true or false; got a string"),
    ("[[device]]\ndisabled = true", "1:1: [[device]] needs match: a device's kind, name:GLOB or usb:VID:PID, e.g. match = \"name:ELAN*\""),
    ("[[device]]\nmatch = \"name:ELAN*\"\nslop = \"fast\"", "3:9: 'slop' takes a length with its unit, e.g. slop = \"10px\" or \"3mm\"; got 'fast'"),
    ("[[device]]\nmatch = \"name:ELAN*\"\nsloop = \"1mm\"", "3:1: unknown key 'sloop' in [[device]] (did you mean 'slop'?); expected match, disabled or a setting of [settings] (tap-timeout, double-tap-timeout, long-press, slop, finger-landing, swipe-distance, touchpad-swipe-distance, swipe-min-velocity, edge-width, grab-timeout, drag-lock, repeat-delay, repeat-interval)"),
    ("[[bind]]\ngesture = \"tap()\"\nname = \"\"", "3:9: 'name' takes a non-empty string"),
    // Gesture expressions.
    (B("swip(fingers: 3)"), "2:12: unknown gesture 'swip' (did you mean 'swipe'?); expected tap, longPress, drag, swipe, magnify, rotate, hold or stroke"),
    (B("stroke()"), "2:19: stroke needs the name of a shape taught with `gesture-bridge teach`, e.g. stroke(\"L\")"),
    ("[[bind]]\ngesture = 'stroke(\"\")'",  "2:19: 'shape' takes a shape's name in quotes, e.g. \"L\""),
    ("[[bind]]\ngesture = 'stroke(\"L\", rotationSensitive: 1)'",  "2:43: 'rotationSensitive' takes true or false"),
    (B("swipe(fingers: 3, direction: .lef)"), "2:41: unknown direction '.lef'; expected .left, .right, .up, .down, .upLeft, .upRight, .downLeft, .downRight"),
    (B("swipe(finger: 3)"), "2:18: swipe has no argument 'finger' (did you mean 'fingers'?); it takes direction:, fingers:, minimumDistance:, minimumVelocity:, maximumDeviation:, from:, edgeWidth:"),
    (B("swipe(fingers: 0)"), "2:27: 'fingers' takes a whole number of fingers from 1 to 10, e.g. fingers: 3"),
    (B("swipe(fingers: 2.5)"), "2:27: 'fingers' takes a whole number of fingers from 1 to 10, e.g. fingers: 3"),
    (B("tap(count: 0)"), "2:23: 'count' takes a whole number of taps from 1 to 10, e.g. count: 2"),
    (B("tap(fingers: 2, fingers: 3)"), "2:28: 'fingers' is given twice"),
    (B("swipe(fingers: 3"), "2:28: expected ')' or ',' in swipe(...), found the end"),
    (B("swipe(fingers 3)"), "2:26: expected ':' after 'fingers', found '3'"),
    (B("drag(minimumDistance: 40pt)"), "2:36: unknown unit 'pt' (did you mean 'px'?); expected px, mm, ms, s, deg, px/s or mm/s"),
    (B("longPress(minimumDuration: 40px)"), "2:39: 'minimumDuration' takes a duration in s or ms, e.g. 0.6s, not px"),
    (B("drag(minimumDistance: 1s)"), "2:34: 'minimumDistance' takes a length in px or mm, e.g. 40px, not s"),
    (B("swipe(from: .left)"), "2:24: unknown edge '.left'; expected .leftEdge, .rightEdge, .topEdge, .bottomEdge"),
    (B("magnify(minimumScaleDelta: 5px)"), "2:39: 'minimumScaleDelta' takes a scale change greater than 0 without a unit, e.g. 0.05"),
    (B("tap().simultaneous(with: drag())"), "2:18: unknown combinator 'simultaneous' (did you mean 'simultaneously'?); expected simultaneously(with:), sequenced(before:) or exclusively(before:)"),
    (B("tap().sequenced(after: drag())"), "2:28: 'sequenced' takes 'before:', e.g. a.sequenced(before: b)"),
    (B("tap() drag()"), "2:18: unexpected 'drag' after the gesture; combine gestures with .simultaneously(with:), .sequenced(before:) or .exclusively(before:)"),
    (B("tap(count: 2))"), "2:25: unexpected ')' after the gesture; combine gestures with .simultaneously(with:), .sequenced(before:) or .exclusively(before:)"),
    (B("tap(count: 2;)"), "2:24: unexpected character ';' in the gesture"),
    (B(""), "2:12: expected a gesture (tap, longPress, drag, swipe, magnify, rotate, hold, stroke), found the end"),
    (B("tap(count: )"), "2:23: expected a value (a number like 3 or 40px, or a name like .left), found ')'"),
    // Actions.
    (A("kye ctrl+a"), "3:13: unknown action 'kye' (did you mean 'key'?); expected key, keydown, keyup, button, buttondown, buttonup, move, exec, workspace, show-desktop, window or none"),
    (A("key ctrl+alt+Rihgt"), "3:26: unknown keysym 'Rihgt'; did you mean 'Right'?"),
    (A("key workspace-nxt"), "3:17: keymap 'gnome' has no 'workspace-nxt' (did you mean 'workspace-next'?)"),
    (A("exec"), "3:13: 'exec' needs a command, e.g. exec rofi -show window"),
    (A("button 300"), "3:20: 'button' takes one button number 1-255, e.g. button 8 (back), button 3 here (at the touch point)"),
    ("[[bind]]\ngesture = \"tap()\"\non-ended = [\"key a\", 3]", "3:22: expected an action in quotes, e.g. \"key ctrl+alt+Right\"; got an integer"),
    ("[[bind]]\ngesture = \"tap()\"\non-ended = true", "3:12: expected an action or an array of actions, e.g. \"key ctrl+alt+Right\"; got true or false"),
    // on-step.
    ("[[bind]]\ngesture = \"magnify()\"\non-step = \"key a\"", "3:12: 'on-step' takes a table, e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }; got a string"),
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { increase = \"key a\" }", "3:11: 'on-step' needs 'every', e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }"),
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { every = 0, increase = \"key a\" }", "3:21: 'every' takes a number greater than 0 in the gesture's unit (px, degrees, or a scale ratio like 0.15)"),
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { every = 0.1 }", "3:11: 'on-step' needs 'increase' or 'decrease' (or both)"),
    ("[[bind]]\ngesture = \"magnify()\"\non-step = { every = 0.1, increse = \"key a\" }", "3:26: unknown key 'increse' in on-step (did you mean 'increase'?); expected every, increase, decrease"),
    ("[[bind]]\ngesture = \"tap()\"\non-step = { every = 1, increase = \"key a\" }", "3:1: 'on-step' needs a continuous gesture (drag, swipe, magnify, rotate or hold); tap() is discrete"),
    // App scopes.
    ("[[app]]\nincluding = \"all\"", "1:1: [[app]] needs a class: a glob of WM_CLASS names, e.g. class = \"firefox\""),
    ("[[app]]\nclass = 1", "2:9: 'class' takes a glob of WM_CLASS names, e.g. class = \"firefox\", not an integer"),
    ("[[app]]\nclass = \"x\"\nclas = \"y\"", "3:1: unknown key 'clas' in [[app]] (did you mean 'class'?); expected class, including and [[app.bind]]"),
    ("[[app]]\nclass = \"x\"\nincluding = \"some\"", "3:14: 'including' takes all, gesture, subviews or none; got 'some'"),
    ("[[app]]\nclass = \"x\"\n[[app.bind]]\ngesture = \"tap()\"\non-endd = \"none\"", "5:1: unknown key 'on-endd' in [[bind]] (did you mean 'on-ended'?); expected gesture, name, priority, device, modifiers, keep-modifiers, on-began, on-changed, on-ended, on-cancelled, on-step, on-repeat, enabled"),
    ("[[app]]\nclass = \"x\"\n[[app.bind]]\ngesture = \"tap(\"", "4:16: expected an argument label, e.g. fingers:, found the end"),
]

@Suite struct BrokenConfigTests {
    @Test func thereAreEnough() { #expect(brokenConfigs.count >= 40) }

    @Test(arguments: brokenConfigs)
    func exactMessageAndPosition(_ text: String, _ expected: String) {
        switch load(text) {
        case .success:
            Issue.record("loaded: \(text)")
        case .failure(let e):
            let first = e.diagnostics.first { $0.isError }!
            #expect(String(first.description.split(separator: "\n")[0]) == "c.toml:" + expected)
            // Each shows the offending line with a caret under it.
            if first.line >= 1, let shown = first.lineText {
                #expect(first.description.contains("\n  " + shown.replacingTabs + "\n"))
                #expect(first.description.hasSuffix("^" + String(repeating: "~", count: first.length - 1)))
            }
        }
    }

    @Test func warningsDoNotStopLoading() throws {
        let c = try load("""
            [[bind]]
            gesture = "MagnificationGesture()"
            [[bind]]
            gesture = "tap()"
            on-changed = "key a"
            """).get()
        #expect(c.warnings.map(\.description.firstLine) == [
            "c.toml:2:12: warning: 'MagnificationGesture' is deprecated, as in SwiftUI; use magnify (MagnifyGesture)",
            "c.toml:5:1: warning: 'on-changed' never fires: tap() is discrete (it only begins and ends)",
        ])
    }

    @Test func unknownDesktopWarnsAndUsesGenericChords() throws {
        let c = try load("[[bind]]\ngesture = \"tap()\"\non-ended = \"key workspace-next\"", desktop: "Enlightenment").get()
        #expect(c.warnings.first?.description.firstLine
            == "c.toml:1:1: warning: keymap = \"auto\": no keymap matches the desktop 'Enlightenment'; using generic chords. "
            + "Set keymap to one of: cinnamon, generic, gnome, i3, kde, mate, openbox, xfce")
        #expect(c.actions[0].ended.map(\.description) == ["key ctrl+alt+Right"])
    }
}

extension String {
    var firstLine: String { String(split(separator: "\n", omittingEmptySubsequences: false)[0]) }
    var replacingTabs: String { String(map { $0 == "\t" ? " " : $0 }) }
}
