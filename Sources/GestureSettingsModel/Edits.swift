import GestureConfig
import GestureCore

// Every edit returns the new text, or why not. The new text is loaded with
// the daemon's own loader first: one that does not load is never returned.
// Every byte outside the edited span stays (comments, commented-out blocks,
// key order, untouched bindings, CRLF line breaks).

extension SettingsDocument {
    /// Writes `enabled = false` into the binding's table (after its last
    /// key, or in place of an `enabled` value), or removes its `enabled` key
    /// (with the rest of that line).
    public func setEnabled(_ ref: BindingRef, _ enabled: Bool) -> Result<String, EditError> {
        editing { e in
            let t = try e.binding(ref)
            let current = t.members.first { $0.key == "enabled" }
            if enabled { return current.map { [e.removeKey($0)] } ?? [] }
            if current?.value.bool == false { return [] }
            return [e.set("enabled", "false", in: t)]
        }
    }

    /// Removes the binding's table, with the comment lines directly above
    /// its header (no blank line between them), and one blank line when it
    /// stood between two. Comment lines below its last key stay, as does
    /// every other table.
    public func delete(_ ref: BindingRef) -> Result<String, EditError> {
        editing { e in [e.removeTable(try e.binding(ref))] }
    }

    /// Appends a `[[bind]]` table after the last desktop binding (none: before
    /// the first `[[app]]`, else at the end), or an `[[app.bind]]` after the
    /// scope's last binding (none: after its `[[app]]` table). Its keys in
    /// the form's order: name, gesture, device, modifiers, priority, action.
    public func add(_ form: BindingForm, to scope: ScopeID) -> Result<String, EditError> {
        editing { e in
            switch scope {
            case .allApplications:
                let lines = ["[[bind]]"] + form.keyValues.compactMap { k, v in v.map { "\(k) = \($0)" } }
                if let last = e.outline.tables.last(where: { OutlineReader.isDesktopBinding($0.path) }) {
                    return [e.insertTable(lines, after: last)]
                }
                if let app = e.outline.tables.first(where: { $0.path.hasPrefix("app#") }) {
                    return [e.insertTable(lines, before: app)]
                }
                return [e.appendTable(lines)]
            case .app(let a):
                guard let app = e.table("app#\(a)") else { throw EditError(L("there is no application scope #{number}", ["number": String(a)])) }
                let lines = ["[[app.bind]]"] + form.keyValues.compactMap { k, v in v.map { "\(k) = \($0)" } }
                let last = e.outline.tables.last { $0.path.hasPrefix("app#\(a).bind#") } ?? app
                return [e.insertTable(lines, after: last)]
            }
        }
    }

    /// Rewrites only the keys whose value the form changes, in place (a
    /// key newly set is added after the table's last key; one set back to
    /// its default is removed); keys the form has no field for, comments and
    /// the rest of the table stay. Refused for a binding the form cannot hold.
    public func update(_ ref: BindingRef, _ form: BindingForm) -> Result<String, EditError> {
        editing { e in
            let t = try e.binding(ref)
            guard let entry = entry(ref) else { throw EditError(L("there is no binding {binding}", ["binding": "\(ref)"])) }
            guard let old = entry.form else {
                throw EditError(L("this binding is edited as text: {reason}", ["reason": entry.formLimit ?? L("the form cannot hold it")]))
            }
            let before = Dictionary(uniqueKeysWithValues: old.keyValues.map { ($0.key, $0.value) })
            let order = form.keyValues.map(\.key)
            let changed = form.keyValues.filter { before[$0.key] ?? nil != $0.value }
            let removed = Set(changed.filter { $0.value == nil }.map(\.key))
            var out: [TOMLTextEditor.Replacement] = []
            // Where a new key goes: in place of the action key it replaces
            // (`on-ended` → `on-began`), else on the line before the next key
            // of the form's order the table keeps, else after its last key.
            let removedAction = t.members.first { removed.contains($0.key) && BindingForm.actionKeys.contains($0.key) }
            for (key, value) in changed {
                let member = t.members.first { $0.key == key }
                switch (member, value) {
                case (let m?, let v?): out.append(e.setValue(of: m, to: v))
                case (let m?, nil): out.append(e.removeKey(m))
                case (nil, let v?):
                    var place = TOMLTextEditor.Place.last
                    if BindingForm.actionKeys.contains(key), let r = removedAction {
                        place = .after(line: r.value.lines.upperBound)
                    } else if let next = order.drop(while: { $0 != key }).dropFirst().lazy
                        .compactMap({ k in removed.contains(k) ? nil : t.members.first { $0.key == k } }).first {
                        place = .before(line: next.line)
                    }
                    out.append(e.insertKey(key, v, in: t, at: place))
                case (nil, nil): break
                }
            }
            return out
        }
    }

    /// Replaces the binding's `gesture` value with `expression` (quoted).
    public func updateExpression(_ ref: BindingRef, _ expression: String) -> Result<String, EditError> {
        editing { e in
            [e.set("gesture", Literals.quote(expression), in: try e.binding(ref))]
        }
    }

    /// Appends an `[[app]]` table with `class = …` at the end.
    public func addScope(class glob: String) -> Result<String, EditError> {
        editing { e in
            guard !glob.isEmpty else { throw EditError(L("an application scope needs a class (a WM_CLASS name or glob)")) }
            return [e.appendTable(["[[app]]", "class = " + Literals.quote(glob)])]
        }
    }

    /// Removes an `[[app]]` table and every `[[app.bind]]` of it (each with
    /// its attached comments, as `delete` does).
    public func removeScope(_ scope: ScopeID) -> Result<String, EditError> {
        editing { e in
            guard case .app(let a) = scope, let app = e.table("app#\(a)") else {
                throw EditError(L("only an application's scope can be removed"))
            }
            return [e.removeTable(app)] + e.outline.tables.filter { $0.path.hasPrefix("app#\(a).bind#") }.map(e.removeTable)
        }
    }

    /// `[settings]`: `key = value` (value as TOML: `"250ms"`, `true`), in
    /// place of the current value; else added after a commented-out line of
    /// the same key (`# slop = "18px"`) when the table has one, else after
    /// its last key. Without a `[settings]` table, one is made before the
    /// first table (or at the end).
    public func setSetting(_ key: String, _ value: String) -> Result<String, EditError> {
        editing { e in
            guard let t = e.table("settings") else {
                let lines = ["[settings]", "\(key) = \(value)"]
                if let first = e.outline.tables.first { return [e.insertTable(lines, before: first)] }
                return [e.appendTable(lines)]
            }
            return [e.set(key, value, in: t, newAt: e.commentedOutKey(key, in: t).map { .after(line: $0) } ?? .last)]
        }
    }

    /// Removes `key` from `[settings]`: the default applies. Nothing to do when it is not set.
    public func resetSetting(_ key: String) -> Result<String, EditError> {
        editing { e in
            guard let m = e.table("settings")?.members.first(where: { $0.key == key }) else { return [] }
            return [e.removeKey(m)]
        }
    }

    /// Appends a `[[device]]` table with `match = …` after the last one
    /// (none: before the first binding or application, else at the end).
    public func addDevice(match: String) -> Result<String, EditError> {
        editing { e in
            let lines = ["[[device]]", "match = " + Literals.quote(match)]
            if let last = e.outline.tables.last(where: { $0.path.hasPrefix("device#") }) {
                return [e.insertTable(lines, after: last)]
            }
            if let first = e.outline.tables.first(where: { $0.path.hasPrefix("bind#") || $0.path.hasPrefix("app#") }) {
                return [e.insertTable(lines, before: first)]
            }
            return [e.appendTable(lines)]
        }
    }

    /// A key of the `index`-th `[[device]]` (`disabled`, or a setting), value as TOML.
    public func setDeviceSetting(_ index: Int, _ key: String, _ value: String) -> Result<String, EditError> {
        editing { e in
            [e.set(key, value, in: try e.device(index))]
        }
    }

    /// Removes a key of the `index`-th `[[device]]`.
    public func resetDeviceSetting(_ index: Int, _ key: String) -> Result<String, EditError> {
        editing { e in
            guard key != "match" else { throw EditError(L("a [[device]] table needs its match; remove the table instead")) }
            guard let m = try e.device(index).members.first(where: { $0.key == key }) else { return [] }
            return [e.removeKey(m)]
        }
    }

    /// Removes the `index`-th `[[device]]` table.
    public func removeDevice(_ index: Int) -> Result<String, EditError> {
        editing { e in [e.removeTable(try e.device(index))] }
    }

    // MARK: Checking

    /// Builds the replacements, applies them, and loads the result with the
    /// daemon's loader: its text when it loads, else why not (its errors,
    /// located in the text it would have been).
    func editing(_ body: (TOMLTextEditor) throws -> [TOMLTextEditor.Replacement]) -> Result<String, EditError> {
        if let why = readOnlyReason { return .failure(EditError(L("read-only: {reason}", ["reason": why]))) }
        guard let editor else { return .failure(EditError(L("{file} is not TOML", ["file": fileName]))) }
        let replacements: [TOMLTextEditor.Replacement]
        do { replacements = try body(editor) } catch {
            return .failure(error as? EditError ?? EditError("\(error)"))
        }
        let newText = editor.applying(replacements)
        switch loader.load(text: newText, file: fileName) {
        case .success: return .success(newText)
        case .failure(let errors):
            return .failure(EditError(L("the change was not made: the config would not load"), diagnostics: errors.diagnostics))
        }
    }
}

extension TOMLTextEditor {
    func binding(_ ref: BindingRef) throws(EditError) -> ConfigOutline.Table {
        guard let t = table(ref.path) else { throw EditError(L("there is no binding {binding} in the file", ["binding": "\(ref)"])) }
        return t
    }

    func device(_ index: Int) throws(EditError) -> ConfigOutline.Table {
        guard let t = table("device#\(index)") else { throw EditError(L("there is no [[device]] table #{number}", ["number": String(index)])) }
        return t
    }
}

extension BindingForm {
    static let actionKeys: Set<String> = ["on-began", "on-ended", "on-repeat", "on-step"]

    /// The keys the form writes, with their TOML values (nil: not written,
    /// the default applies), in the order a new table has them.
    var keyValues: [(key: String, value: String?)] {
        var out: [(String, String?)] = [
            ("name", name.flatMap { $0.isEmpty ? nil : Literals.quote($0) }),
            // 'stroke("L")' as docs/strokes.md writes it: a literal string needs no escapes.
            ("gesture", expression.contains("\"") && !expression.contains("'") ? "'\(expression)'" : Literals.quote(expression)),
            ("device", device == .any ? nil : Literals.quote(device.text)),
            ("modifiers", modifiers.flatMap { $0.isEmpty ? nil : Literals.quote($0.description) }),
            ("priority", priority == .normal ? nil : Literals.quote(priority.rawValue)),
        ]
        let phase: String?
        switch when {
        case .end: phase = "on-ended"
        case .start: phase = "on-began"
        case .repeating: phase = "on-repeat"
        case .steps: phase = nil
        }
        for key in ["on-began", "on-ended", "on-repeat"] {
            out.append((key, key == phase ? Literals.quote(action.text) : nil))
        }
        if case .steps(let every) = when {
            out.append(("on-step", "{ every = \(Literals.number(every)), increase = \(Literals.quote(action.text))"
                + (decrease.map { ", decrease = \(Literals.quote($0.text))" } ?? "") + " }"))
        } else {
            out.append(("on-step", nil))
        }
        return out
    }
}
