#if canImport(Glibc)
import Glibc
#endif
import GestureConfig
import GestureCore
import GestureTraces

/// `gesture-bridge tune`: the smallest change of settings under which every
/// attempt the user made at a binding is recognized, checked against
/// everyday hands that must fire nothing and the user's other recorded
/// gestures, which must do what they did. Pure: traces in, a verdict out;
/// the command reads the files and writes the config.
public struct Tuner {
    /// A setting tune may move, and the way that lets more through: every
    /// setting of the one table (`SettingField.all`) that refuses some
    /// gesture; the others say why not (`SettingField.Tuning.untouched`).
    public struct Knob: Sendable {
        public let key: String
        /// The factors tried, in order, smallest change first.
        let factors: [Double]
        let field: SettingField

        func read(_ s: Settings) -> Double { field.value(s).number ?? 0 }
        func write(_ s: inout Settings, _ x: Double) { field.set(field.value(s).with(x), in: &s) }
        /// `x` as the config will have it written: what is tried is what is written.
        func written(_ s: Settings, _ x: Double) -> Double {
            if case .length(.mm) = field.value(s) { return Tuner.hundredths(x) }
            return x
        }

        /// The value as a config writes it.
        func text(_ s: Settings) -> String {
            switch field.value(s) {
            case .time(let x): return Tuner.ms(x)
            case .length(let l): return Tuner.length(l)
            case .speed(let v): return Tuner.length(v.perSecond) + "/s"
            case .boolean(let b): return "\(b)"
            }
        }
    }

    public static let knobs: [Knob] = SettingField.all.filter { !$0.factors.isEmpty }.map {
        Knob(key: $0.key, factors: $0.factors, field: $0)
    }

    static func ms(_ s: Seconds) -> String { "\(Int((s * 1000).rounded()))ms" }
    static func length(_ l: Length) -> String {
        switch l {
        case .px(let v): return "\(Measure.number(v))px"
        case .mm(let v): return "\(Literals.number(hundredths(v)))mm"
        }
    }

    /// mm to the hundredth: the touchscreen defaults are in mm (4.76 mm,
    /// 21.16 mm) and a step of theirs is written, and tried, as such.
    static func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// A trace with a name, for saying which.
    public struct Named: Sendable {
        public var name: String
        public var trace: Trace
        public init(_ name: String, _ trace: Trace) {
            self.name = name
            self.trace = trace
        }
    }

    /// Settings moved: key, factor, and the value as the config writes it.
    public struct Change: Sendable {
        public var moves: [(key: String, factor: Double, was: String, now: String)] = []
        public var settings: Settings
        /// How far it moves things: the sum of |log factor|.
        var size: Double { moves.reduce(0) { $0 + abs(log2($1.factor)) } }
    }

    /// What a change does: attempts recognized, negatives that fire, other
    /// gestures that no longer do what they did.
    public struct Outcome: Sendable {
        public var recognized: Int
        public var negativesFiring: [String]
        public var othersChanged: [String]
        public var isClean: Bool { negativesFiring.isEmpty && othersChanged.isEmpty }
    }

    public let table: GestureTable
    public let binding: String
    public let attempts: [Named]
    public let negatives: [Named]
    public let others: [Named]
    /// What each negative and other gesture fires as the config is.
    private let baseNegatives: [Set<String>]
    private let baseOthers: [Set<String>]

    public init(table: GestureTable, binding: String, attempts: [Named], negatives: [Named], others: [Named]) {
        self.table = table
        self.binding = binding
        self.attempts = attempts
        self.negatives = negatives
        self.others = others
        baseNegatives = negatives.map { Self.fired($0.trace, table) }
        baseOthers = others.map { Self.fired($0.trace, table) }
    }

    /// The bindings that acted (began, stepped, repeated or ended) in a trace.
    public static func fired(_ trace: Trace, _ table: GestureTable) -> Set<String> {
        let names = table.allBindings.map(\.name)
        var out: Set<String> = []
        for case .gesture(let g) in Replayer.run(trace, table: table) where g.phase != .changed && g.phase != .cancelled {
            out.insert(names[g.binding])
        }
        return out
    }

    /// A trace cut into attempts (`Trace.attempts`, which `teach` cuts with too).
    public static func attempts(of trace: Trace, gap: Seconds = 0.5) -> [Trace] { trace.attempts(gap: gap) }

    public func outcome(_ settings: Settings) -> Outcome {
        var t = table
        t.settings = settings
        let recognized = attempts.filter { Self.fired($0.trace, t).contains(binding) }.count
        // What it breaks matters only for a change that recognizes every attempt.
        guard recognized == attempts.count else {
            return Outcome(recognized: recognized, negativesFiring: [], othersChanged: [])
        }
        var negativesFiring: [String] = []
        for (i, n) in negatives.enumerated() {
            let now = Self.fired(n.trace, t).subtracting(baseNegatives[i])
            if !now.isEmpty { negativesFiring.append("\(n.name): \(now.sorted().joined(separator: ", "))") }
        }
        var othersChanged: [String] = []
        for (i, o) in others.enumerated() {
            let now = Self.fired(o.trace, t)
            if now != baseOthers[i] {
                othersChanged.append("\(o.name): \(baseOthers[i].sorted().joined(separator: ", ")) → "
                                     + (now.isEmpty ? "nothing" : now.sorted().joined(separator: ", ")))
            }
        }
        return Outcome(recognized: recognized, negativesFiring: negativesFiring, othersChanged: othersChanged)
    }

    /// What tune found.
    public enum Verdict {
        /// Every attempt is recognized as the config is.
        case nothingToChange
        /// The smallest clean change: every attempt, no negative, others as before.
        case change(Change, Outcome)
        /// Every change that recognizes all breaks something (the least that breaks), or none does.
        case none(closest: (Change, Outcome)?)
    }

    public var base: Outcome { outcome(table.settings) }

    /// Single settings first, each from its smallest step; then pairs.
    public func search() -> Verdict {
        if base.recognized == attempts.count { return .nothingToChange }
        var found: [(Change, Outcome)] = []
        for k in Self.knobs {
            for f in k.factors where moves(k, f) {
                let c = change([(k, f)])
                let o = outcome(c.settings)
                if o.recognized == attempts.count {
                    found.append((c, o))
                    break
                }
            }
        }
        if !found.contains(where: { $0.1.isClean }) {
            for (i, a) in Self.knobs.enumerated() {
                for b in Self.knobs[(i + 1)...] {
                    pairs: for fa in a.factors where moves(a, fa) {
                        for fb in b.factors where moves(b, fb) {
                            let c = change([(a, fa), (b, fb)])
                            let o = outcome(c.settings)
                            if o.recognized == attempts.count {
                                found.append((c, o))
                                break pairs
                            }
                        }
                    }
                }
            }
        }
        let clean = found.filter { $0.1.isClean }.min { $0.0.size < $1.0.size }
        if let clean { return .change(clean.0, clean.1) }
        let closest = found.min {
            ($0.1.negativesFiring.count + $0.1.othersChanged.count, $0.0.size)
                < ($1.1.negativesFiring.count + $1.1.othersChanged.count, $1.0.size)
        }
        return .none(closest: closest)
    }

    /// The factor changes the setting (0 stays 0: `swipe-min-velocity` is off by default).
    func moves(_ k: Knob, _ f: Double) -> Bool { k.read(table.settings) * f != k.read(table.settings) }

    func change(_ moves: [(Knob, Double)]) -> Change {
        var s = table.settings
        var c = Change(settings: s)
        for (k, f) in moves {
            let was = k.text(s)
            k.write(&s, k.written(s, k.read(s) * f))
            c.moves.append((k.key, f, was, k.text(s)))
        }
        c.settings = s
        return c
    }
}

extension Tuner {
    /// The built-in everyday hands that must fire nothing (the recognition
    /// corpus's negatives: EverydayNegatives.swift).
    public static func everydayNegatives() throws -> [Named] {
        try EverydayNegatives.traces().map { Named($0.name, $0.trace) }
    }
}

extension Tuner {
    /// Why an attempt was not recognized as the config is: what its
    /// binding conceded with under `replay --explain` (a refusal says the
    /// rule, its measure and threshold), or nil where it never took part.
    public struct Miss: Sendable {
        public var attempt: String
        public var reason: ArenaReason?
    }

    /// Every attempt not recognized as the config is, and why.
    public func misses() -> [Miss] {
        guard let id = table.allBindings.firstIndex(where: { $0.name == binding }) else { return [] }
        var out: [Miss] = []
        for a in attempts {
            var conceded: ArenaReason? = nil
            var acted = false
            for e in Replayer.run(a.trace, table: table, explain: true) {
                switch e {
                case .arena(let n) where n.binding == id && n.kind == .conceded: conceded = n.reason
                case .gesture(let g) where g.binding == id && g.phase != .changed && g.phase != .cancelled: acted = true
                default: break
                }
            }
            if !acted { out.append(Miss(attempt: a.name, reason: conceded)) }
        }
        return out
    }
}
