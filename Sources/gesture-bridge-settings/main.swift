#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

// gesture-bridge-settings [--config FILE]: the settings app (issue 42).

// The user's language first: every word below goes through gettext.
Localization.start()

let usage = "usage: gesture-bridge-settings [--config FILE]\n\n"
    + L("The gestures of gesture-bridge, in words: add, edit, switch off, see them live.") + "\n"
    + "  --config FILE   " + L("the config to edit (default: {file})",
                              ["file": ConfigLoader.defaultPath(environment: ProcessEnvironment.current())]) + "\n"
    + "  --exit-after-first-frame\n"
    + "                  " + L("print CLOCK_MONOTONIC (ns) once the window's first frame is painted, then quit") + "\n"
    + "                  (Benchmarks/settings.sh)\n"

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
