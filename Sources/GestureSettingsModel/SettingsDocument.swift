import GestureActions
import GestureConfig
import GestureCore
import GestureSystem

/// A config file open in the settings app: its text, what the daemon's own
/// loader makes of it, its scopes and bindings in words, and the edits
/// (each returns the new text, loaded before it is accepted: see Edits.swift).
/// A value: an edit gives a new text, `replacing(text:)` the document of it.
public struct SettingsDocument: Sendable {
    /// The file; nil for a text not read from one.
    public let path: String?
    /// The name diagnostics carry (the path, or the name given).
    public let fileName: String
    public let text: String
    public let loader: ConfigLoader
    /// The loader's result: the bindings, or every located diagnostic.
    public let load: Result<LoadedConfig, ConfigErrors>
    /// What was on disk when read: save refuses if the file changed since.
    public let disk: DiskStamp?
    /// Not yet saved.
    public let isModified: Bool
    /// Set when the file is not writable (open read-only, said).
    let fileReadOnlyReason: String?

    public let scopes: [ScopeEntry]
    public let devices: [DeviceEntry]
    /// The text with its outline (byte spans), which the edits work on; nil
    /// when the text is not TOML.
    let editor: TOMLTextEditor?

    /// Reads `path` as the daemon does (bounded, a regular file).
    public static func open(path: String, loader: ConfigLoader = .standard()) -> Result<SettingsDocument, SettingsFileError> {
        switch DiskStamp.read(path) {
        case .failure(let e): return .failure(e)
        case .success(let (text, stamp)):
            let why = FileAccess.writeProblem(path)
            return .success(SettingsDocument(text: text, path: path, fileName: path, loader: loader, disk: stamp,
                                             modified: false, fileReadOnlyReason: why))
        }
    }

    /// A new config file at `path` with `text` (a first config: the default,
    /// or an import): refused when a file is there (nothing is replaced) or
    /// the text does not load; its folder made (0700) when missing; written
    /// as `save` writes (atomically), mode 0644.
    public static func create(path: String, text: String, loader: ConfigLoader = .standard()) -> Result<SettingsDocument, SettingsFileError> {
        if FileSystem.exists(path) { return .failure(.cannotWrite(L("{file} already exists; not replacing it", ["file": path]))) }
        if case .failure(let e) = loader.load(text: text, file: path) {
            return .failure(.cannotWrite(L("the new config would not load:") + "\n" + e.description))
        }
        if let why = FileAccess.makeDirectory(FileAccess.directory(of: path)) { return .failure(.cannotWrite(why)) }
        if let why = AtomicFile.write(text, to: path, mode: 0o644) { return .failure(.cannotWrite(why)) }
        return open(path: path, loader: loader)
    }

    /// A text not read from a file (tests; the built-in default).
    public init(text: String, fileName: String, loader: ConfigLoader) {
        self.init(text: text, path: nil, fileName: fileName, loader: loader, disk: nil, modified: false,
                  fileReadOnlyReason: nil)
    }

    init(text: String, path: String?, fileName: String, loader: ConfigLoader, disk: DiskStamp?, modified: Bool,
         fileReadOnlyReason: String?) {
        self.path = path
        self.fileName = fileName
        self.text = text
        self.loader = loader
        self.disk = disk
        self.isModified = modified
        self.fileReadOnlyReason = fileReadOnlyReason
        // As the daemon loads a file: one others could write is refused first.
        if let path, let problem = FilePermissions.problem(path) {
            self.load = .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1, message: problem)]))
        } else {
            self.load = loader.load(text: text, file: fileName)
        }
        self.editor = TOMLTextEditor(text)
        let reader = OutlineReader(editor: editor)
        self.scopes = reader.scopes()
        self.devices = reader.devices()
    }

    /// The document of `newText` (an accepted edit's): same file, same disk stamp, modified.
    public func replacing(text newText: String) -> SettingsDocument {
        SettingsDocument(text: newText, path: path, fileName: fileName, loader: loader, disk: disk, modified: true,
                         fileReadOnlyReason: fileReadOnlyReason)
    }

    /// Errors, or warnings of a config that loads, in file order.
    public var diagnostics: [Diagnostic] {
        switch load {
        case .success(let c): return c.warnings
        case .failure(let e): return e.diagnostics
        }
    }

    /// No edit is accepted: the config has errors, or the file is not writable.
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Why it is read-only, in words; nil when it is not.
    public var readOnlyReason: String? {
        if case .failure(let e) = load {
            let n = e.diagnostics.filter(\.isError).count
            return Ln("{file} has {count} error; fix it in the file (line:column below), then reload",
                      "{file} has {count} errors; fix them in the file (line:column below), then reload", n, ["file": fileName])
        }
        return fileReadOnlyReason
    }

    public func scope(_ id: ScopeID) -> ScopeEntry? { scopes.first { $0.id == id } }

    public func entry(_ ref: BindingRef) -> BindingEntry? {
        scope(ref.scope)?.bindings.first { $0.ref == ref }
    }

    /// Every setting with the value `[settings]` gives it (TOML text), nil where it has the default.
    public var settings: [(info: SettingInfo, value: String?)] {
        let table = editor?.table("settings")
        return SettingInfo.all.map { info in
            (info, table?.members.first { $0.key == info.key }.map { editor!.text(of: $0.value.bytes) })
        }
    }

    /// The rows the monitor stream's `binding` names (a name may be given twice).
    public func entries(engineName: String) -> [BindingEntry] {
        scopes.flatMap(\.bindings).filter { $0.engineName == engineName }
    }

    /// An action as the form would write it (`key ctrl+alt+Right`, a
    /// recorded chord), checked with this config's keymap: nil when it
    /// loads, else why not (columns within the action text).
    public func check(action: String) -> Diagnostic? {
        let keymap: Keymap?
        if case .success(let c) = load { keymap = c.keymap } else { keymap = nil }
        guard case .failure(let e) = ActionParser.parse(action, keymap: keymap) else { return nil }
        return Diagnostic(.error, file: "action", line: 1, column: e.offset + 1, length: e.length, words: e.words,
                          lineText: action)
    }

    /// The live diagnostics of a gesture expression (the expression editor's):
    /// columns within the expression, line 1, file "gesture".
    public func check(expression: String) -> [Diagnostic] {
        ExpressionCheck.diagnostics(expression)
    }
}
