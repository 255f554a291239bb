// Every `[settings]` key in one table: how it reads and writes `Settings`,
// its kind, what it does, and whether and how `tune` may vary it. The
// loader parses by it (ConfigSettings.swift), `SettingInfo` describes it,
// `devices` lists it and `tune` takes its candidates from it, so a setting
// the engine gains is one row here and all of them know it (tests hold
// every stored property of `Settings` to a row, and every refusal's setting
// to a row tune varies).

/// One `[settings]` key (and `[[device]]` key, where `perDevice`).
public struct SettingField: Sendable {
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

    /// A value of one setting, in its kind.
    public enum Value: Hashable, Sendable {
        case time(Seconds)
        case length(Length)
        case speed(Speed)
        case boolean(Bool)

        /// Its number, in its own unit (s, px or mm, px/s or mm/s); nil for a boolean.
        public var number: Double? {
            switch self {
            case .time(let s): return s
            case .length(let l): return l.number
            case .speed(let v): return v.perSecond.number
            case .boolean: return nil
            }
        }

        /// The same unit, another number (a boolean stays).
        public func with(_ x: Double) -> Value {
            switch self {
            case .time: return .time(x)
            case .length(let l): return .length(l.with(x))
            case .speed(let v): return .speed(Speed(v.perSecond.with(x)))
            case .boolean: return self
            }
        }
    }

    /// How `tune` may vary it.
    public enum Tuning: Sendable {
        /// Multiplied by each factor in turn, smallest change first, the
        /// way that lets more hands through.
        case factors([Double])
        /// Not varied, and why: it refuses no gesture.
        case untouched(String)
    }

    public let key: String
    public let kind: Kind
    public let tuning: Tuning
    /// Also valid in a `[[device]]` table.
    public let perDevice: Bool
    /// What it does, in a sentence (`SettingInfo`, the settings app).
    public let description: String
    private let read: @Sendable (Settings) -> Value
    private let write: @Sendable (inout Settings, Value) -> Void

    public func value(_ s: Settings) -> Value { read(s) }
    /// Sets it (a value of another kind leaves `s` as it is).
    public func set(_ v: Value, in s: inout Settings) { write(&s, v) }

    /// The factors tune tries; empty when it does not vary it.
    public var factors: [Double] {
        if case .factors(let f) = tuning { return f }
        return []
    }

    /// Why tune does not vary it; nil when it does.
    public var untouchedBecause: String? {
        if case .untouched(let why) = tuning { return why }
        return nil
    }

    public static func named(_ key: String) -> SettingField? { all.first { $0.key == key } }

    /// Every setting, in the order the default config lists them.
    public static let all: [SettingField] = [
        time("tap-timeout", \.tapTimeout, .factors([1.25, 1.5, 2])),
        time("double-tap-timeout", \.doubleTapTimeout, .factors([1.25, 1.5, 2])),
        time("long-press", \.longPress, .factors([0.8, 0.6, 0.4])),
        length("slop", \.slop, .factors([1.25, 1.5, 2])),
        time("finger-landing", \.fingerLanding, .factors([1.25, 1.5, 2, 2.5, 3])),
        length("swipe-distance", \.swipeDistance, .factors([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3])),
        length("touchpad-swipe-distance", \.touchpadSwipeDistance, .factors([0.8, 0.6, 0.4])),
        speed("swipe-min-velocity", \.swipeMinVelocity, .factors([0.75, 0.5, 0.25])),
        length("edge-width", \.edgeWidth, .factors([1.5, 2, 3])),
        time("grab-timeout", \.grabTimeout,
             .untouched("it decides when undecided touches go to the applications, not whether a gesture is recognized")),
        time("drag-lock", \.dragLock, .untouched("it holds a button after a gesture ended: it recognizes nothing")),
        time("repeat-delay", \.repeatDelay, .untouched("it paces on-repeat once a gesture began: it recognizes nothing")),
        time("repeat-interval", \.repeatInterval, .untouched("it paces on-repeat once a gesture began: it recognizes nothing")),
        SettingField(key: "touchegg-protocol", kind: .boolean,
                     tuning: .untouched("it serves Touchégg's clients: it recognizes nothing"), perDevice: false,
                     description: description("touchegg-protocol"),
                     read: { .boolean($0.toucheggProtocol) },
                     write: { s, v in if case .boolean(let b) = v { s.toucheggProtocol = b } }),
        time("button-hold", \.buttonHold,
             .untouched("it decides when a held button goes to the application, not whether a gesture is recognized"),
             perDevice: false),
        boolean("stroke-trail", \.strokeTrail, "it draws the stroke being drawn: it recognizes nothing"),
        boolean("stroke-name", \.strokeName, "it shows what a stroke fired: it recognizes nothing"),
    ]

    /// What each setting does, in a sentence, one line each: the settings
    /// app's catalogs take them from here as msgids (scripts/update-po.sh
    /// reads these lines), so a description stays one literal on one line.
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
        "button-hold": "A press of a button bound to a stroke, held still this long, goes to the application (0: never).",
        "stroke-trail": "Draw a trail behind the pointer while a stroke is drawn with a button held.",
        "stroke-name": "Show the name of the stroke that fired, or the closest shape, near the pointer for a second.",
    ]

    private static func description(_ key: String) -> String { descriptions[key] ?? "" }

    // Rows by kind, from a key path (Sendable: read and written from any thread).
    private static func time(_ key: String, _ p: WritableKeyPath<Settings, Seconds> & Sendable, _ t: Tuning,
                             perDevice: Bool = true) -> SettingField {
        SettingField(key: key, kind: .time, tuning: t, perDevice: perDevice, description: description(key),
                     read: { .time($0[keyPath: p]) },
                     write: { s, v in if case .time(let x) = v { s[keyPath: p] = x } })
    }

    /// A switch of the daemon's (never per device, never tuned).
    private static func boolean(_ key: String, _ p: WritableKeyPath<Settings, Bool> & Sendable, _ why: String) -> SettingField {
        SettingField(key: key, kind: .boolean, tuning: .untouched(why), perDevice: false, description: description(key),
                     read: { .boolean($0[keyPath: p]) },
                     write: { s, v in if case .boolean(let b) = v { s[keyPath: p] = b } })
    }

    private static func length(_ key: String, _ p: WritableKeyPath<Settings, Length> & Sendable, _ t: Tuning) -> SettingField {
        SettingField(key: key, kind: .length, tuning: t, perDevice: true, description: description(key),
                     read: { .length($0[keyPath: p]) },
                     write: { s, v in if case .length(let x) = v { s[keyPath: p] = x } })
    }

    private static func speed(_ key: String, _ p: WritableKeyPath<Settings, Speed> & Sendable, _ t: Tuning) -> SettingField {
        SettingField(key: key, kind: .speed, tuning: t, perDevice: true, description: description(key), read: { .speed($0[keyPath: p]) },
                     write: { s, v in if case .speed(let x) = v { s[keyPath: p] = x } })
    }
}

extension Length {
    /// Its number, in its own unit.
    public var number: Double {
        switch self {
        case .px(let v), .mm(let v): return v
        }
    }

    /// The same unit, another number.
    public func with(_ v: Double) -> Length {
        switch self {
        case .px: return .px(v)
        case .mm: return .mm(v)
        }
    }
}
