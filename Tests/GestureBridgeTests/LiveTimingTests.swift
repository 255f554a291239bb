#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureConfig
import GestureCore
import GestureSystem
@testable import GestureBridge
import GestureTesting
import GestureTraces
import GestureX11
import Testing

/// Live equals replay: the daemon itself (`Daemon.feed`, its EngineClock,
/// its deadlines and engine time through the input source's hold-back, the
/// listener's DeliveryClock stamping X's events), woken as Daemon.run wakes
/// it and fed hands whose events X delivers late or splits across reads,
/// does what the engine does on X's own stamps.
/// Without the hold-back (the engine at the wakeup's clock, as before) the
/// same deliveries change what fires: the cases are ones where it matters.
@Suite struct LiveTimingTests {
    /// How X hands a hand's events to the daemon: the delay after its stamp
    /// at which each event is read (reads keep X's order).
    enum Delivery: String, CustomTestStringConvertible, Sendable {
        /// Every event read at once.
        case atOnce
        /// Each frame's touches in two reads, the second 12 ms later.
        case splitFrames
        /// Each lift read 40 ms after it was stamped.
        case lateLifts
        /// Each landing read 20 ms late (a busy server).
        case lateLandings
        var testDescription: String { rawValue }

        /// The longest of its delays.
        var worst: Double { self == .splitFrames ? 0.012 : self == .lateLifts ? 0.040 : self == .lateLandings ? 0.020 : 0 }

        /// The delay of the `index`-th event of its frame, `input`.
        func delay(_ input: Input, indexInFrame: Int) -> Double {
            switch (self, input) {
            case (.atOnce, _): return 0
            case (.splitFrames, _): return indexInFrame == 0 ? 0 : 0.012
            case (.lateLifts, .touchEnd): return 0.040
            case (.lateLandings, .touchBegin): return 0.020
            default: return 0
            }
        }
    }

    struct Hand: CustomTestStringConvertible, Sendable {
        let name: String
        let events: [TraceEvent]
        var testDescription: String { name }
    }

    static let centre = Point(x: 960, y: 540)

    static let hands: [Hand] = {
        var out: [Hand] = []
        var b = TraceBuilder.standard()
        b.tap(1, at: centre, holding: 0.08)
        out.append(Hand(name: "1-finger tap", events: b.events))
        b = TraceBuilder.standard()
        b.land(2, at: centre, spacing: 80)
        b.pinch(to: 2.0, over: 0.4, jitter: 1)
        b.lift()
        out.append(Hand(name: "2-finger pinch out", events: b.events))
        b = TraceBuilder.standard()
        b.land(2, at: centre, spacing: 120)
        b.rotate(by: 60, over: 0.5, jitter: 1)
        b.lift()
        out.append(Hand(name: "2-finger rotation", events: b.events))
        b = TraceBuilder.standard()
        b.land(3, at: centre, spacing: 70, stagger: 0.015)
        b.move(by: Point(x: -300, y: 0), over: 0.3, jitter: 1)
        b.lift(stagger: 0.01)
        out.append(Hand(name: "3-finger swipe left, landing over 30 ms", events: b.events))
        b = TraceBuilder.standard()
        b.tap(2, at: centre, holding: 0.1, spacing: 60)
        out.append(Hand(name: "2-finger tap", events: b.events))
        // At the edge of a timer: a late lift or landing crosses it at the wakeup's clock.
        let settings = Settings()
        b = TraceBuilder.standard()
        b.tap(1, at: centre, holding: settings.tapTimeout - 0.025)
        out.append(Hand(name: "1-finger tap lifting 15 ms before tap-timeout", events: b.events))
        b = TraceBuilder.standard()
        b.land(2, at: centre, spacing: 80, stagger: settings.fingerLanding - 0.010)
        b.pinch(to: 2.0, over: 0.4, jitter: 1)
        b.lift()
        out.append(Hand(name: "2-finger pinch, the 2nd landing 10 ms inside finger-landing", events: b.events))
        return out
    }()

    /// Every binding simultaneous (raw touches), as real.toml.
    static let table = GestureTable(desktop: [
        Binding(name: "tap1", gesture: .tap(TapSpec(common: CommonArguments(fingers: 1))), priority: .simultaneous),
        Binding(name: "tap2", gesture: .tap(TapSpec(common: CommonArguments(fingers: 2))), priority: .simultaneous),
        Binding(name: "magnify2", gesture: .magnify(MagnifySpec(common: CommonArguments(fingers: 2))), priority: .simultaneous),
        Binding(name: "rotate2", gesture: .rotate(RotateSpec(common: CommonArguments(fingers: 2))), priority: .simultaneous),
        Binding(name: "swipe3", gesture: .swipe(SwipeSpec(common: CommonArguments(fingers: 3))), priority: .simultaneous),
    ])

    /// X's stamps: whole milliseconds, from 100 s on its clock.
    static func stamp(_ e: TraceEvent) -> UInt { 100_000 + UInt((e.t * 1000).rounded()) }

    /// An event's stamp as engine time (EngineClock: from the first input's, to the microsecond).
    static func engineTime(_ e: TraceEvent, _ hand: Hand) -> Double {
        TraceEvent.microseconds(Double(stamp(e) - stamp(hand.events[0])) / 1000)
    }

    /// What the engine does on X's stamps: replay of what X said.
    static func onStamps(_ hand: Hand) -> [String] {
        var engine = GestureEngine(table: table, screen: TraceBuilder.standard().header.screen,
                                   devices: TraceBuilder.standard().header.devices)
        var out: [Effect] = []
        for e in hand.events { out += engine.process(e.input, at: engineTime(e, hand)) }
        out += engine.advance(to: engineTime(hand.events.last!, hand) + 2)
        return gestures(out)
    }

    /// X as a hand's `delivery` hands it to the daemon: each event read at
    /// its delay after its stamp (reads keep X's order), stamped and held
    /// back by the listener's own clock (DeliveryClock), or not held back
    /// at all (`holdBack` false: the engine at the wakeup's clock, as before).
    final class LateX: InputSource {
        /// The reads: (the daemon's clock, the events with X's stamps).
        private(set) var reads: [(now: Double, events: [(ms: UInt, input: Input)])] = []
        private var next = 0
        private var clock = DeliveryClock()
        let holdBack: Bool

        init(_ hand: Hand, _ delivery: Delivery, holdBack: Bool) {
            self.holdBack = holdBack
            // A daemon that has run a while: X's clock tied to its own by an
            // event stamped at 99 s, and X seen delivering as late as it does here.
            clock.read(at: 99.0)
            _ = clock.stamped(99_000, now: 99.0 + delivery.worst)
            var frameStamp: UInt? = nil, inFrame = 0, lastRead = 0.0
            for e in hand.events {
                let s = LiveTimingTests.stamp(e)
                inFrame = s == frameStamp ? inFrame + 1 : 0
                frameStamp = s
                let read = max(lastRead, Double(s) / 1000 + delivery.delay(e.input, indexInFrame: inFrame))
                if let last = reads.last, last.now == read { reads[reads.count - 1].events.append((s, e.input)) }
                else { reads.append((read, [(s, e.input)])) }
                lastRead = read
            }
        }

        var lastRead: Double { reads.last!.now }
        var devices: [Device] { TraceBuilder.standard().header.devices }
        func kind(of device: DeviceID) -> DeviceKind? { nil }
        var screen: Screen? { nil }
        /// The next read: the daemon wakes for it as for a played trace's event.
        var nextDeadline: Double? { next < reads.count ? reads[next].now : nil }
        func drain(now: Double, readSocket: Bool, _ feed: (Input, Double) -> Void) {
            clock.read(at: now)
            while next < reads.count, reads[next].now <= now {
                for e in reads[next].events { feed(e.input, clock.stamped(e.ms, now: now)) }
                next += 1
            }
        }
        func engineTime(_ wall: Double) -> Double { holdBack ? clock.engineTime(wall) : wall }
        func wallTime(_ engine: Double) -> Double { holdBack ? clock.wallTime(engine) : engine }
        func takeNews() -> InputNews? { nil }
        func followKeyReleases(_ on: Bool) {}
        func decide(_ decision: TouchDecisionEvent) {}
        func listen(for table: GestureTable) -> [Words] { [] }
        var lastEventTime: UInt { 0 }
        var statusDevices: [String] { [] }
        var statusListeningWords: [Words] { [] }
        var summary: String { "late X" }
        func stop() {}
    }

    /// The daemon itself on `delivery`: each wakeup at its earliest deadline
    /// (the engine's timers, in wall time through the hold-back, or the next
    /// read), X drained into `Daemon.feed`, the engine's timers run to its
    /// clock, as `Daemon.pass` does. The effects (every phase: each binding
    /// acts on `changed`), and its record (each input at the time the
    /// engine was given it).
    static func live(_ hand: Hand, _ delivery: Delivery, holdBack: Bool)
        -> (effects: [String], record: [TraceEvent], wakeups: Int) {
        let header = TraceBuilder.standard().header
        // The config file the daemon starts with is empty: the test's table and actions replace it.
        let path = "/tmp/gesture-bridge-live-timing-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).toml"
        defer { unlink(path) }
        _ = FileSystem.write("", to: path)
        var daemon = Daemon(options: Daemon.Options(configPath: path))
        var acts = BindingActions()
        acts.changed = [.none]
        daemon.recognition = Recognition(
            engine: GestureEngine(table: table, screen: header.screen, devices: header.devices),
            router: EffectRouter(bindings: table.allBindings, actions: table.allBindings.map { _ in acts },
                                 performer: nil, hooks: EffectRouter.Hooks()))
        let x = LateX(hand, delivery, holdBack: holdBack)
        daemon.connection.input = x
        var fired: [GestureEvent] = []
        var record: [TraceEvent] = []
        let end = x.lastRead + 2
        var wakeups = 0
        while let now = daemon.nextDeadline.map({ min($0, end) }) {
            wakeups += 1
            x.drain(now: now, readSocket: true) { input, at in
                daemon.feed(input, at: at)
                record.append(TraceEvent(t: daemon.recognition.engine.now, input: input))
            }
            if let t = daemon.engineTime(now) { daemon.recognition.advance(to: t) }
            for case .act(let g, _) in daemon.recognition.deeds { fired.append(g) }
            daemon.recognition.clearDeeds()
            if now == end { break }
        }
        return (fired.map(describe), record, wakeups)
    }

    /// What fired, when, and with what (frames show in each `changed`).
    static func gestures(_ effects: [Effect]) -> [String] {
        effects.compactMap {
            guard case .gesture(let g) = $0 else { return nil }
            return describe(g)
        }
    }

    static func describe(_ g: GestureEvent) -> String {
        let v = g.value
        return "\(table.allBindings[g.binding].name) \(g.phase) \(g.step.map { "\($0)" } ?? "") t=\(Int((g.time * 1e4).rounded())) "
            + "f=\(v.fingers) dx=\(Int(v.translation.x.rounded())) s=\(Int((v.scale * 1000).rounded())) a=\(Int(v.angle.rounded()))"
    }

    /// With the hold-back, live does what the engine does on X's stamps,
    /// however X delivered them.
    @Test(arguments: hands, [Delivery.atOnce, .splitFrames, .lateLifts, .lateLandings])
    func liveIsWhatXStamped(hand: Hand, delivery: Delivery) {
        let ideal = Self.onStamps(hand)
        #expect(!ideal.isEmpty, "the hand fires something")
        let (effects, record, _) = Self.live(hand, delivery, holdBack: true)
        #expect(effects == ideal)
        // No input was judged later than X stamped it.
        #expect(zip(record, hand.events).allSatisfy { $0.t == Self.engineTime($1, hand) })
    }

    /// At the wakeup's clock (no hold-back) these deliveries change what
    /// fires or when: a frame split across reads is judged as two, a late
    /// lift or landing comes after the timer it beat. The cases above have
    /// teeth.
    @Test(arguments: [
        ("2-finger pinch out", Delivery.splitFrames),
        ("2-finger rotation", .splitFrames),
        ("3-finger swipe left, landing over 30 ms", .splitFrames),
        ("2-finger tap", .splitFrames),
        ("1-finger tap lifting 15 ms before tap-timeout", .lateLifts),
        ("2-finger pinch, the 2nd landing 10 ms inside finger-landing", .lateLandings),
    ])
    func withoutTheHoldBackLiveDiffers(name: String, delivery: Delivery) throws {
        let hand = try #require(Self.hands.first { $0.name == name })
        let (effects, _, _) = Self.live(hand, delivery, holdBack: false)
        #expect(effects != Self.onStamps(hand))
    }

    /// A moving hand's frames wake the daemon once each: the judging of a
    /// frame waits past its deadline for X's next events (`frameSlack`),
    /// which judge it first in any case (`liveIsWhatXStamped` holds with
    /// it), rather than waking the daemon just before them: with the
    /// hold-back, each frame was two wakeups.
    @Test func aMovingHandsFrameIsOneWakeup() throws {
        let hand = try #require(Self.hands.first { $0.name == "3-finger swipe left, landing over 30 ms" })
        let reads = Set(hand.events.map(\.t)).count
        let (_, _, wakeups) = Self.live(hand, .atOnce, holdBack: true)
        #expect(wakeups <= reads + 3, "\(wakeups) wakeups for \(reads) moments X stamped")
    }

    /// Whatever the delivery, and with or without the hold-back, replay of
    /// the daemon's record does what the daemon did: the record has each
    /// input at the time the engine judged it.
    @Test(arguments: [Delivery.atOnce, .splitFrames, .lateLifts, .lateLandings], [false, true])
    func theRecordReplaysToWhatTheDaemonDid(delivery: Delivery, holdBack: Bool) {
        for hand in Self.hands {
            let (effects, record, _) = Self.live(hand, delivery, holdBack: holdBack)
            let header = TraceBuilder.standard().header
            var engine = GestureEngine(table: Self.table, screen: header.screen, devices: header.devices)
            var out: [Effect] = []
            for e in record { out += engine.process(e.input, at: e.t) }
            out += engine.advance(to: record.last!.t + 2)
            // The loop's last advance is from its last read, the replay's from its last input: the same timers.
            #expect(Self.gestures(out) == effects, "\(hand.name)")
        }
    }
}
