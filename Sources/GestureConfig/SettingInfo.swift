import GestureCore

/// One key of `[settings]` (and of a `[[device]]` table, where `perDevice`):
/// what it takes, its default, what it does. Made from the one table of
/// settings (`SettingField.all`) the loader reads them by, so a setting the
/// engine gains appears here too.
public struct SettingInfo: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// "250ms" or "0.25s".
        case time
        /// "10px" or "3mm".
        case length
        /// "300px/s" or "80mm/s".
        case speed
        /// true or false.
        case boolean
    }

    public var key: String
    public var kind: Kind
    /// The units it takes, as written after the number ("ms, s"); empty for a boolean.
    public var units: String
    /// The default as it would be written (`"400ms"`, `false`): a TOML value.
    public var defaultValue: String
    public var description: String
    /// Also valid in a `[[device]]` table.
    public var perDevice: Bool

    /// Every setting, in the order the default config lists them: the one
    /// table of settings (`SettingField.all`), with its defaults written.
    public static let all: [SettingInfo] = {
        let d = Settings()
        return SettingField.all.map { f in
            let k = Kind(rawValue: f.kind.rawValue)!
            return SettingInfo(key: f.key, kind: k, units: units(k), defaultValue: written(f.value(d)),
                               description: f.description, perDevice: f.perDevice)
        }
    }()

    public static func named(_ key: String) -> SettingInfo? { all.first { $0.key == key } }

    static func units(_ k: Kind) -> String {
        switch k {
        case .time: return "ms, s"
        case .length: return "px, mm"
        case .speed: return "px/s, mm/s"
        case .boolean: return ""
        }
    }

    /// A value as a config writes it: `"400ms"`, `"80px"`, `"0px/s"`, `false`.
    static func written(_ v: SettingField.Value) -> String {
        func len(_ l: Length) -> String {
            switch l {
            case .px(let v): return Literals.number(v) + "px"
            case .mm(let v): return Literals.number(v) + "mm"
            }
        }
        switch v {
        case .time(let s): return "\"" + Literals.number((s * 1000 * 1000).rounded() / 1000) + "ms\""
        case .length(let l): return "\"" + len(l) + "\""
        case .speed(let s): return "\"" + len(s.perSecond) + "/s\""
        case .boolean(let b): return b ? "true" : "false"
        }
    }
}
