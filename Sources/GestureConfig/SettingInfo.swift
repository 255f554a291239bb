import GestureCore

/// One key of `[settings]` (and of a `[[device]]` table, where `perDevice`):
/// what it takes, its default, what it does. From the same table the loader
/// reads settings by (`ConfigBuilder.settingKinds`), so a setting the loader
/// learns appears here too (a test holds them equal).
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

    /// Every setting, in the order the default config lists them.
    public static let all: [SettingInfo] = {
        let d = Settings()
        func ms(_ s: Seconds) -> String { "\"" + Literals.number((s * 1000 * 1000).rounded() / 1000) + "ms\"" }
        func len(_ l: Length) -> String {
            switch l {
            case .px(let v): return "\"" + Literals.number(v) + "px\""
            case .mm(let v): return "\"" + Literals.number(v) + "mm\""
            }
        }
        func speed(_ s: Speed) -> String { String(len(s.perSecond).dropLast()) + "/s\"" }
        let defaults: [String: String] = [
            "tap-timeout": ms(d.tapTimeout), "double-tap-timeout": ms(d.doubleTapTimeout), "long-press": ms(d.longPress),
            "slop": len(d.slop), "finger-landing": ms(d.fingerLanding), "swipe-distance": len(d.swipeDistance),
            "touchpad-swipe-distance": len(d.touchpadSwipeDistance), "swipe-min-velocity": speed(d.swipeMinVelocity),
            "edge-width": len(d.edgeWidth), "grab-timeout": ms(d.grabTimeout), "drag-lock": ms(d.dragLock),
            "repeat-delay": ms(d.repeatDelay), "repeat-interval": ms(d.repeatInterval),
        ]
        var out: [SettingInfo] = ConfigBuilder.settingKinds.map { key, kind in
            let k: Kind = kind == .time ? .time : kind == .length ? .length : .speed
            return SettingInfo(key: key, kind: k, units: k == .time ? "ms, s" : k == .length ? "px, mm" : "px/s, mm/s",
                               defaultValue: defaults[key] ?? "", description: descriptions[key] ?? "", perDevice: true)
        }
        out.append(SettingInfo(key: "touchegg-protocol", kind: .boolean, units: "",
                               defaultValue: d.toucheggProtocol ? "true" : "false",
                               description: descriptions["touchegg-protocol"]!, perDevice: false))
        return out
    }()

    public static func named(_ key: String) -> SettingInfo? { all.first { $0.key == key } }

    static let descriptions: [String: String] = [
        "tap-timeout": "The longest a tap may last, from the last finger down to the last lift.",
        "double-tap-timeout": "The longest from one tap's lift to the next touch-down of a double tap.",
        "long-press": "How long a long press is held before it counts.",
        "slop": "How far a finger may move before a tap or a press fails.",
        "finger-landing": "How long the landing window stays open after each finger lands.",
        "swipe-distance": "How far a swipe travels before it counts, on touchscreens.",
        "touchpad-swipe-distance": "How far a swipe travels before it counts, on touchpads (mm of libinput's motion: the fingers travel about 3.4 times as far on the pad).",
        "swipe-min-velocity": "The slowest a swipe may be, averaged over the whole swipe.",
        "edge-width": "How far from a screen's edge a gesture \"from an edge\" may start.",
        "grab-timeout": "The longest a touch is held from applications while no gesture has decided.",
        "drag-lock": "How long a button a gesture holds stays held after it ends, to go on with the same drag.",
        "repeat-delay": "While a press or hold lasts: the first repeat after this long.",
        "repeat-interval": "While a press or hold lasts: then a repeat this often.",
        "touchegg-protocol": "Serve Touchégg's D-Bus protocol: desktop shells that animate with the fingers get 3- and 4-finger swipes and pinches.",
    ]
}
