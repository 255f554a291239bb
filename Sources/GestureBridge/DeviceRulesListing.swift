import GestureConfig
import GestureCore

/// What a config says of one device, for `gesture-bridge devices`: the
/// `[[device]]` rule that applies to it (the first that matches) and the
/// bindings that name it (`device = "name:…"` or `"usb:…"`).
public enum DeviceRulesListing {
    public static func lines(for device: Device, _ config: LoadedConfig) -> [String] {
        var out: [String] = []
        if let i = config.table.devices.firstIndex(where: { $0.match.accepts(device) }) {
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
        var out: [String] = []
        func time(_ key: String, _ a: Double, _ b: Double) { if a != b { out.append("\(key) = \(Int((a * 1000).rounded())) ms") } }
        func length(_ key: String, _ a: Length, _ b: Length) { if a != b { out.append("\(key) = \(a)") } }
        time("tap-timeout", s.tapTimeout, base.tapTimeout)
        time("double-tap-timeout", s.doubleTapTimeout, base.doubleTapTimeout)
        time("long-press", s.longPress, base.longPress)
        time("finger-landing", s.fingerLanding, base.fingerLanding)
        time("grab-timeout", s.grabTimeout, base.grabTimeout)
        time("drag-lock", s.dragLock, base.dragLock)
        time("repeat-delay", s.repeatDelay, base.repeatDelay)
        time("repeat-interval", s.repeatInterval, base.repeatInterval)
        length("slop", s.slop, base.slop)
        length("swipe-distance", s.swipeDistance, base.swipeDistance)
        length("touchpad-swipe-distance", s.touchpadSwipeDistance, base.touchpadSwipeDistance)
        length("edge-width", s.edgeWidth, base.edgeWidth)
        if s.swipeMinVelocity != base.swipeMinVelocity { out.append("swipe-min-velocity = \(s.swipeMinVelocity.perSecond)/s") }
        return out.isEmpty ? "the same as [settings]" : out.joined(separator: ", ")
    }
}
