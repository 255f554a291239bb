import GestureConfig

/// A loader that sees only the built-in keymaps and a GNOME session: an
/// imported config is loaded as the daemon would load it.
func testLoader() -> ConfigLoader {
    ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent", "XDG_CURRENT_DESKTOP": "GNOME"])
}

/// A directory of the repository: `Tests/NAME`.
func repositoryDirectory(_ path: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/GestureImportTests/Support.swift
    return parts.joined(separator: "/") + "/" + path
}
