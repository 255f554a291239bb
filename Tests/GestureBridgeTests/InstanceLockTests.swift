import GestureSystem
import GestureBridge
import GestureConfig
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) final class InstanceLockTests {
    let dir = "/tmp/gesture-bridge-lock-test-\(getpid())"
    // Swift Testing makes an instance per test: each leaves nothing behind.
    deinit { for suffix in ["", "-open", "-theirs", "-link"] { removeTree(dir + suffix) } }

    @Test func oneLockPerDisplay() throws {
        _ = FileSystem.write("", to: dir + "/.keep")
        chmod(dir, 0o700)
        let first = try InstanceLock(display: ":42", environment: ["XDG_RUNTIME_DIR": dir])
        #expect(first.path == dir + "/gesture-bridge-_42.lock")
        #expect(throws: InstanceLock.Failure.self) { try InstanceLock(display: ":42", environment: ["XDG_RUNTIME_DIR": dir]) }
        _ = try InstanceLock(display: ":43", environment: ["XDG_RUNTIME_DIR": dir])   // another display is fine
    }

    @Test func aRuntimeDirectoryOthersCanWriteIsRefused() {
        let open = dir + "-open"
        _ = FileSystem.write("", to: open + "/.keep")
        chmod(open, 0o777)
        do {
            _ = try InstanceLock(display: ":44", environment: ["XDG_RUNTIME_DIR": open])
            Issue.record("took a lock in a world-writable directory")
        } catch {
            #expect("\(error)" == "\(open) is not a private directory of this user (it must be 0700 and ours); not using it")
        }
    }

    /// Another user can neither plant the lock's directory (theirs, or a
    /// symlink to theirs) nor take the lock in ours.
    @Test(arguments: ["another user's", "a symlink"])
    func aRuntimeDirectoryNotOursIsRefused(kind: String) throws {
        let theirs = dir + "-theirs"
        _ = FileSystem.write("", to: theirs + "/.keep")
        chmod(theirs, 0o700)
        var runtime = theirs
        if kind == "a symlink" {
            runtime = dir + "-link"
            unlink(runtime)
            symlink(theirs, runtime)
        } else {
            guard getuid() == 0 else { return }   // making a directory another's needs root
            chown(theirs, 65534, 65534)
        }
        defer { chown(theirs, getuid(), getgid()) }
        do {
            _ = try InstanceLock(display: ":45", environment: ["XDG_RUNTIME_DIR": runtime])
            Issue.record("took a lock in \(kind) directory")
        } catch {
            #expect("\(error)" == "\(runtime) is not a private directory of this user (it must be 0700 and ours); not using it")
        }
    }
}
