import GestureConfig
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files that decide which commands run must be ours alone, as ssh insists.
@Suite(.serialized) struct PermissionTests {
    let dir = "/tmp/gesture-bridge-perms-\(getpid())"

    func file(_ name: String, mode: mode_t, dirMode: mode_t = 0o700) -> String {
        let path = dir + "/" + name
        _ = FileSystem.write("keymap = \"none\"\n[[bind]]\ngesture = \"tap()\"\non-ended = \"exec true\"\n", to: path)
        chmod(dir, dirMode)
        chmod(path, mode)
        return path
    }

    @Test func aPrivateConfigLoads() throws {
        _ = try testLoader().load(path: file("ok.toml", mode: 0o600)).get()
        _ = try testLoader().load(path: file("readable.toml", mode: 0o644)).get()
    }

    @Test func aConfigOfOursInAStickyDirectoryLoads() throws {
        // /tmp is 1777: others can write there, but not replace our file.
        let path = "/tmp/gesture-bridge-sticky-\(getpid()).toml"
        _ = FileSystem.write("keymap = \"none\"\n", to: path)
        chmod(path, 0o644)
        defer { unlink(path) }
        _ = try testLoader().load(path: path).get()
    }

    @Test func aWorldWritableConfigIsRefused() {
        let path = file("open.toml", mode: 0o666)
        guard case .failure(let e) = testLoader().load(path: path) else { Issue.record("loaded"); return }
        #expect(e.description == "\(path):1:1: file \(path) is writable by every user (mode 0666); not taking actions from it. Fix: chmod o-w \(path)")
    }

    @Test func aConfigInAWorldWritableDirectoryIsRefused() {
        let path = file("indir.toml", mode: 0o600, dirMode: 0o777)
        defer { chmod(dir, 0o700) }
        guard case .failure(let e) = testLoader().load(path: path) else { Issue.record("loaded"); return }
        #expect(e.description.contains("directory \(dir) is writable by every user (mode 0777)"))
    }

    @Test func aGroupWritableConfigOfAnotherGroupIsRefused() {
        let path = file("group.toml", mode: 0o660)
        chown(path, getuid(), getgid() == 0 ? 4 : 0)   // a group that is not ours
        guard case .failure(let e) = testLoader().load(path: path) else { Issue.record("loaded"); return }
        #expect(e.description.contains("is writable by group"))
    }

    @Test func aWorldWritableKeymapIsRefused() {
        let kdir = dir + "/keymaps"
        _ = FileSystem.write("[actions]\nworkspace-next = \"ctrl+alt+Right\"\n", to: kdir + "/mine.toml")
        chmod(kdir, 0o700)
        chmod(kdir + "/mine.toml", 0o666)
        guard case .failure(let e)? = KeymapStore(directories: [kdir]).load("mine") else { Issue.record("loaded"); return }
        #expect(e.description.contains("is writable by every user"))
    }
}
