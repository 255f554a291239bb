@testable import GestureCore
import GestureTesting
import GestureTraces
import Testing

/// `GestureEngine.strokeBeingDrawn`, what the daemon's trail follows for a
/// finger stroke (issue 58 item 3): asked after every input as the daemon
/// asks it, over a table of traces. A touchscreen stroke is said from the
/// frame its path passes the minimum size (60 px here: 15.87 mm at 3.78
/// px/mm) to its last move, on the screen where the fingers' centroid is;
/// nothing at the lift, nothing for a tap, a swipe that won, a touchpad's
/// drawing, or with no stroke bound.
@Suite struct StrokeBeingDrawnTests {
    static var settings: Settings {
        var s = Settings()
        s.strokes = StrokeSet([StrokeShape(name: "L", templates: [StrokeShapes.ell()])])
        return s
    }

    static func stroke(fingers: Int = 1) -> Binding {
        Binding(name: "stroke", gesture: .stroke(StrokeSpec(shape: "L", common: CommonArguments(fingers: fingers))))
    }
    static let tap = Binding(name: "tap", gesture: .tap(TapSpec(count: 1)))
    static let swipe1 = Binding(name: "swipe1", gesture: .swipe(SwipeSpec(common: CommonArguments(fingers: 1))))
    static let swipe3 = Binding(name: "swipe3", gesture: .swipe(SwipeSpec(common: CommonArguments(fingers: 3))))

    /// What the engine said after each input (nil: nothing drawn), with the
    /// fingers' centroid then and the size of the path it holds.
    struct Step {
        let drawn: StrokeBeingDrawn?
        let centroid: Point?
        /// A binding's gesture began in this step.
        var began = false
        var size: Double { drawn.map { d in bounds(d.points) } ?? 0 }
    }

    static func bounds(_ points: [Point]) -> Double {
        guard let f = points.first else { return 0 }
        var lo = f, hi = f
        for p in points {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return (hi - lo).length
    }

    static func steps(_ bindings: [Binding], _ build: (inout TraceBuilder) -> Void,
                      device kind: DeviceKind = .touchscreen) -> [Step] {
        var b = TraceBuilder.standard(device: kind)
        var centroids: [Point?] = []
        build(&b)
        // The centroid of the fingers down after each event, replayed.
        var down: [TouchID: Point] = [:]
        for e in b.trace.events {
            switch e.input {
            case .touchBegin(_, let id, let p), .touchUpdate(_, let id, let p): down[id] = p
            case .touchEnd(_, let id, _): down[id] = nil
            default: break
            }
            centroids.append(down.isEmpty ? nil : down.values.reduce(Point.zero, +) / Double(down.count))
        }
        let table = GestureTable(settings: settings, desktop: bindings)
        var engine = GestureEngine(table: table, screen: b.trace.header.screen, devices: b.trace.header.devices)
        var out: [Step] = []
        var buffer: [Effect] = []
        for (k, e) in b.trace.events.enumerated() {
            buffer.removeAll()
            engine.process(e.input, at: e.t, into: &buffer)
            let began = buffer.contains { if case .gesture(let g) = $0 { g.phase == .began } else { false } }
            out.append(Step(drawn: engine.strokeBeingDrawn, centroid: centroids[k], began: began))
        }
        buffer.removeAll()
        engine.advance(to: b.t + 1, into: &buffer)
        out.append(Step(drawn: engine.strokeBeingDrawn, centroid: nil))
        return out
    }

    /// A stroke drawn with 1 and 2 fingers: said from its minimum size on,
    /// without a gap, to the last move, where the fingers are; nothing
    /// after the lift.
    @Test(arguments: [1, 2])
    func aTouchscreenStrokeIsSaidFromItsMinimumSizeToItsEnd(_ fingers: Int) throws {
        let steps = Self.steps([Self.stroke(fingers: fingers), Self.tap]) { b in
            b.wait(0.1)
            b.land(fingers, at: Point(x: 600, y: 300))
            b.draw(StrokeShapes.ell(200), over: 0.5)
            b.lift()
        }
        let said = steps.indices.filter { steps[$0].drawn != nil }
        let first = try #require(said.first), last = try #require(said.last)
        #expect(said == Array(first...last), "a gap in the drawing")
        // From the frame its path passed 60 px, not before.
        #expect(steps[first].size >= 60 && steps[first].size < 70, "\(steps[first].size)")
        // Said until the lift is judged: a frame is judged once the next
        // begins (or its time has passed: the advance), so through the
        // lift's events, and no more once the lift's frame is.
        #expect(last == steps.count - 2 && steps.last!.drawn == nil, "\(last) of \(steps.count)")
        for k in said {
            let d = steps[k].drawn!
            #expect(d.device == TraceBuilder.touchscreenID)
            // The path's end on the screen is where the fingers were in the
            // frame judged last (its events are among the last
            // `fingers + 1`; the path keeps a point every 2 px or more).
            let near = steps[max(0, k - fingers)...k].compactMap(\.centroid).map { (d.onScreen.last! - $0).length }.min()
            #expect(near.map { $0 <= 8 } == true, "\(d.onScreen.last!) vs \(steps[max(0, k - fingers)...k].map(\.centroid))")
            #expect(d.onScreen.first!.x > 590 - 30 * Double(fingers - 1) && d.onScreen.first!.x < 610)
        }
    }

    /// Nothing for a tap, a 3-finger swipe (no stroke of 3 fingers), a
    /// stroke too small, a touchpad's drawing, or with no stroke bound.
    @Test func nothingForATapASwipeATouchpadOrWithNoStrokeBound() {
        let table: [(String, [Binding], DeviceKind, (inout TraceBuilder) -> Void)] = [
            ("tap", [Self.stroke(), Self.tap], .touchscreen, { $0.tap(1, at: Point(x: 600, y: 300)) }),
            ("swipe", [Self.stroke(), Self.swipe3], .touchscreen, { b in
                b.land(3, at: Point(x: 600, y: 300))
                b.move(by: Point(x: 300, y: 0), over: 0.3)
                b.lift()
            }),
            ("too small", [Self.stroke()], .touchscreen, { b in
                b.land(1, at: Point(x: 600, y: 300))
                b.draw(StrokeShapes.ell(30), over: 0.3)
                b.lift()
            }),
            ("touchpad", [Self.stroke(fingers: 3)], .touchpad, { b in
                b.touchpadDraw(fingers: 3, StrokeShapes.ell(200), over: 0.5)
            }),
            ("no stroke bound", [Self.tap, Self.swipe3], .touchscreen, { b in
                b.land(1, at: Point(x: 600, y: 300))
                b.draw(StrokeShapes.ell(200), over: 0.5)
                b.lift()
            }),
        ]
        for (name, bindings, kind, build) in table {
            let steps = Self.steps(bindings, build, device: kind)
            #expect(steps.count > 2 && steps.allSatisfy { $0.drawn == nil }, "\(name)")
        }
    }

    /// A swipe of the stroke's fingers bound beside it: the line is read
    /// as a possible stroke from 60 px until the swipe wins the hand (the
    /// stroke is out then), never after.
    @Test func aSwipeThatWinsEndsIt() throws {
        let steps = Self.steps([Self.stroke(), Self.swipe1]) { b in
            b.land(1, at: Point(x: 600, y: 300))
            b.move(by: Point(x: 300, y: 0), over: 0.3)
            b.lift()
        }
        let won = try #require(steps.firstIndex { $0.began })
        #expect(steps[won...].allSatisfy { $0.drawn == nil })
        #expect(steps[..<won].allSatisfy { $0.drawn == nil || $0.size >= 60 })
    }
}
