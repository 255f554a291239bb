import ArgumentParser
import GestureSystem
import GestureLocalization

/// Writes a config file (creating its directory), never replacing one
/// without --force: `init` and `import --output`. `replacement`: what
/// --force would write instead, in the user's language.
func writeConfig(_ text: String, to path: String, force: Bool, replacement: String) throws {
    if FileSystem.exists(path) && !force {
        writeLine(L("{path} already exists; not replacing it. Use --force to replace it with {replacement}.",
                    ["path": path, "replacement": replacement]))
        throw ExitCode(1)
    }
    switch FileSystem.write(text, to: path) {
    case .success: print(L("wrote {path}", ["path": path]))
    case .failure(let e):
        writeLine(L("cannot write the config: {error}", ["error": "\(e)"]))
        throw ExitCode(1)
    }
}
