#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import GestureSystem
import GestureBridge
import GestureConfig
import GestureImport
import GestureX11
import GestureTraces

@main
struct GestureBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-bridge",
        abstract: "Touchscreen and touchpad gestures for X11 desktops.",
        discussion: """
            GestureBridge turns multi-finger gestures (swipes, pinches, taps, long \
            presses and their combinations) into key presses or commands, as your \
            config file says. It runs as your user: no root, no input group.

            Start with `gesture-bridge init` (writes ~/.config/gesture-bridge/config.toml), \
            edit it, and check it with `gesture-bridge check`.
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, CheckCommand.self, InitCommand.self, KeymapsCommand.self, ReplayCommand.self,
                      DevicesCommand.self, RecordCommand.self, TraceCommand.self, ImportCommand.self, StatusCommand.self,
                      DoctorCommand.self, WatchCommand.self, TuneCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

struct ConfigOption: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The config file.", discussion: "Default: $XDG_CONFIG_HOME/gesture-bridge/config.toml, or the built-in default if there is none.",
        valueName: "FILE"))
    var path: String?
}

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
            printError(errors.description)
            let n = errors.diagnostics.filter(\.isError).count
            printError("\(label): \(n) error\(n == 1 ? "" : "s")")
            throw ExitCode(1)
        case .success(let loaded):
            for w in loaded.warnings { printError(w.description) }
            print(BindingListing.text(loaded, label: label))
        }
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the default config file to start from.",
        discussion: "Writes the built-in default (what runs when there is no config file) to ~/.config/gesture-bridge/config.toml. It never replaces an existing file unless you pass --force."
    )

    @OptionGroup var config: ConfigOption
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() throws {
        let path = config.path ?? ConfigLoader.defaultPath(environment: ProcessEnvironment.current())
        try writeConfig(DefaultConfig.text, to: path, force: force, replacement: "the default")
    }
}

/// Writes a config file (creating its directory), never replacing one
/// without --force: `init` and `import --output`.
func writeConfig(_ text: String, to path: String, force: Bool, replacement: String) throws {
    if FileSystem.exists(path) && !force {
        printError("\(path) already exists; not replacing it. Use --force to replace it with \(replacement).")
        throw ExitCode(1)
    }
    switch FileSystem.write(text, to: path) {
    case .success: print("wrote \(path)")
    case .failure(let e):
        printError("cannot write the config: \(e)")
        throw ExitCode(1)
    }
}

struct KeymapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keymaps",
        abstract: "List the desktop keymaps, or show one.",
        discussion: "A keymap gives names to a desktop's shortcuts, so a config can say `key workspace-next`. Your own keymaps in ~/.config/gesture-bridge/keymaps/NAME.toml take precedence."
    )

    @Argument(help: "A keymap to show (e.g. gnome).") var name: String?

    func run() throws {
        let env = ProcessEnvironment.current()
        let store = KeymapStore.standard(environment: env)
        guard let name else {
            // As the daemon does: the window manager decides when the environment names no desktop.
            var wm: String? = nil
            if KeymapStore.desktopWords(environment: env).isEmpty, let display = env["DISPLAY"], !display.isEmpty {
                wm = (try? XConnection(name: display)).flatMap { WindowManager.name($0) }
            }
            let detected = store.detect(environment: env, windowManager: wm).name
            for (n, origin) in store.available() {
                let desc: String
                if case .success(let k)? = store.load(n) { desc = k.desktop } else { desc = "(has errors)" }
                print("\(n.padded(10))\(desc.padded(14))\(origin)\(n == detected ? "   (this desktop)" : "")")
            }
            return
        }
        switch store.load(name) {
        case nil:
            printError("unknown keymap '\(name)'; available: " + store.available().map(\.name).joined(separator: ", "))
            throw ExitCode(1)
        case .failure(let e)?:
            printError(e.description)
            throw ExitCode(1)
        case .success(let k)?:
            print("# \(k.keymapName): \(k.desktop) (\(k.origin))")
            for n in k.names { print("\(n.padded(20))\(k.text(for: n) ?? "")") }
        }
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a config on recorded touch traces and print what it would do.",
        discussion: """
            Runs the same engine as the daemon with each trace's timestamps as its \
            clock, and performs nothing: it prints the actions it would perform, when, \
            and for which binding. Record traces with `gesture-bridge record`, or use \
            the ones in Tests/Traces.
            """
    )

    @OptionGroup var config: ConfigOption
    @Flag(help: "One JSON object per action on stdout, and nothing else.") var json = false
    @Flag(help: "Also show the arena's decisions: who joined, conceded, won, and which touches were claimed or released.")
    var explain = false
    @Option(help: ArgumentHelp("Also draw the trace to this SVG file: finger paths coloured by the binding that claimed them, and a timeline of phases and the arena's decisions (one trace).",
                               valueName: "FILE"))
    var svg: String?
    @Flag(help: "Print the monitor stream the daemon would have streamed to `gesture-bridge watch` (docs/monitor.md).")
    var monitor = false
    @Argument(help: "Trace files (.jsonl).") var traces: [String]

    func validate() throws {
        if svg != nil && traces.count != 1 { throw ValidationError("--svg draws one trace; \(traces.count) given") }
        if monitor && (json || explain || svg != nil) { throw ValidationError("--monitor prints the stream alone") }
    }

    func run() throws {
        let (label, result) = ConfigSource.load(path: config.path, loader: .standard())
        let loaded: LoadedConfig
        switch result {
        case .failure(let errors):
            printError(errors.description)
            printError("\(label): not replaying a config with errors")
            throw ExitCode(1)
        case .success(let l):
            loaded = l
        }
        for w in loaded.warnings { printError(w.description) }
        for line in BindingListing.offLines(loaded) { printError(line) }
        if monitor { return try printMonitorStream(loaded) }
        let printer = ReplayPrinter(config: loaded, json: json, explain: explain)
        var failed = false
        for trace in traces {
            if !json && traces.count > 1 { print("# \(trace)") }
            do {
                var replayer: Replayer? = nil
                let emit = { (e: GestureCore.Effect) in
                    for line in printer.lines(e) {
                        if line.isExplanation && json { printError(line.text) } else { print(line.text) }
                    }
                }
                try TraceFile.forEachEvent(path: trace) { header, event in
                    if replayer == nil { replayer = Replayer(table: loaded.table, header: header, explain: explain) }
                    replayer!.feed(event, emit)
                }
                replayer?.finish(emit)
                if let svg { try drawSVG(trace: trace, config: loaded, to: svg) }
            } catch let e as TraceError {
                printError(e.description)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

extension ReplayCommand {
    /// `--monitor`: each trace's stream, as `watch --json` would have shown it.
    func printMonitorStream(_ config: LoadedConfig) throws {
        var failed = false
        for trace in traces {
            do {
                for line in MonitorFeed.lines(of: try TraceFile.read(path: trace), config: config) { print(line) }
            } catch let e as TraceError {
                printError(e.description)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// Replays the trace again with the arena's notes, and draws it.
    func drawSVG(trace path: String, config: LoadedConfig, to out: String) throws {
        let trace = try TraceFile.read(path: path)
        let effects = Replayer.run(trace, table: config.table, explain: true)
        let text = TraceSVG(trace: trace, effects: effects, config: config).render()
        if case .failure(let e) = FileSystem.write(text, to: out) {
            printError("gesture-bridge: cannot write \(e)")
            throw ExitCode(1)
        }
        printError("drew \(path) to \(out)")
    }
}

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
            printError("gesture-bridge: cannot read \(e)")
            throw ExitCode(1)
        }
        do {
            let imported = try ImportTool(rawValue: tool.rawValue)!.convert(text, file: file)
            if let output {
                try writeConfig(imported.toml, to: output, force: force, replacement: "the import")
            } else {
                print(imported.toml, terminator: "")
            }
            printError("gesture-bridge import: \(imported.summary)")
            // Gestures read and none written is a failed import, whatever was printed.
            if imported.gesturesRead > 0 && imported.bindingsWritten == 0 && imported.forwarded == 0 {
                printError("gesture-bridge import: none of the \(imported.gesturesRead) gestures could be imported; the '# not imported' lines say why")
                throw ExitCode(1)
            }
        } catch let error as ImportError {
            printError("\(error)")
            throw ExitCode(1)
        }
    }
}

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Check recorded touch traces and say what they hold.",
        discussion: "Reads each FILE as a touch trace (trace-format v1, JSON Lines) and prints its screen, devices and events, or the first error with its line and key. Exits 1 if any file is broken."
    )

    @Argument(help: "Trace files (.jsonl).") var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                var summary: TraceSummary? = nil
                let header = try TraceFile.forEachEvent(path: file) { header, e in
                    if summary == nil { summary = TraceSummary(header: header) }
                    summary!.add(e)
                }
                print("\(file): \((summary ?? TraceSummary(header: header)).text)")
            } catch let e as TraceError {
                printError(e.description)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

func printError(_ s: String) {
    var s = s + "\n"
    s.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}

import GestureCore
