#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
import GestureConfig
import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import Testing
import XTestSupport

/// The monitor stream (docs/monitor.md) and `gesture-bridge watch`: the
/// stream of played traces against goldens, what a live daemon streams, who
/// may read it, and a client that does not keep up.
@Suite(.serialized) struct MonitorTests {
    /// The repository: Tests/Monitor holds the config, two traces of its own, the goldens.
    static let directory = repositoryRoot

    static func config() throws -> LoadedConfig {
        try ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
            .load(path: directory + "/Tests/Monitor/monitor.toml").get()
    }

    /// A swipe that fires, one too short, a two-finger tap then a one-finger
    /// one, and two fingers held past tap-timeout.
    static let cases = [
        ("swipe", "Tests/Traces/touchscreen-swipe-left-3.jsonl"),
        ("short-swipe", "Tests/Monitor/short-swipe-left-3.jsonl"),
        ("taps", "Tests/Traces/touchscreen-taps.jsonl"),
        ("two-fingers-held", "Tests/Monitor/two-fingers-held.jsonl"),
    ]

    /// `GESTURE_BRIDGE_WRITE_GOLDENS=1` writes them instead (then read them: they are the spec).
    static func golden(_ file: String, _ actual: String) throws {
        let path = directory + "/Tests/Monitor/" + file
        if getenv("GESTURE_BRIDGE_WRITE_GOLDENS") != nil { _ = FileSystem.write(actual, to: path) }
        let expected = try FileSystem.read(path).get()
        #expect(actual == expected, "\(file) differs; the stream made:\n\(actual)")
    }

    @Test(arguments: cases)
    func theStreamOfAPlayedTraceIsItsGolden(name: String, trace: String) throws {
        let lines = MonitorFeed.lines(of: try TraceFile.read(path: Self.directory + "/" + trace), config: try Self.config())
        for l in lines { #expect((try? JSONValue.parse(Substring(l))) != nil, "not JSON: \(l)") }
        try Self.golden("\(name).stream.jsonl", lines.joined(separator: "\n") + "\n")
    }

    /// A stroke drawn with a pointer button (the engine never sees it) is one
    /// `stroke` line at its release: its button, its path in root pixels to
    /// the tenth, and the binding it fired (none: no `binding` field).
    @Test func aPointerStrokeIsOneLineWithItsPath() throws {
        var feed = MonitorFeed(names: ["back", "corner"], actions: [])
        let corner = [Point(x: 10, y: 20), Point(x: 10.26, y: 120), Point(x: 110, y: 120.04)]
        feed.stroke(device: 9, button: 3, path: corner, binding: 1, at: 1.5)
        feed.stroke(device: 9, button: 8, path: [Point(x: 0, y: 0), Point(x: -5, y: 0)], binding: nil, at: 2.25)
        let lines = feed.take()
        #expect(lines == [
            #"{"t": 1.5, "type": "stroke", "device": 9, "button": 3, "path": [[10, 20], [10.3, 120], [110, 120]], "binding": "corner"}"#,
            #"{"t": 2.25, "type": "stroke", "device": 9, "button": 8, "path": [[0, 0], [-5, 0]]}"#,
        ])
        // JSON a client reads back: the path's points as drawn.
        let first = try JSONValue.parse(Substring(lines[0]))
        let path = first["path"]?.array?.map { $0.array?.compactMap(\.number) ?? [] }
        #expect(path == [[10, 20], [10.3, 120], [110, 120]])
        #expect(first["binding"]?.string == "corner" && first["button"]?.number == 3)
    }

    /// What a person sees: `watch` in a tmux pane, fed the replayed stream.
    @Test(arguments: cases)
    func watchUnderTmux(name: String, trace: String) throws {
        let socket = "gbwatch-\(getpid())-\(name)"
        let b = Spawn.gestureBridge
        let shell = "\(b) replay --monitor --config \(Self.directory)/Tests/Monitor/monitor.toml "
            + "\(Self.directory)/\(trace) | \(b) watch --stdin; echo WATCH-DONE; sleep 60"
        let env = ["PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": "/tmp"]
        // The tmux server it starts keeps what it inherits open: no pipes to it.
        let started = ChildProcess.spawn("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80",
                                                           "-y", "24", shell], environment: env, stdout: .devNull,
                                         stderr: .devNull)
        var status: Int32 = -1
        if case .success(let pid) = started { waitpid(pid, &status, 0) }
        #expect(status == 0, "tmux new-session: \(status)")
        defer {
            if case .success(let pid) = ChildProcess.spawn("/usr/bin/tmux", ["-L", socket, "kill-server"], environment: env,
                                                           stdout: .devNull, stderr: .devNull) {
                var s: Int32 = 0
                waitpid(pid, &s, 0)
            }
        }
        var screen = ""
        let done = waitUntil(timeout: 20) {
            screen = Spawn.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p"], environment: env).stdout
            return screen.contains("WATCH-DONE")
        }
        #expect(done, "watch did not finish:\n\(screen)")
        let shown = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces.isEmpty ? "" : String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { $0 != "WATCH-DONE" }
        var text = shown.joined(separator: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        try Self.golden("\(name).watch.txt", text + "\n")
    }

    // MARK: The live daemon

    static let liveConfig = """
        version = 1
        keymap = "none"
        [[bind]]
        name = "swipe-left-3"
        gesture = "swipe(fingers: 3, direction: .left)"
        on-ended = "key F9"
        """

    /// A swipe 1.5 s into the trace: time for the client to connect first.
    static func lateSwipe() -> TraceBuilder {
        var b = TraceBuilder.standard()
        b.wait(1.5)
        b.land(3, at: Point(x: 1000, y: 500))
        b.move(by: Point(x: -300, y: 0), over: 0.2)
        b.lift()
        return b
    }

    /// Lines from a client, until one satisfies `stop` or `timeout` passes.
    static func read(_ client: MonitorClient, timeout: Double, until stop: (String) -> Bool) -> [String] {
        var lines: [String] = []
        let end = monotonic() + timeout
        while monotonic() < end {
            var p = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            guard client.hasLine || poll(&p, 1, 100) > 0 else { continue }
            guard let l = client.nextLine() else { break }
            lines.append(l)
            if stop(l) { break }
        }
        return lines
    }

    @Test func aLiveDaemonStreamsWhatItSees() throws {
        let x = try Xvfb()
        let d = DaemonProcess(display: x.display, config: Self.liveConfig, play: Self.lateSwipe())
        let env = ["XDG_RUNTIME_DIR": d.dir]
        var client: MonitorClient? = nil
        #expect(waitUntil(timeout: 5) {
            client = try? MonitorClient(display: x.display, environment: env)
            return client != nil
        }, "no monitor socket: \(d.log)")
        guard let client else { return }
        let lines = Self.read(client, timeout: 10) { $0.contains("\"type\": \"over\"") }
        let text = lines.joined(separator: "\n")
        #expect(lines.last?.contains("\"type\": \"over\"") == true, "the attempt's end was not said: \(lines.suffix(3))")
        #expect(text.contains("\"type\": \"frame\", \"device\": 11, \"kind\": \"touchscreen\""), "\(text)")
        #expect(text.contains("\"binding\": \"swipe-left-3\", \"standing\": \"joined\""))
        #expect(text.contains("\"binding\": \"swipe-left-3\", \"standing\": \"recognized\", \"winner\": true"))
        #expect(text.contains("\"phase\": \"ended\", \"actions\": [\"key F9\"]"))
        #expect(lines.allSatisfy { (try? JSONValue.parse(Substring($0))) != nil })
        #expect(d.waitForLog("monitor: a client watches (1)"))
    }

    /// Another user's client is refused by its credentials (the daemon runs
    /// as nobody; the test, root, can reach the socket in its directory).
    @Test(.enabled(if: getuid() == 0)) func aSecondUsersClientIsRefused() throws {
        let x = try Xvfb()
        let d = DaemonProcess(display: x.display, config: Self.liveConfig, play: nil, asNobody: true)
        #expect(d.waitForLog("listening on display"), "\(d.log)")
        let client = try MonitorClient(display: x.display, environment: ["XDG_RUNTIME_DIR": d.dir])
        // Refused: the daemon closes the connection without a line.
        #expect(Self.read(client, timeout: 5) { _ in true }.isEmpty)
        #expect(d.waitForLog("monitor: refused a client of user 0 (only user 65534's)"), "\(d.log)")
        let socket = MonitorClient.socketPath(display: x.display, environment: ["XDG_RUNTIME_DIR": d.dir])
        var st = stat()
        #expect(stat(socket, &st) == 0 && st.st_mode & 0o777 == 0o600 && st.st_uid == DaemonProcess.nobody)
    }

    /// A client that reads nothing: each broadcast returns at once (the
    /// socket never blocks), its queue stays under the bound, and once the
    /// bound would be passed it is dropped, the others kept.
    @Test func aStalledClientIsDroppedNotWaitedFor() throws {
        let dir = DaemonProcess.newDirectory()
        _ = FileSystem.write("", to: dir + "/.keep")
        defer { removeTree(dir) }
        let server = try MonitorServer(path: dir + "/m.monitor")
        var notes: [String] = []
        server.onNote = { notes.append($0) }
        let stalled = try MonitorClient(path: dir + "/m.monitor", display: "x")
        let reader = try MonitorClient(path: dir + "/m.monitor", display: "x")
        var fds: [pollfd] = []
        server.addPollDescriptors(to: &fds)
        fds[0].revents = Int16(POLLIN)
        server.handle(fds[...])
        #expect(server.clientCount == 2)
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1023) + [10]
        var rounds = 0
        while server.clientCount == 2 && rounds < 10_000 {
            server.broadcast(line[...])
            // The other client keeps up.
            var buf = [UInt8](repeating: 0, count: 65536)
            _ = recv(reader.fd, &buf, buf.count, Int32(MSG_DONTWAIT))
            rounds += 1
        }
        #expect(server.clientCount == 1)
        // At most the bound queued, plus what the kernel's socket buffers took.
        #expect(rounds * 1024 < MonitorServer.maximumQueued + 4 * 1024 * 1024)
        #expect(notes.contains { $0.contains("did not keep up") })
        _ = stalled
    }
}
