import GestureConfig
import GestureCore
import GestureImport
import GestureSystem

/// Another tool's config, as `gesture-bridge import` would write it, shown
/// before anything is written: what comes across (the bindings in words,
/// the settings), what is lost (each with the source's line and the
/// reason), and whether the result loads.
public struct ImportPreview: Sendable {
    public typealias Tool = ImportTool

    public var tool: Tool
    /// The config the import would write (what `import` prints).
    public var text: String
    /// That text opened as a document: its scopes and bindings in words.
    public var document: SettingsDocument
    /// `import`'s summary line: N gestures read, M bindings written, K not imported.
    public var summary: String
    /// What is lost: the source's line and why.
    public var lost: [(line: Int, reason: String)]
    /// Settings without an equivalent, and anything else worth saying.
    public var notes: [String]
    /// The shapes the bindings name (easystroke's drawings), for strokes.toml
    /// beside the config; none for the other tools.
    public var shapes = StrokeSet()

    /// Converts `text` (the tool's config, read from `file`); the importer's
    /// error (file:line:column) when it is not the tool's format.
    public static func of(_ tool: Tool, text: String, file: String, loader: ConfigLoader) -> Result<ImportPreview, ImportError> {
        do {
            let (imported, shapes) = try tool.importing(text, file: file)
            // Its comments, summary and reasons in the app's language, as `import` says them.
            let toml = imported.toml { L($0) }
            let doc = SettingsDocument(text: toml, fileName: L("imported from {tool}", ["tool": tool.rawValue]), loader: loader)
            return .success(ImportPreview(tool: tool, text: toml, document: doc, summary: imported.summary { L($0) },
                                          lost: imported.notImported.sorted { $0.line < $1.line }.map { ($0.line, L($0.reason)) },
                                          notes: imported.notes.map { L($0) }, shapes: shapes))
        } catch {
            return .failure(error)
        }
    }

    /// Writes the import's shapes into strokes.toml beside `configPath`, in
    /// one write: each shape's table replaced in place or added at the end
    /// (`StrokesFile.updating`, as `teach` writes), the file's other shapes
    /// and comments kept. Answers why not (nothing written then), or nil.
    /// Written before the config, which names them.
    public func writeShapes(besideConfig configPath: String) -> String? {
        guard !shapes.shapes.isEmpty else { return nil }
        let path = StrokesFile.path(besideConfig: configPath)
        var text = ""
        if FileSystem.exists(path) {
            switch FileSystem.readSettingsFile(path) {
            case .success(let t): text = t
            case .failure(let e): return L("Cannot read {file}.", ["file": path]) + " \(e)"
            }
            if case .failure(let e) = StrokesFile.parse(text, file: path) {
                return L("{file} has errors; fix them first: {error}", ["file": path, "error": e.description])
            }
        }
        for s in shapes.shapes { text = StrokesFile.updating(text, shape: s.name, in: shapes) }
        if case .failure(let e) = FileSystem.write(text, to: path) {
            return L("Cannot write {file}: {error}", ["file": path, "error": e.description])
        }
        return nil
    }
}
