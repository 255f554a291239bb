import GestureActions
import GestureCore

/// Walks the TOML tree of a config: top-level keys, `[settings]`, `[[bind]]`,
/// `[[app]]` and `[[app.bind]]`.
struct ConfigBuilder {
    let loader: ConfigLoader
    var context: Context
    var table = GestureTable()
    var actions: [BindingActions] = []
    var scopes: [String] = []
    var keymap: Keymap? = nil
    /// Bindings switched off (`enabled = false`): checked, not in the table.
    var disabled: [DisabledBinding] = []

    static let rootKeys = ["version", "keymap", "including", "settings", "device", "bind", "app"]
    static let bindKeys = ["gesture", "name", "priority", "device", "modifiers", "keep-modifiers", "on-began",
                           "on-changed", "on-ended", "on-cancelled", "on-step", "on-repeat",
                           "enabled"]
    static let appKeys = ["class", "including", "bind"]
    static let stepKeys = ["every", "increase", "decrease"]
    static let settingKinds: [(String, SettingKind)] = [
        ("tap-timeout", .time), ("double-tap-timeout", .time), ("long-press", .time), ("slop", .length),
        ("finger-landing", .time), ("swipe-distance", .length), ("touchpad-swipe-distance", .length),
        ("swipe-min-velocity", .speed),
        ("edge-width", .length), ("grab-timeout", .time), ("drag-lock", .time), ("repeat-delay", .time),
        ("repeat-interval", .time),
    ]

    init(loader: ConfigLoader, context: Context) {
        self.loader = loader
        self.context = context
    }

    mutating func read(_ root: TOMLTable) {
        for key in root.keys where !Self.rootKeys.contains(key) {
            context.report(key, "unknown key '\(key)'\(Suggest.phrase(key, Self.rootKeys)); expected "
                + Self.rootKeys.joined(separator: ", "), key: true)
        }
        if let v = root["version"] {
            if v.int != 1 {
                context.report("version", v.int != nil ? "unsupported config version \(v.int!); this reads version 1"
                                                       : "'version' takes the integer 1, e.g. version = 1")
            }
        }
        readKeymap(root["keymap"])
        if let v = root["including"] { table.including = mask(v, "including") ?? .all }
        if let v = root["settings"] { readSettings(v) }
        if let v = root["device"] { readDevices(v) }
        // Desktop bindings first, then each app scope's: the order of BindingIDs.
        if let v = root["bind"] {
            table.desktop = bindings(v, path: "bind", scope: "desktop")
        }
        if let v = root["app"] {
            guard let apps = v.array else {
                return context.report("app", "'app' must be an array of tables: [[app]]")
            }
            for (i, a) in apps.enumerated() {
                let path = "app#\(i)"
                guard let t = a.table else { context.report(path, "each [[app]] must be a table"); continue }
                for key in t.keys where !Self.appKeys.contains(key) {
                    context.report(path + "." + key, "unknown key '\(key)' in [[app]]\(Suggest.phrase(key, Self.appKeys)); "
                        + "expected class, including and [[app.bind]]", key: true)
                }
                guard let cls = t["class"]?.string, !cls.isEmpty else {
                    if let v = t["class"] {
                        context.report(path + ".class", "'class' takes a glob of WM_CLASS names, e.g. class = \"firefox\", not \(v.typeName)")
                    } else {
                        context.reportTable(path, "[[app]] needs a class: a glob of WM_CLASS names, e.g. class = \"firefox\"")
                    }
                    continue
                }
                let including = t["including"].flatMap { mask($0, path + ".including") } ?? .all
                let bs = t["bind"].map { bindings($0, path: path + ".bind", scope: cls) } ?? []
                table.apps.append(AppScope(classGlob: cls, including: including, bindings: bs))
            }
        }
        if table.settings.toucheggProtocol { addForwarding() }
    }

    /// `touchegg-protocol = true`: the gestures forwarded to Touchégg's
    /// clients, as desktop bindings after the user's (BindingIDs of the app
    /// scopes move up by as many). They grab their touches (high) but yield
    /// to every binding of the user's, and do nothing themselves: the daemon
    /// sends their phases as D-Bus signals. 2-finger pinches stay with the
    /// applications (their zoom).
    private mutating func addForwarding() {
        var forwarded: [Binding] = []
        for text in Self.forwardedGestures {
            guard case .success(let (spec, _)) = ExpressionParser.parse(text) else { continue }
            forwarded.append(Binding(name: "touchegg-protocol: \(text)", gesture: spec, priority: .high, yields: true))
        }
        let at = table.desktop.count
        table.desktop += forwarded
        actions.insert(contentsOf: Array(repeating: BindingActions(), count: forwarded.count), at: at)
        scopes.insert(contentsOf: Array(repeating: "touchegg-protocol", count: forwarded.count), at: at)
    }

    static let forwardedGestures = ["swipe(fingers: 3)", "swipe(fingers: 4)", "magnify(fingers: 3)", "magnify(fingers: 4)"]

    // MARK: Keymap

    private mutating func readKeymap(_ v: TOMLNode?) {
        let requested: String
        if let v {
            guard let s = v.string else {
                return context.report("keymap", "'keymap' takes a name, \"auto\" or \"none\", e.g. keymap = \"gnome\"")
            }
            requested = s
        } else {
            requested = "auto"
        }
        switch requested {
        case "none":
            keymap = nil
        case "auto":
            let (name, desktop) = loader.keymaps.detect(environment: loader.environment, windowManager: loader.windowManager)
            if let name, case .success(let k)? = loader.keymaps.load(name) {
                keymap = k
            } else {
                let what = desktop.isEmpty
                    ? "the desktop is not known (XDG_CURRENT_DESKTOP and DESKTOP_SESSION are empty, no window manager seen)"
                                           : "no keymap matches the desktop '\(desktop)'"
                context.report("keymap", "keymap = \"auto\": \(what); using generic chords. Set keymap to one of: "
                    + loader.keymaps.available().map(\.name).joined(separator: ", "), warning: true)
                if case .success(let k)? = loader.keymaps.load("generic") { keymap = k }
            }
        default:
            switch loader.keymaps.load(requested) {
            case .success(let k)?:
                keymap = k
            case .failure(let errors)?:
                context.diagnostics += errors.diagnostics
                context.report("keymap", "keymap '\(requested)' has errors (above)")
                keymapForChecking()
            case nil:
                let names = loader.keymaps.available().map(\.name)
                context.report("keymap", "unknown keymap '\(requested)'\(Suggest.phrase(requested, names)); "
                    + "expected \"auto\", \"none\" or one of: " + names.joined(separator: ", "))
                keymapForChecking()
            }
        }
    }

    /// The keymap asked for is broken or unknown (already an error): check the
    /// actions against the generic one, so only real mistakes are reported.
    private mutating func keymapForChecking() {
        if case .success(let k)? = loader.keymaps.load("generic") { keymap = k }
    }

    // MARK: Settings

    private mutating func readSettings(_ v: TOMLNode) {
        guard let t = v.table else { return context.report("settings", "'settings' must be a table: [settings]") }
        let names = Self.settingKinds.map(\.0) + ["touchegg-protocol"]
        for key in t.keys {
            let path = "settings." + key
            if key == "touchegg-protocol" {
                guard let on = t[key]!.bool else {
                    context.report(path, "'touchegg-protocol' takes true or false, e.g. touchegg-protocol = true; got \(t[key]!.typeName)")
                    continue
                }
                table.settings.toucheggProtocol = on
                continue
            }
            guard Self.settingKinds.contains(where: { $0.0 == key }) else {
                context.report(path, "unknown setting '\(key)'\(Suggest.phrase(key, names)); expected "
                    + names.joined(separator: ", "), key: true)
                continue
            }
            var settings = table.settings
            readSetting(key, in: t, path: path, into: &settings)
            table.settings = settings
        }
    }

    /// `[[device]]`: `match` (a device filter), `disabled`, and settings of
    /// `[settings]` for the devices it matches.
    private mutating func readDevices(_ v: TOMLNode) {
        guard let array = v.array else { return context.report("device", "'device' must be an array of tables: [[device]]") }
        let keys = ["match", "disabled"] + Self.settingKinds.map(\.0)
        for (i, item) in array.enumerated() {
            let path = "device#\(i)"
            guard let t = item.table else { context.report(path, "each [[device]] must be a table"); continue }
            guard let mv = t["match"] else {
                context.reportTable(path, "[[device]] needs match: a device's kind, name:GLOB or usb:VID:PID, "
                    + "e.g. match = \"name:ELAN*\"")
                continue
            }
            guard let match = deviceFilter(mv, path + ".match") else { continue }
            var rule = DeviceRule(match: match)
            var settings = table.settings
            var sets = false
            for key in t.keys where key != "match" {
                let p = path + "." + key
                if key == "disabled" {
                    if let b = t[key]!.bool { rule.disabled = b } else {
                        context.report(p, "'disabled' takes true or false; got \(t[key]!.typeName)")
                    }
                } else if Self.settingKinds.contains(where: { $0.0 == key }) {
                    readSetting(key, in: t, path: p, into: &settings)
                    sets = true
                } else {
                    context.report(p, "unknown key '\(key)' in [[device]]\(Suggest.phrase(key, keys)); expected match, "
                        + "disabled or a setting of [settings] (" + Self.settingKinds.map(\.0).joined(separator: ", ") + ")",
                        key: true)
                }
            }
            if sets { rule.settings = settings }
            table.devices.append(rule)
        }
    }

    /// One setting of `t` (a known one) into `s`.
    private mutating func readSetting(_ key: String, in t: TOMLTable, path: String, into s: inout Settings) {
        let kind = Self.settingKinds.first(where: { $0.0 == key })!.1
        let value = t[key]!
        var text = value.string
        if text == nil, let n = value.number { text = n == 0 ? "0" : nil }
        guard let text, let parsed = SettingValue.parse(text, as: kind) else {
            let got = value.string.map { "'\($0)'" } ?? value.typeName
            context.report(path, "'\(key)' takes \(kind == .time ? "a time" : kind == .length ? "a length" : "a speed") "
                + "with its unit, e.g. \(key) = \(kind.example); got \(got)")
            return
        }
        switch (key, parsed) {
        case ("tap-timeout", .time(let x)): s.tapTimeout = x
        case ("double-tap-timeout", .time(let x)): s.doubleTapTimeout = x
        case ("long-press", .time(let x)): s.longPress = x
        case ("finger-landing", .time(let x)): s.fingerLanding = x
        case ("grab-timeout", .time(let x)): s.grabTimeout = x
        case ("drag-lock", .time(let x)): s.dragLock = x
        case ("repeat-delay", .time(let x)): s.repeatDelay = x
        case ("repeat-interval", .time(let x)):
            if x <= 0 { context.report(path, "'repeat-interval' must be longer than 0, e.g. repeat-interval = \"100ms\"") }
            s.repeatInterval = x
        case ("slop", .length(let x)): s.slop = x
        case ("swipe-distance", .length(let x)):
            s.swipeDistance = x
            // The user's distance is for every device unless they wrote a touchpad one.
            if t["touchpad-swipe-distance"] == nil { s.touchpadSwipeDistance = x }
        case ("touchpad-swipe-distance", .length(let x)): s.touchpadSwipeDistance = x
        case ("edge-width", .length(let x)): s.edgeWidth = x
        case ("swipe-min-velocity", .speed(let x)): s.swipeMinVelocity = x
        default: break
        }
    }

    private mutating func mask(_ v: TOMLNode, _ path: String) -> GestureMask? {
        guard let s = v.string, let m = GestureMask(rawValue: s) else {
            let got = v.string.map { "'\($0)'" } ?? v.typeName
            context.report(path, "'including' takes all, gesture, subviews or none; got \(got)")
            return nil
        }
        return m
    }

    // MARK: Bindings

    private mutating func bindings(_ v: TOMLNode, path: String, scope: String) -> [Binding] {
        guard let array = v.array else {
            context.report(path, "'bind' must be an array of tables: [[\(path.hasPrefix("app") ? "app.bind" : "bind")]]")
            return []
        }
        var out: [Binding] = []
        for (i, b) in array.enumerated() {
            let p = "\(path)#\(i)"
            guard let t = b.table else { context.report(p, "each [[bind]] must be a table"); continue }
            if let (binding, acts) = binding(t, path: p) {
                if t["enabled"]?.bool == false {
                    disabled.append(DisabledBinding(name: binding.name, scope: scope, line: context.map.table(p)?.line ?? 1))
                    continue
                }
                out.append(binding)
                actions.append(acts)
                scopes.append(scope)
            }
        }
        return out
    }

    private mutating func binding(_ t: TOMLTable, path: String) -> (Binding, BindingActions)? {
        for key in t.keys where !Self.bindKeys.contains(key) {
            context.report(path + "." + key, "unknown key '\(key)' in [[bind]]\(Suggest.phrase(key, Self.bindKeys)); expected "
                + Self.bindKeys.joined(separator: ", "), key: true)
        }
        guard let gv = t["gesture"] else {
            context.reportTable(path, "this binding has no gesture; add e.g. gesture = \"swipe(fingers: 3, direction: .left)\"")
            return nil
        }
        guard let text = gv.string else {
            context.report(path + ".gesture", "'gesture' takes a gesture expression in quotes, e.g. gesture = \"magnify(fingers: 2)\"; got \(gv.typeName)")
            return nil
        }
        var spec: GestureSpec? = nil
        switch ExpressionParser.parse(text) {
        case .success(let (s, warnings)):
            spec = s
            for w in warnings { context.report(path + ".gesture", w.message, offset: w.offset, length: w.length, warning: true) }
        case .failure(let e):
            context.report(path + ".gesture", e.message, offset: e.offset, length: e.length)
        }
        var b = Binding(name: text.trimmingSpaces, gesture: spec ?? .tap(TapSpec()))
        if let v = t["name"] {
            if let s = v.string, !s.isEmpty { b.name = s } else { context.report(path + ".name", "'name' takes a non-empty string") }
        }
        if let v = t["enabled"], v.bool == nil {
            context.report(path + ".enabled", "'enabled' takes true or false, e.g. enabled = false to switch the binding off; got \(v.typeName)")
        }
        if let v = t["priority"] {
            if let p = v.string.flatMap(Priority.init(rawValue:)) { b.priority = p } else {
                context.report(path + ".priority", "'priority' takes normal, high or simultaneous; got \(v.string.map { "'\($0)'" } ?? v.typeName)")
            }
        }
        if let v = t["device"], let d = deviceFilter(v, path + ".device") { b.device = d }
        if let v = t["modifiers"] {
            if let text = v.string {
                switch Modifiers.parse(text) {
                case .success(let m): b.modifiers = m
                case .failure(let e): context.report(path + ".modifiers", e.message)
                }
            } else {
                context.report(path + ".modifiers", "'modifiers' takes a string, e.g. modifiers = \"alt\"; got \(v.typeName)")
            }
        }
        if let v = t["keep-modifiers"] {
            if let keep = v.bool { b.keepModifiers = keep } else {
                context.report(path + ".keep-modifiers", "'keep-modifiers' takes true or false; got \(v.typeName)")
            }
            if t["modifiers"] == nil {
                context.report(path + ".keep-modifiers", "'keep-modifiers' applies to a layer: add modifiers = \"…\"",
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
                context.report(path + ".on-step", "'on-step' takes a table, e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }; got \(v.typeName)")
            }
        }
        if let s = spec, !s.isContinuous {
            for key in ["on-changed", "on-step"] where t[key] != nil {
                if key == "on-step" {
                    context.report(path + "." + key, "'on-step' needs a continuous gesture (drag, swipe, magnify, rotate or hold); "
                        + "\(ExpressionPrinter.text(s)) is discrete", key: true)
                } else {
                    context.report(path + "." + key, "'on-changed' never fires: \(ExpressionPrinter.text(s)) is discrete "
                        + "(it only begins and ends)", key: true, warning: true)
                }
            }
        }
        // `window move` / `resize` follow the gesture from its on-began, to its end.
        func follows(_ list: [Action]) -> Bool { list.contains { if case .window(.follow, _) = $0 { true } else { false } } }
        for (key, list) in [("on-changed", acts.changed), ("on-ended", acts.ended), ("on-cancelled", acts.cancelled),
                            ("on-repeat", acts.repeats), ("on-step", acts.increase + acts.decrease)] where follows(list) {
            context.report(path + "." + key, "'window move' and 'window resize' follow the gesture from its on-began to its end; "
                + "in \(key) they move nothing", key: true, warning: true)
        }
        if let s = spec, !s.isContinuous, follows(acts.began) {
            context.report(path + ".on-began", "'window move' and 'window resize' need a continuous gesture (a drag); "
                + "\(ExpressionPrinter.text(s)) only begins and ends", key: true, warning: true)
        }
        return spec == nil ? nil : (b, acts)
    }

    private mutating func readStep(_ t: TOMLTable, path: String, binding b: inout Binding, actions acts: inout BindingActions) {
        let unknown = t.keys.filter { !Self.stepKeys.contains($0) }
        for key in unknown {
            context.report(path + "." + key, "unknown key '\(key)' in on-step\(Suggest.phrase(key, Self.stepKeys)); expected every, increase, decrease", key: true)
        }
        guard let ev = t["every"] else {
            return context.report(path, "'on-step' needs 'every', e.g. on-step = { every = 0.15, increase = \"key zoom-in\", decrease = \"key zoom-out\" }")
        }
        guard let every = ev.number, every > 0, every.isFinite else {
            return context.report(path + ".every", "'every' takes a number greater than 0 in the gesture's unit (px, degrees, or a scale ratio like 0.15)")
        }
        // A misspelled key is the mistake; do not also say the actions are missing.
        if t["increase"] == nil && t["decrease"] == nil && unknown.isEmpty {
            context.report(path, "'on-step' needs 'increase' or 'decrease' (or both)")
        }
        acts.increase = actionList(t["increase"], path + ".increase")
        acts.decrease = actionList(t["decrease"], path + ".decrease")
        b.step = StepSpec(every: every)
    }

    /// `device = "touchpad"`, `"name:ELAN*"`, `"usb:04f3:2b7c"`. A name or
    /// id no device here has is said (a warning: the device may be
    /// plugged in later).
    private mutating func deviceFilter(_ v: TOMLNode, _ path: String) -> DeviceFilter? {
        if let text = v.string, let d = DeviceFilter(text) {
            if let present = loader.presentDevices, !DeviceFilter.kinds.contains(d),
               !present.contains(where: d.accepts) {
                let names = present.filter { $0.kind != .other }.map { "'\($0.name)'" + ($0.usb.map { " (usb:\($0))" } ?? "") }
                context.report(path, "no touch device here matches '\(text)'"
                    + (names.isEmpty ? " (X has no touchscreen or touchpad now)" : "; X has " + names.joined(separator: ", ")),
                    warning: true)
            }
            return d
        }
        context.report(path, "'device' takes \(DeviceFilter.expected); got \(v.string.map { "'\($0)'" } ?? v.typeName)")
        return nil
    }

    /// An action or an array of actions.
    private mutating func actionList(_ v: TOMLNode?, _ path: String) -> [Action] {
        guard let v else { return [] }
        if let s = v.string { return action(s, path).map { [$0] } ?? [] }
        guard let array = v.array else {
            context.report(path, "expected an action or an array of actions, e.g. \"key ctrl+alt+Right\"; got \(v.typeName)")
            return []
        }
        var out: [Action] = []
        for (i, item) in array.enumerated() {
            guard let s = item.string else {
                context.report("\(path)[\(i)]", "expected an action in quotes, e.g. \"key ctrl+alt+Right\"; got \(item.typeName)")
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
            context.report(path, e.message, offset: e.offset, length: e.length)
            return nil
        }
    }
}
