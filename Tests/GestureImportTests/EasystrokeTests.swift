@testable import GestureImport
import GestureSystem
import Testing

/// easystroke's actions file is a Boost text archive: readable, and read as
/// easystroke's own `ActionDB::load` reads it. The fixture
/// (Tests/Import/easystroke/actions-0.5.6; its golden is `imported.toml`,
/// not `*.expected.toml`, until the `stroke` kind it binds loads) is written for these
/// tests in the layout of real files (six from public dotfiles, Boost
/// library versions 9 to 17, all read to their end: docs/config.md).
@Suite struct EasystrokeTests {
    static let fixture = repositoryDirectory("Tests/Import/easystroke/actions-0.5.6")

    @Test func fixtureGivesItsGolden() throws {
        let text = try FileSystem.read(Self.fixture).get()
        let imported = try EasystrokeImporter.convert(text, file: "actions-0.5.6")
        let expected = try FileSystem.read(repositoryDirectory("Tests/Import/easystroke/imported.toml")).get()
        #expect(imported.config.toml == expected)
        #expect(imported.config.summary == "easystroke: 6 gestures read, 5 bindings written, 1 not imported (1 no shape)")
        // The shapes to teach: each gesture's strokes, in easystroke's unit square.
        #expect(imported.shapes.map(\.name) == ["next tab", "close", "paste"])
        #expect(imported.shapes[0].strokes.count == 1)
        #expect(imported.shapes[0].strokes[0].map(\.x) == [0, 0.5, 1] && imported.shapes[0].strokes[0].map(\.y) == [0, 0.25, 1])
    }

    /// What each action becomes: a command as exec (xdotool key as keys), a
    /// key by its keysym's name with GDK's modifiers, a button with the
    /// modifiers held around it; an application's change and deletion.
    @Test func meaningsAreEasystrokes() throws {
        let imported = try EasystrokeImporter.convert(try FileSystem.read(Self.fixture).get(), file: "a")
        let toml = imported.config.toml
        #expect(toml.contains("name = \"next-tab\"\ngesture = \"stroke(\\\"next tab\\\")\"\non-ended = \"key ctrl+Tab\""))
        #expect(toml.contains("on-ended = \"key ctrl+w\""))   // keysym 0x77 with GDK_CONTROL_MASK
        #expect(toml.contains("on-ended = [\"keydown shift\", \"button 2\", \"keyup shift\"]"))
        #expect(toml.contains("[[app]]\nclass = \"firefox\"\n\n# easystroke line 18: 'next tab', 1 stroke drawn; its shape is learned from them (teach)\n[[app.bind]]\nname = \"next-tab\"\ngesture = \"stroke(\\\"next tab\\\")\"\non-ended = \"key ctrl+Page_Down\""))
        #expect(toml.contains("# easystroke: 'close' is deleted in firefox\n[[app.bind]]\nname = \"close\"\ngesture = \"stroke(\\\"close\\\")\"\non-ended = \"none\""))
        #expect(imported.config.notImported.map(\.reason) == ["no shape: easystroke gesture 'type' is a click of mouse button 1, not a drawn stroke"])
    }

    @Test(arguments: [
        (EasystrokeImporter.Action.text("hi"), "no equivalent: a text to type (no action types text; exec xdotool type would)"),
        (.scroll(modifiers: 0), "no equivalent: Scroll (scrolling while the pointer moves)"),
        (.ignore(modifiers: 4), "no equivalent: Ignore (modifiers held while the mouse clicks through)"),
        (.misc(2), "no equivalent: Show/Hide (easystroke's own window)"),
        (.key(keysym: 0x0123_4567, modifiers: 0), "unknown key: keysym 0x1234567 has no name gesture-bridge knows"),
    ])
    func actionsWithoutEquivalentAreSaid(action: EasystrokeImporter.Action, reason: String) {
        guard case .failure(let skip) = EasystrokeImporter.actions(action) else {
            Issue.record("converted")
            return
        }
        #expect(skip.message == reason)
    }

    @Test(arguments: [
        (EasystrokeImporter.Action.key(keysym: 0xff56, modifiers: 8 | 1), ["key alt+shift+Next"]),
        (.key(keysym: 0x61, modifiers: 1 << 26), ["key super+a"]),
        (.command("notify-send 'a b' | cat"), ["exec notify-send 'a b' | cat"]),
        (.button(8, modifiers: 0), ["button 8"]),
        (.misc(0), ["none"]),
    ])
    func actionsAreConverted(action: EasystrokeImporter.Action, ours: [String]) throws {
        #expect(try EasystrokeImporter.actions(action).get() == ours)
    }

    /// Not an actions file, or one cut short or changed: refused with the
    /// place and what was expected there.
    @Test(arguments: [
        ("22 serialization::archive 10 0 1 0 1 0 0", "a:1:30: easystroke actions: an easystroke 0.4 file (format 1): not read; easystroke 0.5 or later converts it to actions-0.5.6 when it starts"),
        ("[actions]\nname=x", "a:1:1: easystroke actions: not a Boost text archive: expected '22 serialization::archive', found '[actions]'"),
        ("\u{16}\0\0\0\0\0\0\0serialization::archive", "a:1:1: easystroke actions: a Boost binary archive: not read (easystroke writes text archives; this was made by something else)"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 900 1 0 1 0 0",
         "a:4:7: easystroke actions: 900 items in vector<Point>: more than the file could hold"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 1 1 0 1 0 0 0 0 0 0 0 1 14 5 Macro 1 0\n3",
         "a:4:31: easystroke actions: unknown action class 'Macro' (easystroke saves Command, SendKey, SendText, Scroll, Ignore, Button and Misc)"),
        ("22 serialization::archive 10 0 3 0 1 0 0 0 0 0 0 1 0 0 0 5 1 0\n0 0 1 1 0\n1 0 0 1 1 0 1 10 1 5\n2 0 0 1 1 0 1 0 0 0 0 0",
         "a:4:24: easystroke actions: expected the stroke's modifiers, found the end of the file"),
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
}
