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
            let row = raw(adw_action_row_new())!
            adw_preferences_row_set_title(g(row), info.key)
            let units = info.units.isEmpty ? "" : " (\(info.units))"
            adw_action_row_set_subtitle(g(row), (L(info.description) + "\n" + L("Default {value}", ["value": Self.shown(info.defaultValue) + units])).xmlEscaped)
            adw_action_row_set_subtitle_lines(g(row), 0)
            let key = info.key
            if info.kind == .boolean {
                let toggle = raw(gtk_switch_new())!
                gtk_switch_set_active(g(toggle), (value ?? info.defaultValue) == "true" ? 1 : 0)
                cx_gtk_set_accessible_label(g(toggle), key)
                gtk_widget_set_valign(g(toggle), GTK_ALIGN_CENTER)
                UI.setSensitive(toggle, !readOnly)
                onNotify(toggle, "active") { [self] in
                    let v = gtk_switch_get_active(g(toggle)) != 0 ? "true" : "false"
                    if let why = controller.apply({ $0.setSetting(key, v) }) { controller.say(why); reload() }
                }
                adw_action_row_add_suffix(g(row), g(toggle))
            } else {
                let entry = raw(gtk_entry_new())!
                gtk_editable_set_width_chars(g(entry), 6)
                gtk_entry_set_placeholder_text(g(entry), Self.shown(info.defaultValue))
                UI.setText(ofEditable: entry, value.map(Self.shown) ?? "")
                cx_gtk_set_accessible_label(g(entry), key)
                gtk_widget_set_valign(g(entry), GTK_ALIGN_CENTER)
                UI.setSensitive(entry, !readOnly)
                let kind = info.kind
                let stored = value.map(Self.shown) ?? ""
                // Icons, as AdwEntryRow's apply button (libadwaita 1.2): a row fits 360 px.
                let set = UI.iconButton("object-select-symbolic", name: L("Set {setting}", ["setting": key])) {}
                gtk_widget_set_tooltip_text(g(set), L("Set"))
                gtk_widget_set_valign(g(set), GTK_ALIGN_CENTER)
                UI.setSensitive(set, false)
                let store: Action = { [self] in
                    let typed = UI.text(ofEditable: entry)
                    guard typed.trimmingWhitespace() != stored else { return }
                    let why = typed.trimmingWhitespace().isEmpty ? controller.apply { $0.resetSetting(key) }
                        : controller.apply { $0.setSetting(key, Self.toml(typed, kind: kind)) }
                    if let why { controller.say(why) }
                }
                // Enter or L("Set") stores it; a value being typed is not stored halfway.
                on(entry, "activate", store)
                on(set, "clicked", store)
                on(entry, "changed") { UI.setSensitive(set, !readOnly && UI.text(ofEditable: entry).trimmingWhitespace() != stored) }
                adw_action_row_add_suffix(g(row), g(entry))
                adw_action_row_add_suffix(g(row), g(set))
            }
            let reset = UI.iconButton("edit-undo-symbolic", name: L("Reset {setting}", ["setting": key])) { [self] in
                if let why = controller.apply({ $0.resetSetting(key) }) { controller.say(why) }
            }
            gtk_widget_set_tooltip_text(g(reset), L("Reset"))
            gtk_widget_set_valign(g(reset), GTK_ALIGN_CENTER)
            UI.setSensitive(reset, value != nil && !readOnly)
            adw_action_row_add_suffix(g(row), g(reset))
            adw_preferences_group_add(g(group), g(row))
            rows.append(row)
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
