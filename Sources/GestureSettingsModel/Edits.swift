import GestureConfig
import GestureCore

// Every edit returns the new text, or why not. The new text is loaded with
// the daemon's own loader first: one that does not load is never returned.
// Every byte outside the edited span stays (comments, commented-out blocks,
// key order, untouched bindings, CRLF line breaks).

extension SettingsDocument {
    /// Writes `enabled = false` into the binding's table, or removes its `enabled` key.
    public func setEnabled(_ ref: BindingRef, _ enabled: Bool) -> Result<String, EditError> {
        notYet()
    }

    /// Removes the binding's table, with the comment lines directly above
    /// its header (no blank line between) and one blank line next to it.
    public func delete(_ ref: BindingRef) -> Result<String, EditError> { notYet() }

    /// Appends a `[[bind]]` (or `[[app.bind]]`) table after the scope's last binding.
    public func add(_ form: BindingForm, to scope: ScopeID) -> Result<String, EditError> { notYet() }

    /// Rewrites only the keys whose value the form changes, in place; keys
    /// the form has no field for, and comments, stay.
    public func update(_ ref: BindingRef, _ form: BindingForm) -> Result<String, EditError> { notYet() }

    /// Replaces the binding's `gesture` value with `expression`.
    public func updateExpression(_ ref: BindingRef, _ expression: String) -> Result<String, EditError> { notYet() }

    /// Appends an `[[app]]` table with `class = …`.
    public func addScope(class glob: String) -> Result<String, EditError> { notYet() }

    /// Removes an `[[app]]` table and every `[[app.bind]]` of it.
    public func removeScope(_ scope: ScopeID) -> Result<String, EditError> { notYet() }

    /// `[settings]`: `key = value` (value as TOML: `"250ms"`, `true`), written
    /// in place, or added (after a commented-out line of the same key when
    /// there is one, else after the last key); the table is made when missing.
    public func setSetting(_ key: String, _ value: String) -> Result<String, EditError> { notYet() }

    /// Removes `key` from `[settings]`: the default applies.
    public func resetSetting(_ key: String) -> Result<String, EditError> { notYet() }

    /// Appends a `[[device]]` table with `match = …`.
    public func addDevice(match: String) -> Result<String, EditError> { notYet() }

    /// A key of the `index`-th `[[device]]` (`disabled`, or a setting), value as TOML.
    public func setDeviceSetting(_ index: Int, _ key: String, _ value: String) -> Result<String, EditError> { notYet() }

    /// Removes a key of the `index`-th `[[device]]`.
    public func resetDeviceSetting(_ index: Int, _ key: String) -> Result<String, EditError> { notYet() }

    /// Removes the `index`-th `[[device]]` table.
    public func removeDevice(_ index: Int) -> Result<String, EditError> { notYet() }

    private func notYet() -> Result<String, EditError> { .failure(EditError("not implemented yet")) }
}
