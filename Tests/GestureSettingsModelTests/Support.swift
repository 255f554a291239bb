import Foundation
import GestureConfig
import GestureCore
import GestureSettingsModel

/// A loader that sees only the built-in keymaps and a GNOME session (as GestureConfigTests').
func testLoader(desktop: String? = "GNOME") -> ConfigLoader {
    var env = ["HOME": "/nonexistent"]
    if let desktop { env["XDG_CURRENT_DESKTOP"] = desktop }
    return ConfigLoader(keymaps: KeymapStore(directories: []), environment: env)
}

/// A file of the repository: `Tests/Settings/fixtures/full.toml`.
func repositoryPath(_ path: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/GestureSettingsModelTests/Support.swift
    return parts.joined(separator: "/") + "/" + path
}

func fixture(_ name: String) -> String {
    try! String(contentsOfFile: repositoryPath("Tests/Settings/fixtures/" + name), encoding: .utf8)
}

func document(_ text: String, name: String = "config.toml") -> SettingsDocument {
    SettingsDocument(text: text, fileName: name, loader: testLoader())
}
