import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

/// Per-device tables (`[[device]]`, issue 42 point 4): each table's match,
/// whether it switches the device off, and its own settings; the devices
/// the daemon sees, each with a button to start a table for it.
@MainActor final class DevicesPage {
    let widget: Widget
    private let controller: DocumentController
    private var groups: [Widget] = []
    /// "ID KIND NAME" of each device the daemon uses (its state file).
    var seen: () -> [String] = { [] }
    private let perDevice = SettingInfo.all.filter(\.perDevice)
    /// AdwEntryRow where libadwaita has it (1.2), else nil: entry + ✓.
    private let entryRow = AdwEntryRow.load()

    init(controller: DocumentController) {
        self.controller = controller
        widget = raw(adw_preferences_page_new())!
        controller.changed.append { [self] in reload() }
        reload()
    }

    func reload() {
        for g0 in groups { adw_preferences_page_remove(g(widget), g(g0)) }
        groups.removeAll()
        let readOnly = controller.readOnlyReason != nil
        let doc = controller.document

        let seenGroup = raw(adw_preferences_group_new())!
        adw_preferences_group_set_title(g(seenGroup), L("Devices gesture-bridge sees"))
        let devices = seen()
        if devices.isEmpty {
            adw_preferences_group_set_description(g(seenGroup), L("None: gesture-bridge is not running, or X has no touchscreen or touchpad."))
        }
        for d in devices {
            let parts = d.split(separator: " ", maxSplits: 2).map(String.init)
            let name = parts.count == 3 ? parts[2] : d
            let kind = parts.count >= 2 ? parts[1] : ""
            let match = "name:" + name
            let has = doc.devices.contains { $0.match == match }
            let add = UI.button(has ? L("Has a Table") : L("Add a Table"), classes: ["flat"]) { [self] in
                if let why = controller.apply({ $0.addDevice(match: match) }) { controller.say(why) }
            }
            cx_gtk_set_accessible_label(g(add), L("Add a table for {device}", ["device": name]))
            UI.setSensitive(add, !has && !readOnly)
            adw_preferences_group_add(g(seenGroup), g(UI.row(name, subtitle: L("{kind}, id {id}", ["kind": kind, "id": parts.first ?? ""]), suffix: add)))
        }
        adw_preferences_page_add(g(widget), g(seenGroup))
        groups.append(seenGroup)

        if doc.devices.isEmpty {
            let none = raw(adw_preferences_group_new())!
            adw_preferences_group_set_title(g(none), L("Device tables"))
            adw_preferences_group_set_description(g(none),
                L("No [[device]] tables: every device uses the settings. A table changes them for one device, or switches it off."))
            adw_preferences_page_add(g(widget), g(none))
            groups.append(none)
        }
        for d in doc.devices { addTable(d, readOnly: readOnly) }
    }

    private func addTable(_ d: DeviceEntry, readOnly: Bool) {
        let group = raw(adw_preferences_group_new())!
        adw_preferences_group_set_title(g(group), "match = \(d.match)".xmlEscaped)
        adw_preferences_group_set_description(g(group), L("Line {line}", ["line": String(d.line)]))
        let index = d.index
        let remove = UI.button(L("Remove Table"), classes: ["flat"]) { [self] in
            if let why = controller.remove(L("Removed the table for {device}.", ["device": d.match]), { $0.removeDevice(index) }) { controller.say(why) }
        }
        UI.setSensitive(remove, !readOnly)
        adw_preferences_group_set_header_suffix(g(group), g(remove))

        let off = raw(gtk_switch_new())!
        gtk_switch_set_active(g(off), d.disabled ? 1 : 0)
        cx_gtk_set_accessible_label(g(off), L("Switched off: {device}", ["device": d.match]))
        UI.setSensitive(off, !readOnly)
        onNotify(off, "active") { [self] in
            let on = gtk_switch_get_active(g(off)) != 0
            let why = on ? controller.apply { $0.setDeviceSetting(index, "disabled", "true") }
                : controller.apply { $0.resetDeviceSetting(index, "disabled") }
            if let why { controller.say(why); reload() }
        }
        adw_preferences_group_add(g(group), g(UI.row(L("Switched off"), subtitle: L("gesture-bridge ignores this device"), suffix: off)))

        // Each of its own settings as on the Settings page (SettingRow): AdwEntryRow and its
        // apply button where libadwaita has it, else an entry and ✓; ↶ removes it.
        for (key, value) in d.settings where key != "disabled" && key != "match" {
            let info = SettingInfo.named(key)
            let kind = info?.kind ?? .length
            let made = SettingRow.make(entryRow, key: key, about: info.map { L($0.description) } ?? "",
                                       placeholder: info.map { SettingsPage.shown($0.defaultValue) } ?? "",
                                       stored: SettingsPage.shown(value),
                                       setName: L("Set {setting} for {device}", ["setting": key, "device": d.match]),
                                       readOnly: readOnly) { [self] typed in
                let why = typed.trimmingWhitespace().isEmpty ? controller.apply { $0.resetDeviceSetting(index, key) }
                    : controller.apply { $0.setDeviceSetting(index, key, SettingsPage.toml(typed, kind: kind)) }
                if let why { controller.say(why) }
            }
            made.addSuffix(SettingRow.resetButton(name: L("Reset {setting} for {device}", ["setting": key, "device": d.match]),
                                                  enabled: !readOnly) { [self] in
                if let why = controller.apply({ $0.resetDeviceSetting(index, key) }) { controller.say(why) }
            })
            adw_preferences_group_add(g(group), g(made.row))
        }

        // Another setting for this device.
        let keys = UI.dropDown(perDevice.map(\.key))
        cx_gtk_set_accessible_label(g(keys), L("Setting"))
        let value = raw(gtk_entry_new())!
        gtk_editable_set_width_chars(g(value), 9)
        cx_gtk_set_accessible_label(g(value), L("Value"))
        let set = UI.button(L("Set"), classes: ["flat"]) { [self] in
            let info = perDevice[UI.selected(keys)]
            let v = SettingsPage.toml(UI.text(ofEditable: value), kind: info.kind)
            if let why = controller.apply({ $0.setDeviceSetting(index, info.key, v) }) { controller.say(why) }
        }
        let box = UI.box(false, spacing: 6, [keys, value, set])
        for w in [keys, value, set] { UI.setSensitive(w, !readOnly) }
        adw_preferences_group_add(g(group), g(UI.row(L("Another setting"), suffix: box)))
        adw_preferences_page_add(g(widget), g(group))
        groups.append(group)
    }
}
