import GestureCore
import GestureTesting
import GestureTraces
import Testing

/// A lift while a gesture publishes ends it whatever else its hardware frame
/// holds: its frame is due at its own time, not `frameJoin` later, so the
/// daemon, which runs the engine through its own time after each read, acts
/// on the lift in the wakeup that read it (docs/engine.md, frames). A lift
/// before anything publishes still waits for the rest of its frame.
@Suite struct EndingFrameTests {
    static let table = GestureTable(desktop: [
        Binding(name: "swipe-left-3", gesture: .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3)))),
        Binding(name: "tap-2", gesture: .tap(TapSpec(count: 1, common: CommonArguments(fingers: 2)))),
    ])

    /// Feeds `trace` up to (not including) its first touch end; returns the
    /// engine, the effects so far and that end.
    static func untilFirstLift(_ trace: Trace) -> (GestureEngine, [Effect], TraceEvent) {
        var engine = GestureEngine(table: table, screen: trace.header.screen, devices: trace.header.devices)
        var out: [Effect] = []
        for e in trace.events {
            if case .touchEnd = e.input { return (engine, out, e) }
            out += engine.process(e.input, at: e.t)
        }
        fatalError("the trace has no lift")
    }

    static func phases(_ effects: [Effect]) -> [GesturePhase] {
        effects.compactMap { if case .gesture(let g) = $0 { g.phase } else { nil } }
    }

    @Test func aLiftWhileASwipePublishesIsDueAtItsOwnTime() {
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 1000, y: 500))
        b.move(by: Point(x: -300, y: 0), over: 0.3)
        b.lift()
        var (engine, before, lift) = Self.untilFirstLift(b.trace)
        #expect(Self.phases(before).contains(.began))
        // The three lifts of one moment: one frame, due at that moment.
        var fed = 0
        for e in b.trace.events where e.t == lift.t {
            if case .touchEnd = e.input {
                // (The motion frame before it is judged as it arrives: changed.)
                #expect(!Self.phases(engine.process(e.input, at: e.t)).contains(.ended))
                fed += 1
            }
        }
        #expect(fed == 3)
        #expect(engine.nextDeadline == lift.t, "the lift's frame waits for frameJoin")
        // A frame that ends a gesture is not one the daemon's wait may pass (frameSlack).
        #expect(!engine.nextDeadlineJudgesAFrame)
        #expect(Self.phases(engine.advance(to: lift.t)) == [.ended])
    }

    /// The daemon reads them in place (EngineReadInPlace.swift): the same
    /// answers as the properties everything else reads, after every input
    /// and every timer of a swipe, a tap and a lift with nothing published.
    @Test func readInPlaceIsTheSame() {
        var b = TraceBuilder.standard()
        b.land(3, at: Point(x: 1000, y: 500))
        b.move(by: Point(x: -300, y: 0), over: 0.3)
        b.lift()
        b.wait(0.5)
        b.land(2, at: Point(x: 800, y: 400))
        b.wait(0.05)
        b.lift()
        var engine = GestureEngine(table: Self.table, screen: b.trace.header.screen, devices: b.trace.header.devices)
        var checked = 0
        func same(_ e: inout GestureEngine) {
            let wake = e.wake, ending = e.endingFrameInPlace, window = e.windowInPlace
            #expect(wake?.deadline == e.nextDeadline)
            #expect((wake?.judgesAFrame ?? false) == e.nextDeadlineJudgesAFrame)
            #expect(ending == e.endingFrame && window == e.window)
            checked += 1
        }
        for ev in b.trace.events {
            while let due = engine.nextDeadline, due < ev.t {
                _ = engine.advance(to: due)
                same(&engine)
            }
            _ = engine.process(ev.input, at: ev.t)
            same(&engine)
        }
        while let due = engine.nextDeadline {
            _ = engine.advance(to: due)
            same(&engine)
        }
        #expect(checked > b.trace.events.count)
    }

    @Test func aLiftBeforeAnythingPublishesWaitsForItsFrame() {
        var b = TraceBuilder.standard()
        b.land(2, at: Point(x: 1000, y: 500))
        b.wait(0.08)
        b.lift()
        var (engine, before, lift) = Self.untilFirstLift(b.trace)
        #expect(!Self.phases(before).contains(.began))
        _ = engine.process(lift.input, at: lift.t)
        let due = try? #require(engine.nextDeadline)
        #expect(due.map { $0 > lift.t } == true, "a lift with nothing publishing is judged with the rest of its frame")
        #expect(Self.phases(engine.advance(to: lift.t)).isEmpty)
    }
}
