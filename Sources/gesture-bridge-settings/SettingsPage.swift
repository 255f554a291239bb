import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

/// `[settings]` (issue 42, point 4): each setting with its units, its
/// default and what it does; a value typed is stored on Enter, L("Reset")
/// removes it from the file (the default applies).
@MainActor final class SettingsPage {
    let widget: Widget
    private let group: Widget
    private let controller: DocumentController
    private var rows: [Widget] = []
    /// AdwEntryRow where libadwaita has it (1.2), else nil: entry + Set.
    private let entryRow = AdwEntryRow.load()

    init(controller: DocumentController) {
        self.controller = controller
        widget = raw(adw_preferences_page_new())!
        group = raw(adw_preferences_group_new())!
        adw_preferences_group_set_title(g(group), L("Settings"))
        adw_preferences_group_set_description(g(group),
            // One literal: xgettext reads no Swift "+".
            L("How far, how long and how fast a gesture must go, for every device ([[device]] tables may change them per device). Type a value, then Enter or Set; Reset goes back to the default."))
        adw_preferences_page_add(g(widget), g(group))
        controller.changed.append { [self] in reload() }
        reload()
    }

    /// A TOML value as the entry shows it: `"250ms"` is 250ms.
    nonisolated static func shown(_ toml: String) -> String {
        toml.count >= 2 && toml.hasPrefix("\"") && toml.hasSuffix("\"") ? String(toml.dropFirst().dropLast()) : toml
    }

    /// What was typed, as TOML: a string, or true/false for a boolean.
    nonisolated static func toml(_ typed: String, kind: SettingInfo.Kind) -> String {
        let t = typed.trimmingWhitespace()
        if kind == .boolean { return t }
        return "\"" + shown(t).replacingQuotes + "\""
    }

    func reload() {
        for r in rows { adw_preferences_group_remove(g(group), g(r)) }
        rows.removeAll()
        let readOnly = controller.readOnlyReason != nil
        for (info, value) in controller.document.settings {
            let key = info.key
            let units = info.units.isEmpty ? "" : " (\(info.units))"
            let byDefault = L("Default {value}", ["value": Self.shown(info.defaultValue) + units])
            let about = L(info.description) + "\n" + byDefault
            let row: Widget
            let addSuffix: (Widget) -> Void
            if info.kind != .boolean, let adw = entryRow {
                // libadwaita 1.2: the row is the entry, its apply button is Set. It has no
                // subtitle: what the setting does and its default are its tooltip. (The
                // default in the title lost the app from AT-SPI in the edits scenario.)
                row = adw.new(title: key, name: key, text: value.map(Self.shown) ?? "",
                              applyName: L("Set {setting}", ["setting": key]))
                gtk_widget_set_tooltip_text(g(row), about)
                UI.setSensitive(row, !readOnly)
                on(row, "apply", store(key, info.kind, row, stored: value))
                addSuffix = { adw.addSuffix(row, $0) }
            } else {
                row = raw(adw_action_row_new())!
                adw_preferences_row_set_title(g(row), key)
                adw_action_row_set_subtitle(g(row), about.xmlEscaped)
                adw_action_row_set_subtitle_lines(g(row), 0)
                addSuffix = { adw_action_row_add_suffix(g(row), g($0)) }
                if info.kind == .boolean {
                    addSuffix(toggle(key, info, value, readOnly: readOnly))
                } else {
                    for w in entryAndSet(key, info, value, readOnly: readOnly) { addSuffix(w) }
                }
            }
            let reset = UI.iconButton("edit-undo-symbolic", name: L("Reset {setting}", ["setting": key])) { [self] in
                if let why = controller.apply({ $0.resetSetting(key) }) { controller.say(why) }
            }
            gtk_widget_set_tooltip_text(g(reset), L("Reset"))
            gtk_widget_set_valign(g(reset), GTK_ALIGN_CENTER)
            UI.setSensitive(reset, value != nil && !readOnly)
            addSuffix(reset)
            adw_preferences_group_add(g(group), g(row))
            rows.append(row)
        }
    }

    /// A boolean setting's switch, stored as it flips.
    private func toggle(_ key: String, _ info: SettingInfo, _ value: String?, readOnly: Bool) -> Widget {
        let toggle = raw(gtk_switch_new())!
        gtk_switch_set_active(g(toggle), (value ?? info.defaultValue) == "true" ? 1 : 0)
        cx_gtk_set_accessible_label(g(toggle), key)
        gtk_widget_set_valign(g(toggle), GTK_ALIGN_CENTER)
        UI.setSensitive(toggle, !readOnly)
        onNotify(toggle, "active") { [self] in
            let v = gtk_switch_get_active(g(toggle)) != 0 ? "true" : "false"
            if let why = controller.apply({ $0.setSetting(key, v) }) { controller.say(why); reload() }
        }
        return toggle
    }

    /// libadwaita 1.1: an entry and a Set icon button (AdwEntryRow's apply button, by hand).
    private func entryAndSet(_ key: String, _ info: SettingInfo, _ value: String?, readOnly: Bool) -> [Widget] {
        let entry = raw(gtk_entry_new())!
        gtk_editable_set_width_chars(g(entry), 6)
        gtk_entry_set_placeholder_text(g(entry), Self.shown(info.defaultValue))
        UI.setText(ofEditable: entry, value.map(Self.shown) ?? "")
        cx_gtk_set_accessible_label(g(entry), key)
        gtk_widget_set_valign(g(entry), GTK_ALIGN_CENTER)
        UI.setSensitive(entry, !readOnly)
        let stored = value.map(Self.shown) ?? ""
        let set = UI.iconButton("object-select-symbolic", name: L("Set {setting}", ["setting": key])) {}
        gtk_widget_set_tooltip_text(g(set), L("Set"))
        gtk_widget_set_valign(g(set), GTK_ALIGN_CENTER)
        UI.setSensitive(set, false)
        // Enter or L("Set") stores it; a value being typed is not stored halfway.
        let apply = store(key, info.kind, entry, stored: value)
        on(entry, "activate", apply)
        on(set, "clicked", apply)
        on(entry, "changed") { UI.setSensitive(set, !readOnly && UI.text(ofEditable: entry).trimmingWhitespace() != stored) }
        return [entry, set]
    }

    /// What `editable` holds, stored (or, empty, reset to the default) if it differs from the file.
    private func store(_ key: String, _ kind: SettingInfo.Kind, _ editable: Widget, stored value: String?) -> Action {
        let stored = value.map(Self.shown) ?? ""
        return { [self] in
            let typed = UI.text(ofEditable: editable)
            guard typed.trimmingWhitespace() != stored else { return }
            let why = typed.trimmingWhitespace().isEmpty ? controller.apply { $0.resetSetting(key) }
                : controller.apply { $0.setSetting(key, Self.toml(typed, kind: kind)) }
            if let why { controller.say(why) }
        }
    }
}

extension String {
    /// For a TOML basic string: `"` and `\` escaped.
    var replacingQuotes: String {
        var out = ""
        for c in self {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
