import GestureActions
import Testing

/// A keymap for tests: two names and one the desktop lacks.
struct TestKeymap: NamedActions {
    var keymapName: String { "test" }
    var names: [String] { ["workspace-next", "overview", "show-desktop"] }
    func chords(for name: String) -> [KeyChord]? {
        switch name {
        case "workspace-next": return [try! ActionParser.parseChord("ctrl+alt+Right").get()]
        case "overview": return [try! ActionParser.parseChord("super+s").get()]
        case "show-desktop": return []
        default: return nil
        }
    }
}

@Suite struct ActionParserTests {
    @Test func keysymsResolveLikeXStringToKeysym() throws {
        #expect(Keysym.named("Page_Down")?.value == 0xff56)
        #expect(Keysym.named("plus")?.value == 0x2b)
        #expect(Keysym.named("XF86AudioRaiseVolume")?.value == 0x1008ff13)
        #expect(Keysym.named("a")?.value == 0x61 && Keysym.named("A")?.value == 0x41)
        // A unique case-insensitive match is accepted and canonicalized.
        #expect(Keysym.named("page_down")?.name == "Page_Down")
        #expect(Keysym.named("MENU")?.name == "Menu")
        // Two keysyms differ only in case (AE, ae): no guess.
        #expect(Keysym.named("Ae") == nil)
        #expect(Keysym.named("ctrl") == nil)
        #expect(Keysym.count > 2000)
    }

    @Test(arguments: [
        ("key ctrl+alt+Right", "key ctrl+alt+Right"),
        ("key super+Page_Down", "key super+Page_Down"),
        ("key XF86AudioRaiseVolume", "key XF86AudioRaiseVolume"),
        ("key Ctrl+Shift+t", "key ctrl+shift+t"),
        ("key ctrl+plus ctrl+minus", "key ctrl+plus ctrl+minus"),
        ("key  alt+Tab   alt+Tab", "key alt+Tab alt+Tab"),
        ("key super", "key Super_L"),
        ("key workspace-next", "key ctrl+alt+Right"),
        ("key overview alt+F4", "key super+s alt+F4"),
        ("key show-desktop", "none"),
        ("keydown alt", "keydown alt"),
        ("keyup alt", "keyup alt"),
        ("keydown ctrl+shift", "keydown ctrl+shift"),
        ("button 8", "button 8"),
        ("exec rofi -show window", "exec rofi -show window"),
        ("exec notify-send \"a  b\"", "exec notify-send \"a  b\""),
        ("none", "none"),
    ])
    func validActions(_ text: String, _ canonical: String) throws {
        let a = try ActionParser.parse(text, keymap: TestKeymap()).get()
        #expect(a.description == canonical)
    }

    @Test(arguments: [
        ("kye ctrl+a", 0, 3, "unknown action 'kye' (did you mean 'key'?); expected key, keydown, keyup, button, buttondown, buttonup, move, exec, workspace, show-desktop, window or none"),
        ("key", 0, 3, "'key' needs a chord, e.g. key ctrl+alt+Right"),
        ("key ctrl+alt+Rihgt", 13, 5, "unknown keysym 'Rihgt'; did you mean 'Right'?"),
        ("key ctrl++", 9, 1, "empty key in chord 'ctrl++'; write 'plus' for the + key"),
        ("key ctlr+a", 4, 4, "'ctlr' is not a modifier; modifiers are ctrl, alt, shift, super, altgr, hyper, meta, and the key comes last"),
        ("key ctrl+ctrl+a", 9, 4, "'ctrl' twice in chord 'ctrl+ctrl+a'"),
        ("key workspace-nxt", 4, 13, "keymap 'test' has no 'workspace-nxt' (did you mean 'workspace-next'?)"),
        ("keydown alt+Tab ctrl", 8, 12, "'keydown' takes one chord, e.g. keydown alt"),
        ("button", 0, 6, "'button' takes one button number 1-255, e.g. button 8 (back), button 3 here (at the touch point)"),
        ("button 0", 7, 1, "'button' takes one button number 1-255, e.g. button 8 (back), button 3 here (at the touch point)"),
        ("button two", 7, 3, "'button' takes one button number 1-255, e.g. button 8 (back), button 3 here (at the touch point)"),
        ("exec", 0, 4, "'exec' needs a command, e.g. exec rofi -show window"),
        ("none at all", 5, 6, "'none' takes nothing after it"),
    ])
    func brokenActions(_ text: String, _ offset: Int, _ length: Int, _ message: String) {
        guard case .failure(let e) = ActionParser.parse(text, keymap: TestKeymap()) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(e == ActionError(offset: offset, length: length, message: message))
    }

    @Test func keymapNamesNeedAKeymap() {
        guard case .failure(let e) = ActionParser.parse("key workspace-next", keymap: nil) else {
            Issue.record("parsed")
            return
        }
        #expect(e.message == "'workspace-next' is a keymap name, but keymap is \"none\"; write the chord, e.g. ctrl+alt+Right")
    }

    @Test func chordKeysymsInPressOrder() throws {
        let c = try ActionParser.parseChord("ctrl+alt+Delete").get()
        #expect(c.keysyms.map(\.name) == ["Control_L", "Alt_L", "Delete"])
    }

    @Test func suggestionsAreNearest() {
        #expect(Suggest.closest(to: "fingres", in: ["fingers", "from", "count"]) == ["fingers"])
        #expect(Suggest.closest(to: "zzzzzz", in: ["fingers", "from"]).isEmpty)
    }

    /// Edit distance with swaps, case ignored, within the budget (1 to 3 by length).
    @Test(arguments: [
        ("Retrun", ["Return", "Right"], ["Return"]),                   // a swap is one edit
        ("RETURN", ["Return"], ["Return"]),                           // case ignored
        ("Pgae_Dwon", ["Page_Down", "Page_Up"], ["Page_Down"]),       // two swaps
        ("supr", ["super", "Super_L", "Shift"], ["super"]),
        ("ab", ["ba", "abc", "b"], ["abc", "b", "ba"]),               // all at distance 1, sorted
        ("XF86AudioRaiseVolum", ["XF86AudioRaiseVolume", "XF86AudioLowerVolume"], ["XF86AudioRaiseVolume"]),
        ("qqqqqqqq", ["Return", "Page_Down"], []),                    // beyond the budget
        ("", ["a"], ["a"]),
    ])
    func distanceTable(word: String, candidates: [String], expected: [String]) {
        #expect(Suggest.closest(to: word, in: candidates, limit: 3) == expected)
    }
}
