import GestureSystem
import GestureConfig
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files that decide which commands run must be ours alone, as ssh insists.
@Suite(.serialized) final class PermissionTests {
    let dir = "/tmp/gesture-bridge-perms-\(getpid())"
    // Swift Testing makes an instance per test: each leaves nothing behind.
    deinit { removeTree(dir) }

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
        defer { removeTree(path) }
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

    /// Only regular files of a sane size are read: a FIFO would block the
    /// daemon's one thread, a device or a huge file would fill its memory.
    @Test(arguments: ["fifo", "device", "huge", "directory"])
    func aConfigThatIsNotASmallRegularFileIsRefused(kind: String) {
        let path = dir + "/special-\(kind).toml"
        _ = FileSystem.write("", to: dir + "/.keep")
        chmod(dir, 0o700)
        unlink(path); rmdir(path)
        let expected: String
        switch kind {
        case "fifo":
            mkfifo(path, 0o600)
            expected = "not a regular file"
        case "device":
            symlink("/dev/null", path)   // root's, 0666: refused before it is opened
            expected = "is writable by every user"
        case "directory":
            mkdir(path, 0o700)
            expected = "not a regular file"
        default:
            _ = FileSystem.write("keymap = \"none\"\n" + String(repeating: "# padding\n", count: 110_000), to: path)
            chmod(path, 0o600)
            expected = "larger than 1024 KiB; not a config file"
        }
        guard case .failure(let e) = testLoader().load(path: path) else { Issue.record("loaded"); return }
        #expect(e.description.contains(expected), "\(e.description)")
        #expect(e.description.hasPrefix(path + ":1:1: "))
    }

    @Test func aKeymapThatIsAFIFOIsRefused() {
        let kdir = dir + "/fifo-keymaps"
        _ = FileSystem.write("", to: kdir + "/.keep")
        chmod(kdir, 0o700)
        mkfifo(kdir + "/mine.toml", 0o600)
        guard case .failure(let e)? = KeymapStore(directories: [kdir]).load("mine") else { Issue.record("loaded"); return }
        #expect(e.description.contains("cannot read keymap: \(kdir)/mine.toml: not a regular file"))
    }
}
