import GestureSystem

extension FileSystem {
    /// The largest config or keymap file read (a real one is a few KB).
    public static let settingsFileLimit = 1 << 20

    /// A config or keymap file: a regular file of at most `limit` bytes.
    public static func readSettingsFile(_ path: String, limit: Int = settingsFileLimit) -> Result<String, FileError> {
        readRegularFile(path, limit: limit, kind: "config file")
    }
}
