import GestureSystem
import GestureCore

/// `strokes.toml` beside the config: the shapes `gesture-bridge teach`
/// taught (docs/strokes.md). One table per shape; each template is the
/// path as drawn, flat `x, y` pairs in px:
///
///     [L]
///     threshold = 0.82
///     templates = [
///       [0, 0, 0, 40, 0, 80, 40, 80],
///     ]
///
/// Read with the config (and reloaded with it): a mistake is an error at
/// its file:line:column, and the config as a whole does not load, so the
/// daemon keeps its last good config and shapes.
public enum StrokesFile {
    public static let name = "strokes.toml"
    static let shapeKeys = ["threshold", "templates"]

    /// The strokes file beside the config at `configPath`.
    public static func path(besideConfig configPath: String) -> String {
        guard let slash = configPath.lastIndex(of: "/") else { return name }
        return String(configPath[...slash]) + name
    }

    /// The shapes in the file at `path`; none when it does not exist.
    public static func load(path: String) -> Result<StrokeSet, ConfigErrors> {
        guard FileSystem.exists(path) else { return .success(StrokeSet()) }
        switch FileSystem.readSettingsFile(path) {
        case .success(let text): return parse(text, file: path)
        case .failure(let e):
            return .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1,
                                                                  message: "cannot read the strokes: \(e)")]))
        }
    }

    public static func parse(_ text: String, file: String) -> Result<StrokeSet, ConfigErrors> {
        let root: TOMLTable, map: SourceMap
        switch TOMLSyntax.parse(text, file: file) {
        case .success(let parsed): (root, map) = parsed
        case .failure(let errors): return .failure(errors)
        }
        var errors: [Diagnostic] = []
        func report(_ at: TOMLPosition, _ message: String) {
            errors.append(Diagnostic(.error, file: file, line: max(1, at.line), column: max(1, at.column),
                                     message: message, lineText: map.lineText(max(1, at.line))))
        }
        var shapes: [StrokeShape] = []
        for member in root.members {
            guard let table = member.node.table else {
                report(member.keyBegin, "'\(member.key)' must be a table of a shape: [\(member.key)] with templates = [...]")
                continue
            }
            var shape = StrokeShape(name: member.key, templates: [])
            for m in table.members where !shapeKeys.contains(m.key) {
                report(m.keyBegin, "unknown key '\(m.key)' in [\(member.key)]; expected threshold, templates")
            }
            if let t = table["threshold"] {
                if let v = t.number, v > 0, v <= 1 { shape.threshold = v }
                else { report(t.begin, "'threshold' takes a score above 0 and at most 1, e.g. threshold = 0.8") }
            }
            guard let list = table["templates"] else {
                report(member.keyBegin, "[\(member.key)] has no templates; add templates = [[x, y, x, y, ...]]")
                continue
            }
            guard let arrays = list.array, !arrays.isEmpty else {
                report(list.begin, "'templates' takes a non-empty array of paths, each [x, y, x, y, ...] in px")
                continue
            }
            for a in arrays {
                guard let numbers = a.array else {
                    report(a.begin, "a template is an array of numbers [x, y, x, y, ...]; got \(a.typeName)")
                    continue
                }
                if let bad = numbers.first(where: { $0.number?.isFinite != true }) {
                    report(bad.begin, "a template holds numbers only (x, y in px); got \(bad.typeName)")
                    continue
                }
                guard numbers.count >= 4, numbers.count % 2 == 0 else {
                    report(a.begin, "a template needs x, y pairs, at least two points; it has \(numbers.count) numbers")
                    continue
                }
                let xs = numbers.map { $0.number! }
                shape.templates.append(stride(from: 0, to: xs.count, by: 2).map { Point(x: xs[$0], y: xs[$0 + 1]) })
            }
            shapes.append(shape)
        }
        if !errors.isEmpty { return .failure(ConfigErrors(diagnostics: errors)) }
        return .success(StrokeSet(shapes))
    }

    /// The file's text for `set` (what `teach` writes): each path kept to
    /// `StrokeOptions().points` points, at 0.1 px.
    public static func text(_ set: StrokeSet) -> String {
        var out = "# Shapes for stroke(\"NAME\") gestures, written by `gesture-bridge teach` (docs/strokes.md).\n"
        for shape in set.shapes {
            out += "\n[\(key(shape.name))]\n"
            if let t = shape.threshold { out += "threshold = \(StrokeVerdict.hundredths(t))\n" }
            out += "templates = [\n"
            for path in shape.templates {
                let points = path.count > 64 ? StrokeSet.resampled(path, count: 64) : path
                out += "  [" + points.map { "\(tenths($0.x)), \(tenths($0.y))" }.joined(separator: ", ") + "],\n"
            }
            out += "]\n"
        }
        return out
    }

    static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_"
        }
        if bare { return name }
        var q = "\""
        for ch in name {
            if ch == "\"" || ch == "\\" { q.append("\\") }
            q.append(ch)
        }
        return q + "\""
    }

    static func tenths(_ v: Double) -> String {
        let t = Int((v * 10).rounded())
        let sign = t < 0 ? "-" : ""
        return "\(sign)\(abs(t) / 10)" + (abs(t) % 10 == 0 ? "" : ".\(abs(t) % 10)")
    }
}
