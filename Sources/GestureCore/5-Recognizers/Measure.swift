// How far a recognizer is toward its threshold, for people watching: the
// monitor stream, `gesture-bridge watch` and `tune`. Worked out only when
// asked (`GestureEngine.standings`), never while the engine steps.

/// One threshold a gesture must cross (or stay under), and where it is now.
public struct Measure: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The fingers' travel (swipe, drag).
        case distance
        /// The spread's change, in % (magnify).
        case scale
        /// The turn, in degrees (rotate).
        case angle
        /// Time since the last finger landed, in ms (tap, long press, hold).
        case time
        /// Fingers (a refusal's count: `Refusal.swift`).
        case count
        /// px/s or mm/s (a refusal's speed).
        case speed
    }

    public var kind: Kind
    public var value: Double
    public var threshold: Double
    /// Its unit ("px", "mm", "%", "°", "ms"), as static text: a measure holds
    /// no String, so copying and dropping one (the monitor asks for every
    /// binding's after every engine call) touches no reference count.
    public let unitText: StaticString
    /// The gesture wants at most the threshold (a tap's time), not at least.
    public var atMost = false
    /// The `[settings]` key the threshold comes from, when it is one (an
    /// argument in the gesture expression otherwise).
    public let settingText: StaticString?
    /// The fingers the gesture wants, and how many landed.
    public var fingers = 0, landed = 0

    init(kind: Kind, value: Double, threshold: Double, unit: StaticString, atMost: Bool = false, setting: StaticString? = nil) {
        self.kind = kind
        self.value = value
        self.threshold = threshold
        unitText = unit
        self.atMost = atMost
        settingText = setting
    }

    public var unit: String { unitText.description }
    public var setting: String? { settingText?.description }

    public static func == (a: Measure, b: Measure) -> Bool {
        a.kind == b.kind && a.value == b.value && a.threshold == b.threshold && a.unit == b.unit
            && a.atMost == b.atMost && a.setting == b.setting && a.fingers == b.fingers && a.landed == b.landed
    }

    public func hash(into h: inout Hasher) {
        h.combine(kind); h.combine(value); h.combine(threshold); h.combine(unit)
        h.combine(atMost); h.combine(setting); h.combine(fingers); h.combine(landed)
    }

    /// 0…1 of the way to the threshold (a time limit: of the time allowed).
    public var fraction: Double {
        guard threshold > 0, value.isFinite else { return value > 0 ? 1 : 0 }
        return min(1, max(0, value / threshold))
    }

    /// Why a gesture that failed did: the wrong number of fingers, else
    /// how far it got ("moved 54 px of 80", "held 420 ms, over tap-timeout 400").
    public var said: String {
        if landed > fingers { return "\(landed) fingers landed; it wants \(fingers)" }
        if landed > 0 && landed < fingers { return "\(landed) \(landed == 1 ? "finger" : "fingers"); it wants \(fingers)" }
        return progress
    }

    /// How far it got: "moved 54 px of 80", "held 420 ms, over tap-timeout 400".
    public var progress: String {
        let v = Self.number(value), th = Self.number(threshold)
        let name = setting ?? "the gesture's"
        switch (kind, atMost) {
        case (.distance, _): return "moved \(v) \(unit) of \(th)"
        case (.scale, _): return "spread changed \(v) \(unit) of \(th)"
        case (.angle, _): return "turned \(v) \(unit) of \(th)"
        case (.time, true): return value >= threshold ? "held \(v) \(unit), over \(name) \(th)" : "held \(v) \(unit) of at most \(th)"
        case (.time, false): return "held \(v) \(unit) of \(th)"
        case (.count, _): return "\(v) of \(th) fingers"
        case (.speed, _): return "moved at \(v) \(unit) of \(th)"
        }
    }

    /// Whole numbers, or one decimal under 10.
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        if abs(x) >= 10 || x == x.rounded() { return String(Int(x.rounded())) }
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}

extension Measure {
    /// With the fingers the rule wants and those landed on `c`.
    func counting(_ rule: FingerRule, _ c: Contact) -> Measure {
        var m = self
        m.fingers = rule.fingers
        m.landed = c.landed
        return m
    }
}
