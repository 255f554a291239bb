/// fusuma's config.yml: `swipe: {FINGERS: {DIRECTION: ACTION}}`,
/// `pinch: {FINGERS: {in|out: ACTION}}` (or without FINGERS),
/// `rotate: {FINGERS: {clockwise|counterclockwise: ACTION}}`,
/// `hold: {FINGERS: ACTION}`, with ACTION `command:`, `shortcut:` (xdotool
/// key) or `sendkey:` (evdev names); `threshold:`, `interval:`, `plugin:`;
/// further documents (`---`) with `context: {application: CLASS}` are
/// per-application. Touchpads only. A swipe fires once, when it crosses its
/// threshold (our `on-began`); pinches and rotations fire again every
/// threshold (our `on-step`).
public enum FusumaImporter {
    public static func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        var out = ImportedConfig(tool: "fusuma", file: file)
        for doc in try BlockYAML.documents(text, file: file) {
            guard let entries = doc.map else { continue }
            var app: String? = nil
            if let context = entries.first(where: { $0.key == "context" }) {
                guard let a = context.value.map?.first(where: { $0.key == "application" })?.value.scalar else {
                    out.notes.append("fusuma line \(context.line): a context other than application: not imported")
                    continue
                }
                app = a
            }
            var bindings: [ImportedBinding] = []
            for e in entries {
                switch e.key {
                case "context": continue
                case "swipe": bindings += try swipes(e.value, file: file, line: e.line, notes: &out.notes)
                case "pinch": bindings += try twoWay(e.value, kind: "pinch", file: file, line: e.line, notes: &out.notes)
                case "rotate": bindings += try twoWay(e.value, kind: "rotate", file: file, line: e.line, notes: &out.notes)
                case "hold": out.notes.append("fusuma line \(e.line): hold: no equivalent; X reports no touchpad holds")
                case "threshold", "interval":
                    out.notes.append("fusuma line \(e.line): \(e.key): no equivalent setting; steps use `every` (see each on-step)")
                case "plugin": out.notes.append("fusuma line \(e.line): plugin settings: not imported")
                default: out.notes.append("fusuma line \(e.line): '\(e.key)': not imported")
                }
            }
            if let app { out.apps.append((app, bindings)) } else { out.bindings += bindings }
        }
        return out
    }

    /// `{N: {direction: action}}`.
    static func swipes(_ node: BlockYAML.Node, file: String, line: Int, notes: inout [String]) throws(ImportError) -> [ImportedBinding] {
        var out: [ImportedBinding] = []
        for (fingers, byDirection, l, c) in node.map ?? [] {
            guard let n = Int(fingers), (3...5).contains(n) else {
                throw ImportError(file: file, line: l, column: c, message: "swipe: '\(fingers)' is no finger count (3 to 5)")
            }
            for (direction, action, dl, dc) in byDirection.map ?? [] {
                guard ["up", "down", "left", "right"].contains(direction) else {
                    throw ImportError(file: file, line: dl, column: dc, message: "swipe: unknown direction '\(direction)'")
                }
                var b = ImportedBinding(name: "swipe-\(direction)-\(n)", gesture: "swipe(fingers: \(n), direction: .\(direction))")
                b.device = "touchpad"
                let (actions, comments) = try self.actions(action, file: file, line: dl)
                b.phases = [("on-began", actions)]
                b.comments = comments
                out.append(b)
            }
        }
        return out
    }

    /// Pinch (in/out) or rotate (clockwise/counterclockwise), with or without
    /// a finger count level: one binding per count, stepping both ways.
    static func twoWay(_ node: BlockYAML.Node, kind: String, file: String, line: Int,
                       notes: inout [String]) throws(ImportError) -> [ImportedBinding] {
        let (up, down) = kind == "pinch" ? ("out", "in") : ("clockwise", "counterclockwise")
        var levels: [(Int, BlockYAML.Node, Int)] = []
        for (key, value, l, c) in node.map ?? [] {
            if let n = Int(key) {
                levels.append((n, value, l))
            } else if key == up || key == down {
                levels = [(2, node, l)]   // the older form: no finger count
                break
            } else {
                throw ImportError(file: file, line: l, column: c, message: "\(kind): '\(key)' is neither a finger count nor \(up)/\(down)")
            }
        }
        var out: [ImportedBinding] = []
        for (n, byDirection, l) in levels {
            let entries = byDirection.map ?? []
            func action(_ d: String) throws(ImportError) -> (String, [String]) {
                guard let e = entries.first(where: { $0.key == d }) else { return ("none", []) }
                let (acts, comments) = try actions(e.value, file: file, line: e.line)
                return (acts.first ?? "none", comments + (acts.count > 1 ? ["only the first of several actions is kept for a step"] : []))
            }
            let (increase, ci) = try action(up), (decrease, cd) = try action(down)
            let gesture = kind == "pinch" ? "magnify(fingers: \(n))" : "rotate(fingers: \(n))"
            var b = ImportedBinding(name: "\(kind)-\(n)", gesture: gesture)
            b.device = "touchpad"
            b.step = kind == "pinch" ? (0.25, increase, decrease) : (45, increase, decrease)
            b.comments = ["fusuma line \(l): fires again every threshold; here every \(kind == "pinch" ? "25 % of scale" : "45°")"] + ci + cd
            out.append(b)
        }
        return out
    }

    /// An action mapping: command, shortcut or sendkey (and what is dropped).
    static func actions(_ node: BlockYAML.Node, file: String, line: Int) throws(ImportError) -> ([String], [String]) {
        guard let entries = node.map else {
            throw ImportError(file: file, line: line, column: 1, message: "expected command:, shortcut: or sendkey: under the gesture")
        }
        var actions: [String] = [], comments: [String] = []
        for (key, value, l, _) in entries {
            let v = value.scalar ?? ""
            switch key {
            case "command": if !v.isEmpty { actions += ImportedActions.command(v) }
            case "shortcut":
                if let c = ImportedActions.chord(v.split(separator: "+").map(String.init)) { actions.append("key " + c) }
                else { comments.append("fusuma line \(l): shortcut '\(v)': not a key gesture-bridge knows; not imported") }
            case "sendkey":
                if let c = ImportedActions.chord(v.split(separator: "+").map(String.init), evdevNames: true) { actions.append("key " + c) }
                else { comments.append("fusuma line \(l): sendkey '\(v)': not a key gesture-bridge knows; not imported") }
            case "threshold", "interval":
                comments.append("fusuma line \(l): \(key) \(v): no per-gesture equivalent")
            default:
                comments.append("fusuma line \(l): '\(key)': no equivalent, not imported")
            }
        }
        if actions.isEmpty { actions = ["none"] }
        return (actions, comments)
    }
}
