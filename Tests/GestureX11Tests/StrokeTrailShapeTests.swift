import CX11
import GestureCore
@testable import GestureX11
import Testing
import XTestSupport

/// What the trail draws for a path (TrailShape) and when the stroke's name
/// hides and where it goes (NameTagPlan): the pure parts of issue 58's
/// "see it"; the windows themselves are the daemon's X tests'
/// (PointerStrokeDaemonTests.theTrailFollowsTheDrawingAndTheNameShowsThenHides).
@Suite struct StrokeTrailShapeTests {
    /// Every pixel of the rectangles, once each.
    static func pixels(_ rects: [TrailShape.Rect]) -> Set<[Int]> {
        var out: Set<[Int]> = []
        for r in rects { for x in r.x..<(r.x + r.width) { for y in r.y..<(r.y + r.height) { out.insert([x, y]) } } }
        return out
    }

    @Test func aLevelLegIsOneRectangleAndTheJoint() {
        let r = TrailShape.rectangles(from: Point(x: 100, y: 50), to: Point(x: 140, y: 50), width: 4)
        #expect(r == [TrailShape.Rect(x: 100, y: 48, width: 40, height: 4), TrailShape.Rect(x: 138, y: 48, width: 4, height: 4)])
        let up = TrailShape.rectangles(from: Point(x: 10, y: 90), to: Point(x: 10, y: 30), width: 4)
        #expect(up == [TrailShape.Rect(x: 8, y: 31, width: 4, height: 60), TrailShape.Rect(x: 8, y: 28, width: 4, height: 4)])
    }

    /// A slanted leg in any of the eight directions: every point of the
    /// ideal line is within the rectangles, none of them is farther than
    /// the width from it, and there are at most as many as the leg is long
    /// along its longer axis, and the joint.
    @Test(arguments: [(37, 11), (-37, 11), (37, -11), (-37, -11), (11, 37), (-11, 37), (11, -37), (-11, -37), (20, 20)])
    func aSlantedLegIsCoveredWithinItsWidth(_ dx: Int, _ dy: Int) {
        let a = Point(x: 200, y: 200), b = Point(x: 200 + Double(dx), y: 200 + Double(dy))
        let rects = TrailShape.rectangles(from: a, to: b, width: 4)
        #expect(rects.count <= max(abs(dx), abs(dy)) + 1)
        let covered = Self.pixels(rects)
        for k in 0...100 {
            let t = Double(k) / 100
            let p = a + (b - a) * t
            #expect(covered.contains([Int(p.x.rounded(.down)), Int(p.y.rounded(.down))]) || covered.contains([Int(p.x.rounded()), Int(p.y.rounded())]),
                    "(\(p.x), \(p.y)) not drawn")
        }
        for px in covered {
            let p = Point(x: Double(px[0]) + 0.5, y: Double(px[1]) + 0.5)
            let along = max(0, min(1, ((p - a).x * (b - a).x + (p - a).y * (b - a).y) / ((b - a).length * (b - a).length)))
            #expect((p - (a + (b - a) * along)).length <= 4, "(\(px)) far from the line")
        }
    }

    @Test func aPathIsItsLegsAndAPointIsASquare() {
        let path = [Point(x: 0, y: 0), Point(x: 0, y: 30), Point(x: 25, y: 30)]
        #expect(TrailShape.rectangles(along: path) == TrailShape.rectangles(from: path[0], to: path[0])
            + TrailShape.rectangles(from: path[0], to: path[1]) + TrailShape.rectangles(from: path[1], to: path[2]))
        #expect(TrailShape.rectangles(along: [Point(x: 5, y: 5)]) == [TrailShape.Rect(x: 3, y: 3, width: 4, height: 4)])
        #expect(TrailShape.rectangles(along: []).isEmpty)
    }

    @Test func coordinatesAreClampedToX() {
        #expect(TrailShape.xy(Point(x: 1e6, y: -1e6)) == (32767, -32768))
        #expect(TrailShape.xy(Point(x: 10.4, y: 10.6)) == (10, 11))
    }

    @Test func theNameHidesASecondAfterItWasLastShown() {
        var plan = NameTagPlan()
        var hid = plan.hides(by: 100)
        #expect(plan.hideAt == nil && !hid)
        plan.shown(at: 10)
        #expect(plan.hideAt == 11)
        hid = plan.hides(by: 10.999)
        #expect(!hid)
        plan.shown(at: 10.5)   // a second stroke: its own second
        hid = plan.hides(by: 11.2)
        #expect(!hid)
        hid = plan.hides(by: 11.5)
        #expect(hid)
        hid = plan.hides(by: 20)
        #expect(plan.hideAt == nil && !hid, "hidden once")
        plan.shown(at: 30)
        plan.hidden()
        #expect(plan.hideAt == nil)
    }

    @Test func theNameGoesBelowRightOfThePointerAndStaysOnTheScreen() {
        let screen = (width: 1024, height: 768), size = (width: 120, height: 30)
        #expect(NameTagPlan.origin(size: size, near: Point(x: 300, y: 200), screen: screen) == (316, 216))
        // At the right edge: left of the pointer; at the bottom: above it.
        #expect(NameTagPlan.origin(size: size, near: Point(x: 1000, y: 760), screen: screen) == (1000 - 8 - 120, 760 - 8 - 30))
        // Larger than the screen: at its origin.
        #expect(NameTagPlan.origin(size: (2000, 30), near: Point(x: 10, y: 10), screen: screen).x == 0)
    }
}

extension XTests {
    /// The name's font draws Latin and Cyrillic words; CJK ones, which
    /// misc-fixed lacks at 18 px, are told apart (the English words are
    /// shown instead: StrokeNameTag.show).
    @Test func theNamesFontSaysWhichWordsItCanDraw() throws {
        let x = try Xvfb()
        let c = try XConnection(name: x.display)
        let font = try #require(StrokeNameTag.fonts.lazy.compactMap { XLoadQueryFont(c.display, $0) }.first)
        defer { XFreeFont(c.display, font) }
        #expect(StrokeNameTag.drawable("no shape (closest: L)", font.pointee))
        #expect(StrokeNameTag.drawable("нет фигуры (ближайшая: L)", font.pointee))
        #expect(!StrokeNameTag.drawable("无形状（最接近：L）", font.pointee))
    }
}
