import GestureSystem
import GestureActions
import GestureCore

/// Reads config.md v1: TOML (toml++, through CTOML) mapped onto the engine's bindings, every
/// mistake reported with file:line:column, all of them in one run.
public struct ConfigLoader: Sendable {
    public var keymaps: KeymapStore
    public var environment: [String: String]
    /// The running window manager's name, once the daemon has asked X: what
    /// `keymap = "auto"` goes by when the environment names no desktop.
    public var windowManager: String? = nil
    /// The touch devices X has now, when known (`check` and the daemon ask
    /// X): a `name:` or `usb:` rule that matches none of them is a warning.
    public var presentDevices: [Device]? = nil
    /// The shapes of `strokes.toml` beside the config (`load(path:)` reads
    /// them): `stroke` gestures match against them.
    public var strokes = StrokeSet()

    public init(keymaps: KeymapStore, environment: [String: String]) {
        self.keymaps = keymaps
        self.environment = environment
    }

    /// The real environment and keymap directories.
    public static func standard() -> ConfigLoader {
        let env = ProcessEnvironment.current()
        return ConfigLoader(keymaps: .standard(environment: env), environment: env)
    }

    /// `$XDG_CONFIG_HOME/gesture-bridge/config.toml` (`~/.config/gesture-bridge/config.toml`).
    public static func defaultPath(environment env: [String: String]) -> String {
        let base = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (env["HOME"] ?? "") + "/.config"
        return base + "/gesture-bridge/config.toml"
    }

    public func load(path: String) -> Result<LoadedConfig, ConfigErrors> {
        if let problem = FilePermissions.problemWords(path) {
            return .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1, words: problem)]))
        }
        var withStrokes = self
        switch StrokesFile.load(path: StrokesFile.path(besideConfig: path)) {
        case .success(let set): withStrokes.strokes = set
        case .failure(let errors): return .failure(errors)
        }
        switch FileSystem.readSettingsFile(path) {
        case .success(let text): return withStrokes.load(text: text, file: path)
        case .failure(let e):
            return .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1,
                                                                  words: Words("cannot read the config: {error}", ["error": "\(e)"]))]))
        }
    }

    public func load(text: String, file: String) -> Result<LoadedConfig, ConfigErrors> {
        let root: TOMLTable, map: SourceMap
        switch TOMLSyntax.parse(text, file: file) {
        case .success(let parsed): (root, map) = parsed
        case .failure(let errors): return .failure(errors)
        }
        var config = ConfigBuilder(loader: self, context: Context(file: file, map: map))
        config.read(root)
        let diagnostics = config.context.diagnostics.sorted(by: Diagnostic.fileOrder)
        if diagnostics.contains(where: \.isError) { return .failure(ConfigErrors(diagnostics: diagnostics)) }
        return .success(LoadedConfig(file: file, table: config.table, actions: config.actions, scopes: config.scopes,
                                     keymap: config.keymap, warnings: diagnostics, disabled: config.disabled))
    }
}

/// Diagnostics of one file, placed through its source map.
struct Context {
    let file: String
    let map: SourceMap
    var diagnostics: [Diagnostic] = []

    /// At the value of `path` (its key with `key: true`), `offset` characters in.
    mutating func report(_ path: String, _ message: Words, key: Bool = false, offset: Int = 0, length: Int? = nil,
                         warning: Bool = false) {
        var loc = map.key(path)
        var p = path
        while loc == nil, let dot = p.lastIndex(where: { $0 == "." || $0 == "[" }) {
            p = String(p[..<dot])
            loc = map.key(p) ?? map.table(p)
        }
        let column = (key ? loc?.keyColumn : loc?.valueColumn).map { $0 + offset } ?? 1
        let len = length ?? (key ? loc?.keyLength : loc?.valueLength) ?? 1
        diagnostics.append(Diagnostic(warning ? .warning : .error, file: file, line: loc?.line ?? 1, column: column,
                                      length: len, words: message, lineText: loc.flatMap { map.lineText($0.line) }))
    }

    /// At a table header (`bind#2`), for what is missing from it.
    mutating func reportTable(_ path: String, _ message: Words) {
        let loc = map.table(path)
        diagnostics.append(Diagnostic(.error, file: file, line: loc?.line ?? 1, column: loc?.keyColumn ?? 1,
                                      length: loc?.keyLength ?? 1, words: message,
                                      lineText: loc.flatMap { map.lineText($0.line) }))
    }
}
