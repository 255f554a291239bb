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
                                                                  words: Words("cannot read the strokes: {error}", ["error": "\(e)"]))]))
        }
    }

    public static func parse(_ text: String, file: String) -> Result<StrokeSet, ConfigErrors> {
        let root: TOMLTable, map: SourceMap
        switch TOMLSyntax.parse(text, file: file) {
        case .success(let parsed): (root, map) = parsed
        case .failure(let errors): return .failure(errors)
        }
        var errors: [Diagnostic] = []
        func report(_ at: TOMLPosition, _ message: Words) {
            errors.append(Diagnostic(.error, file: file, line: max(1, at.line), column: max(1, at.column),
                                     words: message, lineText: map.lineText(max(1, at.line))))
        }
        var shapes: [StrokeShape] = []
        for member in root.members {
            guard let table = member.node.table else {
                report(member.keyBegin, Words("'{shape}' must be a table of a shape: [{shape}] with templates = [...]", ["shape": member.key]))
                continue
            }
            var shape = StrokeShape(name: member.key, templates: [])
            for m in table.members where !shapeKeys.contains(m.key) {
                report(m.keyBegin, Words("unknown key '{key}' in [{shape}]; expected threshold, templates", ["key": m.key, "shape": member.key]))
            }
            if let t = table["threshold"] {
                if let v = t.number, v > 0, v <= 1 { shape.threshold = v }
                else { report(t.begin, Words("'threshold' takes a score above 0 and at most 1, e.g. threshold = 0.8")) }
            }
            guard let list = table["templates"] else {
                report(member.keyBegin, Words("[{shape}] has no templates; add templates = [[x, y, x, y, ...]]", ["shape": member.key]))
                continue
            }
            guard let arrays = list.array, !arrays.isEmpty else {
                report(list.begin, Words("'templates' takes a non-empty array of paths, each [x, y, x, y, ...] in px"))
                continue
            }
            for a in arrays {
                guard let numbers = a.array else {
                    report(a.begin, Words("a template is an array of numbers [x, y, x, y, ...]; got {type}", ["type": a.typeName]))
                    continue
                }
                if let bad = numbers.first(where: { $0.number?.isFinite != true }) {
                    report(bad.begin, Words("a template holds numbers only (x, y in px); got {type}", ["type": bad.typeName]))
                    continue
                }
                guard numbers.count >= 4, numbers.count % 2 == 0 else {
                    report(a.begin, Words("a template needs x, y pairs, at least two points; it has {count} numbers", ["count": numbers.count]))
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

    /// The file's text for `set` (a new file): each path kept to
    /// `StrokeOptions().points` points, at 0.1 px.
    public static func text(_ set: StrokeSet) -> String {
        var out = heading
        for shape in set.shapes { out += "\n" + table(shape) }
        return out
    }

    static let heading = "# Shapes for stroke(\"NAME\") gestures, written by `gesture-bridge teach` (docs/strokes.md).\n"

    /// One shape's table, header first, each line ending in a line break.
    static func table(_ shape: StrokeShape) -> String {
        lines(shape).map { $0 + "\n" }.joined()
    }

    /// The table's lines: its header, its threshold, its templates (a value over several lines).
    static func lines(_ shape: StrokeShape) -> [String] {
        ["[\(key(shape.name))]"] + (shape.threshold.map { ["threshold = \(StrokeVerdict.hundredths($0))"] } ?? [])
            + ["templates = " + templates(shape)]
    }

    /// The `templates` array as written: one path a line.
    static func templates(_ shape: StrokeShape) -> String {
        var out = "[\n"
        for path in shape.templates {
            let points = path.count > 64 ? StrokeSet.resampled(path, count: 64) : path
            out += "  [" + points.map { "\(tenths($0.x)), \(tenths($0.y))" }.joined(separator: ", ") + "],\n"
        }
        return out + "]"
    }

    /// `text` (the file as it is; "" for none) with the shape `name` as
    /// `set` has it now: its table's threshold and templates replaced in
    /// place, the table added at the end, or taken out when `set` no longer
    /// has it. Every other byte stays: the other shapes, their order,
    /// comments (what `teach` and the settings app's "Draw a shape" write).
    /// A text that is not TOML (the caller loads it first) is written anew.
    public static func updating(_ text: String, shape name: String, in set: StrokeSet) -> String {
        guard !text.isEmpty, let editor = TOMLTextEditor(text) else { return Self.text(set) }
        let shape = set[name]
        guard let t = editor.table(name) else {
            guard let shape else { return text }
            return editor.applying([editor.appendTable(lines(shape))])
        }
        // The table's lines, with the comment lines right above it (about it).
        guard let shape else { return editor.applying([editor.removeTable(t)]) }
        var edits: [TOMLTextEditor.Replacement] = []
        if let threshold = shape.threshold.map(StrokeVerdict.hundredths) {
            edits.append(editor.set("threshold", threshold, in: t, newAt: .first))
        } else if let m = t.members.first(where: { $0.key == "threshold" }) {
            edits.append(editor.removeKey(m))
        }
        // After the threshold where both are new at one place (a table of only its header).
        edits.append(editor.set("templates", templates(shape), in: t))
        return editor.applying(edits)
    }

    /// Writes the shape `name` as `set` has it into the file at `path`, the
    /// rest of the file as it was (`updating`); answers the text the file
    /// had before ("" when there was none: an undo writes it back).
    public static func save(_ name: String, of set: StrokeSet, to path: String) -> Result<String, FileError> {
        var before = ""
        if FileSystem.exists(path) {
            switch FileSystem.readSettingsFile(path) {
            case .success(let t): before = t
            case .failure(let e): return .failure(e)
            }
        }
        return FileSystem.write(updating(before, shape: name, in: set), to: path).map { before }
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
        // Past Int's range (a hand-written 1e300 read back): as Swift prints it, which TOML reads.
        guard abs(v) < 1e15 else { return "\(v)" }
        let t = Int((v * 10).rounded())
        let sign = t < 0 ? "-" : ""
        return "\(sign)\(abs(t) / 10)" + (abs(t) % 10 == 0 ? "" : ".\(abs(t) % 10)")
    }
}
