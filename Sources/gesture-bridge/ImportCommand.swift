import ArgumentParser
import GestureSystem
import GestureImport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write another gesture tool's config as a gesture-bridge config.",
        discussion: """
            Reads FILE (touchegg: ~/.config/touchegg/touchegg.conf; libinput-gestures: \
            ~/.config/libinput-gestures.conf; fusuma: ~/.config/fusuma/config.yml) and \
            prints an equivalent config.toml, with a comment on each setting that has no \
            equivalent; with --output, writes it there instead (never replacing a file \
            without --force). Check it with `gesture-bridge check --config FILE`.
            """
    )

    enum Tool: String, ExpressibleByArgument, CaseIterable {
        case touchegg, libinputGestures = "libinput-gestures", fusuma
    }

    @Argument(help: "touchegg, libinput-gestures or fusuma.") var tool: Tool
    @Argument(help: "Its config file.") var file: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the config to this file instead of stdout.", valueName: "FILE"))
    var output: String?
    @Flag(help: "With --output: replace the file if it exists.") var force = false

    func run() throws {
        let text: String
        switch FileSystem.readSettingsFile(file) {
        case .success(let t): text = t
        case .failure(let e):
            writeLine("gesture-bridge: cannot read \(e)")
            throw ExitCode(1)
        }
        do {
            let imported = try ImportTool(rawValue: tool.rawValue)!.convert(text, file: file)
            if let output {
                try writeConfig(imported.toml, to: output, force: force, replacement: "the import")
            } else {
                print(imported.toml, terminator: "")
            }
            writeLine("gesture-bridge import: \(imported.summary)")
            // Gestures read and none written is a failed import, whatever was printed.
            if imported.gesturesRead > 0 && imported.bindingsWritten == 0 && imported.forwarded == 0 {
                writeLine("gesture-bridge import: none of the \(imported.gesturesRead) gestures could be imported; the '# not imported' lines say why")
                throw ExitCode(1)
            }
        } catch let error as ImportError {
            writeLine("\(error)")
            throw ExitCode(1)
        }
    }
}
