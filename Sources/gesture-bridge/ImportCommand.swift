import ArgumentParser
import GestureSystem
import GestureImport
import GestureConfig
import GestureCore
import GestureLocalization

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: L("Write another gesture tool's config as a gesture-bridge config."),
        discussion: """
            Reads FILE (by default where the tool keeps it: touchegg \
            ~/.config/touchegg/touchegg.conf, libinput-gestures ~/.config/libinput-gestures.conf, \
            fusuma ~/.config/fusuma/config.yml, easystroke ~/.easystroke/actions-0.5.6) and \
            prints an equivalent config.toml, with a comment on each setting that has no \
            equivalent; with --output FILE or --into DIR (DIR/config.toml), writes it there \
            instead, never replacing a file without --force. easystroke's strokes become \
            stroke("NAME", button: N) bindings (its preferences-0.5.5 beside FILE say the \
            button) and their drawings the shapes' templates, written beside the config as \
            strokes.toml (docs/strokes.md). Check it with `gesture-bridge check --config FILE`.
            """
    )

    enum Tool: String, ExpressibleByArgument, CaseIterable {
        case touchegg, libinputGestures = "libinput-gestures", fusuma, easystroke

        /// Where the tool keeps its config, under `$HOME`.
        var defaultPath: String {
            ImportTool(rawValue: rawValue)?.defaultPath ?? EasystrokeImporter.defaultPath
        }
    }

    @Argument(help: "touchegg, libinput-gestures, fusuma or easystroke.") var tool: Tool
    @Argument(help: "Its config file (default: where the tool keeps it).") var file: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the config to this file instead of stdout.", valueName: "FILE"))
    var output: String?
    @Option(help: ArgumentHelp("Write DIR/config.toml (and easystroke's shapes, DIR/strokes.toml) instead of stdout.",
                               valueName: "DIR"))
    var into: String?
    @Flag(help: "With --output or --into: replace the files if they exist.") var force = false

    func validate() throws {
        if output != nil && into != nil { throw ValidationError("--output and --into both say where to write: give one") }
    }

    func run() throws {
        let path = file ?? (ProcessEnvironment.current()["HOME"] ?? "") + "/" + tool.defaultPath
        let text: String
        switch FileSystem.readSettingsFile(path) {
        case .success(let t): text = t
        case .failure(let e):
            writeLine("gesture-bridge: " + L("cannot read {file}", ["file": "\(e)"]))
            throw ExitCode(1)
        }
        var shapes = StrokeSet()
        let imported: ImportedConfig
        do {
            if tool == .easystroke {
                let e = try EasystrokeImporter.convert(text, file: path, preferences: try EasystrokeImporter.preferences(besideActions: path))
                imported = e.config
                shapes = e.shapes
            } else {
                imported = try ImportTool(rawValue: tool.rawValue)!.convert(text, file: path)
            }
        } catch {
            writeLine("\(error)")
            throw ExitCode(1)
        }
        let target = output ?? into.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/config.toml" }
        if let target {
            let strokesPath = StrokesFile.path(besideConfig: target)
            // Both files or neither: the config names shapes only strokes.toml holds.
            if !shapes.shapes.isEmpty && FileSystem.exists(strokesPath) && !force {
                writeLine(L("{path} already exists; not replacing it. Use --force to replace it with {replacement}.",
                            ["path": strokesPath, "replacement": L("the import's shapes")]))
                throw ExitCode(1)
            }
            try writeConfig(imported.toml { L($0) }, to: target, force: force, replacement: L("the import"))
            if !shapes.shapes.isEmpty {
                try writeConfig(StrokesFile.text(shapes), to: strokesPath, force: true, replacement: L("the import's shapes"))
                writeLine("gesture-bridge import: " + L("{shapes} shapes, {templates} templates written to {path}",
                    ["shapes": String(shapes.shapes.count), "templates": String(shapes.shapes.reduce(0) { $0 + $1.templates.count }),
                     "path": strokesPath]))
            }
        } else {
            print(imported.toml { L($0) }, terminator: "")
            if !shapes.shapes.isEmpty {
                writeLine("gesture-bridge import: " + L("{count} shapes drawn in easystroke are not written without --into DIR or --output (they go beside the config as strokes.toml); or teach them anew with gesture-bridge teach NAME --live",
                    ["count": String(shapes.shapes.count)]))
            }
        }
        writeLine("gesture-bridge import: " + imported.summary { L($0) })
        // Gestures read and none written is a failed import, whatever was printed.
        if imported.gesturesRead > 0 && imported.bindingsWritten == 0 && imported.forwarded == 0 {
            writeLine("gesture-bridge import: " + L("none of the {count} gestures could be imported; the '# not imported' lines say why",
                                                  ["count": String(imported.gesturesRead)]))
            throw ExitCode(1)
        }
    }
}
