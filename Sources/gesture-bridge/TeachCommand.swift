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

struct TeachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: L("Teach a shape for stroke(\"NAME\") gestures from your own drawings."),
        discussion: """
            Give traces of you drawing the shape (gesture-bridge record; a trace may \
            hold several attempts, apart by half a second with no finger down), or \
            --live to draw them now. Each attempt becomes a template of NAME in \
            strokes.toml beside the config (docs/strokes.md), replacing NAME's old \
            ones; a running daemon reloads it. The threshold is fitted between your \
            attempts (each scored against the others) and everyday hands that must \
            fire nothing (taps, swipes, scrolls, palms), and teach says what it risks. \
            Bind it with gesture = 'stroke("NAME")', or from traces drawn with a pointer button held \
            (mouse or pen; `--live --button N`) stroke("NAME", button: N).
            """
    )

    @OptionGroup var config: ConfigOption
    @Flag(help: "List the shapes taught.") var list = false
    @Option(help: ArgumentHelp("Remove a shape.", valueName: "NAME")) var remove: String?
    @Flag(help: "Draw the attempts now (on the touchscreen or touchpad, or with --button), --count of them.") var live = false
    @Option(help: "Attempts to draw with --live.") var count = 5
    @Option(help: ArgumentHelp("With --live: draw with this pointer button held (a mouse's or a pen's; 3 is the right button). Clicks still reach the window.",
                               valueName: "N"))
    var button: Int?
    @OptionGroup var display: DisplayOption
    @Argument(help: "The shape's name, then traces of you drawing it (.jsonl).") var words: [String] = []

    var strokesPath: String {
        StrokesFile.path(besideConfig: config.path ?? ConfigLoader.defaultPath(environment: ProcessEnvironment.current()))
    }

    func validate() throws {
        if let b = button {
            guard live else { throw ValidationError(L("--button draws with --live; a trace's drawings say their own button")) }
            guard (1...9).contains(b) else { throw ValidationError(L("--button takes a pointer button, 1 to 9; got {button}", ["button": String(b)])) }
        }
    }

    func run() throws {
        let path = strokesPath
        var set: StrokeSet
        switch StrokesFile.load(path: path) {
        case .success(let s): set = s
        case .failure(let e):
            writeLine(e.description)
            writeLine("gesture-bridge teach: " + L("{path} has errors; fix them first", ["path": path]))
            throw ExitCode(1)
        }
        if list {
            if set.shapes.isEmpty { print(L("no shapes taught ({path})", ["path": path])) }
            for s in set.shapes {
                print(Ln("{shape}: {count} template, threshold {threshold}", "{shape}: {count} templates, threshold {threshold}", s.templates.count,
                         ["shape": s.name, "threshold": StrokeVerdict.hundredths(s.needed)]))
            }
            return
        }
        if let name = remove {
            guard set[name] != nil else {
                writeLine("gesture-bridge teach: " + L("no shape '{name}' in {path} (taught: {names})",
                                                      ["name": name, "path": path, "names": set.shapes.map(\.name).joined(separator: ", ")]))
                throw ExitCode(1)
            }
            set.shapes.removeAll { $0.name == name }
            try save(name, of: set, to: path)
            print(L("removed {name} from {path}", ["name": name, "path": path]))
            return
        }
        guard let name = words.first, !name.isEmpty else {
            writeLine("gesture-bridge teach: " + L("name the shape: gesture-bridge teach NAME TRACE... (or --live, --list, --remove NAME)"))
            throw ExitCode(2)
        }
        let files = live ? [try recordLive(name)] : Array(words.dropFirst())
        guard !files.isEmpty else {
            writeLine("gesture-bridge teach: " + L("give traces of {name} (gesture-bridge record), or --live to draw them now", ["name": name]))
            throw ExitCode(2)
        }
        var paths: [(name: String, path: [Point])] = []
        var buttons: Set<Int?> = []
        for f in files {
            let parts = try read(f).attempts()
            for (i, t) in parts.enumerated() {
                guard let e = StrokeExample(t) else { continue }
                paths.append((parts.count > 1 ? "\(f) #\(i + 1)" : f, e.path))
                buttons.insert(e.button)
            }
        }
        guard !paths.isEmpty else {
            writeLine("gesture-bridge teach: " + L("the traces hold no drawing"))
            throw ExitCode(2)
        }
        // Drawn with one pointer button: bound to it, the daemon grabs it,
        // and scored as the daemon will match it. The everyday hands are a
        // finger's (palms, swipes, scrolls): they never draw with a button,
        // so a button's threshold sits between its own attempts only (3DMadLabSD
        // as mouse traces: 96.6 % fired right against 95.7 % with them).
        let button = buttons.count == 1 ? buttons.first! : nil
        let teacher = Teacher(shape: name, paths: paths, set: set, negatives: button == nil ? try Teacher.everydayNegatives() : [],
                              options: button == nil ? StrokeOptions() : PointerStrokeBindings.options())
        for l in teachReport(teacher.report) { print(l) }
        try save(name, of: teacher.set, to: path)
        print(L("wrote {path}; bind it with gesture = '{gesture}'",
                 ["path": path, "gesture": "stroke(\"\(name)\"\(button.map { ", button: \($0)" } ?? ""))"]))
    }

    func read(_ path: String) throws -> Trace { try readTrace(path, for: "teach") }

    /// The file with `shape` as `set` has it, the rest of it as it was (comments, other shapes).
    func save(_ shape: String, of set: StrokeSet, to path: String) throws {
        guard case .success = StrokesFile.save(shape, of: set, to: path) else {
            writeLine("gesture-bridge teach: " + L("cannot write {path}", ["path": path]))
            throw ExitCode(1)
        }
    }

    /// `--live`: records until `count` attempts are drawn (every finger up,
    /// or the touchpad swipe ended), with a progress line after each.
    func recordLive(_ name: String) throws -> String {
        let env = ProcessEnvironment.current()
        let path = RuntimeDirectory.path(env) + "/gesture-bridge-teach-\(getpid()).jsonl"
        writeLine("gesture-bridge teach: " + (button.map {
            Ln("draw {name} {count} time with button {button} held", "draw {name} {count} times with button {button} held", count,
               ["name": name, "button": String($0)])
        } ?? Ln("draw {name} {count} time (lift your fingers between attempts)", "draw {name} {count} times (lift your fingers between attempts)",
                count, ["name": name])))
        var progress = LiveAttempts(wanted: count)
        let status = Recorder.run(path: path, display: display.display, buttons: button.map { [$0] } ?? [],
                                  report: { writeLine("gesture-bridge: " + L($0)) }) { input in
            guard progress.see(input) else { return false }
            writeLine("gesture-bridge teach: " + L("{name}: attempt {done} of {wanted}", ["name": name, "done": String(progress.done), "wanted": String(progress.wanted)])
                      + " " + progress.bar)
            return progress.done >= progress.wanted
        }
        guard status == 0 else { throw ExitCode(status) }
        guard progress.done > 0 else {
            writeLine("gesture-bridge teach: " + L("nothing was drawn"))
            throw ExitCode(2)
        }
        return path
    }
}
