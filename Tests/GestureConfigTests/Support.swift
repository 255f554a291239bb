import GestureConfig
import GestureCore

/// A loader that sees only the built-in keymaps and a GNOME session.
func testLoader(desktop: String? = "GNOME", directories: [String] = []) -> ConfigLoader {
    var env = ["HOME": "/nonexistent"]
    if let desktop { env["XDG_CURRENT_DESKTOP"] = desktop }
    return ConfigLoader(keymaps: KeymapStore(directories: directories), environment: env)
}

/// The repository's keymaps/ directory.
let keymapsDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/keymaps"
}()

func load(_ text: String, desktop: String? = "GNOME") -> Result<LoadedConfig, ConfigErrors> {
    testLoader(desktop: desktop).load(text: text, file: "c.toml")
}
