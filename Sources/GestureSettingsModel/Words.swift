import GestureConfig
import GestureCore

/// Gestures, actions and priorities in words, as the settings app's rows say them.
public enum Words {
    // MARK: Gestures

    /// "Swipe left with 3 fingers", "Pinch with 2 fingers on the touchpad",
    /// "Swipe left from the right edge with 1 finger", "Long press, then drag",
    /// "Tap with 2 fingers while Alt is held".
    public static func gesture(_ spec: GestureSpec, device: DeviceFilter = .any, modifiers: Modifiers? = nil) -> String {
        var s = phrase(spec, inComposition: false)
        switch device {
        case .any: break
        case .touchscreen: s += " on the touchscreen"
        case .touchpad: s += " on the touchpad"
        case .named(let glob): s += " on \(glob)"
        case .usb: s += " on the device \(device.text)"
        }
        if let m = modifiers, !m.isEmpty {
            let keys = Modifiers.named.filter { m.contains($0.modifier) }.map { capitalized($0.name) }
            s += " while " + keys.joined(separator: "+") + (keys.count == 1 ? " is" : " are") + " held"
        }
        return s
    }

    /// The gesture alone; in a composition a part says its fingers only when more than one.
    static func phrase(_ spec: GestureSpec, inComposition: Bool) -> String {
        switch spec {
        case .sequenced(let a, let b):
            return phrase(a, inComposition: true) + ", then " + lowered(phrase(b, inComposition: true))
        case .exclusively(let a, let b):
            return phrase(a, inComposition: true) + ", or else " + lowered(phrase(b, inComposition: true))
        case .simultaneously(let a, let b):
            return phrase(a, inComposition: true) + " and " + lowered(phrase(b, inComposition: true)) + " at once"
        default:
            break
        }
        var s: String
        var edge: Edge? = nil
        switch spec {
        case .tap(let t):
            s = t.count == 1 ? "Tap" : t.count == 2 ? "Double tap" : t.count == 3 ? "Triple tap" : "Tap \(t.count) times"
            edge = t.common.from
        case .longPress(let l): s = "Long press"; edge = l.common.from
        case .drag(let d): s = "Drag"; edge = d.common.from
        case .swipe(let w):
            s = "Swipe" + (w.direction.map { " " + direction($0) } ?? "")
            edge = w.common.from
        case .magnify(let m): s = "Pinch"; edge = m.common.from
        case .rotate(let r): s = "Rotate"; edge = r.common.from
        case .hold(let h): s = "Hold"; edge = h.common.from
        // A kind without words of its own yet says its name from the table of kinds.
        default: s = spec.kind.map { capitalized($0.name) } ?? ""
        }
        if let edge { s += " from the " + edgeWords(edge) }
        let fingers = spec.maximumFingers
        if !inComposition || fingers != 1 { s += " with \(fingers) finger" + (fingers == 1 ? "" : "s") }
        return s
    }

    public static func direction(_ d: Direction) -> String {
        switch d {
        case .left: return "left"
        case .right: return "right"
        case .up: return "up"
        case .down: return "down"
        case .upLeft: return "up and left"
        case .upRight: return "up and right"
        case .downLeft: return "down and left"
        case .downRight: return "down and right"
        }
    }

    public static func edgeWords(_ e: Edge) -> String {
        switch e {
        case .leftEdge: return "left edge"
        case .rightEdge: return "right edge"
        case .topEdge: return "top edge"
        case .bottomEdge: return "bottom edge"
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
        guard let verb = parts.first else { return "Nothing" }
        let rest = Array(parts.dropFirst())
        switch verb {
        case "key":
            let keys = rest.map(keyWords)
            return (chordPrefix && !rest.allSatisfy(isKeymapName) ? "Press " : "") + keys.joined(separator: ", then ")
        case "keydown": return "Hold " + rest.map(keyWords).joined(separator: " ")
        case "keyup": return "Release " + rest.map(keyWords).joined(separator: " ")
        case "button", "buttondown", "buttonup":
            let n = rest.first.flatMap { Int($0) } ?? 0
            let here = rest.count > 1 && rest[1] == "here" ? " at the fingers" : ""
            let name = buttonName(n)
            if verb == "button" { return (buttonClick(n) ?? "Click \(name)") + here }
            return (verb == "buttondown" ? "Hold " : "Release ") + name + here
        case "move": return "Move the pointer"
        case "exec": return "Run " + String(t.dropFirst(4).drop { $0 == " " })
        case "workspace": return "Workspace " + rest.joined(separator: " ")
        case "window":
            // The verb, the window, then how: "Snap the window left" (not
            // "Snap left the window").
            guard let verb = rest.first else { return "The window" }
            return ([capitalized(verb) + " the window"] + rest.dropFirst()).joined(separator: " ")
        case "none": return "Nothing"
        default: return t
        }
    }

    static func buttonClick(_ n: Int) -> String? {
        switch n {
        case 1: return "Left click"
        case 2: return "Middle click"
        case 3: return "Right click"
        case 4: return "Scroll up"
        case 5: return "Scroll down"
        case 6: return "Scroll left"
        case 7: return "Scroll right"
        case 8: return "Back (mouse button 8)"
        case 9: return "Forward (mouse button 9)"
        default: return nil
        }
    }

    static func buttonName(_ n: Int) -> String {
        switch n {
        case 1: return "the left button"
        case 2: return "the middle button"
        case 3: return "the right button"
        default: return "mouse button \(n)"
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
            if let name = keyNames[p.lowercased()] { return name }
            if p.count == 1 { return p.uppercased() }
            return capitalized(p.split(separator: "_").joined(separator: " "))
        }.joined(separator: "+")
    }

    /// Keys whose keysym name is not what a keyboard shows.
    static let keyNames: [String: String] = [
        "ctrl": "Ctrl", "control": "Ctrl", "alt": "Alt", "shift": "Shift", "super": "Super", "altgr": "AltGr",
        "bracketleft": "[", "bracketright": "]", "braceleft": "{", "braceright": "}", "equal": "=", "comma": ",",
        "period": ".", "slash": "/", "backslash": "\\", "semicolon": ";", "apostrophe": "'", "grave": "`",
        "return": "Enter", "escape": "Esc", "prior": "Page Up", "next": "Page Down", "kp_add": "Keypad +",
        "kp_subtract": "Keypad −", "xf86audioraisevolume": "Volume Up", "xf86audiolowervolume": "Volume Down",
        "xf86audiomute": "Mute", "xf86audioplay": "Play", "xf86monbrightnessup": "Brightness Up",
        "xf86monbrightnessdown": "Brightness Down",
    ]

    /// The actions of a phase (an array's in turn).
    static func actions(_ texts: [String], chordPrefix: Bool = true) -> String {
        texts.isEmpty ? "Nothing" : texts.enumerated().map { i, t in
            let w = action(t, chordPrefix: chordPrefix)
            return i == 0 ? w : lowered(w)
        }.joined(separator: ", then ")
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
                let inc = step.increase.isEmpty ? "nothing" : actions(step.increase, chordPrefix: false)
                let dec = step.decrease.isEmpty ? "nothing" : actions(step.decrease, chordPrefix: false)
                parts.append(inc + " / " + dec + " per " + stepWords(step.every, gesture: gesture))
                continue
            }
            guard let p = phases.first(where: { $0.key == key }) else { continue }
            let w = actions(p.actions)
            switch key {
            case "on-began": parts.append(w + " as it starts")
            case "on-changed": parts.append(w + " as it moves")
            case "on-repeat": parts.append(w + ", repeated while held")
            case "on-cancelled": parts.append(w + " if it is cancelled")
            default: parts.append(parts.isEmpty ? w : w + " at the end")
            }
        }
        if parts.isEmpty { return "Does nothing" }
        return parts.enumerated().map { i, p in i == 0 ? capitalized(p) : p }.joined(separator: "; ")
    }

    /// One step of `on-step`, in the gesture's unit: "15 %" (pinch), "15°"
    /// (rotate), "120 px" (swipe, drag), "0.5 s" (hold).
    static func stepWords(_ every: Double, gesture: GestureSpec?) -> String {
        switch gesture.flatMap(stepLeaf) {
        case .magnify?: return Literals.number((every * 1000).rounded() / 10) + " %"
        case .rotate?: return Literals.number(every) + "°"
        case .hold?: return Literals.number(every) + " s"
        case .drag?, .swipe?: return Literals.number(every) + " px"
        default: return Literals.number(every)
        }
    }

    /// The part of a gesture whose motion `on-step` counts (the first continuous one).
    static func stepLeaf(_ g: GestureSpec) -> GestureSpec? {
        switch g {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return stepLeaf(a) ?? stepLeaf(b)
        case .tap, .longPress: return nil
        default: return g
        }
    }

    // MARK: Priority

    /// What the priority means for the application under the fingers, in
    /// one line (config.md: "Priority, masks and X11").
    public static func priority(_ p: Priority, inApplicationScope: Bool) -> String {
        switch p {
        case .high:
            return "First: the application under the fingers never sees the touches this gesture takes."
        case .normal:
            return inApplicationScope
                ? "After the application: only touches it does not take itself; wins over a normal gesture for all applications."
                : "After the application: only touches the application under the fingers does not take itself."
        case .simultaneous:
            return "Alongside: the application under the fingers still gets every touch, and this acts too."
        }
    }

    // MARK: Helpers

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    static func lowered(_ s: String) -> String {
        // "Tap with 2 fingers" → "tap with 2 fingers"; a key's name keeps its case.
        guard let f = s.first, f.isUppercase, s.dropFirst().first?.isLowercase ?? false else { return s }
        return f.lowercased() + s.dropFirst()
    }
}
