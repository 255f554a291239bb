import GestureActions
import GestureConfig
import GestureCore
@testable import GestureImport
import GestureSystem
import Testing

/// An easystroke folder of Tests/Import/easystroke: its actions file, with
/// its preferences when it has some, imported as `import easystroke` does.
func importEasystroke(_ folder: String) throws -> EasystrokeImporter.Imported {
    try importEasystroke(folder, in: repositoryDirectory("Tests/Import/easystroke"))
}

/// The same, from `folder` under `parent` (the real files live outside the repository).
func importEasystroke(_ folder: String, in parent: String) throws -> EasystrokeImporter.Imported {
    let dir = parent + "/" + folder
    let text = try FileSystem.read(dir + "/actions-0.5.6").get()
    let prefsPath = dir + "/" + EasystrokeImporter.preferencesName
    let prefs = FileSystem.exists(prefsPath) ? (try FileSystem.read(prefsPath).get(), prefsPath) : nil
    return try EasystrokeImporter.convert(text, file: folder + "/actions-0.5.6", preferences: prefs)
}

/// easystroke's actions file is a Boost text archive, read as easystroke's
/// own `ActionDB::load` reads it. The synthetic fixtures (made by
/// Tests/Import/easystroke/make-fixtures.py) hold what the real files
/// (EasystrokeRealFilesTests) do not: every action class, old class
/// versions, extra buttons, modifiers, nested groups, exceptions.
@Suite struct EasystrokeTests {
    /// The config and shapes written for each synthetic file are its goldens.
    @Test(arguments: ["synthetic", "old"])
    func syntheticFilesGiveTheirGoldens(_ folder: String) throws {
        let imported = try importEasystroke(folder)
        let dir = repositoryDirectory("Tests/Import/easystroke/" + folder)
        #expect(imported.config.toml == (try FileSystem.read(dir + "/config.expected.toml").get()))
        #expect(StrokesFile.text(imported.shapes) == (try FileSystem.read(dir + "/strokes.expected.toml").get()))
    }

    /// The newest layout: each gesture's button is the preferences' (3),
    /// or the extra button it was drawn with (8); modifiers held are a layer.
    @Test func strokesKeepTheirButtonAndModifiers() throws {
        let imported = try importEasystroke("synthetic")
        #expect(imported.preferences.button == 3 && imported.preferences.state == 0)
        let desktop = imported.config.bindings.map { "\($0.gesture) \($0.modifiers ?? "any")" }
        #expect(desktop == ["stroke(\"back\", button: 3) none", "stroke(\"terminal\", button: 3) none",
                            "stroke(\"run 'it'\", button: 8) any", "stroke(\"ctrl zed\", button: 3) ctrl",
                            "stroke(\"held\", button: 3) none"])
        // Two strokes drawn for "terminal": two templates of one shape, in px.
        let terminal = try #require(imported.shapes["terminal"])
        #expect(terminal.templates.count == 2)
        #expect(terminal.templates[0].map(\.x) == [0, 50, 100, 150, 200] && terminal.templates[0].map(\.y) == [0, 100, 200, 100, 0])
        // Saved 0.9 high from the top, centred as easystroke's stroke_finish centres it when it loads.
        #expect(terminal.templates[1].map { ($0.y * 1000).rounded() / 1000 } == [10, 100, 190, 100, 10])
        #expect(imported.config.summary == "easystroke: 14 gestures read, 18 bindings written, 5 not imported (4 no equivalent, 1 no shape)")
    }

    /// Old class versions: Point 0 keeps each point's place along the path
    /// (read, not needed: easystroke computes it again), Stroke 3 no
    /// modifiers, StrokeInfo 0 no name, SendKey 0 its xtest flag,
    /// ActionListDiff 0 no order; preferences of version 10 list the
    /// applications left alone as names.
    @Test func oldClassVersionsAreRead() throws {
        let imported = try importEasystroke("old")
        #expect(imported.libraryVersion == 5)
        let first = try #require(imported.root.added.first)
        #expect(first.name == "" && first.strokes[0].times == [0, 0.25, 0.5, 0.75, 1])
        #expect(first.strokes[0].modifiers == EasystrokeArchive.anyModifier)
        #expect(first.action == .key(keysym: 0x77, keycode: 25, modifiers: 4))
        #expect(imported.preferences == EasystrokeArchive.Preferences(button: 1, state: 1 << 15, exceptions: [("xterm", nil)]))
        #expect(imported.config.bindings.map(\.gesture) == ["stroke(\"gesture 1\", button: 1)", "stroke(\"gesture 2\", button: 1)"])
        #expect(imported.config.bindings.allSatisfy { $0.modifiers == nil })
    }

    /// Groups and applications: what an application inherits from its
    /// groups and changes itself, against Default; a deletion anywhere above
    /// it is `none` there; a group with no application under it is said.
    @Test func groupsAndApplicationsBecomeScopes() throws {
        let imported = try importEasystroke("synthetic")
        func scope(_ glob: String) -> [String] {
            imported.config.apps.first { $0.classGlob == glob }?.bindings.map { "\($0.gesture) \($0.phases[0].actions.joined(separator: "; "))" } ?? []
        }
        #expect(imported.config.apps.map(\.classGlob) == ["Navigator", "chromium[*]", "Blender"])
        #expect(scope("Navigator") == ["stroke(\"back\", button: 3) key ctrl+Page_Up",
                                       "stroke(\"terminal (Navigator)\", button: 3) key ctrl+alt+t",
                                       "stroke(\"terminal\", button: 3) none",
                                       "stroke(\"new tab\", button: 3) key ctrl+t",
                                       "stroke(\"ctrl zed\", button: 3) none"])
        #expect(scope("chromium[*]") == ["stroke(\"new tab\", button: 3) key ctrl+t", "stroke(\"back\", button: 3) none",
                                         "stroke(\"ctrl zed\", button: 3) none"])
        // Blender: left alone by easystroke (its preferences), so every desktop binding does nothing there.
        #expect(scope("Blender").count == imported.config.bindings.count && scope("Blender").allSatisfy { $0.hasSuffix(" none") })
        #expect(imported.config.notes.map(\.description).contains("easystroke group 'empty group' (line 358): its 1 gestures apply only to the applications under it, and it has none: not imported"))
        #expect(imported.config.notes.map(\.description).contains("easystroke draws with button 8 in inkscape (its preferences): not imported; its gestures there are bound with the gesture button, 3"))
    }

    /// Each action class as ours: a command as exec (`xdotool key` as
    /// keys), a key by its keysym's name with GDK's modifiers, a button with
    /// the modifiers held around it, Misc None as none.
    @Test(arguments: [
        (EasystrokeArchive.Action.command("notify-send 'a b' | cat"), ["exec notify-send 'a b' | cat"]),
        (.command("xdotool key ctrl+alt+t"), ["key ctrl+alt+t"]),
        (.command("  firefox --new-window  "), ["exec firefox --new-window"]),
        (.button(8, modifiers: 0), ["button 8"]),
        (.button(2, modifiers: 1 | 4), ["keydown ctrl+shift", "button 2", "keyup ctrl+shift"]),
        (.misc(0), ["none"]),
    ])
    func actionsAreConverted(action: EasystrokeArchive.Action, ours: [String]) throws {
        #expect(try EasystrokeImporter.actions(action).get().actions == ours)
        for text in ours { #expect(throws: Never.self) { try ActionParser.parse(text, keymap: nil).get() } }
    }

    /// SendKey: the keysym's X name and GDK's modifier mask as our chord's
    /// modifier names (Caps Lock and Num Lock are no key to press), read by
    /// every keymap the project has as that very chord (a key name is never
    /// taken for a keymap's action).
    @Test(arguments: [
        (0x77, 4, "ctrl+w"), (0xff56, 8 | 1, "alt+shift+Page_Down"), (0xff55, 4, "ctrl+Page_Up"),
        (0x61, 1 << 26, "super+a"), (0xff53, 0x4000004, "ctrl+super+Right"), (0x71, 64, "super+q"),
        (0xffc9, 0, "F12"), (0x20ac, 128, "altgr+EuroSign"), (0x74, 4 | 2 | 16, "ctrl+t"),
        (0x1008ff13, 0, "XF86AudioRaiseVolume"), (0x7a, 1 << 27 | 1 << 28, "hyper+meta+z"), (0, 4 | 8, "ctrl+alt"),
    ] as [(UInt32, UInt32, String)])
    func sendKeyIsTheChordEveryKeymapReads(keysym: UInt32, mask: UInt32, chord: String) throws {
        let converted = try EasystrokeImporter.actions(.key(keysym: keysym, keycode: 0, modifiers: mask)).get()
        #expect(converted.actions == ["key " + chord])
        let store = KeymapStore(directories: [])
        let names = store.available().map(\.name)
        #expect(names.count >= 8)
        for name in names {
            let keymap = try #require(store.load(name)).get()
            guard case .key(let chords) = try ActionParser.parse(converted.actions[0], keymap: keymap).get() else {
                Issue.record("\(name): not a key")
                continue
            }
            // The keys pressed: each modifier's, then the key's (a chord of
            // modifiers alone presses each, the last as its key).
            let modifiers = chord.split(separator: "+").dropLast(keysym == 0 ? 0 : 1).map { Modifier(rawValue: String($0))!.keysym.value }
            #expect(chords.count == 1 && chords[0].keysyms.map(\.value) == modifiers + (keysym == 0 ? [] : [keysym]), "\(name)")
        }
    }

    /// What has no equivalent is said, with why.
    @Test(arguments: [
        (EasystrokeArchive.Action.text("hi"), "no equivalent: SendText, a text to type (no action types text; exec xdotool type would)"),
        (.scroll(modifiers: 0), "no equivalent: Scroll (after the stroke, moving the pointer scrolls)"),
        (.ignore(modifiers: 4), "no equivalent: Ignore (after the stroke, the next click goes to the application with modifiers held)"),
        (.misc(1), "no equivalent: Unminimize (easystroke restores the window it saw minimized last)"),
        (.misc(2), "no equivalent: Show/Hide (easystroke's own window)"),
        (.misc(3), "no equivalent: Disable (Enable) (easystroke's own switch)"),
        (.misc(9), "no equivalent: misc action 9 (easystroke has 0 to 3)"),
        (.key(keysym: 0x0123_4567, keycode: 0, modifiers: 0), "unknown key: keysym 0x1234567 has no name gesture-bridge knows"),
        (.key(keysym: 0, keycode: 38, modifiers: 0), "unknown key: keycode 38 without a keysym (it depends on the keyboard)"),
        (.key(keysym: 0x61, keycode: 0, modifiers: 32), "no equivalent: a key with Mod3 held (modifier mask 0x20)"),
        (.command(" "), "no command: an empty command"),
        (nil, "no action: nothing is bound"),
    ] as [(EasystrokeArchive.Action?, String)])
    func actionsWithoutEquivalentAreSaid(action: EasystrokeArchive.Action?, reason: String) {
        guard case .failure(let skip) = EasystrokeImporter.actions(action) else {
            Issue.record("converted")
            return
        }
        #expect(skip.message.description == reason)
    }

    /// A stroke's modifiers (X's mask) as a binding's layer: AnyModifier is
    /// any (no `modifiers`), none held is "none"; Lock and NumLock never
    /// count; Mod3 and Mod5 have no layer.
    @Test(arguments: [
        (UInt32(1 << 15), nil, nil), (0, "none", nil), (4, "ctrl", nil), (4 | 8 | 1 | 64, "ctrl+alt+shift+super", nil),
        (2 | 16, "none", nil), (128 | 4, nil, "Mod5"), (32, nil, "Mod3"),
    ] as [(UInt32, String?, String?)])
    func strokeModifiersAreALayer(mask: UInt32, names: String?, dropped: String?) {
        let layer = EasystrokeImporter.Layer(mask)
        #expect(layer.names == names && layer.dropped == dropped)
    }

    /// Names: a shape's holds no double quote (expression strings have no
    /// escapes); a class glob matches its application alone.
    @Test func namesAreSafe() {
        #expect(EasystrokeImporter.shapeName("say \"hi\"\n") == "say 'hi'")
        #expect(EasystrokeImporter.shapeName("") == "stroke")
        #expect(EasystrokeImporter.glob("a*b?[c]") == "a[*]b[?][[]c]")
        #expect(EasystrokeImporter.slug("Close Tab/Window") == "close-tab-window")
        #expect(EasystrokeImporter.slug("ジェスチャ 2") == "ジェスチャ-2")
    }

    /// Not an actions file, or one cut short or changed: refused with the
    /// place and what was expected there.
    @Test(arguments: [
        ("22 serialization::archive 10 0 1 0 1 0 0", "a:1:30: easystroke actions: an easystroke 0.4 file (format 1): not read; easystroke 0.5 or later converts it to actions-0.5.6 when it starts"),
        ("[actions]\nname=x", "a:1:1: easystroke actions: not a Boost text archive: expected '22 serialization::archive', found '[actions]'"),
        ("\u{16}\0\0\0\0\0\0\0serialization::archive", "a:1:1: easystroke actions: a Boost binary archive: not read (easystroke writes text archives; this was made by something else)"),
        ("22 serialization::archive 99 0 3", "a:1:27: easystroke actions: archive library version 99: not one Boost has written (3 to 30 are read; easystroke's files have 9 to 17)"),
        ("22 serialization::archive 10 0 4 0 1", "a:1:30: easystroke actions: ActionDB version 4: easystroke writes at most 3 (a newer or damaged file)"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 900 1 0 1 0 0",
         "a:4:7: easystroke actions: 900 items in vector<Point>: more than the file could hold"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 6\n2 0 0 0",
         "a:3:15: easystroke actions: Stroke version 6: easystroke writes at most 5 (a newer or damaged file)"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 1 1 0 1 nan 0",
         "a:4:15: easystroke actions: expected a point's x (a finite number), found nan"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 1 1 0 1 0 0 0 0 0 0 0 1 14 5 Macro 1 0\n3",
         "a:4:34: easystroke actions: unknown action class 'Macro' (easystroke saves Command, SendKey, SendText, Scroll, Ignore, Button and Misc)"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 1 1 0 1 0 0 0 0 0 0 0",
         "a:4:28: easystroke actions: expected shared_ptr<Action>'s version, found the end of the file"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 0 0 7 Default 0 0 0 0 0 0 0 0 0 junk",
         "a:1:82: easystroke actions: unexpected data after the action list"),
    ])
    func malformedFilesAreRefusedWhereTheyBreak(text: String, message: String) {
        do {
            _ = try EasystrokeImporter.convert(text, file: "a")
            Issue.record("converted")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Damaged preferences are said, and easystroke's defaults taken, as
    /// easystroke does; the actions are imported all the same.
    @Test func damagedPreferencesAreSaid() throws {
        let text = try FileSystem.read(repositoryDirectory("Tests/Import/easystroke/old/actions-0.5.6")).get()
        let imported = try EasystrokeImporter.convert(text, file: "a", preferences: ("22 serialization::archive 17 0 18 0 0 1 0", "p"))
        #expect(imported.config.notes.first?.description == "p:1:42: easystroke preferences: expected pair<string,RButtonInfo>'s tracking level, "
            + "found the end of the file; easystroke's own defaults taken (button 2, no modifiers), as easystroke does")
        #expect(imported.preferences == .defaults)
        #expect(imported.config.bindings.map(\.gesture) == ["stroke(\"gesture 1\", button: 2)", "stroke(\"gesture 2\", button: 2)"])
        #expect(imported.config.bindings.allSatisfy { $0.modifiers == "none" })
    }
}

/// Inputs the fuzzer (Fuzz/, target easystroke) or a test found that broke
/// the easystroke import (Tests/FuzzRegressions/easystroke-*), read as the
/// fuzz target reads them (the same text as actions and as preferences):
/// each is now a located error, or imports a config that loads with its shapes.
@Suite struct EasystrokeFuzzRegressionTests {
    static let directory = repositoryDirectory("Tests/FuzzRegressions")

    /// easystroke-negative-class-id: a class id below -1 (a garbled copy of
    /// a real file had one) was taken as an index of the classes read.
    /// easystroke-wheel-trigger: a stroke drawn with button 7 was written
    /// `stroke(…, button: 7)`, which the parser refuses (the wheel's buttons
    /// are never held); it is now said not imported.
    @Test(arguments: FileSystem.list(directory).filter { $0.hasPrefix("easystroke-") })
    func regressionsAreErrorsOrLoad(_ name: String) throws {
        let text = try FileSystem.read(Self.directory + "/" + name).get()
        let imported: EasystrokeImporter.Imported
        do {
            imported = try EasystrokeImporter.convert(text, file: name, preferences: (text, name))
        } catch {
            #expect(error.line >= 1 && error.message.hasPrefix("easystroke actions: "), "\(error)")
            return
        }
        var loader = testLoader()
        loader.strokes = try StrokesFile.parse(StrokesFile.text(imported.shapes), file: "strokes.toml").get()
        if case .failure(let e) = loader.load(text: imported.config.toml, file: "config.toml") {
            Issue.record("\(name): \(e.diagnostics.map(\.description))")
        }
    }

    @Test func aClassIdBelowMinusOneIsRefusedAtIt() {
        do {
            _ = try EasystrokeImporter.convert("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 -5 1 0", file: "a")
            Issue.record("converted")
        } catch {
            #expect(error.description == "a:1:58: easystroke actions: class id -5: expected -1 (a null pointer) to 5")
        }
    }
}
