@testable import GestureBridge
import GestureCore
import Testing

/// FingerTrail: what the engine says is being drawn, after each input,
/// turned into the trail window's start, legs and end, in order.
@Suite struct FingerTrailTests {
    static func drawn(_ points: [Point], device: DeviceID = 11) -> StrokeBeingDrawn {
        StrokeBeingDrawn(device: device, origin: Point(x: 100, y: 50), points: points)
    }

    static func taken(_ t: inout FingerTrail) -> [FingerTrail.Request] {
        var out: [FingerTrail.Request] = []
        t.take { out.append($0) }
        return out
    }

    @Test func startLegsAndEnd() {
        let a = Point(x: 0, y: 0), b = Point(x: 0, y: 40), c = Point(x: 0, y: 70), d = Point(x: 20, y: 70), e = Point(x: 40, y: 70)
        var t = FingerTrail()
        t.saw(nil)
        t.landed()
        t.landed()
        #expect(Self.taken(&t) == [.pressed], "asked once per landing, while nothing is shown")
        t.saw(Self.drawn([a, b, c]))
        #expect(Self.taken(&t) == [.start([Point(x: 100, y: 50), Point(x: 100, y: 90), Point(x: 100, y: 120)])])
        t.saw(Self.drawn([a, b, c]))
        t.landed()
        #expect(Self.taken(&t).isEmpty, "nothing new")
        t.saw(Self.drawn([a, b, c, d, e]))
        #expect(Self.taken(&t) == [.point(Point(x: 120, y: 120)), .point(Point(x: 140, y: 120))])
        // Thinned (StrokePath drops every other point): the last drawn is
        // gone, a leg to the new end.
        let f = Point(x: 60, y: 70)
        t.saw(Self.drawn([a, c, f]))
        #expect(Self.taken(&t) == [.point(Point(x: 160, y: 120))])
        // Another touchscreen draws: the trail starts again there.
        t.saw(Self.drawn([a, b], device: 13))
        #expect(Self.taken(&t) == [.end, .start([Point(x: 100, y: 50), Point(x: 100, y: 90)])])
        #expect(t.shown)
        t.saw(nil)
        t.saw(nil)
        #expect(Self.taken(&t) == [.end])
        #expect(!t.shown)
    }
}
