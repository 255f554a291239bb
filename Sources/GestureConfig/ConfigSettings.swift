import GestureActions
import GestureCore

/// `[settings]`, and a setting anywhere it may be written (`[[device]]` too).
extension ConfigBuilder {
    /// The settings a value with a unit is written for, and its kind: from
    /// the one table of settings (`SettingField.all`); the boolean
    /// `touchegg-protocol` is read apart.
    static let settingKinds: [(String, SettingKind)] = SettingField.all.compactMap { f in
        switch f.kind {
        case .time: return (f.key, .time)
        case .length: return (f.key, .length)
        case .speed: return (f.key, .speed)
        case .boolean: return nil
        }
    }

    /// Those a `[[device]]` table may write: the daemon's own (`button-hold`) are not.
    static let deviceSettingKinds = settingKinds.filter { k in SettingField.named(k.0)?.perDevice == true }

    mutating func readSettings(_ v: TOMLNode) {
        guard let t = v.table else { return context.report("settings", Words("'settings' must be a table: [settings]")) }
        let names = SettingField.all.map(\.key)
        for key in t.keys {
            let path = "settings." + key
            if let field = SettingField.named(key), field.kind == .boolean {
                guard let on = t[key]!.bool else {
                    context.report(path, Words("'{key}' takes true or false, e.g. {key} = true; got {type}", ["key": key, "type": t[key]!.typeName]))
                    continue
                }
                field.set(.boolean(on), in: &table.settings)
                continue
            }
            guard Self.settingKinds.contains(where: { $0.0 == key }) else {
                context.report(path, Words("unknown setting '{key}'{hint}; expected {keys}",
                                           ["key": key, "hint": Suggest.words(key, names), "keys": names.joined(separator: ", ")]), key: true)
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
            let values: KeyValuePairs<String, any WordsValue> = ["key": key, "example": kind.example, "value": value.got]
            context.report(path, kind == .time ? Words("'{key}' takes a time with its unit, e.g. {key} = {example}; got {value}", values)
                : kind == .length ? Words("'{key}' takes a length with its unit, e.g. {key} = {example}; got {value}", values)
                : Words("'{key}' takes a speed with its unit, e.g. {key} = {example}; got {value}", values))
            return
        }
        // Two settings say more than their value: a distance written for
        // swipes is for every device unless a touchpad one is written too,
        // and repeats need time between them.
        switch (key, parsed) {
        case ("repeat-interval", .time(let x)) where x <= 0:
            context.report(path, Words("'repeat-interval' must be longer than 0, e.g. repeat-interval = \"100ms\""))
        case ("swipe-distance", .length(let x)) where t["touchpad-swipe-distance"] == nil:
            s.touchpadSwipeDistance = x
        default:
            break
        }
        SettingField.named(key)?.set(parsed.value, in: &s)
    }
}
