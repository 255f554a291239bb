import ArgumentParser
import GestureTools
import GestureLocalization
import GestureSystem
import GestureBridge
import GestureConfig
import GestureCore
import GestureTraces

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: L("Run a config on recorded touch traces and print what it would do."),
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
            writeLine(errors.description)
            writeLine("\(label): not replaying a config with errors")
            throw ExitCode(1)
        case .success(let l):
            loaded = l
        }
        for w in loaded.warnings { writeLine(w.description) }
        for line in BindingListing.offLines(loaded) { writeLine(line) }
        if monitor { return try printMonitorStream(loaded) }
        let printer = ReplayPrinter(config: loaded, json: json, explain: explain)
        try forEachTraceFile(traces) { trace in
            if !json && traces.count > 1 { print("# \(trace)") }
            var replayer: Replayer? = nil
            let emit = { (e: GestureCore.Effect) in
                for line in printer.lines(e) {
                    if line.isExplanation && json { writeLine(line.text) } else { print(line.text) }
                }
            }
            try TraceFile.forEachEvent(path: trace) { header, event in
                if replayer == nil { replayer = Replayer(table: loaded.table, header: header, explain: explain) }
                replayer!.feed(event, emit)
            }
            replayer?.finish(emit)
            if let svg { try drawSVG(trace: trace, config: loaded, to: svg) }
        }
    }
}

extension ReplayCommand {
    /// `--monitor`: each trace's stream, as `watch --json` would have shown it.
    func printMonitorStream(_ config: LoadedConfig) throws {
        try forEachTraceFile(traces) { trace in
            for line in MonitorFeed.lines(of: try TraceFile.read(path: trace), config: config) { print(line) }
        }
    }

    /// Replays the trace again with the arena's notes, and draws it.
    func drawSVG(trace path: String, config: LoadedConfig, to out: String) throws {
        let trace = try TraceFile.read(path: path)
        let effects = Replayer.run(trace, table: config.table, explain: true)
        let text = TraceSVG(trace: trace, effects: effects, config: config).render()
        if case .failure(let e) = FileSystem.write(text, to: out) {
            writeLine("gesture-bridge: cannot write \(e)")
            throw ExitCode(1)
        }
        writeLine("drew \(path) to \(out)")
    }
}
