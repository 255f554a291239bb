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

    /// The settings that differ from the config's own, as `key = value`.
    static func changed(_ s: Settings, from base: Settings) -> String {
        let times: [(String, KeyPath<Settings, Seconds>)] = [
            ("tap-timeout", \.tapTimeout), ("double-tap-timeout", \.doubleTapTimeout), ("long-press", \.longPress),
            ("finger-landing", \.fingerLanding), ("grab-timeout", \.grabTimeout), ("drag-lock", \.dragLock),
            ("repeat-delay", \.repeatDelay), ("repeat-interval", \.repeatInterval),
        ]
        let lengths: [(String, KeyPath<Settings, Length>)] = [
            ("slop", \.slop), ("swipe-distance", \.swipeDistance), ("touchpad-swipe-distance", \.touchpadSwipeDistance),
            ("edge-width", \.edgeWidth),
        ]
        var out: [String] = []
        for (key, p) in times where s[keyPath: p] != base[keyPath: p] {
            out.append("\(key) = \(Int((s[keyPath: p] * 1000).rounded())) ms")
        }
        for (key, p) in lengths where s[keyPath: p] != base[keyPath: p] { out.append("\(key) = \(s[keyPath: p])") }
        if s.swipeMinVelocity != base.swipeMinVelocity { out.append("swipe-min-velocity = \(s.swipeMinVelocity.perSecond)/s") }
        return out.isEmpty ? "the same as [settings]" : out.joined(separator: ", ")
    }
}
