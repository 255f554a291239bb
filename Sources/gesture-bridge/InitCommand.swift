import ArgumentParser
import GestureLocalization
import GestureSystem
import GestureConfig

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: L("Write the default config file to start from."),
        discussion: "Writes the built-in default (what runs when there is no config file) to ~/.config/gesture-bridge/config.toml. It never replaces an existing file unless you pass --force."
    )

    @OptionGroup var config: ConfigOption
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() throws {
        let path = config.path ?? ConfigLoader.defaultPath(environment: ProcessEnvironment.current())
        try writeConfig(DefaultConfig.text, to: path, force: force, replacement: L("the default"))
    }
}
