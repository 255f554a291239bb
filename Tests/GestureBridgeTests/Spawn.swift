#if canImport(Glibc)
import Glibc
#endif
import XTestSupport

/// Runs a program with `posix_spawn` (a cleared signal mask; Foundation's
/// Process hangs under Swift Testing here) and collects its output.
struct Spawned {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Spawn {
    /// The built `gesture-bridge`, next to the test bundle.
    static var gestureBridge: String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        var dir = String(decoding: buf[0..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // …/.build/debug/gesture-bridgePackageTests.xctest (a file, or …/Contents/… on other layouts)
        while !dir.isEmpty, access(dir + "/gesture-bridge", X_OK) != 0 {
            guard let slash = dir.lastIndex(of: "/") else { break }
            dir = String(dir[..<slash])
        }
        return dir + "/gesture-bridge"
    }

    /// The built daemon, which `gesture-bridge run` execs: beside it.
    static var daemon: String { gestureBridge + "-daemon" }

    static func run(_ path: String, _ args: [String], environment: [String: String]) -> Spawned {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        pipe(&outPipe)
        pipe(&errPipe)
        let spawned = ChildProcess.spawn(path, args, environment: environment, stdout: .descriptor(outPipe[1]),
                                         stderr: .descriptor(errPipe[1]), closing: [outPipe[0], errPipe[0]])
        close(outPipe[1])
        close(errPipe[1])
        guard case .success(let pid) = spawned else {
            close(outPipe[0]); close(errPipe[0])
            return Spawned(status: -1, stdout: "", stderr: "cannot start \(path)")
        }
        var out: [UInt8] = [], err: [UInt8] = []
        var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            // Bounded: a hung child fails the test. 300 s, not 30: under
            // ThreadSanitizer on a loaded machine `tune` scoring its everyday
            // negatives printed nothing for over 30 s and its output was lost.
            guard poll(&fds, 2, 300_000) > 0 else { break }
            for k in 0..<2 where fds[k].fd >= 0 && fds[k].revents != 0 {
                let n = read(fds[k].fd, &chunk, chunk.count)
                if n > 0 {
                    if k == 0 { out += chunk[0..<n] } else { err += chunk[0..<n] }
                } else {
                    close(fds[k].fd)
                    fds[k].fd = -1
                    open -= 1
                }
            }
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Spawned(status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
