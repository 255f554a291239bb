import ArgumentParser
import GestureSystem

/// Writes a config file (creating its directory), never replacing one
/// without --force: `init` and `import --output`.
func writeConfig(_ text: String, to path: String, force: Bool, replacement: String) throws {
    if FileSystem.exists(path) && !force {
        writeLine("\(path) already exists; not replacing it. Use --force to replace it with \(replacement).")
        throw ExitCode(1)
    }
    switch FileSystem.write(text, to: path) {
    case .success: print("wrote \(path)")
    case .failure(let e):
        writeLine("cannot write the config: \(e)")
        throw ExitCode(1)
    }
}
