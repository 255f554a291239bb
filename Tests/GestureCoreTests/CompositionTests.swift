@testable import GestureCore
import Testing
import GestureTesting

/// The seeds' composition examples, as tables: a trace, and what the composed
/// gesture publishes.
struct CompositionCase: Sendable, CustomTestStringConvertible {
    let name: String
    let gesture: GestureSpec
    let script: @Sendable (inout TraceBuilder) -> Void
    let expected: [String]
    /// The part the ended value comes from, if it ends.
    var part: CompositionPart? = nil
    var testDescription: String { name }
}

let longPressThenDrag = GestureSpec.sequenced(longPress(0.5), drag(distance: .px(40)))
let doubleTapOrLongPress = GestureSpec.exclusively(tap(count: 2), longPress())
let magnifyAndRotate = GestureSpec.simultaneously(magnify(), rotate())

let compositionCases: [CompositionCase] = [
    // sequenced(before:): the drag starts only after the press succeeds, on the same touch.
    CompositionCase(name: "long press, then drag without lifting", gesture: longPressThenDrag,
                    script: { $0.land(1, at: centre); $0.wait(0.6); $0.move(by: Point(x: 150, y: 0), over: 0.2); $0.lift() },
                    expected: ["g:began", "g:ended"], part: .second),
    CompositionCase(name: "drag without the press first", gesture: longPressThenDrag,
                    script: { $0.land(1, at: centre); $0.move(by: Point(x: 150, y: 0), over: 0.2); $0.lift() },
                    expected: []),
    CompositionCase(name: "press, then lift without dragging", gesture: longPressThenDrag,
                    script: { $0.land(1, at: centre); $0.wait(0.7); $0.lift() },
                    expected: ["g:began", "g:cancelled"]),
    CompositionCase(name: "press, then a drag too short", gesture: longPressThenDrag,
                    script: { $0.land(1, at: centre); $0.wait(0.6); $0.move(by: Point(x: 20, y: 0), over: 0.1); $0.lift() },
                    expected: ["g:began", "g:cancelled"]),
    // exclusively(before:): the double tap has precedence; the long press waits for it to fail.
    CompositionCase(name: "double tap wins", gesture: doubleTapOrLongPress,
                    script: { $0.tap(1, at: centre); $0.wait(0.12); $0.tap(1, at: centre) },
                    expected: ["g:began", "g:ended"], part: .first),
    CompositionCase(name: "long press when the double tap fails", gesture: doubleTapOrLongPress,
                    script: { $0.land(1, at: centre); $0.wait(0.8); $0.lift() },
                    expected: ["g:began", "g:ended"], part: .second),
    CompositionCase(name: "a single tap is neither", gesture: doubleTapOrLongPress,
                    script: { $0.tap(1, at: centre); $0.wait(0.5) },
                    expected: []),
    CompositionCase(name: "tap, then a long press: the double tap fails, the press is too late to start",
                    gesture: doubleTapOrLongPress,
                    script: { $0.tap(1, at: centre); $0.wait(0.1); $0.land(1, at: centre); $0.wait(0.8); $0.lift() },
                    expected: []),
    // simultaneously(with:): both at once; the value holds both.
    CompositionCase(name: "magnify and rotate together", gesture: magnifyAndRotate,
                    script: { $0.land(2, at: centre, spacing: 200); $0.pinch(to: 1.5, over: 0.2); $0.rotate(by: 30, over: 0.2); $0.lift() },
                    expected: ["g:began", "g:ended"]),
    CompositionCase(name: "rotate alone still recognizes", gesture: magnifyAndRotate,
                    script: { $0.land(2, at: centre, spacing: 200); $0.rotate(by: 30, over: 0.2); $0.lift() },
                    expected: ["g:began", "g:ended"]),
    CompositionCase(name: "one finger is neither", gesture: magnifyAndRotate,
                    script: { $0.land(1, at: centre); $0.move(by: Point(x: 100, y: 0), over: 0.2); $0.lift() },
                    expected: []),
]

@Suite struct CompositionTests {
    @Test(arguments: compositionCases)
    func table(_ c: CompositionCase) throws {
        var b = TraceBuilder.standard(seed: 9)
        c.script(&b)
        let r = Run(b, [bind("g", c.gesture)])
        #expect(r.phases == c.expected)
        if let part = c.part {
            #expect(try #require(r.first("g", .ended)).value.part == part)
        }
    }

    /// Played twice, on recognizers reset in place for the second attempt.
    @Test(arguments: compositionCases)
    func playedTwice(_ c: CompositionCase) {
        var b = TraceBuilder.standard(seed: 9)
        c.script(&b)
        b.wait(1.5)
        c.script(&b)
        #expect(Run(b, [bind("g", c.gesture)]).phases == c.expected + c.expected)
    }

    @Test func sequencedDragMeasuresFromWhereThePressSucceeded() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.6)
        b.move(by: Point(x: 150, y: 30), over: 0.2)
        b.lift()
        let r = Run(b, [bind("g", longPressThenDrag)])
        let began = try #require(r.first("g", .began))
        #expect(began.time == 0.5)          // began with the press
        #expect(began.value.part == .first && began.value.pressing)
        let ended = try #require(r.first("g", .ended))
        #expect(abs(ended.value.translation.x - 150) < 1e-6 && abs(ended.value.translation.y - 30) < 1e-6)
        #expect(ended.value.start == centre)
        // The changes after the press carry the drag's value.
        #expect(r.gestures.contains { $0.phase == .changed && $0.value.part == .second })
    }

    @Test func exclusiveLongPressWaitsForTheDoubleTapToFail() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.8)
        b.lift()
        let r = Run(b, [bind("g", GestureSpec.exclusively(tap(count: 2), longPress(0.1)))])
        // The press is recognized at 0.1 s but must wait until the tap fails at tap-timeout.
        #expect(try #require(r.first("g", .began)).time == Settings().tapTimeout)
    }

    @Test func simultaneousValueHoldsBoth() throws {
        var b = TraceBuilder.standard()
        b.land(2, at: centre, spacing: 200)
        b.pinch(to: 1.5, over: 0.2)
        b.rotate(by: 30, over: 0.2)
        b.lift()
        let e = try #require(Run(b, [bind("g", magnifyAndRotate)]).first("g", .ended))
        #expect(abs(e.value.scale - 1.5) < 0.01)
        #expect(abs(e.value.angle - 30) < 0.5)
    }

    @Test func nestedCompositions() {
        // (long press then drag) exclusively before a 2-finger swipe.
        let g = GestureSpec.exclusively(longPressThenDrag, swipe(.left, fingers: 2))
        var b = TraceBuilder.standard()
        b.land(2, at: centre)
        b.move(by: Point(x: -200, y: 0), over: 0.2)
        b.lift()
        #expect(Run(b, [bind("g", g)]).phases == ["g:began", "g:ended"])
    }
}
