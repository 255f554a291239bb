@testable import GestureCore
import Testing

/// The point-cloud matcher on generated strokes (our own shapes: unit tests
/// only; real hands are measured elsewhere) and its rejection table.
@Suite struct StrokeMatcherTests {
    static func line(_ a: Point, _ b: Point, _ n: Int = 20) -> [Point] {
        (0...n).map { a + (b - a) * (Double($0) / Double(n)) }
    }
    static func ell(_ s: Double = 200, at o: Point = .zero) -> [Point] {
        line(o, o + Point(x: 0, y: s)) + line(o + Point(x: 0, y: s), o + Point(x: s * 0.6, y: s)).dropFirst()
    }
    static func circle(_ r: Double = 100, clockwise: Bool, wobble: Double = 0) -> [Point] {
        (0...64).map { k in
            let a = Double(k) / 64 * 2 * Double.pi * (clockwise ? 1 : -1)
            let rr = r * (1 + wobble * (k % 2 == 0 ? 1 : -1))
            return Point(x: rr * cosine(a), y: rr * sine(a))
        }
    }
    static func check(_ s: Double = 150) -> [Point] {
        line(.zero, Point(x: s * 0.3, y: s * 0.4)) + line(Point(x: s * 0.3, y: s * 0.4), Point(x: s, y: -s * 0.6)).dropFirst()
    }
    static func zigzag(_ s: Double = 200) -> [Point] {
        var p: [Point] = []
        for k in 0..<4 {
            let a = Point(x: Double(k) * s / 4, y: k % 2 == 0 ? 0 : s / 2)
            let b = Point(x: Double(k + 1) * s / 4, y: k % 2 == 0 ? s / 2 : 0)
            p += line(a, b, 8).dropFirst(k == 0 ? 0 : 1)
        }
        return p
    }
    // Taylor series: the tests need no libm.
    static func sine(_ x: Double) -> Double {
        var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for n in 1..<12 { term *= -x * x / Double((2 * n) * (2 * n + 1)); sum += term }
        return sum
    }
    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

    let templates = [
        StrokeTemplate(name: "L", path: ell()),
        StrokeTemplate(name: "cw", path: circle(clockwise: true)),
        StrokeTemplate(name: "ccw", path: circle(clockwise: false)),
        StrokeTemplate(name: "check", path: check()),
        StrokeTemplate(name: "zigzag", path: zigzag()),
    ]

    @Test func recognizesEachShapeScaledAndMoved() {
        let m = StrokeMatcher(templates: templates)
        let cases: [([Point], String)] = [
            (Self.ell(120, at: Point(x: 500, y: 300)), "L"),
            (Self.circle(60, clockwise: true, wobble: 0.05), "cw"),
            (Self.circle(160, clockwise: false, wobble: 0.05), "ccw"),
            (Self.check(300).map { $0 + Point(x: 40, y: 900) }, "check"),
            (Self.zigzag(150), "zigzag"),
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
        let m = StrokeMatcher(templates: [StrokeTemplate(name: "circle", path: Self.circle(clockwise: true), options: o)], options: o)
        #expect(m.match(Self.circle(90, clockwise: false)).name == "circle")
        #expect(m.match(Self.circle(90, clockwise: true)).name == "circle")
    }

    @Test func rotationInvariantTakesARotatedL() {
        let turned = Self.ell().map { Point(x: -$0.y, y: $0.x) }  // 90 degrees
        #expect(StrokeMatcher(templates: templates).match(turned).name != "L")
        var o = StrokeOptions()
        o.rotationInvariant = true
        #expect(StrokeMatcher(templates: [StrokeTemplate(name: "L", path: Self.ell(), options: o)], options: o).match(turned).name == "L")
    }

    /// Taps, swipes and scrolls fire nothing.
    @Test func rejectionTable() {
        let m = StrokeMatcher(templates: templates)
        let cases: [([Point], StrokeMatch.Rejection)] = [
            ([Point(x: 10, y: 10)], .tooFewPoints),
            (Self.line(Point(x: 10, y: 10), Point(x: 14, y: 12), 3), .tooSmall),          // a tap's jitter
            (Self.line(.zero, Point(x: 400, y: 0)), .straight),                           // a swipe
            (Self.line(.zero, Point(x: 3, y: 300)).enumerated().map {                      // a scroll, a little wobble
                Point(x: $0.element.x + Double($0.offset % 3), y: $0.element.y) }, .straight),
            (Self.circle(10, clockwise: true), .tooSmall),
        ]
        for (path, why) in cases {
            let r = m.match(path)
            #expect(r.name == nil && r.rejection == why, "\(why): \(r)")
        }
    }
}
