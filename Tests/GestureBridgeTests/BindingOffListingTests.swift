import GestureBridge
import GestureConfig
import Testing

/// `check` and `replay` say which bindings are switched off.
@Suite struct BindingOffListingTests {
    @Test func checkListsABindingSwitchedOff() throws {
        let text = "keymap = \"generic\"\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"button 1\"\n\n"
            + "[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\nenabled = false\non-ended = \"button 3\"\n"
        let loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
        let c = try loader.load(text: text, file: "c.toml").get()
        let listing = BindingListing.text(c, label: "c.toml")
        #expect(listing.hasPrefix("c.toml: OK, 1 binding, 1 switched off\n"))
        #expect(listing.hasSuffix("\nb: off (enabled = false, line 7), scope: desktop; not run"))
        #expect(BindingListing.offLines(c) == ["b: off (enabled = false, line 7), scope: desktop; not run"])
    }
}
