#if canImport(Glibc)
import Glibc
#endif
import CGtk

/// `gesture-bridge` and other programs run from the app through GLib
/// (g_spawn), never blocking the window: their output is read from the main
/// loop and handed over when they exit.
@MainActor enum Subprocess {
    struct Finished {
        var status: Int32
        var output: String
    }

    /// `gesture-bridge` beside this executable (a build tree, an install), else on PATH.
    static var gestureBridge: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let me = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = me.lastIndex(of: "/") {
                let beside = String(me[..<slash]) + "/gesture-bridge"
                if access(beside, X_OK) == 0 { return beside }
            }
        }
        return "gesture-bridge"
    }

    /// Runs `argv` (looked up on PATH), its stdout and stderr together read
    /// into `output`; `done` gets its exit status (-1: it could not start).
    /// Returns its pid (to signal it), 0 when it did not start.
    @discardableResult
    static func run(_ argv: [String], done: @escaping @MainActor (Finished) -> Void) -> GPid {
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: GPid = 0
        var out: Int32 = -1
        var error: UnsafeMutablePointer<GError>? = nil
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue
                                    | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        let ok = g_spawn_async_with_pipes(nil, &cArgs, nil, flags, nil, nil, &pid, nil, &out, nil, &error)
        guard ok != 0 else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "could not start"
            g_error_free(error)
            done(Finished(status: -1, output: "\(argv[0]): \(why)"))
            return 0
        }
        let reader = Reader()
        watch(fd: out, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)) { _ in
            var chunk = [UInt8](repeating: 0, count: 8192)
            let n = read(out, &chunk, chunk.count)
            if n > 0 { reader.bytes += chunk[0..<n]; return true }
            if n < 0 && errno == EINTR { return true }
            close(out)
            reader.closed = true
            reader.finishIfDone(done)
            return false
        }
        childWatch(pid) { status in
            reader.status = status
            reader.finishIfDone(done)
        }
        return pid
    }

    /// Starts `argv` and lets it run on its own (the daemon): GLib reaps it.
    static func start(_ argv: [String]) -> String? {
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var error: UnsafeMutablePointer<GError>? = nil
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue
                                    | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        guard g_spawn_async(nil, &cArgs, nil, flags, nil, nil, nil, &error) != 0 else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "could not start"
            g_error_free(error)
            return why
        }
        return nil
    }

    private final class Reader {
        var bytes: [UInt8] = []
        var closed = false
        var status: Int32? = nil
        var reported = false

        @MainActor func finishIfDone(_ done: @MainActor (Finished) -> Void) {
            guard closed, let status, !reported else { return }
            reported = true
            done(Finished(status: status, output: String(decoding: bytes, as: UTF8.self)))
        }
    }

    private final class ExitBox {
        let f: @MainActor (Int32) -> Void
        init(_ f: @escaping @MainActor (Int32) -> Void) { self.f = f }
    }

    /// `f` gets the child's exit status (its code, or 128 + the signal).
    private static func childWatch(_ pid: GPid, _ f: @escaping @MainActor (Int32) -> Void) {
        let box = Unmanaged.passRetained(ExitBox(f)).toOpaque()
        g_child_watch_add_full(G_PRIORITY_DEFAULT, pid, { pid, wait, data in
            let f = Unmanaged<ExitBox>.fromOpaque(data!).takeUnretainedValue().f
            g_spawn_close_pid(pid)
            let status: Int32 = (wait & 0x7f) == 0 ? (wait >> 8) & 0xff : 128 + (wait & 0x7f)
            MainActor.assumeIsolated { f(status) }
        }, box, { data in Unmanaged<ExitBox>.fromOpaque(data!).release() })
    }
}
