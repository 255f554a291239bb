import GestureSystem
import GestureBridge
import GestureClient
import GestureCore
import GestureTesting
import GestureTraces
import Testing
import XTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The command in the user's language (issue 62): the real `gesture-bridge`
/// run under LANG=C, de_DE.UTF-8 and fr_FR.UTF-8, its catalogs built from
/// po/ into a scratch GESTURE_BRIDGE_LOCALEDIR (as the settings app's tests
/// find theirs when nothing is installed).
///
/// What a person reads is translated: `status` (with and without a daemon)
/// and `check`'s diagnostics, compared with the catalogs by
/// scripts/check-po-output.py (every line a msgstr of the language or a
/// value, no piece of an English msgid).
///
/// `doctor` and `import` too (issue 62): doctor's findings with a broken
/// config, and import's summary, notes and the config's comments of a
/// file of each tool (touchegg 2 and 1.x, fusuma, libinput-gestures,
/// easystroke) with items it could not import; the daemon's log (its
/// start-up line, a refused reload) while its state file stays English.
///
/// What a program reads is not, and is byte for byte the same in every
/// locale (`machineReadOutputsAreTheSameInEveryLocale` lists them): the
/// `--json` of every command that has it (`replay --json`, `watch --json`),
/// the monitor stream (`replay --monitor`, the daemon's MonitorFeed), and
/// the traces `record` writes. Diagnostics keep `file:line:column: ` and
/// their quoted line and caret in every language.
@Suite(.serialized) final class CommandWordsTests {
    static let root = String(#filePath.dropLast("/Tests/GestureBridgeTests/CommandWordsTests.swift".count))
    let home = "/tmp/gesture-bridge-words-\(getpid())-\(Int(monotonicNow() * 1e6) % 1_000_000)"
    let locales: String

    init() throws {
        _ = Spawn.run("/bin/mkdir", ["-p", "-m", "700", home + "/run", home + "/built"], environment: [:])
        let built = Spawn.run("/bin/bash", [Self.root + "/scripts/build-translations.sh", home + "/built"],
                              environment: ["PATH": "/usr/bin:/bin"])
        if built.status != 0 { print("build-translations.sh: \(built.stderr)") }
        try #require(built.status == 0)
        locales = home + "/built/locale"
    }
    deinit { removeTree(home) }

    static let languages = ["C", "de_DE.UTF-8", "fr_FR.UTF-8"]

    /// The locales this machine has (`locale -a`, as "de_de.utf8").
    static let installed: Set<String> = Set(Spawn.run("/usr/bin/locale", ["-a"], environment: ["PATH": "/usr/bin:/bin"])
        .stdout.split(separator: "\n").map { $0.lowercased().filter { $0 != "-" } })

    /// The environment that asks for `lang`: LANG itself where the machine
    /// has that locale (a German desktop has it); else C.UTF-8 with
    /// LANGUAGE, which gettext honours there too, so the test still speaks
    /// German on a fresh machine whose `locales` were never generated
    /// (Tests/FreshMachine; CI generates de_DE and fr_FR only after `swift test`).
    static func asking(_ lang: String) -> [String: String] {
        if lang == "C" || installed.contains(lang.lowercased().filter { $0 != "-" }) { return ["LANG": lang] }
        return ["LANG": "C.UTF-8", "LANGUAGE": String(lang.prefix(2))]
    }

    func run(_ args: [String], _ lang: String) -> Spawned {
        Spawn.run(Spawn.gestureBridge, args, environment: [
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_RUNTIME_DIR": home + "/run", "XDG_DATA_DIRS": "/nonexistent",
            "XDG_CURRENT_DESKTOP": "GNOME", "PATH": "/usr/bin:/bin", "GESTURE_BRIDGE_LOCALEDIR": locales].merging(Self.asking(lang)) { $1 })
    }

    /// The output said nothing but `lang`'s words (scripts/check-po-output.py against po/LL.po).
    func saysNoEnglish(_ output: String, _ lang: String) -> Bool {
        let po = Self.root + "/po/" + lang.prefix(2) + ".po"
        _ = FileSystem.write(output, to: home + "/output.txt")
        let r = Spawn.run("/bin/sh", ["-c", "python3 \"$0\" \"$1\" < \"$2\"", Self.root + "/scripts/check-po-output.py", po,
                                      home + "/output.txt"], environment: ["PATH": "/usr/bin:/bin"])
        if r.status != 0 { print("\(lang):\n\(output)\n\(r.stdout)\(r.stderr)") }
        return r.status == 0
    }

    static let broken = """
        [[bind]]
        gesture = "swipe(fingers: 3, direction: .lef)"
        on-ended = "key ctrl+alt+Rigt"

        [[bind]]
        gesture = "pinch(fingers: 2)"
        priority = "urgent"
        bogus = 1

        [settings]
        hold-time = "fast"
        """

    @Test func checkSaysItsDiagnosticsInTheLanguageWithTheirLocations() throws {
        let path = home + "/broken.toml"
        _ = FileSystem.write(Self.broken, to: path)
        var outputs: [String: String] = [:]
        for lang in Self.languages {
            let r = run(["check", "--config", path], lang)
            #expect(r.status == 1 && r.stdout.isEmpty)
            outputs[lang] = r.stderr
        }
        let english = try #require(outputs["C"])
        #expect(english.contains("unknown direction '.lef'"))
        /// What a tool reading locations finds: `^(.+):(\d+):(\d+): `.
        func locations(_ text: String) -> [String] {
            text.split(separator: "\n").compactMap { line in
                guard line.hasPrefix(path + ":") else { return nil }
                let rest = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2)
                guard rest.count == 3, Int(rest[0]) != nil, Int(rest[1]) != nil, rest[2].hasPrefix(" ") else { return nil }
                return "\(rest[0]):\(rest[1])"
            }
        }
        /// The quoted lines of the file and their carets.
        func quoted(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.hasPrefix("  ") } }
        #expect(locations(english).count == 5)
        for lang in Self.languages.dropFirst() {
            let said = try #require(outputs[lang])
            #expect(said != english)
            #expect(locations(said) == locations(english), "\(lang)")
            #expect(quoted(said) == quoted(english), "\(lang)")
            #expect(saysNoEnglish(said, lang))
        }
        // The checker finds English where there is some.
        #expect(!saysNoEnglish(english, "de_DE.UTF-8"))
    }

    @Test func statusSaysItInTheLanguageWithAndWithoutADaemon() throws {
        let x = try Xvfb()
        for lang in Self.languages.dropFirst() {
            let none = run(["status", "--display", x.display], lang)
            #expect(none.status == 1)
            #expect(saysNoEnglish(none.stdout, lang))
        }
        let dir = home + "/daemon"
        _ = Spawn.run("/bin/mkdir", ["-p", "-m", "700", dir], environment: [:])
        var idle = TraceBuilder.standard()
        idle.wait(30)
        let d = DaemonProcess(display: x.display, config: StatusDoctorTests.config, play: idle, dir: dir,
                              environment: ["XDG_RUNTIME_DIR": home + "/run"])
        defer { d.signal(SIGTERM); _ = d.waitExit() }
        #expect(d.waitForLog("listening on display"))
        #expect(waitUntil(timeout: 5) { self.run(["status", "--display", x.display], "C").status == 0 })
        let english = run(["status", "--display", x.display], "C").stdout
        #expect(english.contains("loaded (1 bindings)") && english.contains("  a played trace (\(dir)/play.jsonl)\n"))
        for lang in Self.languages.dropFirst() {
            let up = run(["status", "--display", x.display], lang)
            #expect(up.status == 0)
            #expect(up.stdout.contains(x.display) && up.stdout.contains(String(d.pid)))
            #expect(saysNoEnglish(up.stdout, lang))
        }
        #expect(!saysNoEnglish(english, "fr_FR.UTF-8"))
    }

    @Test func doctorSaysItInTheLanguage() throws {
        let x = try Xvfb()
        let path = home + "/broken.toml"
        _ = FileSystem.write(Self.broken, to: path)
        let english = run(["doctor", "--display", x.display, "--config", path], "C")
        #expect(english.status == 1 && english.stdout.contains("[problem] config: \(path) has errors:"))
        #expect(english.stdout.contains("[ok] XInput: 2.4 on \(x.display)"))
        for lang in Self.languages.dropFirst() {
            let said = run(["doctor", "--display", x.display, "--config", path], lang)
            #expect(said.status == 1)
            // As many lines, the config's diagnostics with their locations and carets as they are.
            #expect(said.stdout.split(separator: "\n").count == english.stdout.split(separator: "\n").count, "\(lang)")
            #expect(said.stdout.split(separator: "\n").filter { $0.hasPrefix("    " + path + ":") }.count == 5)
            #expect(saysNoEnglish(said.stdout, lang))
        }
        #expect(!saysNoEnglish(english.stdout, "de_DE.UTF-8"))
    }

    /// `teach` in the language: its report (the examples and threshold, the
    /// attempts against each other, a button's line, with their plural
    /// forms) and the line saying where it wrote and how to bind; the
    /// binding it names and the strokes.toml it writes are the same.
    @Test func teachSaysItsReportInTheLanguage() throws {
        let ell = (0...20).map { Point(x: 0, y: Double($0) * 8) } + (1...15).map { Point(x: Double($0) * 8, y: 160) }
        var traces: [String] = []
        for k in 0..<3 {
            let drawn = ell.map { $0 * (1 + 0.1 * Double(k)) + Point(x: 700, y: 300) }
            let path = home + "/L\(k).jsonl"
            _ = FileSystem.write(TraceWriter.write(PointerDrawing.trace(PointerDrawing.events(PointerDrawing.timed(drawn)))), to: path)
            traces.append(path)
        }
        let config = home + "/teach.toml"
        _ = FileSystem.write("", to: config)
        let english = run(["teach", "--config", config, "L"] + traces, "C")
        #expect(english.status == 0 && english.stdout.hasPrefix("L: 3 examples, threshold "), "\(english.stdout)\(english.stderr)")
        let taught = FileSystem.read(home + "/strokes.toml")
        for lang in Self.languages.dropFirst() {
            let said = run(["teach", "--config", config, "L"] + traces, lang)
            #expect(said.status == 0)
            #expect(said.stdout.contains("gesture = 'stroke(\"L\", button: 3)'"))
            #expect(FileSystem.read(home + "/strokes.toml") == taught)
            #expect(saysNoEnglish(said.stdout.replacingOccurrences(home, "DIR"), lang))
            let listed = run(["teach", "--config", config, "--list"], lang)
            #expect(saysNoEnglish(listed.stdout, lang))
        }
        #expect(!saysNoEnglish(english.stdout, "de_DE.UTF-8"))
    }

    /// The import's words: its summary and notes on stderr, the comments of
    /// the config it writes; the config's keys and values are not words.
    @Test(arguments: [("touchegg", "touchegg.conf"), ("fusuma", "fusuma.yml"),
                      ("libinput-gestures", "constructs/libinput-gestures.conf"),
                      ("easystroke", "easystroke/synthetic/actions-0.5.6"), ("touchegg", "constructs/touchegg-1.conf")])
    func importSaysItsNotesInTheLanguage(tool: String, file: String) throws {
        let source = Self.root + "/Tests/Import/" + file
        func words(_ r: Spawned) -> String {
            r.stderr + r.stdout.split(separator: "\n").filter { $0.hasPrefix("# ") }.map { $0.dropFirst(2) + "\n" }.joined()
        }
        let english = run(["import", tool, source], "C")
        #expect(english.status == 0 && english.stdout.contains("# not imported: line ") && english.stderr.contains(" not imported ("))
        for lang in Self.languages.dropFirst() {
            let said = run(["import", tool, source], lang)
            #expect(said.status == 0)
            // The config itself is the same: only its comments are in the language.
            #expect(said.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") } == english.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") })
            #expect(saysNoEnglish(words(said), lang))
        }
        #expect(!saysNoEnglish(words(english), "fr_FR.UTF-8"))
    }

    /// The daemon's log in German: its start-up line and the line refusing a
    /// broken reload say no English sentence; the state file `status` reads
    /// (config-status, the last messages) keeps its English, whatever the
    /// daemon's language.
    @Test func theDaemonsLogIsInTheLanguage() throws {
        let x = try Xvfb()
        let lang = "de_DE.UTF-8"
        let d = DaemonProcess(display: x.display, config: Self.oneBinding, trace: nil,
                              environment: Self.asking(lang).merging(["GESTURE_BRIDGE_LOCALEDIR": locales]) { $1 })
        defer { d.signal(SIGTERM); _ = d.waitExit() }
        #expect(d.waitForLog("lausche auf Anzeige \(x.display) "))
        let config = d.dir + "/config.toml"
        _ = FileSystem.write(Self.broken, to: config)
        #expect(d.waitForLog("\(config) hat Fehler; die laufende Konfiguration bleibt"))

        let log = d.log.split(separator: "\n").map(String.init)
        let startUp = log.filter { $0.contains("lausche auf Anzeige") }
        let refusal = log.filter { $0.contains("\(config) hat Fehler") }
        #expect(startUp.count == 1 && refusal.count == 1)
        #expect(saysNoEnglish((startUp + refusal).joined(separator: "\n") + "\n", lang))
        #expect(!log.contains { $0.contains("listening on display") || $0.contains("keeping the running config") })

        // The state file: English, as a program reads it.
        let statePath = DaemonState.path(display: x.display, environment: ["XDG_RUNTIME_DIR": d.dir, "HOME": d.dir])
        #expect(waitUntil(timeout: 5) {
            guard case .success(let text) = FileSystem.read(statePath) else { return false }
            return text.contains("\nconfig-status the file has errors since it changed; running the last good config (1 bindings)\n")
                && text.contains("\(config) has errors; keeping the running config\n")
        })
        guard case .success(let state) = FileSystem.read(statePath), let parsed = DaemonState.parse(state) else {
            Issue.record("no state file at \(statePath)"); return
        }
        #expect(parsed.config == config && parsed.display == x.display && parsed.pid == d.pid)
        #expect(parsed.messages.contains { $0.contains(" error: ") && $0.hasSuffix("\(config) has errors; keeping the running config") })
    }

    static let oneBinding = """
        keymap = "none"
        [[bind]]
        name = "next"
        gesture = "swipe(fingers: 3, direction: .left)"
        on-ended = "key ctrl+alt+Right"
        """

    @Test func machineReadOutputsAreTheSameInEveryLocale() throws {
        // replay --json: one JSON object per action.
        let c = ReplayCase.all[0]
        let replays = Self.languages.map { run(["replay", "--json", "--config", c.configPath] + c.tracePaths, $0) }
        #expect(replays.allSatisfy { $0.status == 0 && $0.stdout == c.expected })

        // A config with an error: replay --json says nothing on stdout in any language.
        let path = home + "/broken.toml"
        _ = FileSystem.write(Self.broken, to: path)
        let failed = Self.languages.map { run(["replay", "--json", "--config", path] + c.tracePaths, $0) }
        #expect(failed.allSatisfy { $0.status != 0 && $0.stdout.isEmpty })

        // The monitor stream (the daemon's MonitorFeed, as replay --monitor makes it), and watch --json, which passes it on.
        let streams = Self.languages.map { run(["replay", "--monitor", "--config", c.configPath] + c.tracePaths, $0) }
        #expect(streams.allSatisfy { $0.status == 0 && $0.stdout == streams[0].stdout } && streams[0].stdout.contains(#""type": "frame""#))
        _ = FileSystem.write(streams[0].stdout, to: home + "/stream.jsonl")
        let watched = Self.languages.map { lang in
            Spawn.run("/bin/sh", ["-c", "exec \"$0\" watch --json --stdin < \"$1\"", Spawn.gestureBridge, home + "/stream.jsonl"],
                      environment: ["PATH": "/usr/bin:/bin", "GESTURE_BRIDGE_LOCALEDIR": locales].merging(Self.asking(lang)) { $1 })
        }
        #expect(watched.allSatisfy { $0.status == 0 && $0.stdout == streams[0].stdout })

        // record: the trace file (header and events) the same under C and German.
        let x = try Xvfb()
        var traces: [String] = []
        for lang in ["C", "de_DE.UTF-8"] {
            let trace = home + "/record-\(lang).jsonl"
            let r = DaemonProcess(command: ["record", "--display", x.display, trace],
                                  environment: Self.asking(lang).merging(["GESTURE_BRIDGE_LOCALEDIR": locales]) { $1 })
            #expect(r.waitForLog(trace))   // "recording to TRACE …", in the language
            r.signal(SIGINT)
            #expect(r.waitExit() == 0)
            guard case .success(let text) = FileSystem.read(trace) else { Issue.record("no trace under \(lang)"); return }
            traces.append(text)
        }
        #expect(traces.count == 2 && traces[0] == traces[1] && !traces[0].isEmpty)
    }
}
