import GestureConfig
import GestureImport

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

    /// Converts `text` (the tool's config, read from `file`); the importer's
    /// error (file:line:column) when it is not the tool's format.
    public static func of(_ tool: Tool, text: String, file: String, loader: ConfigLoader) -> Result<ImportPreview, ImportError> {
        do {
            let imported = try tool.convert(text, file: file)
            // Its comments, summary and reasons in the app's language, as `import` says them.
            let toml = imported.toml { L($0) }
            let doc = SettingsDocument(text: toml, fileName: L("imported from {tool}", ["tool": tool.rawValue]), loader: loader)
            return .success(ImportPreview(tool: tool, text: toml, document: doc, summary: imported.summary { L($0) },
                                          lost: imported.notImported.sorted { $0.line < $1.line }.map { ($0.line, L($0.reason)) },
                                          notes: imported.notes.map { L($0) }))
        } catch {
            return .failure(error)
        }
    }
}
