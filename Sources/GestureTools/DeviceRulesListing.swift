import GestureConfig
import GestureCore

/// What a config says of one device, for `gesture-bridge devices`: the
/// `[[device]]` rule that applies to it (the first that matches) and the
/// bindings that name it (`device = "name:…"` or `"usb:…"`).
public enum DeviceRulesListing {
    public static func lines(for device: Device, _ config: LoadedConfig) -> [String] {
        var out: [String] = []
        if let i = config.table.ruleIndex(for: device) {
            let rule = config.table.devices[i]
            var what: [String] = []
            if rule.disabled { what.append("disabled: gesture-bridge leaves it to the applications") }
            if let s = rule.settings { what.append("its own settings: " + changed(s, from: config.table.settings)) }
            out.append("[[device]] #\(i + 1) (match = \"\(rule.match.text)\"): "
                + (what.isEmpty ? "sets nothing" : what.joined(separator: "; ")))
        }
        let named = config.table.allBindings.filter { b in
            !DeviceFilter.kinds.contains(b.device) && b.device.accepts(device)
        }
        if !named.isEmpty {
            out.append("bindings for it by name or id: " + named.map { "\($0.name) (device = \"\($0.device.text)\")" }
                .joined(separator: ", "))
        }
        return out
    }

    /// The settings that differ from the config's own, as `key = value`:
    /// every key a `[[device]]` may set (the one table of settings), times
    /// first, then lengths, then speeds.
    static func changed(_ s: Settings, from base: Settings) -> String {
        var out: [String] = []
        for kind in [SettingField.Kind.time, .length, .speed] {
            for f in SettingField.all where f.kind == kind && f.perDevice && f.value(s) != f.value(base) {
                switch f.value(s) {
                case .time(let x): out.append("\(f.key) = \(Int((x * 1000).rounded())) ms")
                case .length(let l): out.append("\(f.key) = \(l)")
                case .speed(let v): out.append("\(f.key) = \(v.perSecond)/s")
                case .boolean(let b): out.append("\(f.key) = \(b)")
                }
            }
        }
        return out.isEmpty ? "the same as [settings]" : out.joined(separator: ", ")
    }
}
