import GestureCore
import GestureSystem

/// touchegg.conf (Touchégg 2): `<settings>`, then `<application name="All">`
/// (the desktop) and `<application name="Class1,Class2">` (per-application),
/// each with `<gesture type="SWIPE|PINCH|TAP" fingers="N" direction="…">`
/// holding one `<action type="…">`. Touchégg reads touchpads and
/// touchscreens, so the bindings take any device. Window-management actions
/// become window-manager actions (`workspace next`, `window maximize`…),
/// asked of the window manager through EWMH as touchegg itself does.
public enum ToucheggImporter {
    public static func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        var out = ImportedConfig(tool: "touchegg", file: file)
        let root = try XML.parse(text, file: file)
        if Touchegg1Importer.isVersion1(root) {
            var old = Touchegg1Importer.convert(root, file: file)
            old.notes.append(protocolNote)
            return old
        }
        var animations = false
        walk(root, into: &out) { g in gesture(g, animations: &animations) }
        if animations {
            out.notes.append(Words("touchegg's animations (animate, color, borderColor, animationPosition) have no equivalent: gesture-bridge draws nothing"))
        }
        if out.forwarded == 0 { out.notes.append(protocolNote) }
        return out
    }

    /// The file's sections, as both versions lay them out: `<settings>`
    /// properties (none has an equivalent), then each `<application>`'s
    /// gestures, read by `gesture`, as desktop bindings (`All`) or an
    /// `[[app]]` per class; pinches (and rotations) merged per finger count.
    static func walk(_ root: XML.Element, into out: inout ImportedConfig,
                     _ gesture: (XML.Element) -> Result<ImportedBinding, ImportSkip>) {
        for section in root.children {
            switch section.name {
            case "settings":
                for p in section.children where p.name == "property" {
                    out.notes.append(Words("touchegg line {line}: setting {name} = {value}: no equivalent", ["line": "\(p.line)", "name": "\(p.attributes["name"] ?? "?")", "value": "\(p.text.trimmingWhitespace())"]))
                }
            case "application":
                let names = (section.attributes["name"] ?? "All").split(separator: ",").map { String($0).trimmingWhitespace() }
                var bindings: [ImportedBinding] = []
                for g in section.children where g.name == "gesture" {
                    out.gesturesRead += 1
                    if g.child("action")?.attributes["type"] == "GNOME_SHELL" {
                        forwardToShell(g, desktop: names.contains("All"), into: &out)
                        continue
                    }
                    switch gesture(g) {
                    case .success(let b): bindings.append(b)
                    case .failure(let reason): out.skip(line: g.line, reason.message)
                    }
                }
                bindings = mergeTwoWays(bindings)
                if names.contains("All") {
                    out.bindings += bindings
                } else {
                    for n in names where !n.isEmpty && !bindings.isEmpty { out.apps.append((n, bindings)) }
                }
            default:
                out.notes.append(Words("touchegg line {line}: <{name}>: not imported", ["line": "\(section.line)", "name": "\(section.name)"]))
            }
        }
    }

    /// `<action type="GNOME_SHELL">`: what GNOME's X11 Gestures extension
    /// writes into touchegg.conf for the gestures it animates itself (1:1
    /// workspace switching; touchegg leaves them alone). Ours: no binding,
    /// and `touchegg-protocol = true`, which forwards 3- and 4-finger swipes
    /// and pinches to that extension.
    static func forwardToShell(_ g: XML.Element, desktop: Bool, into out: inout ImportedConfig) {
        let fingers = Int(g.attributes["fingers"] ?? "") ?? 0
        let type = g.attributes["type"] ?? "?"
        guard desktop, type == "SWIPE" || type == "PINCH", fingers == 3 || fingers == 4 else {
            out.skip(line: g.line, Words("no equivalent: {gesture} (touchegg-protocol forwards 3- and 4-finger swipes and pinches, desktop-wide)", ["gesture": "\(describe(g))"]))
            return
        }
        out.forwarded += 1
        if !out.settings.contains(where: { $0.key == "touchegg-protocol" }) { out.settings.append(("touchegg-protocol", "true")) }
        out.notes.append(Words("touchegg line {line}: {gesture}: GNOME's X11 Gestures extension's gesture; forwarded to it (touchegg-protocol = true)", ["line": "\(g.line)", "gesture": "\(describe(g))"]))
    }

    /// Said in every touchegg import: the shells' animated gestures need the daemon's protocol.
    static let protocolNote = Words("a desktop shell that animates gestures through touchegg's D-Bus protocol (GNOME's X11 Gestures extension, Gala) can get them from gesture-bridge: add touchegg-protocol = true under [settings] and stop touchegg's daemon (docs/touchegg-protocol.md)")

    static func describe(_ g: XML.Element) -> String {
        let action = g.child("action")?.attributes["type"] ?? "no action"
        return "\(g.attributes["type"] ?? "?") \(g.attributes["fingers"] ?? "?") \(g.attributes["direction"] ?? "") → \(action)"
    }

    static func gesture(_ g: XML.Element, animations: inout Bool) -> Result<ImportedBinding, ImportSkip> {
        guard let type = g.attributes["type"], let fingers = g.attributes["fingers"].flatMap({ Int($0) }) else {
            return .failure(ImportSkip(message: Words("incomplete gesture: <gesture> needs type and fingers (touchegg skips it too)")))
        }
        let direction = (g.attributes["direction"] ?? "").lowercased()
        let gesture: String
        switch type {
        case "SWIPE":
            guard ["up", "down", "left", "right"].contains(direction) else {
                return .failure(ImportSkip(message: Words("unknown direction: SWIPE '{direction}'; touchegg swipes go up, down, left or right", ["direction": "\(direction)"])))
            }
            gesture = "swipe(fingers: \(fingers), direction: .\(direction))"
        case "PINCH":
            guard direction == "in" || direction == "out" else {
                return .failure(ImportSkip(message: Words("unknown direction: PINCH '{direction}'; touchegg pinches go in or out", ["direction": "\(direction)"])))
            }
            gesture = "magnify(fingers: \(fingers))"
        case "TAP":
            gesture = "tap(fingers: \(fingers))"
        default:
            return .failure(ImportSkip(message: Words("no equivalent: {gesture}", ["gesture": "\(describe(g))"])))
        }
        guard let action = g.child("action"), let actionType = action.attributes["type"] else {
            return .failure(ImportSkip(message: Words("no action: {gesture}", ["gesture": "\(describe(g))"])))
        }
        if action.child("animate") != nil || action.child("color") != nil { animations = true }
        var b = ImportedBinding(name: "\(type.lowercased())-\(direction.isEmpty ? "" : direction + "-")\(fingers)", gesture: gesture)
        let repeats = action.value("repeat") == "true"
        let phase = action.value("on") == "begin" ? "on-began" : "on-ended"
        func once(_ actions: [String]) { b.phases = [(phase, actions)] }
        switch actionType {
        case "MAXIMIZE_RESTORE_WINDOW": once(["window maximize"])
        case "MINIMIZE_WINDOW": once(["window minimize"])
        case "CLOSE_WINDOW": once(["window close"])
        case "SHOW_DESKTOP": once(["show-desktop"])
        case "FULLSCREEN_WINDOW": once(["window fullscreen"])
        case "TILE_WINDOW":
            // touchegg tiles to a half of the monitor's work area, as `window snap` does.
            once([action.value("direction") == "left" ? "window snap left" : "window snap right"])
        case "CHANGE_DESKTOP":
            // No <direction> is touchegg's AUTO (change-desktop.h), which
            // follows the gesture: left or up is the next workspace with
            // natural scrolling (GNOME's touchpad default), the previous without.
            var d = (action.value("direction") ?? "auto").lowercased()
            if d == "auto" {
                d = direction == "left" || direction == "up" ? "next" : "previous"
                b.comments.append(Words("touchegg line {line}: CHANGE_DESKTOP auto: {direction} is the {workspace} workspace with natural scrolling; swap next and previous if yours is off", ["line": "\(g.line)", "direction": "\(direction)", "workspace": "\(d)"]))
            }
            // As touchegg does it (x11.cpp changeDesktop): EWMH, next and
            // previous stop at the ends unless <cyclic>, up/down/left/right
            // move in the window manager's _NET_DESKTOP_LAYOUT grid.
            if (action.value("cyclic") ?? "").lowercased() == "true" {
                b.comments.append(Words("touchegg line {line}: cyclic: here next and previous stop at the last and first workspace", ["line": "\(g.line)"]))
            }
            let known = ["next", "previous", "up", "down", "left", "right"]
            once(["workspace " + (known.contains(d) ? d : "next")])
        case "SEND_KEYS":
            let mods = (action.value("modifiers") ?? "").split(separator: "+").map(String.init)
            guard let increase = keys(mods, action.value("keys")) else {
                return .failure(ImportSkip(message: Words("unknown key: SEND_KEYS {keys}: not one key gesture-bridge knows", ["keys": "\(action.value("keys") ?? "")"])))
            }
            if repeats {
                let decrease = keys(mods, action.value("decreaseKeys")) ?? "none"
                b.step = stepping(type, direction, keys: increase, decreaseKeys: decrease)
                b.comments.append(Words("touchegg line {line}: repeat as on-step", ["line": "\(g.line)"]))
            } else {
                once([increase])
            }
        case "RUN_COMMAND":
            let command = action.value("command") ?? ""
            guard !command.isEmpty else { return .failure(ImportSkip(message: Words("no command: RUN_COMMAND without <command>"))) }
            if repeats {
                let decrease = action.value("decreaseCommand").map { "exec " + $0 } ?? "none"
                b.step = stepping(type, direction, keys: "exec " + command, decreaseKeys: decrease)
                b.comments.append(Words("touchegg line {line}: repeat as on-step", ["line": "\(g.line)"]))
            } else {
                once(ImportedActions.command(command))
            }
        case "MOUSE_CLICK":
            once(["button \(action.value("button") ?? "1")"])
        default:
            return .failure(ImportSkip(message: Words("no equivalent: {gesture}", ["gesture": "\(describe(g))"])))
        }
        // A pinch's direction: touchegg binds IN and OUT separately; ours
        // steps both ways, so a one-way pinch steps only its way.
        if type == "PINCH", b.step == nil, let act = b.phases.first?.actions.first {
            b.step = direction == "out" ? (0.25, act, "none") : (0.25, "none", act)
            b.phases = []
            // xgettext:no-c-format
            b.comments.append(Words("touchegg line {line}: pinch {direction} once per 25 % of scale", ["line": "\(g.line)", "direction": "\(direction)"]))
        }
        return .success(b)
    }

    /// `SEND_KEYS` modifiers and keys as one of our key actions.
    /// touchegg presses each key's keycode (`XKeysymToKeycode`) without
    /// shift: `<keys>A</keys>` types a, so a letter is taken in lower case.
    static func keys(_ modifiers: [String], _ keys: String?) -> String? {
        guard let keys, !keys.isEmpty else { return nil }
        let parts = keys.split(separator: "+").map { p -> String in
            p.count == 1 && p.first!.isUppercase && p.first!.isASCII ? p.lowercased() : String(p)
        }
        return ImportedActions.chord(modifiers + parts).map { "key " + $0 }
    }

    /// A repeating action as on-step: every 100 px of a swipe (increase is
    /// along its direction), every 15 % of a pinch's scale (increase is
    /// spreading, so a pinch IN's keys are our decrease).
    static func stepping(_ type: String, _ direction: String, keys: String, decreaseKeys: String) -> (Double, String, String) {
        guard type == "PINCH" else { return (100, keys, decreaseKeys) }
        return direction == "in" ? (0.15, decreaseKeys, keys) : (0.15, keys, decreaseKeys)
    }

    /// touchegg binds pinch IN and OUT (and 1.x rotations LEFT and RIGHT)
    /// apart; ours is one magnify (rotate) per finger count stepping both
    /// ways (two would compete, and only one could win).
    ///
    /// Each side of the merged step comes from the gesture whose own way it
    /// is: spreading from the pinch OUT's keys (or the rotation RIGHT's), a
    /// pinch in from the pinch IN's; a gesture's `decreaseKeys` (its way
    /// back) fills a side only when no gesture has it as its own.
    static func mergeTwoWays(_ bindings: [ImportedBinding]) -> [ImportedBinding] {
        var out: [ImportedBinding] = []
        // gesture → (index in out, increase is some gesture's own way, decrease likewise)
        var merged: [String: (index: Int, ownIncrease: Bool, ownDecrease: Bool)] = [:]
        for b in bindings {
            let kind = b.gesture.hasPrefix("magnify(") ? "pinch" : b.gesture.hasPrefix("rotate(") ? "rotate" : nil
            guard let kind, let step = b.step else { out.append(b); continue }
            // The binding's own way, from its name (TYPE-DIRECTION-FINGERS).
            let ownIncrease = b.name.contains("-out-") || b.name.contains("-right-")
            let ownDecrease = b.name.contains("-in-") || b.name.contains("-left-")
            guard let m = merged[b.gesture] else {
                merged[b.gesture] = (out.count, ownIncrease, ownDecrease)
                var first = b
                first.name = kind + "-" + b.gesture.filter(\.isNumber)
                out.append(first)
                continue
            }
            var into = out[m.index]
            let old = into.step!
            func pick(_ mine: String, _ theirs: String, mineOwn: Bool, theirsOwn: Bool) -> String {
                if theirsOwn && !mineOwn { return theirs }
                return mine == "none" ? theirs : mine
            }
            into.step = (min(old.every, step.every),
                         pick(old.increase, step.increase, mineOwn: m.ownIncrease, theirsOwn: ownIncrease),
                         pick(old.decrease, step.decrease, mineOwn: m.ownDecrease, theirsOwn: ownDecrease))
            into.comments += b.comments
            out[m.index] = into
            merged[b.gesture] = (m.index, m.ownIncrease || ownIncrease, m.ownDecrease || ownDecrease)
        }
        return out
    }
}
