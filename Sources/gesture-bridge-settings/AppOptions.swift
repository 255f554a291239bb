import GestureConfig
import GestureSystem

/// The command line: `--config FILE` (default: the daemon's config path).
struct AppOptions {
    var configPath: String
    var environment: [String: String]
    /// For Benchmarks/settings.sh: print when the first frame is painted, then quit.
    var exitAfterFirstFrame = false

    /// nil for `--help`; a message for anything else it does not take.
    static func parse(_ args: [String], environment: [String: String] = ProcessEnvironment.current())
        -> Result<AppOptions?, OptionError> {
        var path: String? = nil
        var firstFrame = false
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--help" || a == "-h" { return .success(nil) }
            if a == "--config" {
                guard i + 1 < args.count else { return .failure(OptionError("--config needs a FILE")) }
                path = args[i + 1]
                i += 2
            } else if a.hasPrefix("--config=") {
                path = String(a.dropFirst("--config=".count))
                i += 1
            } else if a == "--exit-after-first-frame" {
                firstFrame = true
                i += 1
            } else {
                return .failure(OptionError("unknown argument '\(a)'"))
            }
        }
        return .success(AppOptions(configPath: path ?? ConfigLoader.defaultPath(environment: environment),
                                   environment: environment, exitAfterFirstFrame: firstFrame))
    }
}

struct OptionError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
