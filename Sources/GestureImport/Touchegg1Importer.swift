import GestureCore
import GestureActions
import GestureSystem
/// touchegg.conf of Touchégg 1.x (2011–2016, built on uTouch/GEIS), still
/// found in dotfiles: the same `<application>`/`<gesture>` tree as 2.x, but
/// gestures TAP, DRAG, PINCH, ROTATE, TAP_AND_HOLD, DOUBLE_TAP with
/// directions UP/DOWN/LEFT/RIGHT/IN/OUT/ALL, and each action's settings
/// written as its text: `<action type="SEND_KEYS">Control+Alt+Left</action>`,
/// `<action type="MOUSE_CLICK">BUTTON=3</action>`. Read as Touchégg 1.1.1
/// does (config/Config.cpp and actions/implementation/*.cpp):
///
/// - an action runs at the gesture's end unless `when="AT_START"`;
/// - SEND_KEYS holds Control, Shift, Super, Alt (the left keys) and AltGr and
///   presses the other keys in turn by keycode (so `W` types w); the older
///   `HOLD_DOWN=Control_L:PRESS=KP_Add` form is read too;
/// - CHANGE_DESKTOP `NEXT`/`PREVIOUS` wraps around at the ends;
/// - RUN_COMMAND is started with `QProcess::startDetached`, without a shell:
///   split at spaces, double quotes group words.
enum Touchegg1Importer {
    static func convert(_ root: XML.Element, file: String) -> ImportedConfig {
        var out = ImportedConfig(tool: "touchegg", file: file)
        out.notes.append(Words("a Touchégg 1.x config: its gestures are converted as Touchégg 1.1.1 reads them"))
        ToucheggImporter.walk(root, into: &out, gesture)
        return out
    }

    /// Is this a 1.x file: a 1.x-only gesture type (DRAG, ROTATE,
    /// TAP_AND_HOLD, DOUBLE_TAP) or an action whose settings are its text,
    /// and nothing only 2.x writes (SWIPE, an action's settings as child
    /// elements). A file with both is read as 2.x, which skips and names the rest.
    static func isVersion1(_ root: XML.Element) -> Bool {
        let only1: Set<String> = ["DRAG", "ROTATE", "TAP_AND_HOLD", "DOUBLE_TAP"]
        let gestures = root.children.filter { $0.name == "application" }.flatMap { $0.children.filter { $0.name == "gesture" } }
        let version1 = gestures.contains { g in
            only1.contains((g.attributes["type"] ?? "").uppercased())
                || (g.child("action").map { $0.children.isEmpty && !$0.text.trimmingWhitespace().isEmpty } ?? false)
        }
        let version2 = gestures.contains { g in
            (g.attributes["type"] ?? "").uppercased() == "SWIPE" || !(g.child("action")?.children.isEmpty ?? true)
        }
        return version1 && !version2
    }

    static func gesture(_ g: XML.Element) -> Result<ImportedBinding, ImportSkip> {
        let type = (g.attributes["type"] ?? "").uppercased()
        let direction = (g.attributes["direction"] ?? "").uppercased()
        guard let fingers = g.attributes["fingers"].flatMap({ Int($0) }), fingers >= 1 else {
            return .failure(ImportSkip(message: Words("incomplete gesture: <gesture> needs fingers (Touchégg 1.x skips it too)")))
        }
        guard let action = g.child("action"), let actionType = action.attributes["type"]?.uppercased(), actionType != "NO_ACTION" else {
            return .failure(ImportSkip(message: Words("no action: {gesture}", ["gesture": ToucheggImporter.describe(g)])))
        }
        let settings = action.text.trimmingWhitespace()
        let what = "\(type) \(fingers)\(direction.isEmpty ? "" : " " + direction) → \(actionType)\(settings.isEmpty ? "" : " " + settings)"

        // The gesture.
        let cardinal = ["UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right"]
        var expression: String
        var turn: (increase: Bool, any: Bool)? = nil   // a pinch's or rotation's way
        switch type {
        case "TAP": expression = "tap(fingers: \(fingers))"
        case "DOUBLE_TAP": expression = "tap(count: 2, fingers: \(fingers))"
        case "DRAG":
            if let d = cardinal[direction] {
                expression = "swipe(fingers: \(fingers), direction: .\(d))"
            } else if direction == "ALL" {
                expression = "swipe(fingers: \(fingers))"
            } else {
                return .failure(ImportSkip(message: Words("unknown direction: DRAG '{direction}'; Touchégg 1.x drags go UP, DOWN, LEFT, RIGHT or ALL", ["direction": direction])))
            }
        case "PINCH":
            guard ["IN", "OUT", "ALL"].contains(direction) else {
                return .failure(ImportSkip(message: Words("unknown direction: PINCH '{direction}'; Touchégg 1.x pinches go IN, OUT or ALL", ["direction": direction])))
            }
            expression = "magnify(fingers: \(fingers))"
            turn = (direction == "OUT", direction == "ALL")
        case "ROTATE":
            // GEIS: a negative angle delta is LEFT (anticlockwise), positive RIGHT.
            guard ["LEFT", "RIGHT", "ALL"].contains(direction) else {
                return .failure(ImportSkip(message: Words("unknown direction: ROTATE '{direction}'; Touchégg 1.x rotations go LEFT, RIGHT or ALL", ["direction": direction])))
            }
            expression = "rotate(fingers: \(fingers))"
            turn = (direction == "RIGHT", direction == "ALL")
        case "TAP_AND_HOLD":
            return .failure(ImportSkip(message: Words("no equivalent: {gesture} (a tap, then a drag with the same fingers)", ["gesture": what])))
        default:
            return .failure(ImportSkip(message: Words("unknown gesture type: '{type}'; Touchégg 1.x knows TAP, DRAG, PINCH, ROTATE, TAP_AND_HOLD, DOUBLE_TAP", ["type": type])))
        }

        // The action.
        var actions: [String]
        var comments: [Words] = []
        switch actionType {
        case "MOUSE_CLICK":
            // "BUTTON=N", 1 to 9; anything else is button 1 there.
            let parts = settings.split(separator: "=").map { String($0).trimmingWhitespace() }
            let n = parts.count == 2 && parts[0] == "BUTTON" ? Int(parts[1]).flatMap { (1...9).contains($0) ? $0 : nil } : nil
            actions = ["button \(n ?? 1)"]
            if n == nil { comments.append(Words("touchegg line {line}: '{settings}' is not BUTTON=1 to 9: button 1, as Touchégg 1.x does", ["line": g.line, "settings": settings])) }
        case "SEND_KEYS":
            guard let keys = sendKeys(settings) else {
                return .failure(ImportSkip(message: Words("unknown key: {gesture}: not keys gesture-bridge knows", ["gesture": what])))
            }
            actions = keys
        case "RUN_COMMAND":
            guard let argv = ShellWords.qprocess(settings), !argv.isEmpty else {
                return .failure(ImportSkip(message: Words("no command: {gesture}", ["gesture": what])))
            }
            actions = ["exec " + ShellQuoting.command(argv)]
        case "CHANGE_DESKTOP":
            let next = settings.uppercased() != "PREVIOUS"
            actions = [next ? "workspace next" : "workspace previous"]
            comments.append(Words("touchegg line {line}: CHANGE_DESKTOP wraps around there; here next and previous stop at the last and first workspace", ["line": g.line]))
        case "MINIMIZE_WINDOW": actions = ["window minimize"]
        case "MAXIMIZE_RESTORE_WINDOW": actions = ["window maximize"]
        case "CLOSE_WINDOW": actions = ["window close"]
        case "SHOW_DESKTOP": actions = ["show-desktop"]
        case "DRAG_AND_DROP", "MOVE_WINDOW", "RESIZE_WINDOW", "SCROLL":
            // Continuous: they follow the fingers for the whole drag.
            guard type == "DRAG" else {
                return .failure(ImportSkip(message: Words("no equivalent: {gesture} (Touchégg 1.x runs it on drags only)", ["gesture": what])))
            }
            return .success(following(actionType, settings: settings, fingers: fingers, direction: direction,
                                      expression: expression, what: what, line: g.line))
        default:
            // CHANGE_VIEWPORT (Compiz's viewports).
            return .failure(ImportSkip(message: Words("no equivalent: {gesture}", ["gesture": what])))
        }

        let phase = action.attributes["when"]?.uppercased() == "AT_START" ? "on-began" : "on-ended"
        var b = ImportedBinding(name: "\(type.lowercased())-\(direction.isEmpty ? "" : direction.lowercased() + "-")\(fingers)", gesture: expression)
        b.comments = [fromLine(g.line, what)] + comments
        if let turn {
            // One way (or both, ALL) as a step: once per 25 % of scale or 90°.
            let every = type == "PINCH" ? 0.25 : 90
            let act = actions[0]
            b.step = turn.any ? (every, act, act) : turn.increase ? (every, act, "none") : (every, "none", act)
            b.comments.append(type == "PINCH"
                // xgettext:no-c-format
                ? Words("touchegg line {line}: pinch {direction} once per 25 % of scale", ["line": g.line, "direction": direction.lowercased()])
                : Words("touchegg line {line}: rotation {direction} once per 90°", ["line": g.line, "direction": direction.lowercased()]))
            if actions.count > 1 { b.comments.append(ImportedConfig.firstKeyPerStep) }
        } else {
            b.phases = [(phase, actions)]
        }
        return .success(b)
    }

    /// A drag's action that follows the fingers:
    /// - DRAG_AND_DROP: button 1 held while the pointer follows the fingers;
    /// - MOVE_WINDOW, RESIZE_WINDOW: `window move`, `window resize` (Touchégg
    ///   1.x moved and resized the window itself, as these do through EWMH);
    /// - SCROLL: wheel clicks every 15 px along the drag, up and left as the
    ///   wheel's up and left, swapped by INVERTED=true. Touchégg 1.x matched
    ///   a DRAG's direction as it began and then scrolled with the fingers
    ///   both ways: a direction is a `swipe` of that direction stepping along
    ///   it (further is `increase`), so DRAG 2 UP and DRAG 2 LEFT stay two
    ///   bindings, each scrolling its own axis; ALL is a `drag` stepping
    ///   along the axis it locked at its start, vertically.
    static func following(_ actionType: String, settings: String, fingers: Int, direction: String, expression: String,
                          what: String, line: Int) -> ImportedBinding {
        let way = ["UP", "DOWN", "LEFT", "RIGHT"].contains(direction) ? direction.lowercased() + "-" : ""
        var b = ImportedBinding(name: "\(actionType.lowercased().replacingAll("_", with: "-"))-\(way)\(fingers)", gesture: expression)
        b.comments = [fromLine(line, what)]
        switch actionType {
        case "DRAG_AND_DROP":
            b.phases = [("on-began", ["buttondown 1", "move"]), ("on-changed", ["move"]), ("on-ended", ["buttonup 1"])]
        case "MOVE_WINDOW", "RESIZE_WINDOW":
            if way.isEmpty { b.gesture = "drag(fingers: \(fingers))" }
            b.phases = [("on-began", [actionType == "MOVE_WINDOW" ? "window move" : "window resize"])]
        default:
            let inverted = settings.uppercased().contains("INVERTED=TRUE")
            // The wheel's button for a way: up 4, down 5, left 6, right 7.
            let wheel = ["UP": 4, "DOWN": 5, "LEFT": 6, "RIGHT": 7]
            let opposite = ["UP": "DOWN", "DOWN": "UP", "LEFT": "RIGHT", "RIGHT": "LEFT"]
            var increase: String, decrease: String
            if let further = wheel[direction], let back = opposite[direction].flatMap({ wheel[$0] }) {
                (increase, decrease) = ("button \(further)", "button \(back)")
            } else {
                // on-step on a drag: increase is up (vertical).
                b.gesture = "drag(fingers: \(fingers))"
                (increase, decrease) = ("button 4", "button 5")
            }
            if inverted { swap(&increase, &decrease) }
            b.step = (15, increase, decrease)
            b.comments.append(!way.isEmpty
                ? Words("a wheel click every 15 px along the drag, either way once it began {direction}; Touchégg's SPEED is not carried over", ["direction": direction.lowercased()])
                : direction == "ALL" ? Words("a wheel click every 15 px; Touchégg's SPEED is not carried over; ALL scrolls vertically here")
                : Words("a wheel click every 15 px; Touchégg's SPEED is not carried over"))
        }
        return b
    }

    /// The comment over each binding: the gesture it comes from.
    static func fromLine(_ line: Int, _ what: String) -> Words {
        Words("touchegg line {line}: Touchégg 1.x {gesture}", ["line": line, "gesture": what])
    }

    /// SEND_KEYS settings as key actions: `Control+Alt+Left` (1.1) or
    /// `HOLD_DOWN=Control_L:PRESS=KP_Add` (earlier). Held keys are the
    /// chord's modifiers; each pressed key is one chord with them. Nil if a
    /// key is not one we know.
    static func sendKeys(_ settings: String) -> [String]? {
        var held: [String] = [], pressed: [String] = []
        if settings.contains("HOLD_DOWN=") || settings.contains("PRESS=") {
            for part in settings.split(separator: ":") {
                let kv = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
                guard kv.count == 2 else { continue }
                let keys = kv[1].split(separator: "+").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
                if kv[0] == "HOLD_DOWN" { held += keys } else if kv[0] == "PRESS" { pressed += keys }
            }
        } else {
            for key in settings.split(separator: "+").map({ String($0).trimmingWhitespace() }) where !key.isEmpty {
                if ["Control", "Shift", "Super", "Alt", "AltGr"].contains(key) || ImportedActions.modifiers[key.lowercased()] != nil {
                    held.append(key == "AltGr" ? "ISO_Level3_Shift" : key)
                } else {
                    pressed.append(key)
                }
            }
        }
        guard !held.isEmpty || !pressed.isEmpty else { return nil }
        if pressed.isEmpty { return ImportedActions.chord(held).map { ["key " + $0] } }
        var out: [String] = []
        for key in pressed {
            guard let k = ToucheggImporter.keys(held, key) else { return nil }
            out.append(k)
        }
        return out
    }
}
