import GestureActions
import GestureCore

/// `[[bind]]` and `[[app.bind]]`: a gesture, its layer (modifiers), its
/// device, its actions by phase and its `on-step`.
extension ConfigBuilder {
    static let bindKeys = ["gesture", "name", "priority", "device", "modifiers", "keep-modifiers", "on-began",
                           "on-changed", "on-ended", "on-cancelled", "on-step", "on-repeat",
                           "enabled"]
    static let stepKeys = ["every", "increase", "decrease"]

    mutating func bindings(_ v: TOMLNode, path: String, scope: String) -> [Binding] {
        guard let array = v.array else {
            context.report(path, Words("'bind' must be an array of tables: [[{table}]]", ["table": path.hasPrefix("app") ? "app.bind" : "bind"]))
            return []
        }
        var out: [Binding] = []
        for (i, b) in array.enumerated() {
            let p = "\(path)#\(i)"
            guard let t = b.table else { context.report(p, Words("each [[bind]] must be a table")); continue }
            if let (binding, acts) = binding(t, path: p) {
                if t["enabled"]?.bool == false {
                    disabled.append(DisabledBinding(name: binding.name, scope: scope, line: context.map.table(p)?.line ?? 1))
                    continue
                }
                out.append(binding)
                actions.append(acts)
                scopes.append(scope)
                paths.append(p)
            }
        }
        return out
    }

    private mutating func binding(_ t: TOMLTable, path: String) -> (Binding, BindingActions)? {
        for key in t.keys where !Self.bindKeys.contains(key) {
            context.report(path + "." + key, Words("unknown key '{key}' in [[bind]]{hint}; expected {keys}",
                                                   ["key": key, "hint": Suggest.words(key, Self.bindKeys), "keys": Self.bindKeys.joined(separator: ", ")]),
                           key: true)
        }
        guard let gv = t["gesture"] else {
            context.reportTable(path, Words("this binding has no gesture; add e.g. gesture = \"swipe(fingers: 3, direction: .left)\""))
            return nil
        }
        guard let text = gv.string else {
            context.report(path + ".gesture", Words("'gesture' takes a gesture expression in quotes, e.g. gesture = \"magnify(fingers: 2)\"; got {type}", ["type": gv.typeName]))
            return nil
        }
        var spec: GestureSpec? = nil
        switch ExpressionParser.parse(text) {
        case .success(let (s, warnings)):
            spec = s
            for shape in s.strokeShapes where loader.strokes[shape] == nil {
                let taught = loader.strokes.shapes.map(\.name)
                context.report(path + ".gesture", taught.isEmpty
                    ? Words("no shape '{shape}' is taught, so it never fires; teach it with gesture-bridge teach {shape}", ["shape": shape])
                    : Words("no shape '{shape}' is taught, so it never fires; teach it with gesture-bridge teach {shape} (taught: {taught})",
                            ["shape": shape, "taught": taught.joined(separator: ", ")]),
                    warning: true)
            }
            for w in warnings { context.report(path + ".gesture", w.words, offset: w.offset, length: w.length, warning: true) }
        case .failure(let e):
            context.report(path + ".gesture", e.words, offset: e.offset, length: e.length)
        }
        var b = Binding(name: text.trimmingSpaces, gesture: spec ?? .tap(TapSpec()))
        if let v = t["name"] {
            if let s = v.string, !s.isEmpty { b.name = s } else { context.report(path + ".name", Words("'name' takes a non-empty string")) }
        }
        if let v = t["enabled"], v.bool == nil {
            context.report(path + ".enabled", Words("'enabled' takes true or false, e.g. enabled = false to switch the binding off; got {type}", ["type": v.typeName]))
        }
        if let v = t["priority"] {
            if let p = v.string.flatMap(Priority.init(rawValue:)) { b.priority = p } else {
                context.report(path + ".priority", Words("'priority' takes normal, high or simultaneous; got {value}", ["value": v.got]))
            }
        }
        if let v = t["device"], let d = deviceFilter(v, path + ".device", pointer: spec?.pointerButton != nil) { b.device = d }
        if let v = t["modifiers"] {
            if let text = v.string {
                switch Modifiers.parse(text) {
                case .success(let m): b.modifiers = m
                case .failure(let e): context.report(path + ".modifiers", e.words)
                }
            } else {
                context.report(path + ".modifiers", Words("'modifiers' takes a string, e.g. modifiers = \"alt\"; got {type}", ["type": v.typeName]))
            }
        }
        if let v = t["keep-modifiers"] {
            if let keep = v.bool { b.keepModifiers = keep } else {
                context.report(path + ".keep-modifiers", Words("'keep-modifiers' takes true or false; got {type}", ["type": v.typeName]))
            }
            if t["modifiers"] == nil {
                context.report(path + ".keep-modifiers", Words("'keep-modifiers' applies to a layer: add modifiers = \"…\""),
                               key: true, warning: true)
            }
        }
        var acts = BindingActions()
        acts.began = actionList(t["on-began"], path + ".on-began")
        acts.changed = actionList(t["on-changed"], path + ".on-changed")
        acts.ended = actionList(t["on-ended"], path + ".on-ended")
        acts.cancelled = actionList(t["on-cancelled"], path + ".on-cancelled")
        if let v = t["on-repeat"] {
            acts.repeats = actionList(v, path + ".on-repeat")
            b.repeats = true
        }
        if let v = t["on-step"] {
            if let step = t["on-step"]?.table {
                readStep(step, path: path + ".on-step", binding: &b, actions: &acts)
            } else {
                context.report(path + ".on-step", Words("'on-step' takes a table, e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }; got {type}", ["type": v.typeName]))
            }
        }
        if let s = spec, !s.isContinuous {
            for key in ["on-changed", "on-step"] where t[key] != nil {
                if key == "on-step" {
                    context.report(path + "." + key, Words("'on-step' needs a continuous gesture (drag, swipe, magnify, rotate or hold); {gesture} is discrete",
                                                           ["gesture": ExpressionPrinter.text(s)]), key: true)
                } else {
                    context.report(path + "." + key, Words("'on-changed' never fires: {gesture} is discrete (it only begins and ends)",
                                                           ["gesture": ExpressionPrinter.text(s)]), key: true, warning: true)
                }
            }
        }
        // `window move` / `resize` follow the gesture from its on-began, to its end.
        func follows(_ list: [Action]) -> Bool { list.contains { if case .window(.follow, _) = $0 { true } else { false } } }
        for (key, list) in [("on-changed", acts.changed), ("on-ended", acts.ended), ("on-cancelled", acts.cancelled),
                            ("on-repeat", acts.repeats), ("on-step", acts.increase + acts.decrease)] where follows(list) {
            context.report(path + "." + key, Words("'window move' and 'window resize' follow the gesture from its on-began to its end; in {key} they move nothing",
                                                   ["key": key]), key: true, warning: true)
        }
        if let s = spec, !s.isContinuous, follows(acts.began) {
            context.report(path + ".on-began", Words("'window move' and 'window resize' need a continuous gesture (a drag); {gesture} only begins and ends",
                                                     ["gesture": ExpressionPrinter.text(s)]), key: true, warning: true)
        }
        return spec == nil ? nil : (b, acts)
    }

    private mutating func readStep(_ t: TOMLTable, path: String, binding b: inout Binding, actions acts: inout BindingActions) {
        let unknown = t.keys.filter { !Self.stepKeys.contains($0) }
        for key in unknown {
            context.report(path + "." + key, Words("unknown key '{key}' in on-step{hint}; expected every, increase, decrease", ["key": key, "hint": Suggest.words(key, Self.stepKeys)]), key: true)
        }
        guard let ev = t["every"] else {
            return context.report(path, Words("'on-step' needs 'every', e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }"))
        }
        guard let every = ev.number, every > 0, every.isFinite else {
            return context.report(path + ".every", Words("'every' takes a number greater than 0 in the gesture's unit (px, degrees, or a scale ratio like 0.15)"))
        }
        // A misspelled key is the mistake; do not also say the actions are missing.
        if t["increase"] == nil && t["decrease"] == nil && unknown.isEmpty {
            context.report(path, Words("'on-step' needs 'increase' or 'decrease' (or both)"))
        }
        acts.increase = actionList(t["increase"], path + ".increase")
        acts.decrease = actionList(t["decrease"], path + ".decrease")
        b.step = StepSpec(every: every)
    }

    /// An action or an array of actions.
    private mutating func actionList(_ v: TOMLNode?, _ path: String) -> [Action] {
        guard let v else { return [] }
        if let s = v.string { return action(s, path).map { [$0] } ?? [] }
        guard let array = v.array else {
            context.report(path, Words("expected an action or an array of actions, e.g. \"key ctrl+alt+Right\"; got {type}", ["type": v.typeName]))
            return []
        }
        var out: [Action] = []
        for (i, item) in array.enumerated() {
            guard let s = item.string else {
                context.report("\(path)[\(i)]", Words("expected an action in quotes, e.g. \"key ctrl+alt+Right\"; got {type}", ["type": item.typeName]))
                continue
            }
            if let a = action(s, "\(path)[\(i)]") { out.append(a) }
        }
        return out
    }

    private mutating func action(_ text: String, _ path: String) -> Action? {
        switch ActionParser.parse(text, keymap: keymap) {
        case .success(let a): return a
        case .failure(let e):
            context.report(path, e.words, offset: e.offset, length: e.length)
            return nil
        }
    }
}
