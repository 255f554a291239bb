import GestureCore
import GestureSystem

/// The tools whose configs `gesture-bridge import` and the settings app's
/// Import read.
public enum ImportTool: String, CaseIterable, Sendable {
    case touchegg, libinputGestures = "libinput-gestures", fusuma, easystroke

    /// `text` (the tool's config, read from `file`) as ours; the reader's
    /// error (file:line:column) when it is not the tool's format.
    /// easystroke's shapes are left out here: `importing` has them.
    public func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        switch self {
        case .touchegg: return try ToucheggImporter.convert(text, file: file)
        case .libinputGestures: return try LibinputGesturesImporter.convert(text, file: file)
        case .fusuma: return try FusumaImporter.convert(text, file: file)
        case .easystroke: return try importing(text, file: file).config
        }
    }

    /// What an import writes: the config, and the shapes its bindings name
    /// (easystroke's drawings: strokes.toml beside the config; none for
    /// the others). easystroke's preferences are read beside `file`.
    public func importing(_ text: String, file: String) throws(ImportError) -> (config: ImportedConfig, shapes: StrokeSet) {
        guard self == .easystroke else { return (try convert(text, file: file), StrokeSet()) }
        let e = try EasystrokeImporter.convert(text, file: file, preferences: try EasystrokeImporter.preferences(besideActions: file))
        return (e.config, e.shapes)
    }
}

extension ImportTool {
    /// Where the tool keeps its config, under `$HOME` (`.config/…`): what
    /// `import` reads without a file, and where the settings app looks for one to offer.
    public var defaultPath: String {
        switch self {
        case .touchegg: return ".config/touchegg/touchegg.conf"
        case .libinputGestures: return ".config/libinput-gestures.conf"
        case .fusuma: return ".config/fusuma/config.yml"
        case .easystroke: return EasystrokeImporter.defaultPath
        }
    }
}

extension EasystrokeImporter {
    /// easystroke's preferences beside its actions file (`preferences-0.5.5`
    /// in the same folder), when there are some.
    public static func preferences(besideActions path: String) throws(ImportError) -> (text: String, file: String)? {
        let dir = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let prefs = dir + preferencesName
        guard FileSystem.exists(prefs) else { return nil }
        switch FileSystem.readRegularFile(prefs, limit: 1 << 20, kind: "easystroke preferences") {
        case .success(let t): return (t, prefs)
        case .failure(let e): throw ImportError(file: prefs, line: 1, column: 1, message: "cannot read easystroke's preferences: \(e)")
        }
    }
}
