#if canImport(Glibc)
import Glibc
#endif
import GestureConfig

/// inotify on the config file's directory, so editors that save by renaming
/// a new file over the old one (and deleting, recreating) are seen too.
public final class ConfigWatcher {
    public let fd: Int32
    public let directory: String
    public let file: String
    private var watch: Int32 = -1
    /// While the directory does not exist: a watch on its parent, for its creation.
    private var parentWatch: Int32 = -1

    /// Called between finding the directory missing and watching an
    /// ancestor: tests make the directory there, the moment a `mkdir -p`
    /// racing the daemon would.
    let betweenLookAndWatch: () -> Void

    public convenience init(path: String) { self.init(path: path, betweenLookAndWatch: {}) }

    init(path: String, betweenLookAndWatch: @escaping () -> Void) {
        self.betweenLookAndWatch = betweenLookAndWatch
        let slash = path.lastIndex(of: "/")
        directory = slash.map { String(path[..<$0]) } ?? "."
        file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        rewatch()
    }

    deinit { close(fd) }

    /// (Re)adds the watch. The directory may not exist yet (before `init`):
    /// then its nearest existing ancestor is watched until it appears. Called
    /// at start and when the watches' events say so, never per wakeup: each
    /// removed watch queues an event, and one removed per wakeup kept the
    /// daemon busy while the directory did not exist.
    func rewatch() {
        while true {
            if watch < 0 { watch = inotify_add_watch(fd, directory, Self.directoryMask) }
            if watch >= 0 {
                if parentWatch >= 0 { inotify_rm_watch(fd, parentWatch) }
                parentWatch = -1
                return
            }
            betweenLookAndWatch()
            guard let (ancestor, next) = watchNearestAncestor() else { return }
            // `mkdir -p` may have made the next directory on the way between
            // looking and adding the watch: its creation was before the watch
            // and no event will say so. Look again until the nearest existing
            // ancestor is the one watched.
            if access(ancestor + "/" + next, F_OK) != 0 { return }
        }
    }

    /// Watches the nearest existing ancestor of `directory` for creations;
    /// returns it and the name of its child on the way to `directory`.
    private func watchNearestAncestor() -> (String, String)? {
        var ancestor = directory
        while let slash = ancestor.lastIndex(of: "/"), slash != ancestor.startIndex {
            let next = String(ancestor[ancestor.index(after: slash)...])
            ancestor = String(ancestor[..<slash])
            // The same ancestor again gives the same watch back: nothing is removed.
            let w = inotify_add_watch(fd, ancestor, UInt32(IN_CREATE | IN_MOVED_TO))
            guard w >= 0 else { continue }
            if parentWatch >= 0 && parentWatch != w { inotify_rm_watch(fd, parentWatch) }
            parentWatch = w
            return (ancestor, next)
        }
        return nil
    }

    private static let directoryMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB
                                              | IN_MOVED_FROM)

    /// True if an event concerned the config file.
    public func readChanged() -> Bool {
        var changed = false
        var buf = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var off = 0
            while off + MemoryLayout<inotify_event>.size <= n {
                let (len, name, wd) = buf.withUnsafeBytes { raw -> (Int, String, Int32) in
                    let ev = raw.load(fromByteOffset: off, as: inotify_event.self)
                    let nameStart = off + MemoryLayout<inotify_event>.size
                    let bytes = raw[nameStart..<min(n, nameStart + Int(ev.len))].prefix { $0 != 0 }
                    if ev.mask & UInt32(IN_IGNORED) != 0 { return (Int(ev.len), "\u{0}ignored", ev.wd) }
                    return (Int(ev.len), String(decoding: bytes, as: UTF8.self), ev.wd)
                }
                if name == "\u{0}ignored" {
                    // The directory went away (or was replaced): watch for it again.
                    if wd == watch {
                        watch = -1
                        rewatch()
                    }
                } else if wd == parentWatch && parentWatch >= 0 {
                    // Something appeared on the way to the directory: look again.
                    rewatch()
                    if watch >= 0 { changed = true }
                } else if name == file || name == StrokesFile.name {
                    // The shapes beside the config load with it (StrokesFile).
                    changed = true
                }
                off += MemoryLayout<inotify_event>.size + len
            }
        }
        return changed
    }
}
