import GestureSystem
import GestureBridge
import GestureConfig
import GestureX11
import Testing
import XTestSupport
#if canImport(Glibc)
import Glibc
import GestureTesting
#endif

/// `gesture-bridge status` and `doctor` against a real Xvfb: a daemon running
/// or not, another client holding the root's touches, a Wayland session.
@Suite(.serialized) final class StatusDoctorTests {
    let home = "/tmp/gesture-bridge-status-\(getpid())-\(Int(monotonicNow() * 1e6) % 1_000_000)"
    init() {
        _ = Spawn.run("/bin/mkdir", ["-p", "-m", "700", home + "/run"], environment: [:])
    }
    deinit { removeTree(home) }

    func run(_ args: [String], extra: [String: String] = [:]) -> Spawned {
        var env = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_RUNTIME_DIR": home + "/run",
                   "XDG_CURRENT_DESKTOP": "GNOME", "XDG_DATA_DIRS": "/nonexistent", "PATH": "/usr/bin:/bin"]
        env.merge(extra) { $1 }
        return Spawn.run(Spawn.gestureBridge, args, environment: env)
    }

    static let config = DaemonTests.swipeLeft

    @Test func statusSaysWhetherItRunsAndHowItIsDoing() throws {
        let x = try Xvfb()
        let none = run(["status", "--display", x.display])
        #expect(none.status == 1 && none.stdout.hasPrefix("gesture-bridge is not running on \(x.display)\n"))

        // A daemon with this test's runtime directory (where the state lives).
        let dir = home + "/daemon"
        _ = Spawn.run("/bin/mkdir", ["-p", "-m", "700", dir], environment: [:])
        var idle = TraceBuilder.standard()
        idle.wait(30)
        let d = DaemonProcess(display: x.display, config: Self.config, play: idle, dir: dir,
                              environment: ["XDG_RUNTIME_DIR": home + "/run"])
        #expect(d.waitForLog("listening on display"))
        var up = run(["status", "--display", x.display])
        #expect(waitUntil(timeout: 5) { up = run(["status", "--display", x.display]); return up.status == 0 })
        #expect(up.stdout.hasPrefix("gesture-bridge is running on \(x.display) (pid \(d.pid), for "))
        #expect(up.stdout.contains("  config: \(dir)/config.toml: loaded (1 bindings)\n"))
        #expect(up.stdout.contains("  keymap: none\n"))
        #expect(up.stdout.contains("  no warnings or errors\n"))

        // A broken save: the state says so, with the error among the last messages.
        _ = FileSystem.write("[[bind]]\ngesture = \"swipe(fingers: 3, direction: .lef)\"\n", to: dir + "/config.toml.tmp")
        rename(dir + "/config.toml.tmp", dir + "/config.toml")
        #expect(d.waitForLog("has errors; keeping the running config"))
        #expect(waitUntil(timeout: 5) { run(["status", "--display", x.display]).stdout.contains("has errors since it changed") })
        let broken = run(["status", "--display", x.display])
        #expect(broken.stdout.contains("running the last good config (1 bindings)"))
        #expect(broken.stdout.contains("config.toml:2:41: unknown direction '.lef'"))

        // Stopped: the state goes with it.
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
        #expect(run(["status", "--display", x.display]).status == 1)
    }

    @Test func doctorFindsAnotherClientHoldingTheRootsTouches() throws {
        let x = try Xvfb()
        _ = FileSystem.write(Self.config, to: home + "/c.toml")
        let clean = run(["doctor", "--display", x.display, "--config", home + "/c.toml"])
        #expect(clean.stdout.contains("[ok] root window: no other client selects or grabs touches on it"))
        #expect(clean.stdout.contains("[ok] XInput: 2.4 on \(x.display)"))
        #expect(clean.stdout.contains("[ok] config: \(home)/c.toml: 1 bindings, keymap none"))
        #expect(clean.stdout.contains("[warning] daemon: not running on \(x.display)"))
        #expect(clean.status == 0)

        // A selection (KWin's kind): the daemon's grab works beside it.
        let holder = try RootTouchHolder(display: x.display)
        let taken = run(["doctor", "--display", x.display, "--config", home + "/c.toml"])
        #expect(taken.stdout.contains("[warning] root window: another client selects touch events on the root window; "
            + "gesture-bridge's grab (for `high` bindings, as the default config's) works beside it"))
        #expect(taken.status == 0)
        withExtendedLifetime(holder) {}
    }

    /// A passive touch grab on the root (mutter's kind): doctor says what the
    /// daemon will do; the daemon says it at start and in `status`.
    @Test func aRootTouchGrabHeldElsewhereIsSaidByDoctorTheLogAndStatus() throws {
        let x = try Xvfb()
        let grabber = try RootTouchGrabber(display: x.display)
        let config = """
            version = 1
            keymap = "none"
            [[bind]]
            name = "t"
            gesture = "swipe(fingers: 3, direction: .left)"
            priority = "high"
            on-ended = "key F5"
            """
        _ = FileSystem.write(config, to: home + "/g.toml")
        let doctor = run(["doctor", "--display", x.display, "--config", home + "/g.toml"])
        #expect(doctor.stdout.contains("[warning] root window: another client holds a passive touch grab on the root window "
            + "(no window manager runs: another program holds it); gesture-bridge will grab touches on each top-level window below it"))
        #expect(doctor.status == 0)

        let dir = home + "/grabbed"
        _ = Spawn.run("/bin/mkdir", ["-p", "-m", "700", dir], environment: [:])
        let d = DaemonProcess(command: ["run", "--config", home + "/g.toml", "--display", x.display], dir: dir,
                              environment: ["XDG_RUNTIME_DIR": home + "/run"])
        #expect(d.waitForLog("holding: touchscreens: passive grabs on the top-level windows"))
        #expect(d.log.contains(XIListener.touchGrabNested.description))
        var up = run(["status", "--display", x.display])
        #expect(waitUntil(timeout: 5) { up = run(["status", "--display", x.display]); return up.status == 0 })
        #expect(up.stdout.contains("  touchscreens: passive grabs on the top-level windows, below the window manager's own on the root"))
        #expect(up.stdout.contains("  touchpads: a grab of each touchpad's gestures: a bound gesture never reaches applications\n"))
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
        withExtendedLifetime(grabber) {}
    }

    @Test func aWaylandSessionIsSaidAndRunRefusesIt() throws {
        let x = try Xvfb()
        _ = FileSystem.write(Self.config, to: home + "/c.toml")
        let wayland = ["XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"]
        let doctor = run(["doctor", "--display", x.display, "--config", home + "/c.toml"], extra: wayland)
        #expect(doctor.stdout.contains("[problem] session: this is a Wayland session (XDG_SESSION_TYPE=wayland)"))
        #expect(doctor.status == 1)
        let refused = run(["run", "--display", x.display, "--config", home + "/c.toml"], extra: ["WAYLAND_DISPLAY": "wayland-0"])
        #expect(refused.status == 3)
        #expect(refused.stderr.hasPrefix("gesture-bridge: this is a Wayland session (WAYLAND_DISPLAY=wayland-0): gesture-bridge works on X11"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
    }
}
