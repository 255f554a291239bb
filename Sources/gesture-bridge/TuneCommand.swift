import ArgumentParser
import GestureTools
import GestureLocalization
import GestureBridge
import GestureConfig
import GestureCore
import GestureSystem
import GestureTraces
#if canImport(Glibc)
import Glibc
#endif

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: L("Fit the settings to your hands: the smallest change under which your attempts at a gesture are recognized."),
        discussion: """
            Give traces of you performing the gesture bound as NAME (gesture-bridge \
            record; a trace may hold several attempts, apart by half a second with no \
            finger down), or none to record them now. When some were not recognized, \
            tune tries every setting that can refuse a gesture (\(Tuner.knobs.map(\.key).joined(separator: ", "))), \
            alone and two together, smallest change first; checks the change against everyday hands that must \
            fire nothing (palms, scrolls, short and reversed swipes, resting fingers) \
            and your other recorded gestures (--other), which must do what they did; \
            and prints it as config lines you can paste. It writes the config only \
            with --write (keeping FILE.bak). When no change recognizes them, it says \
            for each attempt the rule that refused it and whether a setting reaches \
            it. Exits 0 when a change recognizes every attempt without breaking \
            anything (or none is needed), 1 when none can.
            """
    )

    @OptionGroup var config: ConfigOption
    @Option(name: .customLong("expect"), help: ArgumentHelp("The binding the attempts are of.", valueName: "NAME"))
    var binding: String
    @Option(name: .customLong("other"), help: ArgumentHelp("A trace of another gesture of yours: it must go on doing what it does.",
                                                            valueName: "TRACE"))
    var others: [String] = []
    @Flag(help: "Print the change as a [[device]] table for the attempts' device, not [settings].") var perDevice = false
    @Flag(help: "Write the change into the config file (the old one kept as FILE.bak).") var write = false
    @OptionGroup var display: DisplayOption
    @Argument(help: "Traces of the attempts (.jsonl); none: record them now.") var traces: [String] = []

    func run() throws {
        let (label, result) = ConfigSource.load(path: config.path, loader: .standard())
        guard case .success(let loaded) = result else {
            if case .failure(let errors) = result { writeLine(errors.description) }
            writeLine("gesture-bridge tune: \(label) has errors; fix them first")
            throw ExitCode(1)
        }
        guard loaded.table.allBindings.contains(where: { $0.name == binding }) else {
            let names = loaded.table.allBindings.map(\.name).joined(separator: ", ")
            writeLine("gesture-bridge tune: \(label) has no binding named '\(binding)' (it has: \(names))")
            throw ExitCode(2)
        }
        let files = traces.isEmpty ? [try recordAttempts()] : traces
        var attempts: [Tuner.Named] = []
        for f in files {
            let parts = Tuner.attempts(of: try read(f))
            for (i, t) in parts.enumerated() { attempts.append(Tuner.Named(parts.count > 1 ? "\(f) #\(i + 1)" : f, t)) }
        }
        guard !attempts.isEmpty else {
            writeLine("gesture-bridge tune: the traces hold no touches")
            throw ExitCode(2)
        }
        let otherTraces = try others.map { Tuner.Named($0, try read($0)) }
        let tuner = Tuner(table: loaded.table, binding: binding, attempts: attempts,
                          negatives: try Self.negatives(), others: otherTraces)
        let report = TuneReport(tuner: tuner, verdict: tuner.search(),
                                device: perDevice ? Self.match(attempts[0].trace.header) : nil)
        for l in report.lines { print(l) }
        if write && !report.configLines.isEmpty {
            guard loaded.file != ConfigSource.builtInName else {
                writeLine("gesture-bridge tune: running the built-in default; `gesture-bridge init` writes a config file to change")
                throw ExitCode(1)
            }
            try writeChange(report, to: loaded.file)
        }
        if report.status != 0 { throw ExitCode(report.status) }
    }

    func read(_ path: String) throws -> Trace { try readTrace(path, for: "tune") }

    /// The built-in everyday negatives.
    static func negatives() throws -> [Tuner.Named] {
        try Tuner.everydayNegatives()
    }

    /// A [[device]] `match` for the device of a trace's first touch: its USB ids, else its name.
    static func match(_ header: TraceHeader) -> String? {
        guard let d = header.devices.first(where: { $0.kind != .other }) else { return nil }
        if let usb = d.usb { return DeviceFilter.usb(vendor: usb.vendor, product: usb.product).text }
        return "name:" + d.name
    }

    /// No traces: the attempts are recorded now, until Ctrl+C.
    func recordAttempts() throws -> String {
        let env = ProcessEnvironment.current()
        let path = RuntimeDirectory.path(env) + "/gesture-bridge-tune-\(getpid()).jsonl"
        writeLine("gesture-bridge tune: perform \(binding) a few times (lift your fingers between attempts), then press Ctrl+C")
        let status = Recorder.run(path: path, display: display.display) { writeLine("gesture-bridge: " + L($0)) }
        guard status == 0 else { throw ExitCode(status) }
        writeLine("gesture-bridge tune: the attempts are in \(path) (give it to tune again, or to replay)")
        return path
    }

    /// The change into the config file (`TuneReport.written`: its keys
    /// replaced or added in `[settings]`, or a `[[device]]` table appended),
    /// the old file kept as FILE.bak; the result must load, or the old file stays.
    func writeChange(_ report: TuneReport, to path: String) throws {
        guard case .success(let old) = FileSystem.readSettingsFile(path) else {
            writeLine("gesture-bridge tune: cannot read \(path)")
            throw ExitCode(1)
        }
        guard let text = report.written(into: old), case .success = ConfigLoader.standard().load(text: text, file: path) else {
            writeLine("gesture-bridge tune: the change would not load in \(path); not written")
            throw ExitCode(1)
        }
        guard case .success = FileSystem.write(old, to: path + ".bak"), case .success = FileSystem.write(text, to: path) else {
            writeLine("gesture-bridge tune: cannot write \(path)")
            throw ExitCode(1)
        }
        writeLine("gesture-bridge tune: wrote \(path) (the old one is \(path).bak); a running daemon reloads it")
    }
}
