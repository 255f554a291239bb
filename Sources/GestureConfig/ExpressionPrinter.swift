import GestureCore

/// Canonical text of a gesture expression (what `check` prints): the
/// arguments given, in a fixed order, with their units.
public enum ExpressionPrinter {
    public static func text(_ g: GestureSpec) -> String {
        switch g {
        case .simultaneously(let a, let b): return "\(text(a)).simultaneously(with: \(text(b)))"
        case .sequenced(let a, let b): return "\(text(a)).sequenced(before: \(text(b)))"
        case .exclusively(let a, let b): return "\(text(a)).exclusively(before: \(text(b)))"
        default:
            // The kind's own arguments first, then the common ones (fingers, from, edgeWidth).
            let written = g.writtenArguments
            let args = (written.filter { !$0.0.isCommon } + written.filter { $0.0.isCommon })
                .map { $0.0.type == .shape ? value($0.1, $0.0.type) : "\($0.0.label): \(value($0.1, $0.0.type))" }
            return "\(g.kind!.name)(\(args.joined(separator: ", ")))"
        }
    }

    /// An argument's value with its unit.
    static func value(_ v: ArgumentValue, _ type: ArgumentType) -> String {
        switch v {
        case .whole(let n): return "\(n)"
        case .number(let x):
            switch type {
            case .duration: return "\(num(x))s"
            case .angle: return "\(num(x))deg"
            default: return num(x)
            }
        case .length(let l): return length(l)
        case .speed(let s): return "\(length(s.perSecond))/s"
        case .direction(let d): return ".\(d.rawValue)"
        case .edge(let e): return ".\(e.rawValue)"
        case .text(let s): return "\"\(s)\""
        case .flag(let b): return b ? "true" : "false"
        }
    }

    static func length(_ l: Length) -> String {
        switch l {
        case .px(let v): return "\(num(v))px"
        case .mm(let v): return "\(num(v))mm"
        }
    }

    public static func num(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : "\(v)"
    }
}
