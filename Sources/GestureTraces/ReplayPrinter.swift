import GestureCore

/// `replay` output, as trace-format.md says: with `json`, one object per
/// action `{"t","binding","phase","action"}`; otherwise aligned columns for
/// people; with `explain`, the arena's decisions too (on stderr with `json`).
public struct ReplayPrinter {
    public let json: Bool
    public let explain: Bool

    /// What a binding does at a gesture's phase (or step), as the config
    /// writes each action.
    private let actions: (GestureEvent) -> [String]
    /// The table's binding names by BindingID.
    private let names: [String]
    /// The shapes taught, by their place (a stroke's verdict names them).
    private let shapes: [String]

    /// Printing what `table`'s bindings do (no action without `actions`).
    public init(table: GestureTable, json: Bool, explain: Bool, actions: @escaping (GestureEvent) -> [String] = { _ in [] }) {
        self.json = json
        self.explain = explain
        self.actions = actions
        names = table.allBindings.map(\.name)
        shapes = table.settings.strokes.shapes.map(\.name)
    }

    public struct Line: Hashable, Sendable {
        public var text: String
        /// Explanations go to stderr when stdout carries JSON.
        public var isExplanation: Bool
    }

    func bindingName(_ id: BindingID) -> String {
        names.indices.contains(id) ? names[id] : "#\(id)"
    }

    public func lines(_ e: Effect) -> [Line] {
        switch e {
        case .gesture(let g):
            let acts = actions(g)
            var out = acts.map { Line(text: actionLine(g, $0), isExplanation: false) }
            if explain && acts.isEmpty && g.phase != .changed {
                out.append(Line(text: row(g.time, "phase", "\(bindingName(g.binding)) \(g.phase.rawValue) (no action)"),
                                isExplanation: true))
            }
            return out
        case .touch(let t) where explain:
            let what: String
            switch t.decision {
            case .claimed:
                if case .wonBy(let b) = t.reason { what = "claimed by \(bindingName(b)): applications never see it" }
                else { what = "claimed" }
            case .released:
                what = "released to applications: " + reason(t.reason)
            }
            return [Line(text: row(t.time, "touch", "\(t.device)/\(t.touch) \(what)"), isExplanation: true)]
        case .arena(let n) where explain:
            let who = bindingName(n.binding)
            let text: String
            switch n.kind {
            case .joined: text = "\(who) joins (device \(n.device))"
            case .won: text = "\(who) wins: it recognized its gesture and nothing outranking it could still want the touches"
            case .conceded:
                // A rule that held it back until a lift says so: "concedes at the lift: travelled …".
                let lift: Bool
                if case .refused(let r)? = n.reason { lift = r.atLift } else { lift = false }
                text = "\(who) concedes\(lift ? " at the lift" : ""): " + (n.reason.map(reason) ?? "")
            }
            return [Line(text: row(n.time, "arena", text), isExplanation: true)]
        case .rejected(let r, let t) where explain:
            return [Line(text: row(t, "input", "rejected: \(r.rawValue)"), isExplanation: true)]
        case .pointerStroke(let p) where explain:
            return [Line(text: row(p.time, "button \(p.button)", said(p)), isExplanation: true)]
        default:
            return []
        }
    }

    /// A reason in the words `--explain` says it with (`tune` says them too).
    public func said(_ r: ArenaReason) -> String { reason(r) }

    private func reason(_ r: ArenaReason) -> String {
        switch r {
        case .recognized: return "it recognized"
        case .wonBy(let b): return "\(bindingName(b)) won"
        case .noBindingLeft: return "no binding can want it any more"
        case .grabTimeout: return "undecided for grab-timeout"
        case .extraFinger: return "a finger landed after the landing window: a new attempt"
        case .failed: return "its gesture can no longer be recognized"
        case .refused(let r): return r.said
        case .lostTo(let b): return "\(bindingName(b)) won the touches"
        case .deviceRemoved: return "the device went away"
        case .noCandidates: return "no binding listens to this device here"
        case .layerNotHeld(let held): return "a layer of other modifiers (held: \(held))"
        case .notTheShape(let v): return v.said(shapes)
        }
    }

    /// What the daemon decided of a pointer button's press, in words.
    public func said(_ p: PointerStrokeDecision) -> String {
        let device = " (device \(p.device))"
        switch p.kind {
        case .replayed:
            return "pressed\(device): no stroke bound here; the window gets the press as made"
        case .taken(let n):
            return "pressed\(device): \(n) stroke binding\(n == 1 ? "" : "s") can begin; taken"
        case .click(let least):
            return "released within \(Self.fixed(least, places: 0)) px: a click, passed to the window (one press, one release at the press's place)"
        case .handedOver(let hold):
            return "held still for \(Self.fixed(hold * 1000, places: 0)) ms: handed to the application, to the release"
        case .cancelled:
            return "another button while held: cancelled, nothing fires and the window gets nothing"
        case .drawn(let outcome, let path):
            let drawn = "stroke drawn (\(path.count) points): "
            guard let m = outcome.match else { return drawn + "no binding could fire" }
            if let id = outcome.binding {
                return drawn + "matched \(m.name ?? "") (score \(StrokeVerdict.hundredths(m.score))): \(bindingName(id)) fires"
            }
            let closest = m.closest.map { ", closest \($0) (score \(StrokeVerdict.hundredths(m.score)))" } ?? ""
            let why = m.rejection.map { ": \($0.rawValue)" } ?? ""
            return drawn + "no shape\(closest)\(why); nothing fires"
        }
    }

    private func actionLine(_ g: GestureEvent, _ action: String) -> String {
        if json {
            return "{\"t\": \(Self.time(g.time)), \"binding\": \(Self.quote(bindingName(g.binding))), "
                + "\"phase\": \"\(g.phase.rawValue)\", \"action\": \(Self.quote(action))}"
        }
        let phase = g.step.map { "step \($0.rawValue)" } ?? g.phase.rawValue
        return row(g.time, bindingName(g.binding), phase.padded(15) + action)
    }

    private func row(_ t: Seconds, _ who: String, _ rest: String) -> String {
        let time = Self.fixed(t)
        return String(repeating: " ", count: max(0, 9 - time.count)) + time + "  " + who.padded(24) + rest
    }

    /// Seconds to the microsecond, shortest form: 0.214, 1.5, 2.
    public static func time(_ t: Seconds) -> String {
        let us = (t * 1e6).rounded()
        return TraceWriter.num(us / 1e6)
    }

    /// Seconds with three decimals, for the human columns; other numbers
    /// with `places` decimals (no Foundation here).
    public static func fixed(_ t: Double, places: Int = 3) -> String {
        guard abs(t) < 1e12 else { return "\(t)" }   // a trace may say anything finite
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let n = Int((t * Double(scale)).rounded())
        guard places > 0 else { return String(n) }
        let frac = String(n % scale)
        return "\(n / scale)." + String(repeating: "0", count: max(0, places - frac.count)) + frac
    }

    static func quote(_ s: String) -> String { TraceWriter.quote(s) }
}

extension String {
    public func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
