import ArgumentParser
import GestureSystem
import GestureImport
import GestureConfig
import GestureCore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write another gesture tool's config as a gesture-bridge config.",
        discussion: """
            Reads FILE (touchegg: ~/.config/touchegg/touchegg.conf; libinput-gestures: \
            ~/.config/libinput-gestures.conf; fusuma: ~/.config/fusuma/config.yml; \
            easystroke: ~/.easystroke/actions-0.5.6) and \
            prints an equivalent config.toml, with a comment on each setting that has no \
            equivalent; with --output, writes it there instead (never replacing a file \
            without --force). easystroke's drawn strokes become the shapes of its \
            stroke("NAME") bindings, written with --output as strokes.toml beside it \
            (docs/strokes.md). Check it with `gesture-bridge check --config FILE`.
            """
    )

    enum Tool: String, ExpressibleByArgument, CaseIterable {
        case touchegg, libinputGestures = "libinput-gestures", fusuma, easystroke
    }

    @Argument(help: "touchegg, libinput-gestures, fusuma or easystroke.") var tool: Tool
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
            var shapes = StrokeSet()
            let imported: ImportedConfig
            if tool == .easystroke {
                let e = try EasystrokeImporter.convert(text, file: file)
                imported = e.config
                shapes = Self.shapes(e.shapes)
            } else {
                imported = try ImportTool(rawValue: tool.rawValue)!.convert(text, file: file)
            }
            if let output {
                try writeConfig(imported.toml, to: output, force: force, replacement: "the import")
                if !shapes.shapes.isEmpty {
                    let path = StrokesFile.path(besideConfig: output)
                    try writeConfig(StrokesFile.text(shapes), to: path, force: force, replacement: "the import's shapes")
                    writeLine("gesture-bridge import: \(shapes.shapes.count) shapes written to \(path)")
                }
            } else {
                print(imported.toml, terminator: "")
                if !shapes.shapes.isEmpty {
                    writeLine("gesture-bridge import: \(shapes.shapes.count) shapes drawn in easystroke are not written without --output "
                        + "(they go beside it as strokes.toml); or teach them anew with gesture-bridge teach NAME --live")
                }
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

    /// easystroke's strokes (points in a unit square) as templates 200 px
    /// across: a hand's drawing on a screen (the matcher scales them anyway).
    static func shapes(_ drawn: [(name: String, strokes: [EasystrokeImporter.Stroke])]) -> StrokeSet {
        StrokeSet(drawn.map { shape in
            StrokeShape(name: shape.name, templates: shape.strokes.map { $0.map { Point(x: $0.x * 200, y: $0.y * 200) } })
        })
    }
}
