import Foundation
import GestureConfig
import GestureCore

/// A loader that sees only the built-in keymaps and a GNOME session.
func testLoader(desktop: String? = "GNOME", directories: [String] = []) -> ConfigLoader {
    var env = ["HOME": "/nonexistent"]
    if let desktop { env["XDG_CURRENT_DESKTOP"] = desktop }
    return ConfigLoader(keymaps: KeymapStore(directories: directories), environment: env)
}

/// A directory of the repository: `Tests/NAME` (`repositoryDirectory("Tests/Import")`) or `keymaps`.
func repositoryDirectory(_ path: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/GestureConfigTests/Support.swift
    return parts.joined(separator: "/") + "/" + path
}

/// The repository's keymaps/ directory.
let keymapsDirectory = repositoryDirectory("keymaps")

func load(_ text: String, desktop: String? = "GNOME") -> Result<LoadedConfig, ConfigErrors> {
    testLoader(desktop: desktop).load(text: text, file: "c.toml")
}

/// Removes a test's scratch file or directory under /tmp (whatever is there).
func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}
