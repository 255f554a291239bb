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

    /// A shape with a corner is not matched by a drawing with none: a
    /// point cloud alone took a circle for a triangle and a gently bent line
    /// for a check (real hands, RealHandsOfflineTests); the same shapes drawn
    /// with their corners, even rounded, still match.
    @Test func aCorneredShapeNeedsACorner() {
        let m = StrokeMatcher(templates: [StrokeTemplate(name: "triangle", path: StrokeShapes.triangle()),
                                          StrokeTemplate(name: "check", path: StrokeShapes.check())])
        let circle = m.match(StrokeShapes.circle(120, clockwise: true))
        #expect(circle.name == nil && circle.rejection == .noCorner, "\(circle)")
        // 60 degrees of a circle of 200 px: bent enough not to be a line.
        let bent = (0...30).map { k in
            let a = (Double(k) / 30 - 0.5) * Double.pi / 3
            return Point(x: 200 * StrokeShapes.sine(a), y: 200 * (1 - StrokeShapes.cosine(a)))
        }
        let arc = m.match(bent)
        #expect(arc.name == nil && arc.rejection == .noCorner, "\(arc)")
        #expect(m.match(StrokeShapes.triangle(200)).name == "triangle")
        // A check whose corner is drawn round: each point the mean of its 7 neighbours.
        let check = StrokeShapes.check(150)
        let round = check.indices.map { i -> Point in
            let lo = max(0, i - 3), hi = min(check.count - 1, i + 3)
            return check[lo...hi].reduce(Point.zero, +) / Double(hi - lo + 1)
        }
        #expect(m.match(round).name == "check", "\(m.match(round))")
        // Without a cornered template nothing is asked of the drawing.
        #expect(StrokeMatcher(templates: [StrokeTemplate(name: "o", path: StrokeShapes.circle(clockwise: true))])
            .match(StrokeShapes.circle(90, clockwise: true, wobble: 0.04)).name == "o")
    }

    /// The bounded, table-driven match gives the very answer of $P's greedy
    /// matching every template in full (written here plainly, as the matcher
    /// was before it was made fast): the same closest template and the same
    /// score to the last bit, drawn shapes and scribbles, with and without
    /// direction and rotation.
    @Test func sameAnswerAsTheFullMatch() {
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func wobbled(_ path: [Point], _ amount: Double) -> [Point] {
            path.map { $0 * (0.8 + 0.4 * random()) + Point(x: amount * random(), y: amount * random()) }
        }
        let shapes = [StrokeShapes.ell(), StrokeShapes.circle(clockwise: true), StrokeShapes.circle(clockwise: false),
                      StrokeShapes.check(), StrokeShapes.zigzag(), StrokeShapes.vee(), StrokeShapes.triangle()]
        var candidates = shapes.flatMap { s in (0..<4).map { _ in wobbled(s, 12) } }
        candidates += (0..<12).map { _ in (0..<30).map { _ in Point(x: 300 * random(), y: 300 * random()) } }
        for (direction, rotation) in [(true, false), (false, false), (true, true)] {
            var o = StrokeOptions()
            o.directionSensitive = direction
            o.rotationInvariant = rotation
            let templates = shapes.enumerated().flatMap { k, s in
                (0..<3).map { _ in StrokeTemplate(name: "\(k)", path: wobbled(s, 8), options: o) }
            }
            let m = StrokeMatcher(templates: templates, options: o)
            // Rotation tries 8 turns of each: every third drawing (debug builds are slow).
            for c in rotation ? candidates.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) : candidates {
                let fast = m.match(c)
                let full = Self.fullMatch(c, templates, o)
                #expect(fast.closest == full.closest && fast.score == full.score,
                        "direction \(direction), rotation \(rotation): \(fast) vs \(full)")
            }
        }
    }

    /// $P with the direction term, every template, every rotation, every start.
    static func fullMatch(_ path: [Point], _ templates: [StrokeTemplate], _ o: StrokeOptions) -> (closest: String?, score: Double) {
        let n = o.points
        let cloud = StrokeCloud.normalize(path, count: n)
        let order = o.directionSensitive ? 1 / Double(n) : 0
        func greedy(_ a: [Point], _ b: [Point], _ start: Int) -> Double {
            var matched = [Bool](repeating: false, count: n)
            var sum = 0.0
            var i = start
            for w in 0..<n {
                var minD = Double.infinity, index = 0
                for j in 0..<n where !matched[j] {
                    let d = (a[i] - b[j]).length + Double(abs(i - j)) * order
                    if d < minD { minD = d; index = j }
                }
                matched[index] = true
                sum += (1 - Double(w) / Double(n)) * minD
                i = (i + 1) % n
            }
            return sum
        }
        var best = Double.infinity
        var closest: String?
        for t in templates {
            for k in 0..<(o.rotationInvariant ? 8 : 1) {
                // Turned by k x 45 degrees (k = 0: as drawn).
                let h = 0.70710678118654752
                let c = [1, h, 0, -h, -1, -h, 0, h][k], s = [0, h, 1, h, 0, -h, -1, -h][k]
                let r = k == 0 ? cloud : cloud.map { Point(x: $0.x * c - $0.y * s, y: $0.x * s + $0.y * c) }
                for start in stride(from: 0, to: n, by: max(1, Int(Double(n).squareRoot() * 0.5))) {
                    let d = min(greedy(r, t.cloud, start), greedy(t.cloud, r, start))
                    if d < best { best = d; closest = t.name }
                }
            }
        }
        return (closest, StrokeCloud.score(distance: best, count: n))
    }
}
