#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
import GestureCore
import GestureTesting
import GestureTraces
import GestureX11
import Testing

/// Live equals replay to the last bit (EngineClock): the daemon's way with
/// an input (Daemon.feed: its engine time, written to a real record file,
/// then given to the engine), and `replay` of the file read back, on a hand
/// whose lift X stamped exactly `tap-timeout` after its landing, the edge
/// the real-hands run found (ts07's 0.400 s stroke: `tap1` live, nothing
/// replayed).
@Suite struct EngineClockTests {
    static let table = GestureTable(desktop: [
        Binding(name: "tap1", gesture: .tap(TapSpec(common: CommonArguments(fingers: 1))), priority: .simultaneous),
    ])

    /// X's stamps, in its milliseconds: a first input `before` ms ahead of
    /// the landing (none when 0), then a one-finger stroke of 5 px lifting
    /// 400 ms (`tap-timeout`) after it lands at `landing`.
    static func hand(landing: UInt, before: UInt) -> [(ms: UInt, input: Input)] {
        let d = TraceBuilder.touchscreenID
        let stroke: [(ms: UInt, input: Input)] = [
            (landing, .touchBegin(device: d, touch: 1, at: Point(x: 712, y: 106))),
            (landing + 54, .touchUpdate(device: d, touch: 1, at: Point(x: 712, y: 108))),
            (landing + 354, .touchUpdate(device: d, touch: 1, at: Point(x: 712, y: 105))),
            (landing + 400, .touchEnd(device: d, touch: 1, at: Point(x: 711, y: 103))),
        ]
        return (before > 0 ? [(landing - before, .modifiers([]))] : []) + stroke
    }

    /// The daemon with the hand (`engineClock`: as Daemon.feed does now;
    /// otherwise as it did, the engine on the daemon's own clock and the
    /// record counting from its first input): what fired, and its record at `path`.
    static func live(_ hand: [(ms: UInt, input: Input)], recordTo path: String, engineClock: Bool) -> [String] {
        let header = TraceBuilder.standard().header
        var engine = GestureEngine(table: table, screen: header.screen, devices: header.devices)
        var clock = EngineClock()
        var error = ""
        guard let recording = TraceRecording(path: path, start: engineClock ? 0 : nil, error: &error) else {
            Issue.record("\(error)")
            return []
        }
        recording.write(header)
        var out: [Effect] = []
        for (ms, input) in hand {
            // X's stamp on the daemon's clock (ServerTime: its milliseconds, X's clock ours).
            let stamped = Double(ms) / 1000
            let t = engineClock
                ? clock.judged(stamped, engineNow: engine.now).t
                : DeliveryLag.judged(stamped, engineNow: engine.now)
            recording.write(input, at: t)
            out += engine.process(input, at: t)
        }
        out += engine.advance(to: engine.now + 2)
        recording.flush()
        return fired(out)
    }

    /// `gesture-bridge replay` of the record: what fired.
    static func replayed(_ path: String) throws -> [String] {
        fired(Replayer.run(try TraceFile.read(path: path), table: table))
    }

    static func fired(_ effects: [Effect]) -> [String] {
        effects.compactMap {
            guard case .gesture(let g) = $0 else { return nil }
            return "\(table.allBindings[g.binding].name) \(g.phase)"
        }
    }

    static func recordPath(_ landing: UInt, _ before: UInt) -> String {
        "/tmp/gesture-bridge-clock-\(getpid())-\(landing)-\(before).jsonl"
    }

    /// Landings whose lift on the timer fell on different sides live and
    /// replayed on the daemon's own clock (X's stamps near 523 s after boot:
    /// 120 of 2,400 cases searched, 1,200 landings near 100 s, 523 s, 30 min
    /// and 1 h after boot, the first input the landing or 1.234 s before it).
    static let edges: [(UInt, UInt)] = [(523_002, 0), (523_007, 1234), (523_012, 0), (523_016, 1234)]

    @Test(arguments: edges)
    func aLiftOnItsTimerIsJudgedAlikeLiveAndReplayed(landing: UInt, before: UInt) throws {
        let path = Self.recordPath(landing, before)
        defer { unlink(path) }
        let live = Self.live(Self.hand(landing: landing, before: before), recordTo: path, engineClock: true)
        #expect(try Self.replayed(path) == live)
    }

    /// Every landing of a stretch of X's clock, each lifting on its timer.
    @Test(arguments: [100_000, 523_000, 1_795_000] as [UInt])
    func everyLandingOfAStretchIsJudgedAlike(from base: UInt) throws {
        let path = Self.recordPath(base, 1)
        defer { unlink(path) }
        for landing in base..<(base + 100) {
            let live = Self.live(Self.hand(landing: landing, before: 1234), recordTo: path, engineClock: true)
            #expect(try Self.replayed(path) == live, "landing at \(landing) ms")
        }
    }

    /// The same hands on the daemon's own clock, as before EngineClock:
    /// what fired live is not what the record replays to. The cases above
    /// have teeth.
    @Test(arguments: edges)
    func onTheDaemonsOwnClockLiveAndReplayDiffered(landing: UInt, before: UInt) throws {
        let path = Self.recordPath(landing, before)
        defer { unlink(path) }
        let live = Self.live(Self.hand(landing: landing, before: before), recordTo: path, engineClock: false)
        #expect(try Self.replayed(path) != live)
    }

    /// The first input is engine time 0; later ones count from it, to the
    /// microsecond; the timers run on the same count, and a deadline's
    /// wakeup is a tick past it (never a wakeup that finds it not yet due).
    @Test func timeCountsFromTheFirstInput() {
        var clock = EngineClock()
        #expect(clock.engineTime(5) == nil)
        #expect(clock.time(ofInput: 1795.293) == 0)
        #expect(clock.time(ofInput: 1795.693) == 0.4)
        #expect(clock.time(ofInput: 1795.6930004) == 0.4)
        let e = 0.1 + 0.2   // 0.30000000000000004: no decimal of its own
        #expect(clock.engineTime(clock.daemonTime(e))! > e)
        #expect(clock.daemonTime(e) - (1795.293 + e) <= 2 * EngineClock.tick)
    }

    /// After each read the daemon runs the engine through the engine's own
    /// time (a frame that ends a gesture is judged then); an input stamped
    /// at that very moment and read later is judged a tick after it, so the
    /// record puts it after that frame as the daemon did. Stamped later, it
    /// keeps its stamp; stamped before the engine's clock, it comes just after.
    @Test func anInputAtAMomentAlreadyRunThroughComesATickAfterIt() {
        var clock = EngineClock()
        _ = clock.judged(50.0, engineNow: 0)   // the origin: engine time 0
        let same = clock.judged(50.010, engineNow: 0.010, advancedThrough: 0.010).t
        #expect(same == TraceEvent.microseconds(0.010 + EngineClock.tick))
        #expect(clock.judged(50.010, engineNow: 0.010).t == 0.010)
        #expect(clock.judged(50.011, engineNow: 0.010, advancedThrough: 0.010).t == 0.011)
        #expect(clock.judged(50.005, engineNow: 0.010, advancedThrough: 0.002).t == TraceEvent.microseconds(0.010 + EngineClock.tick))
    }
}
