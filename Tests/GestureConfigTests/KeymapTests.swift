import GestureSystem
import GestureActions
@testable import GestureConfig
import Testing

@Suite struct KeymapTests {
    static let names = ["cinnamon", "generic", "gnome", "i3", "kde", "mate", "openbox", "xfce"]

    @Test(arguments: names)
    func everyKeymapFileLoadsWithTheWholeVocabulary(_ name: String) throws {
        let store = KeymapStore(directories: [keymapsDirectory], useBuiltIn: false)
        let k = try #require(store.load(name)).get()
        #expect(k.origin == keymapsDirectory + "/\(name).toml")
        for word in Keymap.vocabulary {
            #expect(k.chords(for: word) != nil, "\(name) lacks \(word)")
        }
        // The built-in copy is the same file.
        let builtIn = try #require(KeymapStore(directories: []).load(name)).get()
        #expect(builtIn.names == k.names)
        for n in k.names { #expect(builtIn.text(for: n) == k.text(for: n)) }
        // Detection reads a built-in's words from the table generated with
        // the texts, not from parsing: the table says what the file says.
        #expect(EmbeddedKeymaps.matches.first { $0.name == name }?.words == k.match)
        for word in k.match {
            let env = ["XDG_CURRENT_DESKTOP": word]
            #expect(KeymapStore(directories: []).detect(environment: env).name == store.detect(environment: env).name)
        }
    }

    @Test func theStandardKeymapsAreThere() {
        #expect(KeymapStore(directories: [keymapsDirectory], useBuiltIn: false).available().map(\.name) == Self.names)
    }

    @Test(arguments: [
        ("GNOME", "gnome"), ("ubuntu:GNOME", "gnome"), ("KDE", "kde"), ("XFCE", "xfce"), ("X-Cinnamon", "cinnamon"),
        ("MATE", "mate"), ("i3", "i3"), ("LXQt", "openbox"), ("Unity:Unity7:ubuntu", "gnome"),
    ])
    func detectsTheDesktop(_ xdg: String, _ expected: String) {
        let store = KeymapStore(directories: [])
        #expect(store.detect(environment: ["XDG_CURRENT_DESKTOP": xdg]).name == expected)
    }

    @Test func desktopSessionWhenXdgIsSilent() {
        let store = KeymapStore(directories: [])
        #expect(store.detect(environment: ["DESKTOP_SESSION": "/usr/share/xsessions/xfce"]).name == "xfce")
        #expect(store.detect(environment: [:]).name == nil)
    }

    /// With no desktop in the environment, the window manager's EWMH name decides.
    @Test(arguments: [
        ("GNOME Shell", "gnome"), ("Mutter", "gnome"), ("KWin", "kde"), ("Xfwm4", "xfce"), ("Mutter (Muffin)", "cinnamon"),
        ("Marco", "mate"), ("i3", "i3"), ("Openbox", "openbox"), ("Fluxbox", nil),
    ])
    func theWindowManagerWhenTheEnvironmentIsSilent(_ wm: String, _ expected: String?) {
        let store = KeymapStore(directories: [])
        let found = store.detect(environment: [:], windowManager: wm)
        #expect(found.name == expected)
        #expect(found.desktop == "window manager \(wm)")
    }

    @Test func theEnvironmentWinsOverTheWindowManager() {
        let store = KeymapStore(directories: [])
        #expect(store.detect(environment: ["XDG_CURRENT_DESKTOP": "XFCE"], windowManager: "KWin").name == "xfce")
    }

    @Test func userKeymapsOverrideBuiltIns() throws {
        let dir = "/tmp/gesture-bridge-test-keymaps-\(getpid())"
        defer { removeTree(dir); removeTree(dir + "-cfg") }
        _ = FileSystem.write("desktop = \"Mine\"\nmatch = [\"gnome\"]\n[actions]\nworkspace-next = \"super+n\"\n", to: dir + "/gnome.toml")
        let store = KeymapStore.standard(environment: ["XDG_CONFIG_HOME": "/tmp/gesture-bridge-test-keymaps-\(getpid())-cfg",
                                                       "XDG_DATA_DIRS": "/nonexistent"], executableDirectory: nil)
        var s = store
        s.directories.insert(dir, at: 0)
        let k = try #require(s.load("gnome")).get()
        #expect(k.desktop == "Mine" && k.text(for: "workspace-next") == "super+n")
        #expect(s.available().first { $0.name == "gnome" }?.origin == dir + "/gnome.toml")
        #expect(s.available().first { $0.name == "kde" }?.origin == "built in")
    }

    @Test func brokenKeymapsArePositioned() {
        let dir = "/tmp/gesture-bridge-test-broken-\(getpid())"
        defer { removeTree(dir) }
        _ = FileSystem.write("[actions]\nworkspace-next = \"super+Pgae_Down\"\n", to: dir + "/mine.toml")
        guard case .failure(let e)? = KeymapStore(directories: [dir]).load("mine") else {
            Issue.record("loaded")
            return
        }
        #expect(e.diagnostics[0].description.firstLine
            == "\(dir)/mine.toml:2:25: unknown keysym 'Pgae_Down'; did you mean 'Page_Down'?")
    }
}

#if canImport(Glibc)
import Glibc
#endif
