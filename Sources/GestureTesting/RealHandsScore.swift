import GestureCore
import GestureTraces

/// `../shared/real-hands/labels.json` (its README): per recording, per touch
/// sequence, the bindings that `must` fire and those that `may`; a sequence
/// with neither is a negative, where nothing may fire.
/// (Its records have Swift's memberwise inits, internal: `init(json:)` makes
/// them, and the tests, importing this module `@testable`.)
public struct RealHandsLabels: Sendable {
    public struct Recording: Sendable {
        public var name: String
        /// `touchscreen` or `touchpad`, from the device's properties.
        public var kind: String
        public var sequences: [Sequence]
    }

    public struct Sequence: Sendable {
        public var index: Int
        public var t: Double = 0
        public var label: String
        /// What the hand did: `swipe`, `pinch`, `tap`, `press`, `stroke`,
        /// `multi` (fingers put down one by one)…, and with how many fingers.
        public var kind: String = ""
        public var fingers: Int = 0
        /// `swipe4-down`, `tap4`; `magnify2:in` (its decrease steps),
        /// `magnify2:out`, `rotate2:cw` (its clockwise steps), `rotate2:ccw`.
        public var must: [String]
        public var may: [String]
        public var isNegative: Bool { must.isEmpty && may.isEmpty }
    }

    public var recordings: [Recording]

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public init(json: String) throws(ReadError) {
        let root: JSONValue
        do { root = try JSONValue.parse(Substring(json)) } catch {
            throw ReadError(description: "labels: column \(error.column): \(error.message)")
        }
        guard let list = root.array else { throw ReadError(description: "labels: not a list of recordings") }
        recordings = []
        for r in list {
            guard let name = r["name"]?.string, let kind = r["kind_by_props"]?.string, let seqs = r["sequences"]?.array
            else { throw ReadError(description: "labels: a recording without name, kind_by_props or sequences") }
            var sequences: [Sequence] = []
            for s in seqs {
                let strings = { (key: String) -> [String] in s[key]?.array?.compactMap(\.string) ?? [] }
                sequences.append(Sequence(index: Int(s["index"]?.number ?? Double(sequences.count)),
                                          t: s["t"]?.number ?? 0, label: s["label"]?.string ?? "",
                                          kind: s["kind"]?.string ?? "", fingers: Int(s["fingers"]?.number ?? 0),
                                          must: strings("must"), may: strings("may")))
            }
            recordings.append(Recording(name: name, kind: kind, sequences: sequences))
        }
    }
}

/// What fired during each touch sequence of one recording, judged against its
/// labels. A binding fires when it begins; one that counts steps (magnify,
/// rotate) fires as its step directions — `magnify2:in` for decrease steps,
/// `:out` increase, `rotate2:cw` increase (clockwise), `:ccw` decrease — or,
/// when it began and never stepped, as its bare name, allowed where any of
/// its directions is. What fires is attributed to the last sequence that
/// began at or before it (a tap ends after its lift, a swipe at its first).
public struct RealHandsScore: Sendable {
    public struct Sequence: Sendable {
        public var label: RealHandsLabels.Sequence
        /// What fired, in order, each once.
        public var fired: [String] = []
        /// Musts that did not fire.
        public var missing: [String] { label.must.filter { !fired.contains($0) } }
        /// What fired that is neither a must nor a may.
        public var unexpected: [String] {
            fired.filter { f in
                if label.must.contains(f) || label.may.contains(f) { return false }
                if !f.contains(":") { return !(label.must + label.may).contains { $0.hasPrefix(f + ":") } }
                return true
            }
        }
        public var recognized: Bool { !label.must.isEmpty && missing.isEmpty }
    }

    public var recording: String
    public var sequences: [Sequence]
    /// The recording had a different number of touch sequences than its labels.
    public var sequenceCountMismatch: (recorded: Int, labelled: Int)?

    /// `starts`: when each touch sequence of the replayed trace began.
    public init(_ labels: RealHandsLabels.Recording, starts: [Seconds], effects: [Effect], names: [String],
                steps: [Bool]) {
        recording = labels.name
        sequences = labels.sequences.map { Sequence(label: $0) }
        sequenceCountMismatch = starts.count == labels.sequences.count ? nil : (starts.count, labels.sequences.count)
        var stepped: [Set<Int>] = Array(repeating: [], count: sequences.count)
        for case .gesture(let g) in effects {
            guard let k = starts.lastIndex(where: { $0 <= g.time + 1e-9 }), k < sequences.count else { continue }
            let name = names[g.binding]
            let item: String
            switch g.phase {
            case .began where !steps[g.binding]: item = name
            case .step:
                stepped[k].insert(g.binding)
                let up = g.step == .increase
                item = name + (name.hasPrefix("magnify") ? (up ? ":out" : ":in") : (up ? ":cw" : ":ccw"))
            case .ended where steps[g.binding] && !stepped[k].contains(g.binding),
                 .cancelled where steps[g.binding] && !stepped[k].contains(g.binding): item = name
            default: continue
            }
            if !sequences[k].fired.contains(item) { sequences[k].fired.append(item) }
        }
    }

    public var mustSequences: Int { sequences.filter { !$0.label.must.isEmpty }.count }
    public var recognized: Int { sequences.filter(\.recognized).count }
    public var negatives: Int { sequences.filter(\.label.isNegative).count }
    /// Sequences labelled negative where something fired.
    public var falseOnNegatives: Int { sequences.filter { $0.label.isNegative && !$0.fired.isEmpty }.count }
    /// Everything that fired unlabelled, negatives or not.
    public var unexpected: Int { sequences.reduce(0) { $0 + $1.unexpected.count } }

    /// One line per sequence: ok / MISS / FALSE, what fired, what the hand did.
    public var lines: [String] {
        sequences.map { s in
            let verdict = !s.unexpected.isEmpty ? "FALSE" : !s.missing.isEmpty ? "MISS " : "ok   "
            let fired = s.fired.isEmpty ? "-" : s.fired.joined(separator: " ")
            let want = s.label.must.isEmpty ? (s.label.isNegative ? "nothing" : "(may only)")
                : s.label.must.joined(separator: " ")
            return "\(verdict) \(recording) #\(s.label.index)  want \(want)  fired \(fired)  | \(s.label.label)"
        }
    }
}
