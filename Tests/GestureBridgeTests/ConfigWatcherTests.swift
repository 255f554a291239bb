@testable import GestureBridge
import GestureSystem
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The config's directory made while the daemon runs: by `init`, by an
/// editor, by `mkdir -p` racing the daemon's look.
@Suite struct ConfigWatcherTests {
    @Test func aDirectoryMadeBetweenLookingAndWatchingIsStillSeen() {
        // The fresh machine's CI run lost exactly this: `cfg` and
        // `cfg/gesture-bridge` appeared after the daemon found the directory
        // missing and before it watched `cfg`'s parent, so no event ever came.
        let root = DaemonProcess.newDirectory() + "-watch"
        defer { removeTree(root) }
        mkdir(root, 0o700)
        var made = false
        let watcher = ConfigWatcher(path: root + "/cfg/gesture-bridge/config.toml") {
            guard !made else { return }
            made = true
            mkdir(root + "/cfg", 0o700)
            mkdir(root + "/cfg/gesture-bridge", 0o700)
        }
        _ = FileSystem.write("keymap = \"none\"\n", to: root + "/cfg/gesture-bridge/config.toml")
        #expect(made)
        #expect(watcher.readChanged())
    }

    @Test func theFileWrittenAfterTheDirectoryIsSeen() {
        let root = DaemonProcess.newDirectory() + "-watch"
        defer { removeTree(root) }
        mkdir(root, 0o700)
        let watcher = ConfigWatcher(path: root + "/cfg/gesture-bridge/config.toml")
        #expect(!watcher.readChanged())
        mkdir(root + "/cfg", 0o700)
        _ = watcher.readChanged()
        mkdir(root + "/cfg/gesture-bridge", 0o700)
        _ = watcher.readChanged()
        _ = FileSystem.write("keymap = \"none\"\n", to: root + "/cfg/gesture-bridge/config.toml")
        #expect(watcher.readChanged())
        // Nothing more happened: nothing more to read.
        #expect(!watcher.readChanged())
    }
}
