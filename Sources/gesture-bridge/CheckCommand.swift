import ArgumentParser
import GestureTools
import GestureBridge
import GestureConfig
import GestureX11
import GestureSystem
import GestureLocalization

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: L("Check a config file and print its bindings as understood."),
        discussion: "Exits 1 if the config has an error; warnings alone exit 0. Every mistake is reported with its file, line and column."
    )

    @OptionGroup var config: ConfigOption
    @OptionGroup var display: DisplayOption

    func run() throws {
        // The devices X has now, when it answers: a rule by name or id that
        // matches none of them is a warning.
        var loader = ConfigLoader.standard()
        if let c = try? XConnection(name: display.display) {
            loader.presentDevices = XDevice.query(c).map(\.device)
        }
        let (label, result) = ConfigSource.load(path: config.path, loader: loader)
        switch result {
        case .failure(let errors):
            // Each message in the user's language; `file:line:column: ` and the caret lines as they are.
            writeLine(errors.text { L($0) })
            let n = errors.diagnostics.filter(\.isError).count
            writeLine(Ln("{label}: {count} error", "{label}: {count} errors", n, ["label": label]))
            throw ExitCode(1)
        case .success(let loaded):
            for w in loaded.warnings { writeLine(w.text { L($0) }) }
            print(BindingListing.text(loaded, label: label))
        }
    }
}
