import GestureActions
import GestureCore

/// `[settings]`, and a setting anywhere it may be written (`[[device]]` too).
extension ConfigBuilder {
    static let settingKinds: [(String, SettingKind)] = [
        ("tap-timeout", .time), ("double-tap-timeout", .time), ("long-press", .time), ("slop", .length),
        ("finger-landing", .time), ("swipe-distance", .length), ("touchpad-swipe-distance", .length),
        ("swipe-min-velocity", .speed),
        ("edge-width", .length), ("grab-timeout", .time), ("drag-lock", .time), ("repeat-delay", .time),
        ("repeat-interval", .time),
    ]

    mutating func readSettings(_ v: TOMLNode) {
        guard let t = v.table else { return context.report("settings", "'settings' must be a table: [settings]") }
        let names = Self.settingKinds.map(\.0) + ["touchegg-protocol"]
        for key in t.keys {
            let path = "settings." + key
            if key == "touchegg-protocol" {
                guard let on = t[key]!.bool else {
                    context.report(path, "'touchegg-protocol' takes true or false, e.g. touchegg-protocol = true; got \(t[key]!.typeName)")
                    continue
                }
                table.settings.toucheggProtocol = on
                continue
            }
            guard Self.settingKinds.contains(where: { $0.0 == key }) else {
                context.report(path, "unknown setting '\(key)'\(Suggest.phrase(key, names)); expected "
                    + names.joined(separator: ", "), key: true)
                continue
            }
            var settings = table.settings
            readSetting(key, in: t, path: path, into: &settings)
            table.settings = settings
        }
    }

    /// One setting of `t` (a known one) into `s`.
    mutating func readSetting(_ key: String, in t: TOMLTable, path: String, into s: inout Settings) {
        let kind = Self.settingKinds.first(where: { $0.0 == key })!.1
        let value = t[key]!
        var text = value.string
        if text == nil, let n = value.number { text = n == 0 ? "0" : nil }
        guard let text, let parsed = SettingValue.parse(text, as: kind) else {
            let got = value.string.map { "'\($0)'" } ?? value.typeName
            context.report(path, "'\(key)' takes \(kind == .time ? "a time" : kind == .length ? "a length" : "a speed") "
                + "with its unit, e.g. \(key) = \(kind.example); got \(got)")
            return
        }
        switch (key, parsed) {
        case ("tap-timeout", .time(let x)): s.tapTimeout = x
        case ("double-tap-timeout", .time(let x)): s.doubleTapTimeout = x
        case ("long-press", .time(let x)): s.longPress = x
        case ("finger-landing", .time(let x)): s.fingerLanding = x
        case ("grab-timeout", .time(let x)): s.grabTimeout = x
        case ("drag-lock", .time(let x)): s.dragLock = x
        case ("repeat-delay", .time(let x)): s.repeatDelay = x
        case ("repeat-interval", .time(let x)):
            if x <= 0 { context.report(path, "'repeat-interval' must be longer than 0, e.g. repeat-interval = \"100ms\"") }
            s.repeatInterval = x
        case ("slop", .length(let x)): s.slop = x
        case ("swipe-distance", .length(let x)):
            s.swipeDistance = x
            // The user's distance is for every device unless they wrote a touchpad one.
            if t["touchpad-swipe-distance"] == nil { s.touchpadSwipeDistance = x }
        case ("touchpad-swipe-distance", .length(let x)): s.touchpadSwipeDistance = x
        case ("edge-width", .length(let x)): s.edgeWidth = x
        case ("swipe-min-velocity", .speed(let x)): s.swipeMinVelocity = x
        default: break
        }
    }
}
