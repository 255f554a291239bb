import GestureCore

/// Canonical text of a gesture expression (what `check` prints): the
/// arguments given, in a fixed order, with their units.
public enum ExpressionPrinter {
    public static func text(_ g: GestureSpec) -> String {
        switch g {
        case .tap(let s):
            return call("tap", (s.count != 1 ? ["count: \(s.count)"] : []) + common(s.common))
        case .longPress(let s):
            return call("longPress", [s.minimumDuration.map { "minimumDuration: \(num($0))s" },
                                      s.maximumDistance.map { "maximumDistance: \(length($0))" }].compactMap { $0 }
                        + common(s.common))
        case .drag(let s):
            return call("drag", [s.minimumDistance.map { "minimumDistance: \(length($0))" }].compactMap { $0 } + common(s.common))
        case .swipe(let s):
            var a: [String] = []
            if let d = s.direction { a.append("direction: .\(d.rawValue)") }
            if let d = s.minimumDistance { a.append("minimumDistance: \(length(d))") }
            if let v = s.minimumVelocity { a.append("minimumVelocity: \(length(v.perSecond))/s") }
            if let m = s.maximumDeviation { a.append("maximumDeviation: \(num(m))deg") }
            return call("swipe", a + common(s.common))
        case .magnify(let s):
            return call("magnify", [s.minimumScaleDelta.map { "minimumScaleDelta: \(num($0))" }].compactMap { $0 } + common(s.common))
        case .rotate(let s):
            return call("rotate", [s.minimumAngleDelta.map { "minimumAngleDelta: \(num($0))deg" }].compactMap { $0 } + common(s.common))
        case .hold(let s):
            return call("hold", [s.minimumDuration.map { "minimumDuration: \(num($0))s" },
                                 s.maximumDistance.map { "maximumDistance: \(length($0))" }].compactMap { $0 } + common(s.common))
        case .simultaneously(let a, let b): return "\(text(a)).simultaneously(with: \(text(b)))"
        case .sequenced(let a, let b): return "\(text(a)).sequenced(before: \(text(b)))"
        case .exclusively(let a, let b): return "\(text(a)).exclusively(before: \(text(b)))"
        }
    }

    private static func call(_ name: String, _ args: [String]) -> String { "\(name)(\(args.joined(separator: ", ")))" }

    private static func common(_ c: CommonArguments) -> [String] {
        var a: [String] = []
        if let f = c.fingers { a.append("fingers: \(f)") }
        if let e = c.from { a.append("from: .\(e.rawValue)") }
        if let w = c.edgeWidth { a.append("edgeWidth: \(length(w))") }
        return a
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
