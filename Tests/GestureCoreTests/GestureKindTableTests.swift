@testable import GestureCore
import GestureTesting
import Testing

/// The engine's side of the table of gesture kinds: each kind builds its own
/// recognizer, and the spec cases and the table agree.
@Suite struct GestureKindTableTests {
    @Test func everySpecCaseHasItsKind() {
        let cases: [(GestureSpec, String)] = [
            (.tap(TapSpec()), "tap"), (.longPress(LongPressSpec()), "longPress"), (.drag(DragSpec()), "drag"),
            (.swipe(SwipeSpec()), "swipe"), (.magnify(MagnifySpec()), "magnify"), (.rotate(RotateSpec()), "rotate"),
            (.hold(HoldSpec()), "hold"), (.stroke(StrokeSpec()), "stroke"),
        ]
        #expect(cases.map(\.1) == GestureKind.all.map(\.name))
        for (spec, name) in cases {
            #expect(spec.kind?.name == name)
            #expect(GestureKind.all.first { $0.name == name }!.make() == spec)
        }
        #expect(GestureSpec.sequenced(.tap(TapSpec()), .drag(DragSpec())).kind == nil)
        // The random generator's pool has every kind but stroke (which needs taught shapes).
        #expect(Set(RandomGestures.pool.compactMap { $0.kind?.name }) == Set(GestureKind.all.map(\.name)).subtracting(["stroke"]))
    }

    @Test func eachKindBuildsItsRecognizer() {
        let t = Thresholds(Settings(), pxPerMM: 4)
        let built = GestureKind.all.map { "\(type(of: $0.make().leaf!.makeRecognizer(t)))" }
        #expect(built == ["TapRecognizer", "LongPressRecognizer", "DragRecognizer", "SwipeRecognizer", "PinchRecognizer",
                          "PinchRecognizer", "HoldRecognizer", "StrokeRecognizer"])
        let magnify = MagnifySpec(minimumScaleDelta: 0.2).makeRecognizer(t) as! PinchRecognizer
        let rotate = RotateSpec().makeRecognizer(t) as! PinchRecognizer
        #expect(magnify.shape == .spread && magnify.threshold == 0.2)
        #expect(rotate.shape == .turn && rotate.threshold == PinchRecognizer.defaultMinimumAngleDelta)
    }

    @Test(arguments: [(nil, nil, nil), (1.0, nil, 1.0), (nil, 2.0, 2.0), (3.0, 2.0, 2.0), (2.0, 3.0, 2.0)] as [(Seconds?, Seconds?, Seconds?)])
    func earliestOfTwoTimes(_ a: Seconds?, _ b: Seconds?, _ expected: Seconds?) {
        #expect(earliest(a, b) == expected)
    }
}
