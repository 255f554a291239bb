#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureConfig
import GestureSystem

// gesture-bridge-settings [--config FILE]: the settings app (issue 42).

let usage = """
usage: gesture-bridge-settings [--config FILE]

The gestures of gesture-bridge, in words: add, edit, switch off, see them live.
  --config FILE   the config to edit (default: \(ConfigLoader.defaultPath(environment: ProcessEnvironment.current())))
  --exit-after-first-frame
                  print CLOCK_MONOTONIC (ns) once the window's first frame is painted, then quit
                  (Benchmarks/settings.sh)

"""

var options = AppOptions.parse(Array(CommandLine.arguments.dropFirst()))
switch options {
case .failure(let message):
    let text = "gesture-bridge-settings: \(message)\n\(usage)"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
case .success(nil):
    print(usage, terminator: "")
    exit(0)
case .success(let parsed?):
    let app = SettingsApp(options: parsed)
    exit(app.run())
}
