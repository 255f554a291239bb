import GestureConfig
import GestureCore

/// Gestures, actions and priorities in words, as the settings app's rows say them,
/// in the user's language: each sentence is one translatable pattern whose
/// `{placeholders}` take the parts (Localization.swift), counts go through ngettext.
public enum Words {
    // MARK: Gestures

    /// "Swipe left with 3 fingers", "Pinch with 2 fingers on the touchpad",
    /// "Swipe left from the right edge with 1 finger", "Long press, then drag",
    /// "Tap with 2 fingers while Alt is held".
    public static func gesture(_ spec: GestureSpec, device: DeviceFilter = .any, modifiers: Modifiers? = nil) -> String {
        var s = phrase(spec, inComposition: false)
        switch device {
        case .any: break
        case .touchscreen: s = L("{gesture} on the touchscreen", ["gesture": s])
        case .touchpad: s = L("{gesture} on the touchpad", ["gesture": s])
        // TRANSLATORS: {device} is a device's name as X gives it ("ELAN Touchscreen"), or a pattern of names.
        case .named(let glob): s = L("{gesture} on {device}", ["gesture": s, "device": glob])
        // TRANSLATORS: {device} is a USB vendor and product id ("usb:04f3:2the").
        case .usb: s = L("{gesture} on the device {device}", ["gesture": s, "device": device.text])
        }
        if let m = modifiers, !m.isEmpty {
            let keys = Modifiers.named.filter { m.contains($0.modifier) }.map { keyWords($0.name) }
            // TRANSLATORS: {keys} are modifier keys joined by "+" ("Ctrl+Alt"); the count is how many.
            s = Ln("{gesture} while {keys} is held", "{gesture} while {keys} are held", keys.count,
                   ["gesture": s, "keys": keys.joined(separator: "+")])
        }
        return s
    }

    /// The gesture alone; in a composition a part says its fingers only when more than one.
    static func phrase(_ spec: GestureSpec, inComposition: Bool) -> String {
        func parts(_ a: GestureSpec, _ b: GestureSpec) -> KeyValuePairs<String, String> {
            ["first": phrase(a, inComposition: true), "second": inner(phrase(b, inComposition: true))]
        }
        switch spec {
        case .sequenced(let a, let b):
            return Lc("gestures", "{first}, then {second}", parts(a, b))
        case .exclusively(let a, let b):
            return Lc("gestures", "{first}, or else {second}", parts(a, b))
        case .simultaneously(let a, let b):
            return Lc("gestures", "{first} and {second} at once", parts(a, b))
        default:
            break
        }
        // The kind's words from the table of kinds; a tap's count and a
        // swipe's direction have sentences of their own.
        var s = spec.kind?.displayName ?? ""
        if case .tap(let t) = spec, t.count != 1 {
            s = t.count == 2 ? L("Double tap") : t.count == 3 ? L("Triple tap")
                : Ln("Tap {count} time", "Tap {count} times", t.count)
        }
        if case .swipe(let w) = spec, let directed = swipe(w.direction) { s = directed }
        // TRANSLATORS: a stroke gesture: {shape} is the name of a shape the user taught ("L", "circle").
        if case .stroke(let k) = spec { s = L("Draw “{shape}”", ["shape": k.shape]) }
        // Drawn with a pointer button held: the button says how, not the fingers.
        if case .stroke(let k) = spec, let b = k.button { return strokeWithButton(k.shape, b) }
        if case .edge(let edge)? = spec.writtenArguments.first(where: { $0.0.type == .edge })?.1 { s = fromEdge(edge, s) }
        let fingers = spec.maximumFingers
        if !inComposition || fingers != 1 {
            // TRANSLATORS: {gesture} is a gesture ("Swipe left from the right edge"), {count} its fingers.
            s = Ln("{gesture} with {count} finger", "{gesture} with {count} fingers", fingers, ["gesture": s])
        }
        return s
    }

    /// A swipe and its direction, one sentence each (a language may put the
    /// direction anywhere); nil without one (the kind's own words then).
    static func swipe(_ d: Direction?) -> String? {
        switch d {
        case nil: return nil
        case .left?: return L("Swipe left")
        case .right?: return L("Swipe right")
        case .up?: return L("Swipe up")
        case .down?: return L("Swipe down")
        case .upLeft?: return L("Swipe up and left")
        case .upRight?: return L("Swipe up and right")
        case .downLeft?: return L("Swipe down and left")
        case .downRight?: return L("Swipe down and right")
        }
    }

    /// "Draw “L” with the right button": one sentence per button (a
    /// language declines the button after its "with").
    static func strokeWithButton(_ shape: String, _ button: Int) -> String {
        switch button {
        // TRANSLATORS: a shape drawn with a mouse button held (a pen's tip is the left button).
        case 1: return L("Draw “{shape}” with the left button", ["shape": shape])
        case 2: return L("Draw “{shape}” with the middle button", ["shape": shape])
        case 3: return L("Draw “{shape}” with the right button", ["shape": shape])
        default: return L("Draw “{shape}” with mouse button {number}", ["shape": shape, "number": String(button)])
        }
    }

    static func fromEdge(_ e: Edge, _ gesture: String) -> String {
        switch e {
        case .leftEdge: return L("{gesture} from the left edge", ["gesture": gesture])
        case .rightEdge: return L("{gesture} from the right edge", ["gesture": gesture])
        case .topEdge: return L("{gesture} from the top edge", ["gesture": gesture])
        case .bottomEdge: return L("{gesture} from the bottom edge", ["gesture": gesture])
        }
    }

    // MARK: Actions

    /// One action as written (`key workspace-next`, `exec rofi -show window`)
    /// in words ("Next workspace", "Run rofi -show window"); `chordPrefix`:
    /// "Press " before a chord alone.
    public static func action(_ text: String, chordPrefix: Bool = true) -> String {
        let t = text.trimmingSpaces
        if let n = NamedAction.named(t) { return n.words }
        let parts = t.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = parts.first else { return L("Nothing") }
        let rest = Array(parts.dropFirst())
        switch verb {
        case "key":
            let keys = rest.map(keyWords).reduce(nil as String?) { acc, k in
                // TRANSLATORS: keys pressed one after the other: "Ctrl+C, then Ctrl+V".
                acc.map { Lc("keys", "{first}, then {next}", ["first": $0, "next": k]) } ?? k
            } ?? ""
            return chordPrefix && !rest.allSatisfy(isKeymapName) ? L("Press {keys}", ["keys": keys]) : keys
        case "keydown": return L("Hold {keys}", ["keys": rest.map(keyWords).joined(separator: " ")])
        case "keyup": return L("Release {keys}", ["keys": rest.map(keyWords).joined(separator: " ")])
        case "button", "buttondown", "buttonup":
            let n = rest.first.flatMap { Int($0) } ?? 0
            let name = buttonName(n)
            let words = verb == "button" ? buttonClick(n) ?? L("Click {button}", ["button": name])
                : verb == "buttondown" ? L("Hold {button}", ["button": name]) : L("Release {button}", ["button": name])
            // TRANSLATORS: a click made where the fingers are rather than where the pointer is.
            return rest.count > 1 && rest[1] == "here" ? L("{action} at the fingers", ["action": words]) : words
        case "move": return L("Move the pointer")
        // TRANSLATORS: {command} is a shell command as written in the config ("rofi -show window").
        case "exec": return L("Run {command}", ["command": String(t.dropFirst(4).drop { $0 == " " })])
        case "workspace": return L("Workspace {number}", ["number": rest.joined(separator: " ")])
        case "window":
            // The verb, the window, then how: "Snap the window left" (not
            // "Snap left the window"). The named ones (NamedAction) say the rest.
            guard let verb = rest.first else { return L("The window") }
            if verb == "move", rest.count == 1 { return L("Move the window") }
            if verb == "resize", rest.count == 1 { return L("Resize the window") }
            return ([capitalized(verb) + " the window"] + rest.dropFirst()).joined(separator: " ")
        case "none": return L("Nothing")
        default: return t
        }
    }

    static func buttonClick(_ n: Int) -> String? {
        switch n {
        case 1: return L("Left click")
        case 2: return L("Middle click")
        case 3: return L("Right click")
        case 4: return L("Scroll up")
        case 5: return L("Scroll down")
        case 6: return L("Scroll left")
        case 7: return L("Scroll right")
        case 8: return L("Back (mouse button 8)")
        case 9: return L("Forward (mouse button 9)")
        default: return nil
        }
    }

    static func buttonName(_ n: Int) -> String {
        switch n {
        case 1: return L("the left button")
        case 2: return L("the middle button")
        case 3: return L("the right button")
        default: return L("mouse button {number}", ["number": String(n)])
        }
    }

    /// A keymap name (`zoom-in`): has a '-' and no '+'.
    static func isKeymapName(_ word: String) -> Bool { word.contains("-") && !word.contains("+") }

    /// `ctrl+plus` → "Ctrl+Plus", `super+a` → "Super+A", `zoom-in` → "Zoom in",
    /// `Page_Down` → "Page Down".
    static func keyWords(_ word: String) -> String {
        if isKeymapName(word) {
            if let n = NamedAction.named("key " + word) { return n.words }
            return capitalized(word.split(separator: "-").joined(separator: " "))
        }
        return word.split(separator: "+", omittingEmptySubsequences: false).map { part -> String in
            let p = String(part)
            if let name = keyNames[p.lowercased()] { return Lc("keyboard key", name) }
            if p.count == 1 { return p.uppercased() }
            return capitalized(p.split(separator: "_").joined(separator: " "))
        }.joined(separator: "+")
    }

    /// Keys whose keysym name is not what a keyboard shows, as the keyboard
    /// labels them (translated with the context "keyboard key": German "Strg").
    static let keyNames: [String: String] = [
        "ctrl": LcN("keyboard key", "Ctrl"), "control": "Ctrl", "alt": LcN("keyboard key", "Alt"),
        "shift": LcN("keyboard key", "Shift"), "super": LcN("keyboard key", "Super"),
        "altgr": LcN("keyboard key", "AltGr"),
        "bracketleft": "[", "bracketright": "]", "braceleft": "{", "braceright": "}", "equal": "=", "comma": ",",
        "period": ".", "slash": "/", "backslash": "\\", "semicolon": ";", "apostrophe": "'", "grave": "`",
        "return": LcN("keyboard key", "Enter"), "escape": LcN("keyboard key", "Esc"),
        "prior": LcN("keyboard key", "Page Up"), "next": LcN("keyboard key", "Page Down"),
        "kp_add": LcN("keyboard key", "Keypad +"), "kp_subtract": LcN("keyboard key", "Keypad −"),
        "xf86audioraisevolume": LcN("keyboard key", "Volume Up"),
        "xf86audiolowervolume": LcN("keyboard key", "Volume Down"), "xf86audiomute": LcN("keyboard key", "Mute"),
        "xf86audioplay": LcN("keyboard key", "Play"), "xf86monbrightnessup": LcN("keyboard key", "Brightness Up"),
        "xf86monbrightnessdown": LcN("keyboard key", "Brightness Down"),
    ]

    /// A modifier's name (`ctrl`) as its key is labelled ("Ctrl", German "Strg").
    public static func keyLabel(_ name: String) -> String { keyWords(name) }

    /// The actions of a phase (an array's in turn).
    static func actions(_ texts: [String], chordPrefix: Bool = true) -> String {
        guard let first = texts.first else { return L("Nothing") }
        return texts.dropFirst().reduce(action(first, chordPrefix: chordPrefix)) { acc, t in
            // TRANSLATORS: actions done one after the other: "Press Ctrl+C, then next tab".
            Lc("actions", "{first}, then {next}", ["first": acc, "next": inner(action(t, chordPrefix: chordPrefix))])
        }
    }

    /// A binding's actions in words: "Next workspace", "Zoom in / Zoom out
    /// per 15 %", "Hold Alt as it starts; Press Tab / Press Shift+Tab per 120 px; …".
    /// `phases`: (key, action texts) as written; `step`: on-step's every, increase, decrease.
    public static func bindingActions(phases: [(key: String, actions: [String])],
                                      step: (every: Double, increase: [String], decrease: [String])?,
                                      gesture: GestureSpec?) -> String {
        var parts: [String] = []
        for key in ["on-began", "on-step", "on-changed", "on-repeat", "on-ended", "on-cancelled"] {
            if key == "on-step", let step {
                // TRANSLATORS: what a step one way or the other does, when it does nothing.
                // ("Nothing" when it opens the line: an action's own words keep the case
                // their pattern gives, "rofi … ausführen" stays "rofi".)
                let nothing = parts.isEmpty ? capitalized(Lc("step", "nothing")) : Lc("step", "nothing")
                let inc = step.increase.isEmpty ? nothing : actions(step.increase, chordPrefix: false)
                let dec = step.decrease.isEmpty ? Lc("step", "nothing") : actions(step.decrease, chordPrefix: false)
                // TRANSLATORS: "Zoom in / Zoom out per 15 %": one way, the other way, and the step.
                parts.append(L("{increase} / {decrease} per {step}",
                               ["increase": inc, "decrease": dec, "step": stepWords(step.every, gesture: gesture)]))
                continue
            }
            guard let p = phases.first(where: { $0.key == key }) else { continue }
            let w = actions(p.actions)
            switch key {
            case "on-began": parts.append(L("{actions} as it starts", ["actions": w]))
            case "on-changed": parts.append(L("{actions} as it moves", ["actions": w]))
            case "on-repeat": parts.append(L("{actions}, repeated while held", ["actions": w]))
            case "on-cancelled": parts.append(L("{actions} if it is cancelled", ["actions": w]))
            default: parts.append(parts.isEmpty ? w : L("{actions} at the end", ["actions": w]))
            }
        }
        guard let first = parts.first else { return L("Does nothing") }
        return parts.dropFirst().reduce(first) { acc, p in
            // TRANSLATORS: the parts of what a binding does, as it starts, moves and ends: "Hold Alt as it starts; …".
            L("{first}; {next}", ["first": acc, "next": p])
        }
    }

    /// One step of `on-step`, in the unit of the part whose motion it counts
    /// (the first continuous one): "15 %" (pinch), "15°" (rotate), "120 px"
    /// (swipe, drag), "0.5 s" (hold); a bare number when nothing moves.
    static func stepWords(_ every: Double, gesture: GestureSpec?) -> String {
        gesture?.stepUnit?.words(every) ?? Literals.number(every)
    }

    // MARK: Priority

    /// What the priority means for the application under the fingers, in
    /// one line (config.md: "Priority, masks and X11").
    public static func priority(_ p: Priority, inApplicationScope: Bool) -> String {
        switch p {
        case .high:
            return L("First: the application under the fingers never sees the touches this gesture takes.")
        case .normal:
            return inApplicationScope
                ? L("After the application: only touches it does not take itself; wins over a normal gesture for all applications.")
                : L("After the application: only touches the application under the fingers does not take itself.")
        case .simultaneous:
            return L("Alongside: the application under the fingers still gets every touch, and this acts too.")
        }
    }

    // MARK: Helpers

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// A part inside a sentence: lower-cased where the language does that.
    static func inner(_ s: String) -> String { Localization.lowersInnerParts ? lowered(s) : s }

    static func lowered(_ s: String) -> String {
        // "Tap with 2 fingers" → "tap with 2 fingers"; a key's name keeps its case.
        guard let f = s.first, f.isUppercase, s.dropFirst().first?.isLowercase ?? false else { return s }
        return f.lowercased() + s.dropFirst()
    }
}
