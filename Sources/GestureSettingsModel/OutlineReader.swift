import GestureActions
import GestureConfig
import GestureCore

/// The scopes, bindings and devices of a config as written: read from its
/// outline (so a config with errors is still shown, read-only), in words.
struct OutlineReader {
    /// The text and its outline; nil when the text is not TOML (nothing to show).
    let editor: TOMLTextEditor?

    func scopes() -> [ScopeEntry] {
        guard let editor else { return [] }
        var all = ScopeEntry(id: .allApplications, title: L("All applications"), classGlob: nil, bindings: [], line: nil)
        var apps: [Int: ScopeEntry] = [:]
        for t in editor.outline.tables {
            let parts = Self.pathParts(t.path)
            switch parts.count {
            case 1 where parts[0].name == "bind":
                all.bindings.append(entry(t, ref: BindingRef(scope: .allApplications, index: parts[0].index), in: editor))
            case 1 where parts[0].name == "app":
                let a = parts[0].index
                let cls = t["class"]?.string
                var s = apps[a] ?? ScopeEntry(id: .app(a), title: "", classGlob: nil, bindings: [], line: nil)
                s.title = cls ?? L("(no class)")
                s.classGlob = cls
                s.line = t.line
                apps[a] = s
            case 2 where parts[0].name == "app" && parts[1].name == "bind":
                let a = parts[0].index
                var s = apps[a] ?? ScopeEntry(id: .app(a), title: L("(no class)"), classGlob: nil, bindings: [], line: nil)
                s.bindings.append(entry(t, ref: BindingRef(scope: .app(a), index: parts[1].index), in: editor))
                apps[a] = s
            default:
                continue
            }
        }
        return [all] + apps.keys.sorted().map { apps[$0]! }
    }

    func devices() -> [DeviceEntry] {
        guard let editor else { return [] }
        return editor.outline.tables.compactMap { t in
            let parts = Self.pathParts(t.path)
            guard parts.count == 1, parts[0].name == "device" else { return nil }
            return DeviceEntry(index: parts[0].index,
                               match: t["match"]?.string ?? "",
                               disabled: t["disabled"]?.bool ?? false,
                               settings: t.members.filter { $0.key != "match" && $0.key != "disabled" }
                                   .map { ($0.key, editor.text(of: $0.value.bytes)) },
                               line: t.line)
        }
    }

    /// `bind#3`: a binding of *All applications*.
    static func isDesktopBinding(_ path: String) -> Bool {
        let p = pathParts(path)
        return p.count == 1 && p[0].name == "bind"
    }

    /// `app#1.bind#0` → [(app, 1), (bind, 0)]; a part without `#` has index -1.
    static func pathParts(_ path: String) -> [(name: String, index: Int)] {
        path.split(separator: ".").map { p in
            if let h = p.firstIndex(of: "#"), let i = Int(p[p.index(after: h)...]) { return (String(p[..<h]), i) }
            return (String(p), -1)
        }
    }

    // MARK: One binding

    func entry(_ t: ConfigOutline.Table, ref: BindingRef, in editor: TOMLTextEditor) -> BindingEntry {
        let expression = t["gesture"]?.string ?? ""
        let spec: GestureSpec? = if case .success(let (s, _)) = ExpressionParser.parse(expression) { s } else { nil }
        let device = t["device"]?.string.flatMap(DeviceFilter.init) ?? .any
        let modifiers: Modifiers? = t["modifiers"]?.string.flatMap { try? Modifiers.parse($0).get() }
        let priority = t["priority"]?.string.flatMap(Priority.init(rawValue:)) ?? .normal
        let name = t["name"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let gestureWords = spec.map { Words.gesture($0, device: device, modifiers: modifiers) }
            ?? (expression.isEmpty ? L("(no gesture)") : expression)
        let phases = Self.phaseKeys.compactMap { key in t[key].map { (key: key, actions: Self.actionTexts($0)) } }
        var step: (every: Double, increase: [String], decrease: [String])? = nil
        if let s = t["on-step"] {
            step = (s["every"]?.number ?? 0, s["increase"].map(Self.actionTexts) ?? [], s["decrease"].map(Self.actionTexts) ?? [])
        }
        let (form, limit) = FormReading.form(of: t, spec: spec)
        return BindingEntry(ref: ref, name: name, title: name ?? gestureWords, engineName: name ?? expression.trimmingSpaces,
                            expression: expression,
                            gestureWords: gestureWords,
                            actionWords: Words.bindingActions(phases: phases, step: step, gesture: spec),
                            priority: priority,
                            priorityWords: Words.priority(priority, inApplicationScope: ref.scope != .allApplications),
                            enabled: t["enabled"]?.bool ?? true, form: form, formLimit: limit, line: t.line,
                            bytes: editor.span(of: t))
    }

    static let phaseKeys = ["on-began", "on-changed", "on-ended", "on-cancelled", "on-repeat"]

    /// An action or an array of them, as written.
    static func actionTexts(_ v: ConfigOutline.Value) -> [String] {
        if let s = v.string { return [s] }
        return v.array?.compactMap(\.string) ?? []
    }
}
