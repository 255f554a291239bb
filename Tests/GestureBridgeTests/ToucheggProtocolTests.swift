@testable import GestureBridge
import GestureSystem
import GestureConfig
import GestureCore
import Testing
import XTestSupport
#if canImport(Glibc)
import Glibc
import GestureTesting
#endif

/// `touchegg-protocol = true` served by a running daemon (Xvfb, gestures
/// played with `run --play`) to clients that do what the desktop shells do
/// (Tests/Touchegg/client.py: Gio, AUTHENTICATION_CLIENT, signal_subscribe).
/// Each test serves at an address of its own, so a real touchegg on the
/// machine is left alone.
@Suite(.serialized) struct ToucheggProtocolTests {
    static let config = """
        version = 1
        keymap = "none"
        [settings]
        touchegg-protocol = true
        """

    static let clientPath = TraceFiles.directory.replacingSuffix("/Traces", with: "/Touchegg/client.py")

    static func address(_ name: String) -> String { "unix:abstract=gesture-bridge-test-\(getpid())-\(name)" }

    /// A client process and its output.
    final class Client {
        let pid: pid_t
        let out: String
        init(address: String, ends: Int = 1, timeout: Double = 20, stall: Bool = false, garbage: Bool = false,
             asNobody: Bool = false, dir: String) {
            out = dir + "/client-\(Int(monotonicNow() * 1e6) % 1_000_000_000).out"
            var args = [ToucheggProtocolTests.clientPath, "--address", address, "--ends", "\(ends)", "--timeout", "\(timeout)"]
            if stall { args.append("--stall") }
            if garbage { args.append("--garbage") }
            var program = "/usr/bin/python3"
            if asNobody && getuid() == 0 {
                args = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", program] + args
                program = "/usr/bin/setpriv"
            }
            pid = (try? ChildProcess.spawn(program, args, environment: ["PATH": "/usr/bin:/bin", "HOME": dir],
                                           stdout: .file(out), stderr: .file(out + ".err")).get()) ?? -1
        }
        var lines: [String] {
            guard case .success(let t) = FileSystem.read(out) else { return [] }
            return t.split(separator: "\n").map(String.init)
        }
        var signals: [[String]] { lines.filter { $0.hasPrefix("OnGesture") }.map { $0.split(separator: " ").map(String.init) } }
        func waitConnected() -> Bool { waitUntil(timeout: 10) { lines.contains("connected") || lines.contains { $0.hasPrefix("refused") } } }
        /// The exit status, or nil if still running after `timeout`.
        func exit(timeout: Double = 15) -> Int32? {
            var status: Int32 = 0
            guard waitUntil(timeout: timeout, { waitpid(pid, &status, WNOHANG) == pid }) else { return nil }
            return (status >> 8) & 0xff
        }
        deinit { kill(pid, SIGKILL); waitpid(pid, nil, WNOHANG) }
    }

    /// Starts the daemon serving at `address`; returns once it serves.
    static func daemon(_ x: Xvfb, _ b: TraceBuilder, address: String, extraArgs: [String] = []) -> DaemonProcess {
        let d = DaemonProcess(display: x.display, config: config, play: b, extraArgs: extraArgs,
                              environment: ["GESTURE_BRIDGE_TOUCHEGG_ADDRESS": address])
        d.waitForLog("serving Touchégg's D-Bus signals")
        return d
    }

    /// Serves `b`'s gestures to one client until it has seen `ends` of them;
    /// the signals it got, and the daemon.
    static func served(_ x: Xvfb, _ b: TraceBuilder, _ name: String, ends: Int) -> (signals: [[String]], daemon: DaemonProcess) {
        let address = Self.address(name)
        let d = Self.daemon(x, b, address: address)
        let client = Client(address: address, ends: ends, dir: d.dir)
        #expect(client.waitConnected())
        #expect(client.exit() == 0)
        return (client.signals, d)
    }

    static func percentages(_ s: [[String]], _ member: String) -> [Double] {
        s.filter { $0[0] == member }.compactMap { Double($0[3]) }
    }

    /// Whether the process maps libdbus (its /proc/PID/maps).
    static func mapsLibdbus(_ pid: pid_t) -> Bool {
        guard case .success(let maps) = FileSystem.read("/proc/\(pid)/maps") else { return false }
        return maps.contains("libdbus-1.so")
    }

    /// Off (the default), the daemon maps no libdbus: it is loaded when the
    /// protocol turns on, here by a reload, which then serves clients as a
    /// daemon started with it on does.
    @Test func libdbusIsMappedOnlyOnceAReloadTurnsTheProtocolOn() throws {
        let x = try Xvfb()
        var b = TraceBuilder.standard(device: .touchpad)
        // The reload and the client meanwhile (6 s was short once: a full
        // suite beside the package test, where the reload took over 5 s).
        b.wait(12)
        b.touchpadSwipe(fingers: 3, by: Point(x: 300, y: 0), over: 0.25, unaccelerated: Point(x: 1500, y: 0))
        b.wait(0.3)
        let address = Self.address("reload")
        let d = DaemonProcess(display: x.display, config: "version = 1\nkeymap = \"none\"\n", play: b,
                              environment: ["GESTURE_BRIDGE_TOUCHEGG_ADDRESS": address])
        #expect(d.waitForLog("listening on display"))
        #expect(!Self.mapsLibdbus(d.pid), "libdbus is mapped with touchegg-protocol off")
        #expect(!d.log.contains("Touchégg"))
        _ = FileSystem.write(Self.config, to: d.dir + "/config.toml")
        #expect(d.waitForLog("serving Touchégg's D-Bus signals", timeout: 10))
        #expect(Self.mapsLibdbus(d.pid))
        let client = Client(address: address, ends: 1, dir: d.dir)
        #expect(client.waitConnected())
        #expect(client.exit() == 0)
        // Swipe right (type 1, direction 4), 3 fingers, touchpad (1).
        let kinds = client.signals.filter { $0[0] == "OnGestureBegin" }.map { "\($0[1]) \($0[2]) \($0[4]) \($0[5])" }
        #expect(kinds == ["1 4 3 1"])
        #expect(Self.percentages(client.signals, "OnGestureEnd") == [48.15])
    }

    @Test func swipesAndPinchesReachTheClientAsToucheggSendsThem() throws {
        let x = try Xvfb()
        var b = TraceBuilder.standard(device: .touchpad)
        b.wait(4)   // the client connects meanwhile
        b.touchpadSwipe(fingers: 3, by: Point(x: 300, y: 0), over: 0.25, unaccelerated: Point(x: 1500, y: 0))
        b.wait(0.3)
        b.touchpadPinch(fingers: 4, to: 0.5, over: 0.25)
        b.wait(0.3)
        b.device = TraceBuilder.touchscreenID
        b.land(3, at: Point(x: 900, y: 500))
        b.move(by: Point(x: 0, y: 300), over: 0.3)
        b.lift()
        let (s, d) = Self.served(x, b, "kinds", ends: 3)
        // Swipe right (type 1, direction 4), 3 fingers, touchpad (1); then a
        // pinch in (2, 5), 4 fingers; then a touchscreen (2) swipe down (1, 2).
        let kinds = s.filter { $0[0] == "OnGestureBegin" }.map { "\($0[1]) \($0[2]) \($0[4]) \($0[5])" }
        #expect(kinds == ["1 4 3 1", "2 5 4 1", "1 2 3 2"])
        #expect(s.filter { $0[0] == "OnGestureEnd" }.count == 3)
        // The first gesture's updates rise: (1,500 − 200) × 100 / 2,700 = 48.15 % at the end.
        let first = Array(s.prefix { $0[0] != "OnGestureEnd" })
        let ups = Self.percentages(first, "OnGestureUpdate")
        #expect(ups.count >= 10 && zip(ups, ups.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Self.percentages(s, "OnGestureEnd").first == 48.15)
        // Pinched in to half: 50 %.
        #expect(Self.percentages(s, "OnGestureEnd").dropFirst().first == 50)
        #expect(d.log.contains("a client connected (1 now)"))
    }

    @Test func aReversedSwipeEndsAtTheLiftAsToucheggEndsIt() throws {
        let x = try Xvfb()
        var b = TraceBuilder.standard(device: .touchpad)
        b.wait(4)
        b.emit(.swipeBegin(device: TraceBuilder.touchpadID, fingers: 3, at: Point(x: 960, y: 540)))
        for k in 0..<30 {
            b.wait(0.01)
            let way = k < 15 ? 1.0 : -1.0
            b.emit(.swipeUpdate(device: TraceBuilder.touchpadID, fingers: 3, delta: Point(x: 0, y: 20 * way),
                                unaccelerated: Point(x: 0, y: 100 * way)))
        }
        b.wait(0.01)
        b.emit(.swipeEnd(device: TraceBuilder.touchpadID, fingers: 3, cancelled: false))
        let (s, _) = Self.served(x, b, "reversed", ends: 1)
        // Down (2) all along; up to (1,500 − 200) / 2,700 = 48.15 %, back to 0 at the lift.
        #expect(s.first?[0] == "OnGestureBegin" && s.first?[2] == "2")
        #expect(Self.percentages(s, "OnGestureUpdate").max() == 48.15)
        #expect(s.last?[0] == "OnGestureEnd" && s.last?[3] == "0.00")
        #expect(s.filter { $0[0] == "OnGestureEnd" }.count == 1)
    }

    @Test func manyClientsAStalledOneAKilledOneAndAnotherUsers() throws {
        let x = try Xvfb()
        var b = TraceBuilder.standard(device: .touchpad)
        b.wait(10)   // 22 Python clients start meanwhile, on 2 cores under a sanitizer
        b.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 1.0, unaccelerated: Point(x: -1500, y: 0))
        b.wait(0.5)
        b.touchpadSwipe(fingers: 4, by: Point(x: 0, y: -300), over: 0.3, unaccelerated: Point(x: 0, y: -1500))
        let address = Self.address("faults")
        let d = Self.daemon(x, b, address: address)
        let stalled = Client(address: address, stall: true, dir: d.dir)
        let killed = Client(address: address, ends: 2, dir: d.dir)
        let many = (0..<20).map { _ in Client(address: address, ends: 2, dir: d.dir) }
        #expect(stalled.waitConnected() && killed.waitConnected())
        #expect(many.allSatisfy { $0.waitConnected() })
        // Another user: refused at authentication, said once however often it tries.
        if getuid() == 0 {
            let strangers = (0..<2).map { _ in Client(address: address, asNobody: true, dir: d.dir) }
            for s in strangers {
                #expect(s.exit() == 4)   // closed by the server
                #expect(s.signals.isEmpty && s.lines.contains("closed"))
            }
            #expect(d.occurrences("refused a client of uid 65534") == 1)
        }
        // Bytes that are no D-Bus: closed, and nothing else happens.
        let garbage = Client(address: address, timeout: 5, garbage: true, dir: d.dir)
        #expect(garbage.exit() == 4)
        // One client killed in the middle of the first swipe.
        #expect(waitUntil(timeout: 10) { killed.signals.contains { $0[0] == "OnGestureUpdate" } })
        kill(killed.pid, SIGKILL)
        // The others get both gestures, whole, and the daemon goes on.
        for c in many {
            #expect(c.exit() == 0)
            #expect(c.signals.filter { $0[0] == "OnGestureEnd" }.count == 2)
        }
        #expect(d.waitForLog("a client went away"))
        #expect(d.running)
        // The stalled client held nothing up: it is still connected, never having read.
        #expect(stalled.signals.isEmpty)
    }

    @Test func aClientThatNeverReadsIsDroppedAndHoldsNothingUp() throws {
        // A long touchscreen gesture (three updates a frame) played 8× fast:
        // thousands of signals, far more than a socket and the backlog hold.
        let x = try Xvfb()
        var b = TraceBuilder.standard()
        b.wait(40)
        b.land(3, at: Point(x: 900, y: 500))
        b.move(by: Point(x: -300, y: 0), over: 0.4)
        for k in 0..<20 { b.move(by: Point(x: k % 2 == 0 ? 200 : -200, y: 0), over: 0.4) }
        b.lift()
        let address = Self.address("stalled")
        let d = Self.daemon(x, b, address: address, extraArgs: ["--play-speed", "8"])
        let stalled = Client(address: address, timeout: 30, stall: true, dir: d.dir)
        let reader = Client(address: address, ends: 1, timeout: 30, dir: d.dir)
        #expect(stalled.waitConnected() && reader.waitConnected())
        #expect(reader.exit() == 0)
        #expect(reader.signals.count > 2000)
        #expect(d.waitForLog("a client stopped reading"))
        #expect(d.running)
    }

    @Test func aTakenAddressIsSaidAndTheDaemonGoesOn() throws {
        let x = try Xvfb()
        let address = Self.address("taken")
        var b = TraceBuilder.standard()
        b.wait(30)
        let first = Self.daemon(x, b, address: address)
        #expect(first.running)
        let x2 = try Xvfb()   // one daemon per display
        let second = DaemonProcess(display: x2.display, config: Self.config, play: b,
                                   environment: ["GESTURE_BRIDGE_TOUCHEGG_ADDRESS": address])
        #expect(second.waitForLog("is taken: Touchégg's own daemon runs"))
        #expect(second.waitForLog("listening on display"))
        #expect(second.running)
    }
}
