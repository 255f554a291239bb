import GestureCore
/// The tools whose configs `import` reads, each with its importer.
public enum ImportTool: String, CaseIterable, Sendable {
    case touchegg, libinputGestures = "libinput-gestures", fusuma

    /// `text` (the tool's config, read from `file`) as ours; the reader's
    /// error (file:line:column) when it is not the tool's format.
    public func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        switch self {
        case .touchegg: return try ToucheggImporter.convert(text, file: file)
        case .libinputGestures: return try LibinputGesturesImporter.convert(text, file: file)
        case .fusuma: return try FusumaImporter.convert(text, file: file)
        }
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
        }
    }
}
