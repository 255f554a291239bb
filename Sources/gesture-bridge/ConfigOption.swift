import ArgumentParser
import GestureLocalization

struct ConfigOption: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        L("The config file."), discussion: L("Default: $XDG_CONFIG_HOME/gesture-bridge/config.toml, or the built-in default if there is none."),
        valueName: "FILE"))
    var path: String?
}
