@testable import GestureBridge
import GestureCore
import GestureTesting
import Testing

/// What a finger stroke's end shows (`stroke-name`, StrokeOutcomes): read
/// from the engine's effects as the daemon reads them, with the engine
/// saying its strokes' verdicts without `--explain` (`strokeVerdicts`).
@Suite struct StrokeOutcomesTests {
    static var table: GestureTable {
        var s = Settings()
        s.strokes = StrokeSet([
            StrokeShape(name: "L", templates: [StrokeShapes.ell()]),
            StrokeShape(name: "circle", templates: [StrokeShapes.circle(clockwise: true)]),
        ])
        func stroke(_ shape: String) -> Binding {
            Binding(name: "finger-" + shape, gesture: .stroke(StrokeSpec(shape: shape, common: CommonArguments(fingers: 1))))
        }
        return GestureTable(settings: s, desktop: [stroke("L"), stroke("circle"),
                                                    Binding(name: "tap", gesture: .tap(TapSpec(count: 1)))])
    }

    /// `path` drawn with one finger from (600, 300), through a daemon-like
    /// reading: every input seen, every engine call's effects scanned.
    static func shown(_ path: [Point], verdicts: Bool = true, tap: Bool = false, table: GestureTable = table) -> StrokeOutcomes.Shown? {
        var b = TraceBuilder.standard()
        if tap { b.tap(1, at: Point(x: 600, y: 300)) } else {
            b.land(1, at: Point(x: 600, y: 300))
            b.draw(path, over: 0.5)
            b.lift()
        }
        let trace = b.trace
        var engine = GestureEngine(table: table, screen: trace.header.screen, devices: trace.header.devices)
        engine.strokeVerdicts = verdicts
        var outcomes = StrokeOutcomes(table: table)
        var buffer: [Effect] = []
        var shown: StrokeOutcomes.Shown? = nil
        for e in trace.events {
            buffer.removeAll()
            engine.process(e.input, at: e.t, into: &buffer)
            outcomes.saw(e.input)
            outcomes.scan(buffer)
            shown = outcomes.take() ?? shown
        }
        buffer.removeAll()
        engine.advance(to: b.t + 1, into: &buffer)
        outcomes.scan(buffer)
        return outcomes.take() ?? shown
    }

    @Test func aShapeThatFiredShowsItsNameWhereTheFingerLifted() throws {
        let s = try #require(Self.shown(StrokeShapes.ell(150)))
        guard case .fired("L", let at) = s else { Issue.record("\(s)"); return }
        #expect(s.words.description == "L")
        // The lift: the L's end, from the landing at (600, 300).
        let end = StrokeShapes.ell(150).last!
        #expect((at - (Point(x: 600, y: 300) + end - StrokeShapes.ell(150)[0])).length < 5, "\(at)")
    }

    @Test func aDrawingMissedShowsNoShapeAndTheClosest() throws {
        let s = try #require(Self.shown(StrokeShapes.zigzag(220)))
        guard case .noShape(closest: let c?, _) = s else { Issue.record("\(s)"); return }
        #expect(["L", "circle"].contains(c))
        #expect(s.words.description == "no shape (closest: \(c))")
    }

    /// A tap is no drawing: nothing is shown; nor is anything without the
    /// engine's verdicts (the engine says nothing of a failed stroke then).
    @Test func aTapOrNoVerdictsShowNothing() {
        #expect(Self.shown([], tap: true) == nil)
        #expect(Self.shown(StrokeShapes.zigzag(220), verdicts: false) == nil)
    }

    /// A stroke inside a composition shows too: "no shape" when its
    /// drawing missed; its name when the composition ends, where the
    /// composition cannot end without it (a sequence's part). Beside
    /// another part (`simultaneously`, `exclusively`) the stroke may have
    /// failed when the whole ends: no name then.
    @Test func aStrokeInsideACompositionShowsToo() throws {
        let L = GestureSpec.stroke(StrokeSpec(shape: "L", common: CommonArguments(fingers: 1)))
        let circle = GestureSpec.stroke(StrokeSpec(shape: "circle", common: CommonArguments(fingers: 1)))
        let inSequence = GestureSpec.sequenced(.longPress(LongPressSpec()), L)
        #expect(StrokeOutcomes.fingerStrokes(in: inSequence) == ["L"])
        #expect(StrokeOutcomes.fingerStrokesNeeded(by: inSequence) == ["L"])
        #expect(StrokeOutcomes.fingerStrokes(in: .exclusively(L, circle)) == ["L", "circle"])
        #expect(StrokeOutcomes.fingerStrokesNeeded(by: .exclusively(L, circle)).isEmpty)
        #expect(StrokeOutcomes.fingerStrokesNeeded(by: .simultaneously(L, .hold(HoldSpec()))).isEmpty)
        #expect(StrokeOutcomes.fingerStrokes(in: .simultaneously(.stroke(StrokeSpec(shape: "L", button: 3)), .tap(TapSpec()))).isEmpty)
        let composed = GestureTable(settings: Self.table.settings, desktop: [
            Binding(name: "circle-or-L", gesture: .exclusively(circle, L)),
        ])
        #expect(StrokeOutcomes(table: composed).watches)
        let missed = try #require(Self.shown(StrokeShapes.zigzag(220), table: composed))
        guard case .noShape(closest: _?, _) = missed else { Issue.record("\(missed)"); return }
        // The L fired the exclusive pair: which part, its end does not say.
        #expect(Self.shown(StrokeShapes.ell(150), table: composed) == nil)
    }

    @Test func nothingWatchedWithoutAFingerStroke() {
        let pointerOnly = GestureTable(desktop: [Binding(name: "p", gesture: .stroke(StrokeSpec(shape: "L", button: 3)))])
        #expect(!StrokeOutcomes(table: pointerOnly).watches)
        #expect(StrokeOutcomes(table: Self.table).watches)
        #expect(StrokeOutcomes.Shown.noShape(closest: nil, at: .zero).words.description == "no shape")
    }
}
