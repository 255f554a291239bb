import ArgumentParser
import GestureTools
import GestureLocalization
import GestureSystem
import GestureBridge
import GestureConfig
import GestureX11

struct DisplayOption: ParsableArguments {
    @Option(help: ArgumentHelp(L("The X display."), discussion: L("Default: $DISPLAY."), valueName: "DISPLAY"))
    var display: String?
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: L("Run the gesture daemon in this X session (the default command)."),
        discussion: """
            Listens to touchscreens (XInput 2.2 touches) and touchpads (XInput 2.4 \
            gestures) as your config asks, and performs its actions with XTest or as \
            commands. Needs an X11 session with XInput 2.2 or later; no root, no \
            input group. Reloads the config when the file changes or on SIGHUP (a \
            broken file is reported and the running config kept); SIGTERM or SIGINT \
            stop it, releasing every key it holds. One daemon runs per display.
            """
    )

    @OptionGroup var config: ConfigOption
    @OptionGroup var display: DisplayOption
    @Flag(name: .shortAndLong, help: "Log each decision: phases, actions, touches claimed or released.") var verbose = false
    @Option(help: ArgumentHelp("Feed a recorded trace through the live daemon instead of real touches (performs its actions).",
                               valueName: "TRACE"))
    var play: String?
    @Option(help: ArgumentHelp("With --play: play this many times faster.", valueName: "FACTOR"))
    var playSpeed: Double = 1
    @Flag(help: "Exit once listening (0), or at once if the X server cannot be reached (1): a start-up check.")
    var exitWhenReady = false
    @Option(help: ArgumentHelp("Also write every input the daemon sees to this trace file: `gesture-bridge replay` of it does what the daemon did.",
                               valueName: "TRACE"))
    var record: String?

    func validate() throws {
        guard playSpeed > 0, playSpeed.isFinite else { throw ValidationError("--play-speed must be a number greater than 0") }
    }

    /// The daemon is an executable of its own (DaemonLauncher): these
    /// options, parsed and checked here, are handed on as words it reads.
    /// (`gesture-bridge run …` without help asked for goes there before
    /// parsing: `GestureBridgeCommand.main`.)
    func run() throws {
        // `--name=value`: a value that starts with "--" stays a value.
        var words: [String] = []
        if let path = config.path { words.append("--config=" + path) }
        if let d = display.display { words.append("--display=" + d) }
        if verbose { words.append("--verbose") }
        if let play { words.append("--play=" + play) }
        if playSpeed != 1 { words.append("--play-speed=" + String(playSpeed)) }
        if exitWhenReady { words.append("--exit-when-ready") }
        if let record { words.append("--record=" + record) }
        writeLine("gesture-bridge: \(DaemonLauncher.exec(words))")
        throw ExitCode(1)
    }
}

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: L("List the XInput devices and whether GestureBridge uses them."),
        discussion: "Touchscreens (direct touch) and touchpads are used; other pointers are not. Each line ends with how its kind was decided: from the touch class, an XI 2.4 gesture class, the driver's device type (TOUCHPAD) or libinput's tapping property, and only last from the name."
    )

    @OptionGroup var display: DisplayOption
    @OptionGroup var config: ConfigOption

    func run() throws {
        let connection: XConnection
        let xi: XInput
        do {
            connection = try XConnection(name: display.display)
            xi = try XInput(connection)
        } catch {
            writeLine("gesture-bridge: \(error)")
            throw ExitCode(1)
        }
        print("XInput \(xi.major).\(xi.minor)\(xi.hasGestures ? "" : " (no touchpad gestures: needs 2.4)") on \(connection.name)")
        // The config's [[device]] rules and bindings by name or id, when it loads.
        var loaded: LoadedConfig? = nil
        let (label, result) = ConfigSource.load(path: config.path, loader: .standard())
        switch result {
        case .success(let c): loaded = c
        case .failure: writeLine("gesture-bridge: \(label) has errors (gesture-bridge check); its device rules are not shown")
        }
        print("  id  kind        touch     max  used  name")
        for d in XDevice.query(connection) {
            let rule = loaded?.table.rule(for: d.device)
            let used = d.kind != .other && d.enabled && rule?.disabled != true
            print(String(d.id).leftPadded(4) + "  " + d.kind.rawValue.padded(11) + d.touchMode.padded(9)
                + String(d.maxTouches).leftPadded(4) + "  " + (used ? "yes" : "no").padded(5) + d.name
                + (d.enabled ? "" : " (disabled)") + "  [\(d.kind.rawValue): \(d.kindReason)]"
                + (d.usb.map { "  usb:\($0)" } ?? "")
                + (d.sizeMM.map { "  \(Int($0.width.rounded()))×\(Int($0.height.rounded())) mm" } ?? ""))
            if let loaded, d.kind != .other {
                for line in DeviceRulesListing.lines(for: d.device, loaded) { print("      " + line) }
            }
        }
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: L("Record touches and touchpad gestures to a trace file, until Ctrl+C."),
        discussion: "Writes what the daemon sees as a trace (trace-format v1), without taking touches from applications. Attach it to a bug report, or try configs on it with `gesture-bridge replay`."
    )

    @OptionGroup var display: DisplayOption
    @Option(help: ArgumentHelp("Also record strokes drawn with this pointer button held (a mouse's or a pen's: 3 is the right button), as the daemon grabs it: clicks still reach the window. Repeat for more buttons.",
                               valueName: "N"))
    var button: [Int] = []
    @Argument(help: "The trace file to write (.jsonl).") var file: String

    func validate() throws {
        for b in button where !(1...9).contains(b) { throw ValidationError("--button takes a pointer button, 1 to 9; got \(b)") }
    }

    func run() throws {
        let status = Recorder.run(path: file, display: display.display, buttons: button) { writeLine("gesture-bridge: " + L($0)) }
        if status != 0 { throw ExitCode(status) }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
