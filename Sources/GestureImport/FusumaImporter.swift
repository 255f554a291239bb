import GestureCore

/// fusuma's config.yml: `swipe: {FINGERS: {DIRECTION: ACTION}}`,
/// `pinch: {FINGERS: {in|out: ACTION}}` (or without FINGERS),
/// `rotate: {FINGERS: {clockwise|counterclockwise: ACTION}}`,
/// `hold: {FINGERS: ACTION}`, with ACTION `command:`, `shortcut:` (xdotool
/// key), `sendkey:` (evdev names) or `workspace:`/`window:` (the wmctrl
/// plugin); `threshold:`, `interval:`, `plugin:`; further documents (`---`)
/// with `context: {application: CLASS}` are per-application. Touchpads only.
/// A swipe fires once, when it crosses its threshold (our `on-began`);
/// pinches and rotations fire again every threshold (our `on-step`). fusuma
/// also looks up `begin:`/`update:`/`end:` under a finger count or a
/// direction (its swipe detector's repeat index: gesture, fingers, optional
/// direction, status): our `on-began`, `on-changed` (fusuma runs `update` on
/// every update) and `on-ended`; without a direction, that is a `drag`.
public enum FusumaImporter {
    typealias Entries = [(key: String, value: YAMLReader.Node, line: Int, column: Int)]

    public static func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        var out = ImportedConfig(tool: "fusuma", file: file)
        for doc in try YAMLReader.documents(text, file: file) {
            guard let entries = doc.map else {
                throw ImportError(file: file, line: 1, column: 1, message: "not a fusuma config: a document is not a mapping")
            }
            var apps: [String]? = nil
            if let context = entries.first(where: { $0.key == "context" }) {
                let application = context.value.map?.first(where: { $0.key == "application" })?.value
                let names = application?.scalar.map { [$0] } ?? application?.seq?.compactMap(\.scalar)
                guard let names, !names.isEmpty else {
                    out.skip(line: context.line, Words("unknown context: only context: application: is imported; this document's gestures are not"))
                    continue
                }
                apps = names
            }
            var bindings: [ImportedBinding] = []
            let swipeInterval = entries.first(where: { $0.key == "interval" })?.value.map?
                .first(where: { $0.key == "swipe" }).flatMap { Self.number($0.value) }
            for e in entries {
                switch e.key {
                case "context": continue
                case "swipe": bindings += swipes(e.value, interval: swipeInterval, out: &out)
                case "pinch": bindings += twoWay(e.value, kind: "pinch", out: &out)
                case "rotate": bindings += twoWay(e.value, kind: "rotate", out: &out)
                case "hold":
                    // Each finger count is a gesture there; X reports no touchpad holds.
                    let counts = e.value.map ?? []
                    out.gesturesRead += max(1, counts.count)
                    if counts.isEmpty { out.skip(line: e.line, Words("no equivalent: hold: X reports no touchpad holds")) }
                    for c in counts { out.skip(line: c.line, Words("no equivalent: hold {key}: X reports no touchpad holds", ["key": "\(c.key)"])) }
                case "threshold", "interval":
                    out.notes.append(Words("fusuma line {line}: {key}: no equivalent setting; steps use `every` (see each on-step)", ["line": "\(e.line)", "key": "\(e.key)"]))
                case "plugin": out.notes.append(Words("fusuma line {line}: plugin settings: not imported", ["line": "\(e.line)"]))
                default: out.notes.append(Words("fusuma line {line}: '{key}': not imported", ["line": "\(e.line)", "key": "\(e.key)"]))
                }
            }
            if let apps { for a in apps { out.apps.append((a, bindings)) } } else { out.bindings += bindings }
        }
        return out
    }

    static let statusPhases = ["begin": "on-began", "update": "on-changed", "end": "on-ended"]

    /// `{N: {direction: action}}`, or `{N: {begin|update|end: action}}`.
    /// `interval`: the document's `interval: {swipe: N}`, what fusuma takes
    /// where a gesture's own `interval:` is missing.
    static func swipes(_ node: YAMLReader.Node, interval: Double?, out: inout ImportedConfig) -> [ImportedBinding] {
        var bindings: [ImportedBinding] = []
        for (fingers, byDirection, l, _) in node.map ?? [] {
            guard let n = Int(fingers), (3...5).contains(n) else {
                out.gesturesRead += 1
                out.skip(line: l, Words("no finger count: swipe '{fingers}' (X's touchpad swipes have 3 to 5 fingers)", ["fingers": "\(fingers)"]))
                continue
            }
            let entries = byDirection.map ?? []
            let statusEntries = entries.filter { statusPhases[$0.key] != nil }
            let directionEntries = entries.filter { statusPhases[$0.key] == nil }
            var directions: [ImportedBinding] = []
            for (direction, action, dl, _) in directionEntries {
                out.gesturesRead += 1
                guard ["up", "down", "left", "right"].contains(direction) else {
                    out.skip(line: dl, Words("unknown direction: swipe {fingers} '{direction}'; fusuma swipes go up, down, left or right", ["fingers": "\(n)", "direction": "\(direction)"]))
                    continue
                }
                guard let actionEntries = action.map else {
                    // fusuma's Config::Searcher looks for a mapping there (`command:` …)
                    // and finds none under a bare value: the gesture does nothing.
                    out.skip(line: dl, Words("no action: swipe {fingers} {direction} is a bare value, which fusuma ignores", ["fingers": "\(n)", "direction": "\(direction)"]))
                    continue
                }
                var b = ImportedBinding(name: "swipe-\(direction)-\(n)", gesture: "swipe(fingers: \(n), direction: .\(direction))")
                b.device = "touchpad"
                if actionEntries.contains(where: { statusPhases[$0.key] != nil }) {
                    directions += directionStatus(actionEntries, b, what: "swipe \(n) \(direction)", line: dl, interval: interval, out: &out)
                } else {
                    var layers: [Layer]? = []
                    let (actions, comments) = self.actions(actionEntries, out: &out, layers: &layers)
                    b.phases = [("on-began", actions)]
                    b.comments = comments
                    if let kept = keepIfItActs(b, line: dl, what: .verbatim("swipe \(n) \(direction)"), out: &out) { directions.append(kept) }
                    // The keypress plugin's variants: the same swipe with keys
                    // held, each a layer of its own.
                    for layer in layers ?? [] {
                        var lb = b
                        lb.name += "-" + layer.modifiers.replacingPlus
                        lb.modifiers = layer.modifiers
                        var none: [Layer]? = nil
                        let (acts, cs) = self.actions(layer.entries, out: &out, layers: &none)
                        lb.phases = [("on-began", acts)]
                        lb.comments = [Words("fusuma line {line}: keypress {key}", ["line": "\(layer.line)", "key": "\(layer.key)"])] + cs
                        if let kept = keepIfItActs(lb, line: layer.line, what: Words("{gesture} with {key}", ["gesture": "swipe \(n) \(direction)", "key": layer.key]), out: &out) {
                            directions.append(kept)
                        }
                    }
                }
            }
            // The status form without a direction: any direction, so a drag.
            // fusuma runs it beside the direction's command, so beside swipe
            // bindings of the same fingers it acts simultaneously.
            if !statusEntries.isEmpty {
                out.gesturesRead += 1
                var b = ImportedBinding(name: "drag-\(n)", gesture: "drag(fingers: \(n))")
                b.device = "touchpad"
                if !directions.isEmpty { b.priority = "simultaneous" }
                status(statusEntries, into: &b, out: &out)
                if let kept = keepIfItActs(b, line: l, what: .verbatim("swipe \(n) begin/update/end"), out: &out) { bindings.append(kept) }
            }
            bindings += directions
        }
        return bindings
    }

    /// A binding whose every action is `none` (one that held only keypress
    /// layers, or actions we could not carry over) would take the gesture
    /// from the user's other bindings and do nothing: it is not written.
    static func keepIfItActs(_ b: ImportedBinding, line: Int, what: Words, out: inout ImportedConfig) -> ImportedBinding? {
        let acts = b.phases.flatMap(\.actions) + (b.step.map { [$0.increase, $0.decrease] } ?? [])
        if acts.contains(where: { $0 != "none" }) { return b }
        out.skip(line: line, Words("no action of its own: {what} (only what is listed as not imported)", ["what": what]))
        return nil
    }

    /// `begin:` / `update:` / `end:` under a swipe's direction. fusuma runs
    /// `update` on each update that moves that way, at most every 0.1 ×
    /// `interval` s (its executor's BASE_REPEAT_INTERVAL): here a step along
    /// the swipe (`on-step`), every 15 px × interval: the real-hands touchpad
    /// swipes move the fingers 9–18 mm a second, about 150 px of X's
    /// accelerated motion, so as often at a usual pace. `begin`/`end` run
    /// once. A keypress layer under any of them (`update: {LEFTALT: …}`, or
    /// `update: {keypress: {LEFTALT: …}}`: the keys come last in fusuma's
    /// index) is the same swipe with those keys held, with the layer's own
    /// `interval` (fusuma does not look for the update's there).
    static func directionStatus(_ entries: Entries, _ plain: ImportedBinding, what: String, line: Int, interval: Double?,
                                out: inout ImportedConfig) -> [ImportedBinding] {
        var b = plain
        var layers: [String: (binding: ImportedBinding, line: Int, key: String)] = [:]
        var order: [String] = []
        func apply(_ b: inout ImportedBinding, _ key: String, _ m: Entries, line: Int, layers found: inout [Layer]?) {
            let own = m.first { $0.key == "interval" }.flatMap { number($0.value) }
            let (acts, comments) = actions(m.filter { $0.key != "interval" }, out: &out, layers: &found)
            b.comments += comments
            let moves = acts.contains { $0.contains("$move_") || $0.contains("${move_") }
            guard key == "update", !moves else {
                b.phases.append((statusPhases[key]!, acts))
                if moves {
                    b.comments.append(Words("fusuma line {line}: fusuma's move_x/move_y are not set here; GESTURE_DX/GESTURE_DY are (docs/config.md)", ["line": "\(line)"]))
                }
                return
            }
            let seconds = own ?? interval ?? 1
            let every = max(5, 15 * seconds)
            b.step = (every, acts.first ?? "none", "none")
            let values: KeyValuePairs<String, any WordsValue> = ["line": line, "seconds": ImportedConfig.number(seconds),
                                                                 "every": ImportedConfig.number(every)]
            b.comments.append(acts.count > 1
                ? Words("fusuma line {line}: update: runs at most every 0.1 × interval ({seconds}) s while the fingers move that way; here every {every} px along the swipe, as often at a usual pace; only the first of several actions is kept for a step", values)
                : Words("fusuma line {line}: update: runs at most every 0.1 × interval ({seconds}) s while the fingers move that way; here every {every} px along the swipe, as often at a usual pace", values))
        }
        for (key, value, l, _) in entries {
            guard statusPhases[key] != nil else {
                b.comments.append(Words("fusuma line {line}: '{key}' beside begin/update/end: not imported", ["line": "\(l)", "key": "\(key)"]))
                continue
            }
            guard let m = value.map else {
                b.comments.append(Words("fusuma line {line}: {key}: a bare value, which fusuma ignores", ["line": "\(l)", "key": "\(key)"]))
                continue
            }
            var found: [Layer]? = []
            apply(&b, key, m, line: l, layers: &found)
            for layer in found ?? [] {
                if layers[layer.modifiers] == nil {
                    order.append(layer.modifiers)
                    var lb = plain
                    lb.name += "-" + layer.modifiers.replacingPlus
                    lb.modifiers = layer.modifiers
                    lb.comments = [Words("fusuma line {line}: keypress {key}", ["line": "\(layer.line)", "key": "\(layer.key)"])]
                    layers[layer.modifiers] = (lb, layer.line, layer.key)
                }
                var none: [Layer]? = nil
                apply(&layers[layer.modifiers]!.binding, key, layer.entries, line: layer.line, layers: &none)
            }
        }
        var kept: [ImportedBinding] = []
        if let k = keepIfItActs(b, line: line, what: .verbatim(what), out: &out) { kept.append(k) }
        for mods in order {
            let l = layers[mods]!
            if let k = keepIfItActs(l.binding, line: l.line, what: Words("{gesture} with {key}", ["gesture": what, "key": l.key]), out: &out) { kept.append(k) }
        }
        return kept
    }

    /// A scalar as a number of seconds (`interval: 0.5`).
    static func number(_ node: YAMLReader.Node) -> Double? { node.scalar.flatMap(Double.init) }

    /// `begin:` / `update:` / `end:`, each an action mapping, as our phases.
    static func status(_ entries: Entries, into b: inout ImportedBinding, out: inout ImportedConfig) {
        for (key, value, line, _) in entries {
            guard let phase = statusPhases[key] else {
                b.comments.append(Words("fusuma line {line}: '{key}' beside begin/update/end: not imported", ["line": "\(line)", "key": "\(key)"]))
                continue
            }
            guard let m = value.map else {
                b.comments.append(Words("fusuma line {line}: {key}: a bare value, which fusuma ignores", ["line": "\(line)", "key": "\(key)"]))
                continue
            }
            let (actions, comments) = self.actions(m, out: &out)
            b.phases.append((phase, actions))
            b.comments += comments
            if key == "update" && actions.contains(where: { $0.contains("$move_") || $0.contains("${move_") }) {
                b.comments.append(Words("fusuma line {line}: fusuma's move_x/move_y are not set here; GESTURE_DX/GESTURE_DY are (docs/config.md)", ["line": "\(line)"]))
            }
        }
    }

    /// Pinch (in/out) or rotate (clockwise/counterclockwise), with or without
    /// a finger count level: one binding per count, stepping both ways.
    static func twoWay(_ node: YAMLReader.Node, kind: String, out: inout ImportedConfig) -> [ImportedBinding] {
        let (up, down) = kind == "pinch" ? ("out", "in") : ("clockwise", "counterclockwise")
        var levels: [(Int, YAMLReader.Node, Int)] = []
        for (key, value, l, _) in node.map ?? [] {
            if let n = Int(key) {
                levels.append((n, value, l))
            } else if key == up || key == down {
                levels = [(2, node, l)]   // the older form: no finger count
                break
            } else {
                out.gesturesRead += 1
                out.skip(line: l, Words("unknown direction: {kind} '{key}' is neither a finger count nor {up}/{down}", ["kind": "\(kind)", "key": "\(key)", "up": "\(up)", "down": "\(down)"]))
            }
        }
        var bindings: [ImportedBinding] = []
        for (n, byDirection, l) in levels {
            let entries = byDirection.map ?? []
            out.gesturesRead += max(1, entries.count)
            // Each direction's keypress variants, by the modifiers they hold.
            var layers: [String: (up: Entries?, down: Entries?, line: Int, key: String)] = [:]
            var layerOrder: [String] = []
            func stepAction(_ m: Entries, _ d: String) -> (String, [Words]) {
                let (acts, comments) = actions(m, out: &out)
                return (acts.first ?? "none", comments + (acts.count > 1 ? [Words("only the first of several actions is kept for a step")] : []))
            }
            // `update:` under a direction (fusuma runs it on each update that
            // turns that way, at most every 0.1 × its `interval` s): the step.
            var updateInterval: Double? = nil
            func action(_ d: String) -> (String, [Words]) {
                guard let e = entries.first(where: { $0.key == d }) else { return ("none", []) }
                guard var m = e.value.map else {
                    return ("none", [Words("fusuma line {line}: {key}: a bare value, which fusuma ignores", ["line": e.line, "key": d])])
                }
                var said: [Words] = []
                if m.contains(where: { statusPhases[$0.key] != nil }) {
                    for other in m where other.key != "update" {
                        let values: KeyValuePairs<String, any WordsValue> = ["line": other.line, "key": "\(kind) \(n) \(d) \(other.key)"]
                        said.append(statusPhases[other.key] == nil
                            ? Words("fusuma line {line}: {key}: beside begin/update/end: not imported", values)
                            : other.key == "begin"
                            ? Words("fusuma line {line}: {key}: once as the gesture begins that way; not imported (a step has no begin or end)", values)
                            : Words("fusuma line {line}: {key}: once as the gesture ends that way; not imported (a step has no begin or end)", values))
                    }
                    guard let u = m.first(where: { $0.key == "update" }), let um = u.value.map else { return ("none", said) }
                    let interval = um.first { $0.key == "interval" }.flatMap { $0.value.scalar.flatMap(Double.init) } ?? 1
                    updateInterval = max(updateInterval ?? 0, interval)
                    m = um.filter { $0.key != "interval" && $0.key != "threshold" }
                }

                var found: [Layer]? = []
                let (acts, comments) = actions(m, out: &out, layers: &found)
                for layer in found ?? [] {
                    if layers[layer.modifiers] == nil { layerOrder.append(layer.modifiers) }
                    var entry = layers[layer.modifiers] ?? (nil, nil, layer.line, layer.key)
                    if d == up { entry.up = layer.entries } else { entry.down = layer.entries }
                    layers[layer.modifiers] = entry
                }
                return (acts.first ?? "none", said + comments + (acts.count > 1 ? [Words("only the first of several actions is kept for a step")] : []))
            }
            let (increase, ci) = action(up), (decrease, cd) = action(down)
            let gesture = kind == "pinch" ? "magnify(fingers: \(n))" : "rotate(fingers: \(n))"
            var b = ImportedBinding(name: "\(kind)-\(n)", gesture: gesture)
            b.device = "touchpad"
            var every: Double = kind == "pinch" ? 0.25 : 45
            // "% of" is no printf directive here (xgettext would flag it c-format):
            // xgettext:no-c-format
            var first = kind == "pinch" ? Words("fusuma line {line}: fires again every threshold; here every 25 % of scale", ["line": "\(l)"])
                : Words("fusuma line {line}: fires again every threshold; here every 45°", ["line": "\(l)"])
            if let interval = updateInterval {
                // Time there, turning here: a hand turns about 150° a second
                // (and spreads about 100 % of scale), so 0.1 × interval s is
                // 15° × interval (10 % × interval).
                every = kind == "pinch" ? max(0.05, 0.1 * interval) : max(5, 15 * interval)
                let seconds = ImportedConfig.number(interval)
                first = kind == "pinch"
                    // xgettext:no-c-format
                    ? Words("fusuma line {line}: update: runs at most every 0.1 × interval ({seconds}) s while it turns; here every {percent} % of scale, as fast at a usual pace",
                            ["line": "\(l)", "seconds": seconds, "percent": Int((every * 100).rounded())])
                    : Words("fusuma line {line}: update: runs at most every 0.1 × interval ({seconds}) s while it turns; here every {degrees}°, as fast at a usual pace",
                            ["line": "\(l)", "seconds": seconds, "degrees": ImportedConfig.number(every)])
            }
            b.step = (every, increase, decrease)
            b.comments = [first] + ci + cd
            if let kept = keepIfItActs(b, line: l, what: .verbatim("\(kind) \(n)"), out: &out) { bindings.append(kept) }
            // The keypress variants: the same gesture with keys held, a layer each.
            for mods in layerOrder {
                let layer = layers[mods]!
                var lb = b
                lb.name += "-" + mods.replacingPlus
                lb.modifiers = mods
                let (inc, li) = layer.up.map { stepAction($0, up) } ?? ("none", [])
                let (dec, ld) = layer.down.map { stepAction($0, down) } ?? ("none", [])
                lb.step = (every, inc, dec)
                lb.comments = [Words("fusuma line {line}: keypress {key}", ["line": "\(layer.line)", "key": "\(layer.key)"])] + li + ld
                if let kept = keepIfItActs(lb, line: layer.line, what: Words("{gesture} with {key}", ["gesture": "\(kind) \(n)", "key": layer.key]), out: &out) {
                    bindings.append(kept)
                }
            }
        }
        return bindings
    }

    /// The wmctrl plugin's `workspace:` values as window-manager actions
    /// (wmctrl asks the window manager through EWMH, as these do).
    static let workspaces = ["next": "workspace next", "prev": "workspace previous", "right": "workspace right",
                             "left": "workspace left", "up": "workspace up", "down": "workspace down"]

    /// An action mapping: command, shortcut, sendkey, workspace or window
    /// (and what is dropped, said). The keypress plugin's variants (`keypress:
    /// {LEFTSHIFT: …}`, or a key name straight under the direction) are
    /// gestures of their own there: each is counted and said not imported.
    static func actions(_ entries: Entries, out: inout ImportedConfig) -> ([String], [Words]) {
        var none: [Layer]? = nil
        return actions(entries, out: &out, layers: &none)
    }

    /// A keypress variant: the gesture with these keys held.
    struct Layer {
        var key: String
        /// As a binding's `modifiers`: `alt`, `ctrl+shift`.
        var modifiers: String
        var entries: Entries
        var line: Int
    }

    /// The same, gathering the keypress variants made of modifier keys into
    /// `layers` where the caller turns them into layers (nil: said not
    /// imported).
    static func actions(_ entries: Entries, out: inout ImportedConfig, layers: inout [Layer]?) -> ([String], [Words]) {
        var actions: [String] = [], comments: [Words] = []
        func variant(_ key: String, _ value: YAMLReader.Node, _ line: Int) {
            out.gesturesRead += 1
            guard layers != nil else {
                return out.skip(line: line, Words("no equivalent here: keypress {key} (a key held; layers are imported for swipe directions, pinches and rotations)", ["key": "\(key)"]))
            }
            guard let mods = modifiers(ofKeys: key) else {
                return out.skip(line: line, Words("no equivalent: keypress {key} (only Shift, Ctrl, Alt and Meta/Super make layers)", ["key": "\(key)"]))
            }
            guard let m = value.map else {
                return out.skip(line: line, Words("no action: keypress {key} is a bare value, which fusuma ignores", ["key": "\(key)"]))
            }
            layers!.append(Layer(key: key, modifiers: mods, entries: m, line: line))
        }
        for (key, value, l, _) in entries {
            let v = value.scalar ?? ""
            switch key {
            case "command": if !v.isEmpty { actions += ImportedActions.command(v) }
            case "shortcut":
                if let c = ImportedActions.chord(v.split(separator: "+").map(String.init)) { actions.append("key " + c) }
                else { comments.append(Words("fusuma line {line}: shortcut '{value}': not a key gesture-bridge knows; not imported", ["line": "\(l)", "value": "\(v)"])) }
            case "sendkey":
                if let c = ImportedActions.chord(v.split(separator: "+").map(String.init), evdevNames: true) { actions.append("key " + c) }
                else { comments.append(Words("fusuma line {line}: sendkey '{value}': not a key gesture-bridge knows; not imported", ["line": "\(l)", "value": "\(v)"])) }
            case "workspace":
                if let name = workspaces[v] { actions.append(name) }
                else { comments.append(Words("fusuma line {line}: workspace '{value}': not imported", ["line": "\(l)", "value": "\(v)"])) }
            case "window":
                let toggled = value.map?.first { $0.value.scalar == "toggle" }?.key
                switch v.isEmpty ? toggled ?? "" : v {
                case "close": actions.append("window close")
                case "maximized": actions.append("window maximize")
                case "fullscreen": actions.append("window fullscreen")
                default: comments.append(Words("fusuma line {line}: window '{value}': no equivalent (moving a window to another workspace); not imported", ["line": "\(l)", "value": "\(v.isEmpty ? toggled ?? "?" : v)"]))
                }
            case "threshold", "interval":
                comments.append(Words("fusuma line {line}: {key} {value}: no per-gesture equivalent", ["line": "\(l)", "key": "\(key)", "value": "\(v)"]))
            case "keypress":
                for v in value.map ?? [] { variant(v.key, v.value, v.line) }
            case _ where isKeyName(key):
                variant(key, value, l)
            default:
                comments.append(Words("fusuma line {line}: '{key}': no equivalent, not imported", ["line": "\(l)", "key": "\(key)"]))
            }
        }
        if actions.isEmpty { actions = ["none"] }
        return (actions, comments)
    }
}

/// An evdev key name the keypress plugin takes (LEFTSHIFT, LEFTMETA,
/// RIGHTCTRL, CAPSLOCK…, or several joined by +): upper case letters only,
/// as fusuma writes them.
private func isKeyName(_ key: String) -> Bool {
    !key.isEmpty && key.allSatisfy { $0.isUppercase && $0.isASCII || $0 == "_" || $0 == "+" }
}

/// The keypress plugin's keys as a binding's `modifiers` (`LEFTMETA+LEFTALT`
/// is `alt+super`); nil when one is not a modifier key.
func modifiers(ofKeys key: String) -> String? {
    let names = ["LEFTSHIFT": Modifiers.shift, "RIGHTSHIFT": .shift, "LEFTCTRL": .ctrl, "RIGHTCTRL": .ctrl,
                 "LEFTALT": .alt, "RIGHTALT": .alt, "LEFTMETA": .super, "RIGHTMETA": .super]
    var m: Modifiers = []
    for part in key.split(separator: "+") {
        guard let one = names[String(part)] else { return nil }
        m.insert(one)
    }
    return m.isEmpty ? nil : m.description
}

extension String {
    /// `ctrl+alt` as a name part: `ctrl-alt`.
    var replacingPlus: String { split(separator: "+").joined(separator: "-") }
}

// Here, not in YAMLReader.swift: Swift 6.3 reports a circular reference for
// this extension (or this property inside the enum) in that file.
extension YAMLReader.Node {
    var seq: [YAMLReader.Node]? {
        if case .seq(let s) = self { return s } else { return nil }
    }
}
