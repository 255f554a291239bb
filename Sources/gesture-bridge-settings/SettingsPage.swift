import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

/// `[settings]` (issue 42, point 4): each setting with its units, its
/// default and what it does; a value typed is stored on Enter or its ✓
/// button (SettingRow), the ↶ button removes it from the file (the default applies).
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
            L("How far, how long and how fast a gesture must go, for every device ([[device]] tables may change them per device). Type a value, then press Enter or the check mark button beside it; the arrow button goes back to the default."))
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
            let made: SettingRow.Made
            if info.kind == .boolean {
                made = SettingRow.actionRow(key, about)
                made.addSuffix(toggle(key, info, value, readOnly: readOnly))
            } else {
                made = SettingRow.make(entryRow, key: key, about: about, placeholder: Self.shown(info.defaultValue),
                                       stored: value.map(Self.shown) ?? "", setName: L("Set {setting}", ["setting": key]),
                                       readOnly: readOnly, store: store(key, info.kind))
            }
            made.addSuffix(SettingRow.resetButton(name: L("Reset {setting}", ["setting": key]), enabled: value != nil && !readOnly) { [self] in
                if let why = controller.apply({ $0.resetSetting(key) }) { controller.say(why) }
            })
            adw_preferences_group_add(g(group), g(made.row))
            rows.append(made.row)
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

    /// What was typed, stored (or, empty, reset to the default).
    private func store(_ key: String, _ kind: SettingInfo.Kind) -> (String) -> Void {
        return { [self] typed in
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
