import GestureActions
import GestureCore

extension ConfigBuilder {
    /// `[[device]]`: `match` (a device filter), `disabled`, and settings of
    /// `[settings]` for the devices it matches.
    mutating func readDevices(_ v: TOMLNode) {
        guard let array = v.array else { return context.report("device", Words("'device' must be an array of tables: [[device]]")) }
        let keys = ["match", "disabled"] + Self.deviceSettingKinds.map(\.0)
        for (i, item) in array.enumerated() {
            let path = "device#\(i)"
            guard let t = item.table else { context.report(path, Words("each [[device]] must be a table")); continue }
            guard let mv = t["match"] else {
                context.reportTable(path, Words("[[device]] needs match: a device's kind, name:GLOB or usb:VID:PID, e.g. match = \"name:ELAN*\""))
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
                        context.report(p, Words("'disabled' takes true or false; got {type}", ["type": t[key]!.typeName]))
                    }
                } else if Self.deviceSettingKinds.contains(where: { $0.0 == key }) {
                    readSetting(key, in: t, path: p, into: &settings)
                    sets = true
                } else {
                    context.report(p, Words("unknown key '{key}' in [[device]]{hint}; expected match, disabled or a setting of [settings] ({settings})",
                                            ["key": key, "hint": Suggest.words(key, keys), "settings": Self.deviceSettingKinds.map(\.0).joined(separator: ", ")]),
                        key: true)
                }
            }
            if sets { rule.settings = settings }
            table.devices.append(rule)
        }
    }

    /// `device = "touchpad"`, `"name:ELAN*"`, `"usb:04f3:2b7c"`. A name or
    /// id no device here has is said (a warning: the device may be
    /// plugged in later). `pointer`: the binding's stroke is drawn with a
    /// pointer button, so any pointer (a mouse, a pen) may be the one meant.
    mutating func deviceFilter(_ v: TOMLNode, _ path: String, pointer: Bool = false) -> DeviceFilter? {
        if let text = v.string, let d = DeviceFilter(text) {
            if pointer {
                if let present = loader.presentDevices, !DeviceFilter.kinds.contains(d),
                   !present.contains(where: d.acceptsPointer) {
                    context.report(path, Words("no pointer here matches '{device}'; X has {devices}",
                                               ["device": text, "devices": present.map { "'\($0.name)'" }.joined(separator: ", ")]),
                                   warning: true)
                }
                return d
            }
            if let present = loader.presentDevices, !DeviceFilter.kinds.contains(d),
               !present.contains(where: d.accepts) {
                let names = present.filter { $0.kind != .other }.map { "'\($0.name)'" + ($0.usb.map { " (usb:\($0))" } ?? "") }
                context.report(path, names.isEmpty
                    ? Words("no touch device here matches '{device}' (X has no touchscreen or touchpad now)", ["device": text])
                    : Words("no touch device here matches '{device}'; X has {devices}", ["device": text, "devices": names.joined(separator: ", ")]),
                    warning: true)
            }
            return d
        }
        context.report(path, Words("'device' takes {expected}; got {value}", ["expected": DeviceFilter.expected, "value": v.got]))
        return nil
    }
}
