@testable import GestureImport
import GestureConfig
import GestureActions
import GestureSystem
import Testing

/// `gesture-bridge import`: realistic configs of touchegg, libinput-gestures
/// and fusuma (written from their documented formats, Tests/Import) give the
/// expected config byte for byte, and that config loads without errors.
@Suite struct ImportTests {
    static let directory = repositoryDirectory("Tests/Import")

    static func convert(_ tool: String, _ text: String, file: String) throws(ImportError) -> ImportedConfig {
        switch tool {
        case "touchegg": return try ToucheggImporter.convert(text, file: file)
        case "libinput-gestures": return try LibinputGesturesImporter.convert(text, file: file)
        default: return try FusumaImporter.convert(text, file: file)
        }
    }

    @Test(arguments: [("touchegg", "touchegg.conf"), ("libinput-gestures", "libinput-gestures.conf"), ("fusuma", "fusuma.yml")])
    func goldens(tool: String, file: String) throws {
        let text = try FileSystem.read(Self.directory + "/" + file).get()
        let expected = try FileSystem.read(Self.directory + "/\(tool).expected.toml").get()
        let imported = try Self.convert(tool, text, file: file)
        #expect(imported.toml == expected)
        // What it writes is a config of ours: it loads, with no error.
        let loaded = testLoader().load(text: imported.toml, file: "\(tool).toml")
        if case .failure(let e) = loaded { Issue.record("\(e)") }
    }

    /// What each sample holds that has no equivalent is said, not dropped.
    @Test func nothingIsLostSilently() throws {
        let touchegg = try FileSystem.read(Self.directory + "/touchegg.expected.toml").get()
        #expect(touchegg.contains("# touchegg line 4: setting animation_delay = 150: no equivalent"))
        #expect(touchegg.contains("# not imported: line 92: unknown key: SEND_KEYS A+B: not one key gesture-bridge knows"))
        let libinput = try FileSystem.read(Self.directory + "/libinput-gestures.expected.toml").get()
        #expect(libinput.contains("# not imported: line 22: no equivalent: gesture hold on xdotool key super+a"))
        #expect(libinput.contains("device DLL0945:00 06CB:CDE6 Touchpad"))
        let fusuma = try FileSystem.read(Self.directory + "/fusuma.expected.toml").get()
        #expect(fusuma.contains("no equivalent: hold 4: X reports no touchpad holds") && fusuma.contains("plugin settings: not imported"))
        #expect(fusuma.contains("class = \"Google-chrome\""))
    }

    /// Files that are not the tool's config at all (or not readable as it) are refused with file:line:column.
    @Test(arguments: [
        // pugixml's words and place (the end tag's name), as touchegg would meet them.
        ("touchegg", "<touchégg><application name=\"All\">\n  <gesture type=\"SWIPE\" fingers=\"3\">\n</touchégg>",
         "t.conf:3:3: XML: Start-end tags mismatch"),
        ("touchegg", "<a><b x=\"1></b></a>", "t.conf:1:10: XML: Error parsing element attribute"),
        ("libinput-gestures", "gestures swipe up true\n\nswipe left 3 true",
         "t.conf:1:1: unknown keyword 'gestures'; expected gesture, device, swipe_threshold or timeout\n"
            + "t.conf:3:1: unknown keyword 'swipe'; expected gesture, device, swipe_threshold or timeout"),
        // libyaml's words, placed where what it was reading began, as Psych (fusuma) reports them.
        ("fusuma", "swipe:\n  3:\n    left:\n      command: 'x\n",
         "t.conf:4:16: YAML: found unexpected end of stream while scanning a quoted scalar"),
        ("fusuma", "swipe:\n\t3:", "t.conf:2:1: YAML: found character that cannot start any token while scanning for the next token"),
        ("fusuma", "swipe: *a\n", "t.conf:1:8: YAML: unknown alias *a"),
        ("fusuma", "context: { application: X",
         "t.conf:1:10: YAML: did not find expected ',' or '}' while parsing a flow mapping"),
    ])
    func errorsNameTheLineAndColumn(tool: String, text: String, message: String) {
        do {
            _ = try Self.convert(tool, text, file: "t.conf")
            Issue.record("converted")
        } catch {
            #expect(error.description == message)
        }
    }

    /// What a reader cannot map is skipped and said (`# not imported: line N:
    /// reason`); the rest of the file is still imported.
    @Test(arguments: [
        ("touchegg", "<touchégg>\n<application name='All'><gesture type=\"SWIPE\"/>\n<gesture type=\"TAP\" fingers=\"2\"><action type=\"SHOW_DESKTOP\"/></gesture></application></touchégg>",
         "# not imported: line 2: incomplete gesture: <gesture> needs type and fingers (touchegg skips it too)"),
        ("libinput-gestures", "gesture swipe sideways 3 true\ngesture swipe up 3 true",
         "# not imported: line 1: unknown motion: swipe 'sideways'"),
        ("libinput-gestures", "\n\ngesture tap 3 true\ngesture swipe up 3 true", "# not imported: line 3: unknown gesture type: 'tap'"),
        ("libinput-gestures", "gesture swipe up 3\ngesture swipe down 3 true", "# not imported: line 1: no command: gesture swipe up has none"),
        ("fusuma", "swipe:\n  7:\n    left:\n      command: x\n  3:\n    left:\n      command: y",
         "# not imported: line 2: no finger count: swipe '7'"),
        ("fusuma", "swipe:\n  3:\n    left: just a string\n    right:\n      command: y",
         "# not imported: line 3: no action: swipe 3 left is a bare value, which fusuma ignores"),
    ])
    func unmappableIsSkippedAndSaid(tool: String, text: String, said: String) throws {
        let imported = try Self.convert(tool, text, file: "t.conf")
        #expect(imported.toml.contains(said))
        #expect(imported.bindingsWritten == 1)
        #expect(imported.notImported.count == 1)
    }

    /// Constructs of real users' configs (Tests/Import/constructs, written
    /// for these tests): the legacy `gesture:` keyword, any case, `_internal`
    /// with -w/--cols, commands without a shell, CRLF and a BOM; touchegg's
    /// FULLSCREEN_WINDOW, CHANGE_DESKTOP without a direction, `<keys>A`;
    /// fusuma's flow maps, block scalars, plugin sequences, begin/update/end,
    /// the wmctrl plugin, bare strings. Each gives its golden and loads.
    @Test(arguments: [("libinput-gestures", "libinput-gestures.conf"), ("touchegg", "touchegg.conf"), ("touchegg", "touchegg-1.conf"),
                      ("touchegg", "touchegg-gnome-shell.conf"), ("fusuma", "fusuma.yml"), ("fusuma", "fusuma-crlf.yml"),
                      ("fusuma", "fusuma-layers.yml")])
    func constructs(tool: String, file: String) throws {
        let dir = Self.directory + "/constructs"
        let text = try FileSystem.read(dir + "/" + file).get()
        let golden = file.hasSuffix("-crlf.yml") ? "fusuma.expected.toml" : file.split(separator: ".")[0] + ".expected.toml"
        let expected = try FileSystem.read(dir + "/" + golden).get()
        let imported = try Self.convert(tool, text, file: file.replacingAll("-crlf", with: ""))
        #expect(imported.toml == expected)
        let loaded = testLoader().load(text: imported.toml, file: "\(tool).toml")
        if case .failure(let e) = loaded { Issue.record("\(e)") }
    }

    /// fusuma's author binds every swipe and pinch again with Alt, Shift,
    /// Meta or Ctrl held (the keypress plugin): every layer is kept, as a
    /// binding with `modifiers`, and with Alt held the Alt layer is the one
    /// that acts.
    @Test func fusumaLayersAreAllKept() throws {
        let text = try FileSystem.read(Self.directory + "/constructs/fusuma-layers.yml").get()
        let imported = try FusumaImporter.convert(text, file: "fusuma-layers.yml")
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        let layers = loaded.table.allBindings.filter { $0.modifiers != nil }
        #expect(layers.count == 13)
        #expect(Set(layers.compactMap(\.modifiers)) == [.alt, .shift, .super, .ctrl, [.alt, .super]])
        #expect(loaded.table.allBindings.count == 19)
        #expect(imported.notImported.map(\.reason.description) == ["no equivalent: keypress CAPSLOCK (only Shift, Ctrl, Alt and Meta/Super make layers)"])
        for name in ["swipe-left-3-alt", "swipe-left-3-shift", "swipe-left-3-super", "swipe-left-3-ctrl", "pinch-2-alt",
                     "pinch-2-shift", "rotate-2-ctrl", "swipe-up-3-alt-super", "swipe-down-3-super"] {
            #expect(loaded.table.allBindings.contains { $0.name == name }, "\(name)")
        }
    }

    /// The meanings checked against each tool's own code.
    @Test func meaningsAreTheTools() throws {
        let dir = Self.directory + "/constructs"
        let lg = try FileSystem.read(dir + "/libinput-gestures.expected.toml").get()
        // _internal ws_up is the next workspace (libinput-gestures' own default config).
        #expect(lg.contains("name = \"swipe-up-3\"\ngesture = \"swipe(fingers: 3, direction: .up)\"\ndevice = \"touchpad\"\non-ended = \"workspace next\""))
        // Without a finger count: 3 and 4.
        #expect(lg.contains("name = \"swipe-up-4\""))
        // No shell there: each word quoted, so #, $, | and && stay literal.
        #expect(lg.contains("exec notify-send 'zoom #SCALE#' '$HOME|x' '&&' y"))
        let te = try FileSystem.read(dir + "/touchegg.expected.toml").get()
        #expect(te.contains("on-ended = \"window fullscreen\""))
        #expect(te.contains("on-ended = \"key ctrl+a\""))   // <keys>A</keys> types a, not Shift+A
        #expect(te.contains("CHANGE_DESKTOP auto"))
        // The shells' animated gestures: the switch is named in every touchegg import.
        #expect(te.contains("# a desktop shell that animates gestures through touchegg's D-Bus protocol")
            && te.contains("add touchegg-protocol = true under [settings]"))
        let fu = try FileSystem.read(dir + "/fusuma.expected.toml").get()
        #expect(fu.contains("on-began = \"exec xdotool mousedown 1\"") && fu.contains("on-ended = \"exec xdotool mouseup 1\""))
        #expect(fu.contains("on-began = \"workspace next\""))
        #expect(fu.contains("class = \"Google-chrome\""))
        // rotate … update: with interval: a step of 15° × interval (fusuma's 0.1 × interval s at a usual pace).
        #expect(fu.contains("on-step = { every = 7.5, increase = \"key XF86AudioRaiseVolume\", decrease = \"key XF86AudioLowerVolume\" }"))
    }

    /// Touchégg 1.x (actions with their settings as text): converted as
    /// Touchégg 1.1.1 reads it, not refused and never an import of nothing.
    @Test func toucheggOneIsConvertedAsItReadsIt() throws {
        let text = try FileSystem.read(Self.directory + "/constructs/touchegg-1.conf").get()
        let imported = try ToucheggImporter.convert(text, file: "touchegg-1.conf")
        let toml = imported.toml
        #expect(imported.summary == "touchegg: 23 gestures read, 22 bindings written, 1 not imported (1 no equivalent)")
        // SEND_KEYS presses by keycode without Shift: Control+W is ctrl+w.
        #expect(toml.contains("gesture = \"swipe(fingers: 3, direction: .right)\"\non-began = \"key ctrl+w\""))
        // Actions run at the end unless when="AT_START".
        #expect(toml.contains("gesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"key ctrl+alt+Right\""))
        #expect(toml.contains("on-ended = \"workspace next\"") && toml.contains("CHANGE_DESKTOP wraps around there"))
        // QProcess splits the command itself, no shell: $HOME and # stay literal.
        #expect(toml.contains("on-ended = \"exec notify-send 'two words' '$HOME' '#1'\""))
        // An out-of-range button is button 1 there; DRAG ALL is a swipe in any direction.
        #expect(toml.contains("on-began = \"button 1\"") && toml.contains("gesture = \"swipe(fingers: 5)\""))
        // Rotations LEFT and RIGHT become one rotate stepping both ways.
        #expect(toml.contains("on-step = { every = 90, increase = \"key ctrl+r\", decrease = \"key ctrl+l\" }"))
        // SCROLL follows the fingers: wheel clicks on the drag's axis.
        #expect(toml.contains("name = \"scroll-2\"\ngesture = \"drag(fingers: 2)\"\non-step = { every = 15, increase = \"button 4\", decrease = \"button 5\" }"))
        // Bound per direction, each stays its own binding (the names differ, the gestures too).
        #expect(toml.contains("name = \"scroll-up-2\"\ngesture = \"swipe(fingers: 2, direction: .up)\"\non-step = { every = 15, increase = \"button 4\", decrease = \"button 5\" }"))
        #expect(toml.contains("name = \"scroll-down-2\"\ngesture = \"swipe(fingers: 2, direction: .down)\"\non-step = { every = 15, increase = \"button 5\", decrease = \"button 4\" }"))
        // MOVE_WINDOW and RESIZE_WINDOW: the window follows the drag.
        #expect(toml.contains("name = \"move-window-3\"\ngesture = \"drag(fingers: 3)\"\non-began = \"window move\""))
        #expect(toml.contains("name = \"resize-window-4\"\ngesture = \"drag(fingers: 4)\"\non-began = \"window resize\""))
    }

    /// GNOME's X11 Gestures extension's `GNOME_SHELL` gestures: forwarded to
    /// it over Touchégg's protocol (the setting on, no binding), as touchegg
    /// left them to it.
    @Test func gnomeShellGesturesAreForwardedToTheShell() throws {
        let text = try FileSystem.read(Self.directory + "/constructs/touchegg-gnome-shell.conf").get()
        let imported = try ToucheggImporter.convert(text, file: "t.conf")
        #expect(imported.summary == "touchegg: 7 gestures read, 2 bindings written, 2 forwarded to the desktop shell (touchegg-protocol), "
            + "2 not imported (2 no equivalent)")
        // Spreading is the pinch OUT's own keys, pinching the IN's, whatever their decreaseKeys say.
        #expect(imported.toml.contains("on-step = { every = 0.15, increase = \"key ctrl+equal\", decrease = \"key ctrl+minus\" }"))
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        #expect(loaded.table.settings.toucheggProtocol)
        #expect(loaded.table.desktop.filter { !$0.yields }.map(\.name) == ["swipe-left-3", "pinch-3"])
    }

    /// What libyaml reads, fusuma reads (Psych wraps libyaml): a plain
    /// scalar with a colon, anchors and aliases, flow collections over lines.
    @Test func fusumaFilesPsychReads() throws {
        let text = """
            swipe:
              3:
                left: &overview
                  command: hyprctl dispatch overview:close
                right: *overview
                up: { command: 'xdotool key super',
                      interval: 1 }
            """
        let imported = try FusumaImporter.convert(text, file: "c.yml")
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        #expect(loaded.table.allBindings.map(\.name) == ["swipe-left-3", "swipe-right-3", "swipe-up-3"])
        #expect(imported.toml.contains("exec hyprctl dispatch overview:close"))
        #expect(imported.notImported.isEmpty)
    }

    /// fusuma runs a finger count's begin/update/end hooks and its
    /// directions' commands: both are kept, the drag beside the swipes.
    @Test func fusumaHooksBesideDirectionsAreBothKept() throws {
        let text = """
            swipe:
              3:
                begin:
                  command: xdotool keydown alt
                end:
                  command: xdotool keyup alt
                left:
                  command: xdotool key Tab
                right:
                  command: xdotool key shift+Tab
            """
        let imported = try FusumaImporter.convert(text, file: "c.yml")
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        #expect(loaded.table.allBindings.map(\.name) == ["drag-3", "swipe-left-3", "swipe-right-3"])
        #expect(loaded.table.allBindings.map(\.priority) == [.simultaneous, .normal, .normal])
        #expect(imported.notImported.isEmpty)
        #expect(imported.gesturesRead == 3 && imported.bindingsWritten == 3)
    }

    /// A direction that holds only keypress layers (the next issue's
    /// modifiers) writes no binding: one doing nothing would take the
    /// gesture from the user's other bindings. A bare value, which fusuma's
    /// searcher passes over, is said and the file is read.
    @Test func fusumaDirectionsWithNoActionOfTheirOwnWriteNothing() throws {
        let text = """
            swipe:
              3:
                up:
                  keypress:
                    LEFTALT:
                      command: xdotool key super
                down: 'xdotool key ctrl+w'
                left:
                  command: xdotool key alt+Right
            pinch:
              2:
                in:
                  keypress:
                    LEFTCTRL:
                      command: xdotool key ctrl+minus
            """
        let imported = try FusumaImporter.convert(text, file: "c.yml")
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        // The plain bindings that only held layers are not written; their
        // layers are (modifier layers, issue 35).
        #expect(loaded.table.allBindings.map(\.name) == ["swipe-up-3-alt", "swipe-left-3", "pinch-2-ctrl"])
        #expect(loaded.table.allBindings.map(\.modifiers) == [.alt, nil, .ctrl])
        #expect(!imported.toml.contains("[[bind]]\nname = \"swipe-up-3\"\n"))
        let reasons = imported.notImported.map { "\($0.line): \($0.reason)" }
        #expect(reasons.contains("3: no action of its own: swipe 3 up (only what is listed as not imported)"))
        #expect(reasons.contains("7: no action: swipe 3 down is a bare value, which fusuma ignores"))
        #expect(reasons.contains("11: no action of its own: pinch 2 (only what is listed as not imported)"))
        #expect(reasons.count == 3)
    }

    /// Touchégg 1.x drags that follow the fingers, with our pointer actions.
    @Test(arguments: [
        ("DRAG_AND_DROP", "", "ALL", "[[bind]]\nname = \"drag-and-drop-3\"\ngesture = \"swipe(fingers: 3)\"\non-began = [\"buttondown 1\", \"move\"]\non-changed = \"move\"\non-ended = \"buttonup 1\""),
        // Touchégg 1.x moved and resized the window itself: so do these, through EWMH.
        ("MOVE_WINDOW", "", "UP", "[[bind]]\nname = \"move-window-up-3\"\ngesture = \"swipe(fingers: 3, direction: .up)\"\non-began = \"window move\""),
        ("MOVE_WINDOW", "", "ALL", "[[bind]]\nname = \"move-window-3\"\ngesture = \"drag(fingers: 3)\"\non-began = \"window move\""),
        ("RESIZE_WINDOW", "", "ALL", "[[bind]]\nname = \"resize-window-3\"\ngesture = \"drag(fingers: 3)\"\non-began = \"window resize\""),
        ("SCROLL", "SPEED=7:INVERTED=false", "ALL", "[[bind]]\nname = \"scroll-3\"\ngesture = \"drag(fingers: 3)\"\non-step = { every = 15, increase = \"button 4\", decrease = \"button 5\" }"),
        // Per direction: a swipe of that way stepping along it, further is increase.
        ("SCROLL", "SPEED=7:INVERTED=true", "LEFT", "[[bind]]\nname = \"scroll-left-3\"\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-step = { every = 15, increase = \"button 7\", decrease = \"button 6\" }"),
        ("SCROLL", "SPEED=7:INVERTED=false", "DOWN", "[[bind]]\nname = \"scroll-down-3\"\ngesture = \"swipe(fingers: 3, direction: .down)\"\non-step = { every = 15, increase = \"button 5\", decrease = \"button 4\" }"),
    ])
    func toucheggOneFollowingDrags(action: String, settings: String, direction: String, binding: String) throws {
        let text = """
            <touchegg><settings><property name="composed_gestures_time">0</property></settings>
            <application name="All"><gesture type="DRAG" fingers="3" direction="\(direction)">
            <action type="\(action)">\(settings)</action></gesture></application></touchegg>
            """
        let imported = try ToucheggImporter.convert(text, file: "t.conf")
        #expect(imported.toml.contains(binding), "\(imported.toml)")
        #expect(imported.notImported.isEmpty)
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        #expect(loaded.table.allBindings.count == 1)
    }

    /// Aliases can stand for more nodes than a file could hold: refused, placed.
    @Test func yamlAliasExpansionIsBounded() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...6 { text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        do {
            _ = try FusumaImporter.convert(text, file: "bomb.yml")
            Issue.record("converted")
        } catch {
            #expect(error.description.hasPrefix("bomb.yml:5:") && error.description.hasSuffix("YAML: more than 100000 nodes, aliases expanded"))
        }
    }

    /// Hostile input: deep nesting is an error, not a stack overflow; text
    /// copied into a comment can never become config.
    @Test func hostileInput() throws {
        let deep = String(repeating: "<a>", count: 30_000) + String(repeating: "</a>", count: 30_000)
        do {
            _ = try ToucheggImporter.convert(deep, file: "deep.conf")
            Issue.record("converted")
        } catch {
            #expect(error.description == "deep.conf:1:193: XML: elements nested deeper than 64 levels")
        }
        for (text, place) in [(String(repeating: "- ", count: 30_000) + "x", "1:129"),
                              (String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000), "1:65")] {
            do {
                _ = try FusumaImporter.convert(text, file: "deep.yml")
                Issue.record("converted")
            } catch {
                #expect(error.description == "deep.yml:\(place): YAML: nested deeper than 64 levels")
            }
        }
        let dir = Self.directory + "/constructs"
        let imported = try ToucheggImporter.convert(try FileSystem.read(dir + "/touchegg.conf").get(), file: "touchegg.conf")
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        // The source has 7 gestures, 3 of them mappable; the crafted <keys> made none.
        #expect(loaded.table.allBindings.map(\.name).sorted() == ["swipe-right-3", "swipe-up-4", "tap-3"])
        #expect(!imported.toml.contains("\nname = \"not-in-the-source\""))
        #expect(ImportedConfig.commentSafe("a\nb\r\nc\u{2028}d\u{0}e") == "a b  c d e")
    }

    @Test func summaryCountsWhatWasReadWrittenAndSkipped() throws {
        let dir = Self.directory + "/constructs"
        let imported = try LibinputGesturesImporter.convert(try FileSystem.read(dir + "/libinput-gestures.conf").get(), file: "l.conf")
        #expect(imported.summary == "libinput-gestures: 13 gestures read, 7 bindings written, 8 not imported (1 bad option, "
            + "2 unbalanced quotes, 1 unknown motion, 1 unknown gesture type, 1 no command, 1 no equivalent, 1 unknown keyword)")
    }

    /// libinput-gestures' commands, split as Python's shlex splits them, are
    /// quoted so that /bin/sh hands the program the same words.
    @Test(arguments: [
        ("notify-send \"zoom #SCALE#\" $HOME|x && y", ["notify-send", "zoom #SCALE#", "$HOME|x", "&&", "y"],
         "notify-send 'zoom #SCALE#' '$HOME|x' '&&' y"),
        ("echo 'it'\\''s' \"a\\\"b\" c\\ d", ["echo", "it's", "a\"b", "c d"], "echo 'it'\\''s' 'a\"b' 'c d'"),
        ("~/bin/zoom --in", ["~/bin/zoom", "--in"], "\"$HOME\"/bin/zoom --in"),
        ("$HOME/x $(y)", ["$HOME/x", "$(y)"], "\"$HOME/x\" '$(y)'"),
    ])
    func commandsKeepTheirWords(line: String, words: [String], command: String) {
        #expect(ShellWords.shlex(line) == words)
        #expect(ShellQuoting.command(words, expandFirst: true) == command)
    }
}
