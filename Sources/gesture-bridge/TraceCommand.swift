import ArgumentParser
import GestureLocalization
import GestureTraces

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: L("Check recorded touch traces and say what they hold."),
        discussion: "Reads each FILE as a touch trace (trace-format v1, JSON Lines) and prints its screen, devices and events, or the first error with its line and key. Exits 1 if any file is broken."
    )

    @Argument(help: "Trace files (.jsonl).") var files: [String]

    func run() throws {
        try forEachTraceFile(files) { file in
            var summary: TraceSummary? = nil
            let header = try TraceFile.forEachEvent(path: file) { header, e in
                if summary == nil { summary = TraceSummary(header: header) }
                summary!.add(e)
            }
            print("\(file): \((summary ?? TraceSummary(header: header)).text)")
        }
    }
}
