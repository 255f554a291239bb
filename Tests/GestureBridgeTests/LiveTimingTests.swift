import GestureCore
import GestureTesting
import GestureTraces
import GestureX11
import Testing

/// Live equals replay: the daemon's loop, as Daemon.run drives it (read what
/// X sent, each event at the time X stamped it through ServerTime; run the
/// engine's timers to its clock held back by DeliveryLag; wake for the
/// engine's next deadline), fed hands whose events X delivers late or
/// splits across reads, does what the engine does on X's own stamps.
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

    /// What the engine does on X's stamps: replay of what X said.
    static func onStamps(_ hand: Hand) -> [String] {
        var engine = GestureEngine(table: table, screen: TraceBuilder.standard().header.screen,
                                   devices: TraceBuilder.standard().header.devices)
        var out: [Effect] = []
        for e in hand.events { out += engine.process(e.input, at: Double(stamp(e)) / 1000) }
        out += engine.advance(to: Double(stamp(hand.events.last!)) / 1000 + 2)
        return gestures(out)
    }

    /// The daemon's loop on `delivery`: the effects, and its record (each
    /// input at the time the engine was given it).
    static func live(_ hand: Hand, _ delivery: Delivery, holdBack: Bool) -> (effects: [String], record: [TraceEvent]) {
        let header = TraceBuilder.standard().header
        var engine = GestureEngine(table: table, screen: header.screen, devices: header.devices)
        // A daemon that has run a while: X's clock tied to its own by an
        // event read at once, and X seen delivering as late as it does here.
        var time = ServerTime()
        var lag = DeliveryLag()
        _ = time.seconds(99_000, now: 99.0)
        lag.roll(to: 99.0)
        lag.saw(stamped: 99.0, now: 99.0 + delivery.worst)
        var out: [Effect] = []
        var record: [TraceEvent] = []
        // The reads: (the daemon's clock, the events). X's clock and the
        // daemon's agree (the first event is read at once).
        var reads: [(now: Double, events: [TraceEvent])] = []
        var frameStamp: UInt? = nil, inFrame = 0, lastRead = 0.0
        for e in hand.events {
            let s = stamp(e)
            inFrame = s == frameStamp ? inFrame + 1 : 0
            frameStamp = s
            let read = max(lastRead, Double(s) / 1000 + delivery.delay(e.input, indexInFrame: inFrame))
            if let last = reads.last, last.now == read { reads[reads.count - 1].events.append(e) }
            else { reads.append((read, [e])) }
            lastRead = read
        }
        func hold() -> Double { holdBack ? lag.hold : 0 }
        for read in reads {
            // Woken for the engine's deadlines before this read (poll's timeout).
            while let d = engine.nextDeadline, d + hold() < read.now {
                let wake = d + hold()
                lag.roll(to: wake)
                out += engine.advance(to: wake - hold())
            }
            lag.roll(to: read.now)
            for e in read.events {
                let t = time.seconds(stamp(e), now: read.now)
                lag.saw(stamped: t, now: read.now)
                let at = DeliveryLag.judged(t, engineNow: engine.now)   // Daemon.feed
                record.append(TraceEvent(t: at, input: e.input))
                out += engine.process(e.input, at: at)
            }
            out += engine.advance(to: read.now - hold())
        }
        out += engine.advance(to: reads.last!.now + 2)
        return (gestures(out), record)
    }

    /// What fired, when, and with what (frames show in each `changed`).
    static func gestures(_ effects: [Effect]) -> [String] {
        let names = table.allBindings.map(\.name)
        return effects.compactMap {
            guard case .gesture(let g) = $0 else { return nil }
            let v = g.value
            return "\(names[g.binding]) \(g.phase) \(g.step.map { "\($0)" } ?? "") t=\(Int((g.time * 1e4).rounded())) "
                + "f=\(v.fingers) dx=\(Int(v.translation.x.rounded())) s=\(Int((v.scale * 1000).rounded())) a=\(Int(v.angle.rounded()))"
        }
    }

    /// With the hold-back, live does what the engine does on X's stamps,
    /// however X delivered them.
    @Test(arguments: hands, [Delivery.atOnce, .splitFrames, .lateLifts, .lateLandings])
    func liveIsWhatXStamped(hand: Hand, delivery: Delivery) {
        let ideal = Self.onStamps(hand)
        #expect(!ideal.isEmpty, "the hand fires something")
        let (effects, record) = Self.live(hand, delivery, holdBack: true)
        #expect(effects == ideal)
        // No input was judged later than X stamped it.
        #expect(zip(record, hand.events).allSatisfy { abs($0.t - Double(Self.stamp($1)) / 1000) < 1e-9 })
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
        let (effects, _) = Self.live(hand, delivery, holdBack: false)
        #expect(effects != Self.onStamps(hand))
    }

    /// Whatever the delivery, and with or without the hold-back, replay of
    /// the daemon's record does what the daemon did: the record has each
    /// input at the time the engine judged it.
    @Test(arguments: [Delivery.atOnce, .splitFrames, .lateLifts, .lateLandings], [false, true])
    func theRecordReplaysToWhatTheDaemonDid(delivery: Delivery, holdBack: Bool) {
        for hand in Self.hands {
            let (effects, record) = Self.live(hand, delivery, holdBack: holdBack)
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
