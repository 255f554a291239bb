import GestureConfig
import GestureCore
import GestureTraces

/// What `tune` prints: TOML a user can paste (`[settings]`, or a
/// `[[device]]` table), with what it gains and risks in comments.
public struct TuneReport {
    public let tuner: Tuner
    public let verdict: Tuner.Verdict
    /// As a `[[device]]` table matching this (`usb:…` or `name:…`), not `[settings]`.
    public let device: String?

    public init(tuner: Tuner, verdict: Tuner.Verdict, device: String?) {
        self.tuner = tuner
        self.verdict = verdict
        self.device = device
    }

    /// Exit status: 0 when a change (or none) recognizes every attempt
    /// without breaking anything, 1 otherwise.
    public var status: Int32 {
        switch verdict {
        case .nothingToChange, .change: return 0
        case .none: return 1
        }
    }

    /// The config lines of the change, if there is one to write.
    public var configLines: [String] {
        guard case .change(let c, _) = verdict else { return [] }
        return table(c)
    }

    /// `text` (a config) with the change written in, every other byte as it
    /// was: each key set in `[settings]`, in place where the table has it,
    /// else on the line after its header, `# was …` after the value (no
    /// `[settings]`: the table added at the end); or the `[[device]]` table
    /// added at the end. nil when there is no change or `text` is not TOML.
    public func written(into text: String) -> String? {
        guard case .change(let c, _) = verdict, let editor = TOMLTextEditor(text) else { return nil }
        guard device == nil, let settings = editor.table("settings") else {
            return editor.applying([editor.appendTable(table(c))])
        }
        return editor.applying(c.moves.map {
            editor.set($0.key, Literals.quote($0.now), comment: "was \($0.was)", in: settings, newAt: .first)
        })
    }

    private func table(_ c: Tuner.Change) -> [String] {
        var out = device.map { ["[[device]]", "match = \(Literals.quote($0))"] } ?? ["[settings]"]
        for m in c.moves { out.append("\(m.key) = \(Literals.quote(m.now))   # was \(m.was)") }
        return out
    }

    public var lines: [String] {
        let n = tuner.attempts.count, name = tuner.binding
        let base = tuner.base
        var out = ["# tune: \(name) acted in \(base.recognized) of \(n) attempts with the config as it is."]
        let checks = "\(tuner.negatives.count) everyday hands that must fire nothing"
            + (tuner.others.isEmpty ? "" : " and your \(tuner.others.count) other recorded gestures")
        switch verdict {
        case .nothingToChange:
            out.append("# Nothing to change: every attempt is recognized.")
        case .change(let c, let o):
            out.append("# The smallest change under which it acts in \(o.recognized) of \(n):")
            out += table(c)
            out.append("# Gains: \(o.recognized - base.recognized) more attempts recognized.")
            out.append("# Risks: none found; checked against \(checks).")
        case .none(let closest):
            let tried = Tuner.knobs.map(\.key).joined(separator: ", ")
            guard let (c, o) = closest else {
                out.append("# No change of \(tried) (alone or two together) recognizes every attempt.")
                out += whyNot
                out += Self.whereToLook
                return out
            }
            out.append("# Every change that recognizes all \(n) breaks something; the least is, commented out:")
            out += table(c).map { "# " + $0 }
            out.append("# It would break (checked against \(checks)):")
            out += (o.negativesFiring.map { "#   fires on \($0)" } + o.othersChanged.map { "#   changes \($0)" })
        }
        return out
    }

    /// Per attempt missed as the config is, the rule that refused it (as
    /// `replay --explain` says it) and whether a setting reaches that rule:
    /// tune varied it, or the binding's argument or the engine fixes it.
    var whyNot: [String] {
        let misses = tuner.misses()
        guard !misses.isEmpty else { return [] }
        let printer = ReplayPrinter(table: tuner.table, json: false, explain: true)
        var out = ["# Why each attempt was not recognized, as the config is:"]
        for m in misses {
            guard let reason = m.reason else {
                out.append("#   \(m.attempt): \(tuner.binding) never took part (its device, scope or layer kept it out)")
                continue
            }
            guard case .refused(let r) = reason else {
                out.append("#   \(m.attempt): \(printer.said(reason))")
                continue
            }
            out.append("#   \(m.attempt): refused by \(r.rule.name)\(r.atLift ? " at the lift" : ""): \(r.measured)")
            out.append("#     " + Self.reach(r))
        }
        return out
    }

    /// Whether a setting reaches a refusal's rule, and if not, why.
    static func reach(_ r: Refusal) -> String {
        if let key = r.measure.setting {
            guard let field = SettingField.named(key), let why = field.untouchedBecause else {
                return "tune varied \(key): no value it tried (alone or with another) recognizes every attempt."
            }
            return "\(key) is not one tune varies: \(why)."
        }
        if let why = r.rule.fixedBecause {
            return (r.rule.argument == nil ? "Fixed in the engine because " : "No setting reaches it: ") + why + "."
        }
        // A rule a setting reaches, whose threshold the binding wrote instead.
        return "The binding's \(r.rule.argument ?? "argument") sets it, not \(r.rule.setting ?? "a setting"): "
            + "change it in the gesture."
    }

    /// When no change helps: where else the threshold may be.
    private static let whereToLook = [
        "# Check the binding's own arguments (a minimumDistance written in it is not a setting),",
        "# and watch an attempt with `gesture-bridge watch` to see how far it gets.",
    ]
}
