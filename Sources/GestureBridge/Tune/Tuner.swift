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
    /// A setting tune may move, and the way that lets more through.
    public struct Knob: Sendable {
        public let key: String
        /// The factors tried, in order, smallest change first.
        let factors: [Double]
        let read: @Sendable (Settings) -> Double
        let write: @Sendable (inout Settings, Double) -> Void
        /// The value as a config writes it.
        let text: @Sendable (Settings) -> String
    }

    public static let knobs: [Knob] = [
        Knob(key: "finger-landing", factors: [1.25, 1.5, 2, 2.5, 3], read: { $0.fingerLanding },
             write: { $0.fingerLanding = $1 }, text: { ms($0.fingerLanding) }),
        Knob(key: "swipe-distance", factors: [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3], read: { $0.swipeDistance.value },
             write: { $0.swipeDistance = $0.swipeDistance.with($1) }, text: { length($0.swipeDistance) }),
        Knob(key: "touchpad-swipe-distance", factors: [0.8, 0.6, 0.4], read: { $0.touchpadSwipeDistance.value },
             write: { $0.touchpadSwipeDistance = $0.touchpadSwipeDistance.with($1) },
             text: { length($0.touchpadSwipeDistance) }),
        Knob(key: "slop", factors: [1.25, 1.5, 2], read: { $0.slop.value }, write: { $0.slop = $0.slop.with($1) },
             text: { length($0.slop) }),
        Knob(key: "tap-timeout", factors: [1.25, 1.5, 2], read: { $0.tapTimeout }, write: { $0.tapTimeout = $1 },
             text: { ms($0.tapTimeout) }),
        Knob(key: "double-tap-timeout", factors: [1.25, 1.5, 2], read: { $0.doubleTapTimeout },
             write: { $0.doubleTapTimeout = $1 }, text: { ms($0.doubleTapTimeout) }),
        Knob(key: "long-press", factors: [0.8, 0.6, 0.4], read: { $0.longPress }, write: { $0.longPress = $1 },
             text: { ms($0.longPress) }),
    ]

    static func ms(_ s: Seconds) -> String { "\(Int((s * 1000).rounded()))ms" }
    static func length(_ l: Length) -> String {
        switch l {
        case .px(let v): return "\(Measure.number(v))px"
        case .mm(let v): return "\(Measure.number(v))mm"
        }
    }

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
            for f in k.factors {
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
                    pairs: for fa in a.factors {
                        for fb in b.factors {
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

    func change(_ moves: [(Knob, Double)]) -> Change {
        var s = table.settings
        var c = Change(settings: s)
        for (k, f) in moves {
            let was = k.text(s)
            k.write(&s, k.read(s) * f)
            c.moves.append((k.key, f, was, k.text(s)))
        }
        c.settings = s
        return c
    }
}

extension Length {
    var value: Double {
        switch self {
        case .px(let v), .mm(let v): return v
        }
    }

    /// The same unit, another value.
    func with(_ v: Double) -> Length {
        switch self {
        case .px: return .px(v)
        case .mm: return .mm(v)
        }
    }
}

extension Tuner {
    /// The built-in everyday hands that must fire nothing (the recognition
    /// corpus's negatives: EverydayNegatives.swift).
    public static func everydayNegatives() throws -> [Named] {
        try EverydayNegatives.traces().map { Named($0.name, $0.trace) }
    }
}
