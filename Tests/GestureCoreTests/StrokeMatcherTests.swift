@testable import GestureCore
import Testing
import GestureTesting

/// The point-cloud matcher on generated strokes (our own shapes: unit tests
/// only; real hands are measured elsewhere) and its rejection table.
@Suite struct StrokeMatcherTests {
    let templates = [
        StrokeTemplate(name: "L", path: StrokeShapes.ell()),
        StrokeTemplate(name: "cw", path: StrokeShapes.circle(clockwise: true)),
        StrokeTemplate(name: "ccw", path: StrokeShapes.circle(clockwise: false)),
        StrokeTemplate(name: "check", path: StrokeShapes.check()),
        StrokeTemplate(name: "zigzag", path: StrokeShapes.zigzag()),
    ]

    @Test func recognizesEachShapeScaledAndMoved() {
        let m = StrokeMatcher(templates: templates)
        let cases: [([Point], String)] = [
            (StrokeShapes.ell(120, at: Point(x: 500, y: 300)), "L"),
            (StrokeShapes.circle(60, clockwise: true, wobble: 0.05), "cw"),
            (StrokeShapes.circle(160, clockwise: false, wobble: 0.05), "ccw"),
            (StrokeShapes.check(300).map { $0 + Point(x: 40, y: 900) }, "check"),
            (StrokeShapes.zigzag(150), "zigzag"),
        ]
        for (path, name) in cases {
            let r = m.match(path)
            #expect(r.name == name, "\(name): \(r)")
            #expect(r.score >= 0.8)
        }
    }

    @Test func directionInsensitiveTakesACircleEitherWay() {
        var o = StrokeOptions()
        o.directionSensitive = false
        let m = StrokeMatcher(templates: [StrokeTemplate(name: "circle", path: StrokeShapes.circle(clockwise: true), options: o)], options: o)
        #expect(m.match(StrokeShapes.circle(90, clockwise: false)).name == "circle")
        #expect(m.match(StrokeShapes.circle(90, clockwise: true)).name == "circle")
    }

    @Test func rotationInvariantTakesARotatedL() {
        let turned = StrokeShapes.ell().map { Point(x: -$0.y, y: $0.x) }  // 90 degrees
        #expect(StrokeMatcher(templates: templates).match(turned).name != "L")
        var o = StrokeOptions()
        o.rotationInvariant = true
        #expect(StrokeMatcher(templates: [StrokeTemplate(name: "L", path: StrokeShapes.ell(), options: o)], options: o).match(turned).name == "L")
    }

    /// Taps, swipes and scrolls fire nothing.
    @Test func rejectionTable() {
        let m = StrokeMatcher(templates: templates)
        let cases: [([Point], StrokeMatch.Rejection)] = [
            ([Point(x: 10, y: 10)], .tooFewPoints),
            (StrokeShapes.line(Point(x: 10, y: 10), Point(x: 14, y: 12), 3), .tooSmall),          // a tap's jitter
            (StrokeShapes.line(.zero, Point(x: 400, y: 0)), .straight),                           // a swipe
            (StrokeShapes.line(.zero, Point(x: 3, y: 300)).enumerated().map {                      // a scroll, a little wobble
                Point(x: $0.element.x + Double($0.offset % 3), y: $0.element.y) }, .straight),
            (StrokeShapes.circle(10, clockwise: true), .tooSmall),
        ]
        for (path, why) in cases {
            let r = m.match(path)
            #expect(r.name == nil && r.rejection == why, "\(why): \(r)")
        }
    }
}
