import ArgumentParser
import GestureBridge
import GestureConfig
import GestureX11
import GestureSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a config file and print its bindings as understood.",
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
            writeLine(errors.description)
            let n = errors.diagnostics.filter(\.isError).count
            writeLine("\(label): \(n) error\(n == 1 ? "" : "s")")
            throw ExitCode(1)
        case .success(let loaded):
            for w in loaded.warnings { writeLine(w.description) }
            print(BindingListing.text(loaded, label: label))
        }
    }
}
