import ArgumentParser

struct ConfigOption: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The config file.", discussion: "Default: $XDG_CONFIG_HOME/gesture-bridge/config.toml, or the built-in default if there is none.",
        valueName: "FILE"))
    var path: String?
}
