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

    /// A V taught with a pen's crisp corner (it turns 155 degrees) and
    /// drawn again with its corner round, a U of a narrow bottom: a turn no
    /// smooth curve makes is a corner, whatever the template turns
    /// (`StrokeCloud.cornerEnough`; before it, half the template's 155 was
    /// asked, and the bottom of radius 30 was refused as `.noCorner`).
    /// What has no corner stays refused: a U as round as a circle's turn,
    /// a bent stroke, a circle, a circle drawn 1.1 times round.
    @Test(arguments: [
        // (the drawing, the answer: a shape's name or why it was refused)
        ("V as taught", "V"), ("U, bottom of radius 20", "V"), ("U, bottom of radius 30", "V"),
        ("U, bottom of radius 50", "no corner"), ("bent stroke", "no corner"), ("circle", "no corner"),
        ("1.1 circles", "no corner"),
    ])
    func aCornerDrawnRoundAgainstACrispTemplate(drawing: String, answer: String) {
        let crisp = Self.vee(bottom: 0)
        let m = StrokeMatcher(templates: [StrokeTemplate(name: "V", path: crisp),
                                          StrokeTemplate(name: "triangle", path: StrokeShapes.triangle())])
        let bent = (0...30).map { k in
            let a = (Double(k) / 30 - 0.5) * Double.pi / 3
            return Point(x: 200 * StrokeShapes.sine(a), y: 200 * (1 - StrokeShapes.cosine(a)))
        }
        let over = (0...60).map { k in
            let a = Double(k) / 60 * 2.2 * Double.pi
            return Point(x: 100 * StrokeShapes.cosine(a), y: 100 * StrokeShapes.sine(a))
        }
        let drawings: [String: [Point]] = [
            "V as taught": crisp, "U, bottom of radius 20": Self.vee(bottom: 20), "U, bottom of radius 30": Self.vee(bottom: 30),
            "U, bottom of radius 50": Self.vee(bottom: 50), "bent stroke": bent,
            "circle": StrokeShapes.circle(120, clockwise: true), "1.1 circles": over,
        ]
        let r = m.match(drawings[drawing]!)
        #expect((r.name ?? (r.rejection == .noCorner ? "no corner" : "\(r.rejection.map(\.rawValue) ?? "nil")")) == answer, "\(r)")
        // The one the cap decides: a corner sharper than a circle's, under half the template's.
        if drawing == "U, bottom of radius 30" {
            let turn = StrokeCloud.normalize(drawings[drawing]!, count: 32).withUnsafeBufferPointer { StrokeCloud.sharpestTurn($0) }
            let taught = m.templates[0].sharpest
            #expect(turn >= StrokeCloud.cornerEnough && turn < taught * StrokeCloud.cornerKept, "turn \(turn) of \(taught)")
        }
    }

    /// A V 60 px wide and 200 tall; with `bottom`, a U: its legs 200 px
    /// long, a half circle of that radius between them.
    static func vee(bottom r: Double) -> [Point] {
        guard r > 0 else { return StrokeShapes.line(.zero, Point(x: 30, y: 200), 20) + StrokeShapes.line(Point(x: 30, y: 200), Point(x: 60, y: 0), 20).dropFirst() }
        let arc = (1..<30).map { k -> Point in
            let a = Double.pi * Double(k) / 30
            return Point(x: r - r * StrokeShapes.cosine(a), y: 200 + r * StrokeShapes.sine(a))
        }
        return StrokeShapes.line(.zero, Point(x: 0, y: 200), 20) + arc + StrokeShapes.line(Point(x: 2 * r, y: 200), Point(x: 2 * r, y: 0), 20)
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
