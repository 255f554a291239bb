import GestureSystem
import GestureConfig
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The command-line tool, run as a user would.
@Suite(.serialized) final class CommandTests {
    let home = "/tmp/gesture-bridge-home-\(getpid())"
    // Swift Testing makes an instance per test: each leaves nothing behind.
    deinit { removeTree(home) }

    func run(_ args: String..., desktop: String = "GNOME") -> Spawned { run(args, desktop: desktop) }

    func run(_ args: [String], desktop: String = "GNOME") -> Spawned {
        Spawn.run(Spawn.gestureBridge, args, environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config",
                                                            "XDG_CURRENT_DESKTOP": desktop, "XDG_DATA_DIRS": "/nonexistent"])
    }

    /// `trace`, `replay` and `replay --monitor` given several files: a broken
    /// one is said on stderr as it is alone, the files after it still run and
    /// print what they print alone, and the exit status is 1.
    @Test(arguments: [["trace"], ["replay"], ["replay", "--monitor"]])
    func aBrokenTraceAmongOthersIsSaidAndTheOthersStillRun(command: [String]) {
        let swipe = repositoryRoot + "/Tests/Traces/touchscreen-swipe-left-3.jsonl"
        let pinch = repositoryRoot + "/Tests/Traces/touchscreen-pinch-out.jsonl"
        let broken = home + "/broken.jsonl"
        _ = FileSystem.write(#"{"trace": 1, "screen": {"width": 1920, "height": 1080}, "devices": []}"# + "\n{\"t\": 0", to: broken)
        let alone = [swipe, broken, pinch].map { run(command + [$0]) }
        #expect(alone.map(\.status) == [0, 1, 0])
        #expect(alone[1].stdout == "" && alone[1].stderr.hasPrefix(broken + ":2:"), "\(alone[1].stderr)")
        let all = run(command + [swipe, broken, pinch])
        #expect(all.status == 1)
        #expect(all.stderr == alone[1].stderr)
        // replay heads each trace's lines with its name when given several.
        let headed = command == ["replay"]
        let expected = (headed ? "# \(swipe)\n" : "") + alone[0].stdout + (headed ? "# \(broken)\n# \(pinch)\n" : "") + alone[2].stdout
        #expect(all.stdout == expected)
        #expect(!alone[0].stdout.isEmpty && !alone[2].stdout.isEmpty)
    }

    @Test func initThenCheckIsClean() {
        _ = Spawn.run("/bin/rm", ["-rf", home], environment: [:])
        let i = run("init")
        #expect(i.status == 0 && i.stdout == "wrote \(home)/.config/gesture-bridge/config.toml\n")
        guard case .success(let written) = FileSystem.read(home + "/.config/gesture-bridge/config.toml") else {
            Issue.record("not written")
            return
        }
        #expect(written == DefaultConfig.text)
        let c = run("check")
        #expect(c.status == 0)
        #expect(c.stderr == "")   // no warning
        #expect(c.stdout.hasPrefix("\(home)/.config/gesture-bridge/config.toml: OK, 5 bindings\nkeymap: gnome (GNOME, built-in keymaps/gnome.toml)"))
        #expect(c.stdout.contains("workspace-next\n  scope: desktop, priority: high, device: any\n  gesture: swipe(direction: .left, fingers: 3)\n  on-ended: workspace next (EWMH; where the window manager lacks it: key super+Page_Down)"))

        // init never replaces a file without --force.
        let again = run("init")
        #expect(again.status == 1 && again.stderr.contains("already exists; not replacing it. Use --force"))
        _ = FileSystem.write("version = 1\n", to: home + "/.config/gesture-bridge/config.toml")
        #expect(run("init", "--force").status == 0)
        guard case .success(let replaced) = FileSystem.read(home + "/.config/gesture-bridge/config.toml") else { return }
        #expect(replaced == DefaultConfig.text)
    }

    @Test func checkWithoutAFileChecksTheBuiltInDefault() {
        _ = Spawn.run("/bin/rm", ["-rf", home], environment: [:])
        let c = run("check", desktop: "KDE")
        #expect(c.status == 0 && c.stderr == "")
        #expect(c.stdout.hasPrefix("built-in default config: OK, 5 bindings\nkeymap: kde"))
    }

    @Test func checkReportsEveryErrorAndExits1() {
        let path = home + "/bad.toml"
        _ = FileSystem.write("[[bind]]\ngesture = \"swip()\"\npriority = \"hi\"\n", to: path)
        let c = run("check", "--config", path)
        #expect(c.status == 1 && c.stdout == "")
        #expect(c.stderr == """
            \(path):2:12: unknown gesture 'swip' (did you mean 'swipe'?); expected tap, longPress, drag, swipe, magnify, rotate, hold or stroke
              gesture = "swip()"
                         ^~~~
            \(path):3:13: 'priority' takes normal, high or simultaneous; got 'hi'
              priority = "hi"
                          ^~
            \(path): 2 errors

            """)
    }

    @Test func warningsGoToStderrAndExit0() {
        let path = home + "/warn.toml"
        _ = FileSystem.write("keymap = \"none\"\n[[bind]]\ngesture = \"RotationGesture()\"\n", to: path)
        let c = run("check", "--config", path)
        #expect(c.status == 0)
        #expect(c.stderr.hasPrefix("\(path):3:12: warning: 'RotationGesture' is deprecated"))
    }

    @Test func keymapsListAndShow() {
        let list = run("keymaps")
        #expect(list.status == 0)
        let names = list.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(names == ["cinnamon", "generic", "gnome", "i3", "kde", "mate", "openbox", "xfce"])
        #expect(list.stdout.contains("(this desktop)") && list.stdout.split(separator: "\n")[2].contains("(this desktop)"))
        let show = run("keymaps", "xfce")
        #expect(show.stdout.contains("workspace-next      ctrl+alt+Right\n"))
        let unknown = run("keymaps", "beos")
        #expect(unknown.status == 1 && unknown.stderr.hasPrefix("unknown keymap 'beos'"))
    }

    /// The recognition report is a developer's tool: `gesture-bench corpus`
    /// (the trace builder it needs is not in the product).
    @Test func corpusPrintsTheRecognitionReport() {
        let bench = Spawn.gestureBridge.replacingSuffix("/gesture-bridge", with: "/gesture-bench")
        let r = Spawn.run(bench, ["corpus", "--count", "48", "--seed", "3"], environment: [:])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("recognition report: 48 traces, 48 correct (100.00 %), 0 false triggers, 0 missed\n"))
        #expect(r.stdout.contains("decision latency after the threshold"))
        #expect(Spawn.run(bench, ["corpus", "--count", "0"], environment: [:]).status == 64)
    }

    @Test func importWritesAConfigOrSaysWhyNot() {
        let dir = TraceFiles.directory.replacingSuffix("/Traces", with: "/Import")
        let ok = run("import", "libinput-gestures", dir + "/libinput-gestures.conf")
        // The one summary line on stderr; the config on stdout.
        #expect(ok.status == 0)
        #expect(ok.stderr == "gesture-bridge import: libinput-gestures: 13 gestures read, 14 bindings written, 1 not imported (1 no equivalent)\n")
        #expect(ok.stdout.hasPrefix("# Imported from libinput-gestures (\(dir)/libinput-gestures.conf)"))
        #expect(ok.stdout.contains("on-ended = \"workspace previous\""))
        // Gestures read and none imported: the output says why, and the exit says it failed.
        let nothingFile = home + "/nothing.conf"
        _ = FileSystem.write("gesture hold on 3 xdotool key a\ngesture tap 3 true\n", to: nothingFile)
        let nothing = run("import", "libinput-gestures", nothingFile)
        #expect(nothing.status == 1 && nothing.stderr.contains("none of the 2 gestures could be imported"))
        #expect(nothing.stdout.contains("# not imported: line 1: no equivalent: gesture hold on"))
        let missing = run("import", "fusuma", "/nonexistent/config.yml")
        #expect(missing.status == 1 && missing.stderr.contains("cannot read /nonexistent/config.yml: No such file or directory"))
        // No FILE: the tool's own, under HOME.
        let none = run("import", "touchegg")
        #expect(none.status == 1 && none.stderr.contains("cannot read \(home)/.config/touchegg/touchegg.conf: No such file or directory"))
        // easystroke is a source since strokes: an unknown one is refused by the parser.
        let unknown = run("import", "xstroke", dir + "/fusuma.yml")
        #expect(unknown.status == 64 && unknown.stderr.contains("xstroke"))
        // --output: written, then never replaced without --force.
        let target = home + "/.config/gesture-bridge/imported.toml"
        _ = Spawn.run("/bin/rm", ["-f", target], environment: [:])
        let written = run("import", "fusuma", dir + "/fusuma.yml", "--output", target)
        #expect(written.status == 0 && written.stdout == "wrote \(target)\n")
        #expect((try? FileSystem.read(target).get())?.hasPrefix("# Imported from fusuma") == true)
        let again = run("import", "libinput-gestures", dir + "/libinput-gestures.conf", "--output", target)
        #expect(again.status == 1 && again.stderr.contains("already exists; not replacing it. Use --force"))
        #expect((try? FileSystem.read(target).get())?.hasPrefix("# Imported from fusuma") == true)
        let forced = run("import", "libinput-gestures", dir + "/libinput-gestures.conf", "--output", target, "--force")
        #expect(forced.status == 0)
        #expect((try? FileSystem.read(target).get())?.hasPrefix("# Imported from libinput-gestures") == true)
    }

    @Test func helpIsThereForEveryCommand() {
        for cmd in ["check", "init", "keymaps", "replay", "trace", "import"] {
            let h = run(cmd, "--help")
            #expect(h.status == 0 && h.stdout.contains("USAGE: gesture-bridge \(cmd)"))
        }
    }
}
