import Foundation
import GestureConfig
import Testing

/// The lossless TOML editor, byte for byte, in the edits its three users
/// make: `tune --write` (`[settings]` keys with `# was …`, a table appended),
/// `strokes.toml`'s writer (a shape's threshold and templates in place, a
/// shape added or removed) and the settings app's model (bindings, scopes,
/// settings and devices: PlacementTests' cases). Each case also runs on the
/// same text with CRLF line breaks and gives the same text with CRLF (the
/// lines it writes, a value over several lines included, use the file's).
@Suite struct TOMLTextEditorTests {
    typealias Edit = @Sendable (TOMLTextEditor) -> [TOMLTextEditor.Replacement]

    static let settings = "version = 1\n\n[settings]\nslop = \"4mm\"\nswipe-distance = \"80px\"\n\n[[bind]]\nname = \"x\"\n"

    /// StrokesFileUpdateTests' text and what `StrokesFile.updating` makes of it.
    static let strokes = StrokesFileUpdateTests.text
    static let vw = ["[\"v w\"]", "threshold = 0.90", "templates = [\n  [0, 0, 10, 20],\n]"]
    static let strokesAdded = StrokesFileUpdateTests.added

    static let onlyAnApp = "version = 1\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n"
    static let newBinding = ["gesture = \"swipe(fingers: 3, direction: .left)\"", "on-ended = \"workspace next\""]
    static let twoBindings = "# About the file.\n\n# About a.\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"none\"\n# below a\n\n[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\non-ended = \"none\"\n"
    static let commentedOut = "[settings]\n# tap-timeout = \"400ms\"  # longest tap\n# slop = \"18px\"\n\n[[bind]]\ngesture = \"tap()\"\non-ended = \"none\"\n"

    static let cases: [(name: String, text: String, edit: Edit, expected: String)] = [
        // tune --write
        ("tune: a key in place with its comment, a new one after the header", settings, { e in
            let t = e.table("settings")!
            return [e.set("swipe-distance", "\"56px\"", comment: "was 80px", in: t, newAt: .first),
                    e.set("finger-landing", "\"300ms\"", in: t, newAt: .first)]
        }, "version = 1\n\n[settings]\nfinger-landing = \"300ms\"\nslop = \"4mm\"\nswipe-distance = \"56px\"   # was 80px\n\n[[bind]]\nname = \"x\"\n"),
        ("tune: no [settings], the table appended", "version = 1\n", { e in
            [e.appendTable(["[settings]", "slop = \"20px\""])]
        }, "version = 1\n\n[settings]\nslop = \"20px\"\n"),
        ("tune: the comment after a value replaced", "[settings]\nslop = \"4mm\"  # mine\nhold-time = \"1s\"\n", { e in
            [e.set("slop", "\"3mm\"", comment: "was 4mm", in: e.table("settings")!)]
        }, "[settings]\nslop = \"3mm\"   # was 4mm\nhold-time = \"1s\"\n"),
        ("tune: new keys after the header in the order given", "[settings]\nslop = \"4mm\"\n", { e in
            let t = e.table("settings")!
            return [e.set("a", "1", in: t, newAt: .first), e.set("b", "2", in: t, newAt: .first)]
        }, "[settings]\na = 1\nb = 2\nslop = \"4mm\"\n"),

        // strokes.toml
        ("strokes: templates and threshold in place", strokes, { e in
            let t = e.table("L")!
            return [e.set("templates", "[\n  [0, 0, 0, 100, 60, 100],\n  [0, 0, 1, 80, 50, 82.3],\n]", in: t),
                    e.set("threshold", "0.86", in: t, newAt: .first)]
        }, StrokesFileUpdateTests.inPlace),
        ("strokes: a shape appended", strokes, { e in [e.appendTable(vw)] }, strokesAdded),
        ("strokes: a removed shape takes its comment along", strokesAdded, { e in [e.removeTable(e.table("check mark")!)] },
         StrokesFileUpdateTests.removed),
        ("strokes: a threshold added after the header, another removed", strokesAdded, { e in
            [e.set("threshold", "0.75", in: e.table("check mark")!, newAt: .first),
             e.removeKey(e.table("v w")!.members.first { $0.key == "threshold" }!)]
        }, strokesAdded.replacingOccurrences(of: "[\"check mark\"]\n", with: "[\"check mark\"]\nthreshold = 0.75\n")
            .replacingOccurrences(of: "threshold = 0.90\n", with: "")),

        // The settings app's model
        ("settings: the first desktop binding before the first application", onlyAnApp, { e in
            [e.insertTable(["[[bind]]"] + newBinding, before: e.table("app#0")!)]
        }, "version = 1\n\n[[bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n"),
        ("settings: an application's first binding after it", onlyAnApp, { e in
            [e.insertTable(["[[app.bind]]"] + newBinding, after: e.table("app#0")!)]
        }, onlyAnApp + "\n[[app.bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n"),
        ("settings: [settings] made before the first table", onlyAnApp, { e in
            [e.insertTable(["[settings]", "slop = \"12px\""], before: e.table("app#0")!)]
        }, "version = 1\n\n[settings]\nslop = \"12px\"\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n"),
        ("settings: a key after its commented-out line", commentedOut, { e in
            let t = e.table("settings")!
            return [e.set("tap-timeout", "\"300ms\"", in: t, newAt: .after(line: e.commentedOutKey("tap-timeout", in: t)!))]
        }, commentedOut.replacingOccurrences(of: "# longest tap\n", with: "# longest tap\ntap-timeout = \"300ms\"\n")),
        ("settings: an empty file's first table", "", { e in [e.appendTable(["[[bind]]"] + newBinding)] },
         "[[bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n"),
        ("settings: a deleted table takes the comments directly above it", twoBindings, { e in
            [e.removeTable(e.table("bind#0")!)]
        }, "# About the file.\n\n# below a\n\n[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\non-ended = \"none\"\n"),
        ("settings: the last table deleted with the blank line above it", twoBindings, { e in
            [e.removeTable(e.table("bind#1")!)]
        }, "# About the file.\n\n# About a.\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"none\"\n# below a\n"),
        ("settings: a key after the last, a value in place, a key's line removed", twoBindings, { e in
            let a = e.table("bind#0")!, b = e.table("bind#1")!
            return [e.set("enabled", "false", in: a), e.set("gesture", "\"hold()\"", in: b),
                    e.removeKey(b.members.first { $0.key == "name" }!)]
        }, "# About the file.\n\n# About a.\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"none\"\nenabled = false\n# below a\n\n[[bind]]\ngesture = \"hold()\"\non-ended = \"none\"\n"),
        ("settings: a form's keys before the next key and in place of a removed one",
         "[[bind]]\ngesture = \"tap()\"  # a tap\non-ended = \"none\"\npriority = \"high\"\n", { e in
            let t = e.table("bind#0")!, key = { (k: String) in t.members.first { $0.key == k }! }
            return [e.removeKey(key("on-ended")), e.insertKey("on-began", "\"none\"", in: t, at: .after(line: key("on-ended").line)),
                    e.insertKey("name", "\"n\"", in: t, at: .before(line: key("gesture").line)),
                    e.setValue(of: key("priority"), to: "\"low\"")]
        }, "[[bind]]\nname = \"n\"\ngesture = \"tap()\"  # a tap\non-began = \"none\"\npriority = \"low\"\n"),
        ("settings: a scope and its bindings removed at once", "version = 1\n\n[[app]]\nclass = \"a\"\n\n# its binding\n[[app.bind]]\ngesture = \"tap()\"\non-ended = \"none\"\n", { e in
            [e.removeTable(e.table("app#0")!), e.removeTable(e.table("app#0.bind#0")!)]
        }, "version = 1\n\n"),   // the blocks (with the blank line each takes) merged; the blank above the scope stays
        ("settings: a device's key added then one of another removed", "[[device]]\nmatch = \"touchpad\"\n\n[[device]]\nmatch = \"usb:1:2\"\nslop = \"3mm\"\n", { e in
            [e.set("slop", "\"4mm\"", in: e.table("device#0")!), e.removeKey(e.table("device#1")!.members.last!)]
        }, "[[device]]\nmatch = \"touchpad\"\nslop = \"4mm\"\n\n[[device]]\nmatch = \"usb:1:2\"\n"),
    ]

    @Test(arguments: cases.map(\.name))
    func editGivesItsText(_ name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let editor = try #require(TOMLTextEditor(c.text))
        #expect(editor.applying(c.edit(editor)) == c.expected)
        // CRLF in, CRLF out: no bare LF written (a text with no line break yet gets LF).
        guard c.text.contains("\n") else { return }
        let crlf = try #require(TOMLTextEditor(c.text.replacingOccurrences(of: "\n", with: "\r\n")))
        let out = crlf.applying(c.edit(crlf))
        #expect(out == c.expected.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(!out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    /// A text without a final line break keeps having none: a key removed
    /// from its end takes the break before it; one added there goes after one.
    static let unterminated: [(name: String, text: String, edit: Edit, expected: String)] = [
        ("the last key removed", "[settings]\nslop = \"1px\"\nedge-width = \"2px\"", { e in
            [e.removeKey(e.table("settings")!.members.last!)]
        }, "[settings]\nslop = \"1px\""),
        ("a key added after the last", "[settings]\nslop = \"1px\"", { e in
            [e.set("edge-width", "\"2px\"", in: e.table("settings")!)]
        }, "[settings]\nslop = \"1px\"\nedge-width = \"2px\""),
        ("a key added after a header on the last line", "version = 1\n[settings]", { e in
            [e.set("slop", "\"1px\"", in: e.table("settings")!, newAt: .first)]
        }, "version = 1\n[settings]\nslop = \"1px\""),
        ("a table appended", "version = 1", { e in [e.appendTable(["[settings]", "slop = \"1px\""])] },
         "version = 1\n\n[settings]\nslop = \"1px\""),
        ("the last table removed", "version = 1\n\n[settings]\nslop = \"1px\"", { e in [e.removeTable(e.table("settings")!)] },
         "version = 1\n"),
    ]

    @Test(arguments: unterminated.map(\.name))
    func aTextWithoutAFinalLineBreak(_ name: String) throws {
        let c = Self.unterminated.first { $0.name == name }!
        let editor = try #require(TOMLTextEditor(c.text))
        #expect(editor.applying(c.edit(editor)) == c.expected)
    }

    @Test func readingTheText() throws {
        let e = try #require(TOMLTextEditor(Self.twoBindings))
        let b = try #require(e.table("bind#1"))
        #expect(e.text(of: e.span(of: b)) == "[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\non-ended = \"none\"\n")
        #expect(e.text(of: b.members[1].value.bytes) == "\"tap(fingers: 2)\"")
        #expect(e.lineBreak == "\n")
        #expect(TOMLTextEditor("a = 1\r\nb = 2\r\n")?.lineBreak == "\r\n")
        let c = try #require(TOMLTextEditor(Self.commentedOut))
        #expect(c.commentedOutKey("slop", in: c.table("settings")!) == 3)
        #expect(c.commentedOutKey("edge-width", in: c.table("settings")!) == nil)
        // Not TOML: nothing to edit.
        #expect(TOMLTextEditor("[[bind]\n") == nil)
        // No replacement: the text as it was.
        #expect(e.applying([]) == Self.twoBindings)
    }
}
