import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `gesture-bridge run` execs gesture-bridge-daemon, which reads `run`'s
/// options by hand (no argument parser in the daemon): the same words work
/// both ways, mistakes are said as the parser says them, and help is still
/// the parser's.
@Suite struct DaemonExecutableTests {
    static let env = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]

    @Test(arguments: [
        (["--bogus"], "Error: Unknown option '--bogus'"),
        (["--config"], "Error: Missing value for '--config <FILE>'"),
        (["--display", "--verbose"], "Error: Missing value for '--display <DISPLAY>'"),
        (["--play-speed", "0"], "Error: --play-speed must be a number greater than 0"),
        (["--play-speed=fast"], "Error: --play-speed must be a number greater than 0"),
        (["--verbose=yes"], "Error: Unknown option '--verbose'"),
        (["stray"], "Error: Unexpected argument 'stray'"),
    ])
    func mistakesAreSaidAndExit64(_ words: [String], _ said: String) {
        for (program, args) in [(Spawn.gestureBridge, ["run"] + words), (Spawn.daemon, words)] {
            let r = Spawn.run(program, args, environment: Self.env)
            #expect(r.status == 64, "\(program) \(args): \(r.stderr)")
            #expect(r.stderr.contains(said), "\(program) \(args): \(r.stderr)")
            #expect(r.stderr.contains("USAGE: gesture-bridge run"))
        }
    }

    /// `--name=value` and `--name value` alike; the daemon is reached (it
    /// is what says the display cannot be opened) and exits at once.
    @Test(arguments: [["--display", ":987"], ["--display=:987"]])
    func optionsReachTheDaemon(_ display: [String]) {
        for (program, args) in [(Spawn.gestureBridge, ["run", "--exit-when-ready"] + display),
                                (Spawn.daemon, ["--exit-when-ready", "-v"] + display),
                                // The default command, through the argument parser.
                                (Spawn.gestureBridge, ["--exit-when-ready"] + display)] {
            // A runtime directory of its own: the instance lock is per display.
            let dir = DaemonProcess.newDirectory() + "-\(display.count)-\(args.count)"
            mkdir(dir, 0o700)
            defer { removeTree(dir) }
            let r = Spawn.run(program, args, environment: Self.env.merging(["XDG_RUNTIME_DIR": dir]) { $1 })
            #expect(r.status == 1, "\(program) \(args): \(r.stderr)")
            #expect(r.stderr.contains("cannot open X display ':987'"), "\(program) \(args): \(r.stderr)")
        }
    }

    @Test func helpIsTheArgumentParsers() {
        let r = Spawn.run(Spawn.gestureBridge, ["run", "--help"], environment: Self.env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("OVERVIEW: Run the gesture daemon"), "\(r.stdout)")
        #expect(r.stdout.contains("--play-speed <FACTOR>"))
        let daemon = Spawn.run(Spawn.daemon, ["--help"], environment: Self.env)
        #expect(daemon.status == 0 && daemon.stderr.contains("See 'gesture-bridge run --help'"))
    }
}
