@testable import GestureTools
import GestureSystem
#if canImport(Glibc)
import Glibc
#endif
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

/// `replay` of a recorded swipe: the binding it fires, switched off, fires nothing, and replay says it is off.
@Suite struct ReplayBindingOffTests {
    @Test func aBindingSwitchedOffNeverFires() throws {
        let root = repositoryRoot
        let config = try #require(try? FileSystem.read(root + "/Tests/Replay/everyday.toml").get())
        let off = config.replacingOccurrences("priority = \"high\"\non-ended = \"key workspace-next\"",
                                              "priority = \"high\"\nenabled = false\non-ended = \"key workspace-next\"")
        #expect(off != config)
        let path = "/tmp/gesture-bridge-replay-off-\(getpid()).toml"
        defer { unlink(path) }
        let trace = root + "/Tests/Traces/touchscreen-swipe-left-3.jsonl"
        let env = ["HOME": "/nonexistent", "XDG_CURRENT_DESKTOP": "GNOME"]
        _ = FileSystem.write(config, to: path)
        let on = Spawn.run(Spawn.gestureBridge, ["replay", "--config", path, trace], environment: env)
        #expect(on.status == 0 && on.stdout.contains("workspace-next"), "\(on.stdout)\(on.stderr)")
        _ = FileSystem.write(off, to: path)
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--config", path, trace], environment: env)
        #expect(r.status == 0)
        #expect(!r.stdout.contains("workspace-next"), "\(r.stdout)")
        #expect(r.stderr.contains("workspace-next: off (enabled = false, line 6), scope: desktop; not run"), "\(r.stderr)")
    }
}
