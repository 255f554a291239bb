@testable import GestureCore
import Testing
import GestureTesting

/// Edge gestures count per output: two monitors side by side (eDP-1 at 0–1919,
/// HDMI-1 at 1920–3839, both 1080 high, the second 200 px lower), so the
/// edge between them is an edge of each, and the outer ones stay edges.
@Suite struct MultiMonitorTests {
    static let outputs = [Output(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080),
                          Output(name: "HDMI-1", x: 1920, y: 200, width: 1920, height: 1080)]

    struct EdgeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Edge
        let direction: Direction
        let start: Point
        let recognized: Bool
        var outputs = MultiMonitorTests.outputs
        var testDescription: String { name }
    }

    static let cases: [EdgeCase] = [
        EdgeCase(name: "HDMI-1's left edge is the shared boundary", from: .leftEdge, direction: .right,
                 start: Point(x: 1928, y: 700), recognized: true),
        EdgeCase(name: "eDP-1's right edge is the shared boundary", from: .rightEdge, direction: .left,
                 start: Point(x: 1912, y: 500), recognized: true),
        EdgeCase(name: "eDP-1's left edge", from: .leftEdge, direction: .right, start: Point(x: 6, y: 500), recognized: true),
        EdgeCase(name: "HDMI-1's right edge", from: .rightEdge, direction: .left, start: Point(x: 3832, y: 700), recognized: true),
        EdgeCase(name: "HDMI-1's top edge is 200 px down", from: .topEdge, direction: .down,
                 start: Point(x: 2800, y: 208), recognized: true),
        EdgeCase(name: "eDP-1's bottom edge", from: .bottomEdge, direction: .up, start: Point(x: 900, y: 1074), recognized: true),
        EdgeCase(name: "the middle of HDMI-1 is no edge", from: .leftEdge, direction: .right,
                 start: Point(x: 2400, y: 700), recognized: false),
        EdgeCase(name: "y 208 on eDP-1 is no top edge", from: .topEdge, direction: .down,
                 start: Point(x: 900, y: 208), recognized: false),
        EdgeCase(name: "one wide output: the middle is no edge", from: .leftEdge, direction: .right,
                 start: Point(x: 1928, y: 700), recognized: false,
                 outputs: [Output(name: "wide", x: 0, y: 0, width: 3840, height: 1280)]),
        EdgeCase(name: "monitors inside the server's whole-screen one: the smallest counts", from: .leftEdge,
                 direction: .right, start: Point(x: 1928, y: 700), recognized: true,
                 outputs: [Output(name: "screen", x: 0, y: 0, width: 3840, height: 1280)] + MultiMonitorTests.outputs),
    ]

    @Test(arguments: cases)
    func edgeSwipes(_ c: EdgeCase) {
        var b = TraceBuilder.standard(seed: 3, outputs: c.outputs)
        b.land(at: [c.start])
        b.move(by: c.direction.vector * 300, over: 0.2)
        b.lift()
        let r = Run(b, [bind("edge", swipe(c.direction, fingers: 1, from: c.from))])
        #expect(r.phases == (c.recognized ? ["edge:began", "edge:ended"] : []))
    }

    /// A monitor plugged in while running (RRScreenChangeNotify → screenChanged):
    /// the next gesture has the new output's edges.
    @Test func aScreenChangeBringsTheNewOutputsEdges() {
        var b = TraceBuilder.standard(seed: 3, outputs: [Output(name: "wide", x: 0, y: 0, width: 3840, height: 1280)])
        let swipeAtBoundary = { (b: inout TraceBuilder) in
            b.land(at: [Point(x: 1928, y: 700)])
            b.move(by: Point(x: 300, y: 0), over: 0.2)
            b.lift()
            b.wait(1)
        }
        swipeAtBoundary(&b)
        b.screen(Screen(width: 3840, height: 1280, outputs: Self.outputs))
        swipeAtBoundary(&b)
        let r = Run(b, [bind("edge", swipe(.right, fingers: 1, from: .leftEdge))])
        #expect(r.phases == ["edge:began", "edge:ended"])   // only the second
        #expect((r.first("edge", .began)?.time ?? 0) > 1)   // the swipe after the change
    }

    /// Mirrored outputs of different sizes (a projector showing the laptop's
    /// top-left): a touchscreen mapped to the laptop's panel has the panel's
    /// edges, not the projector's, wherever the two overlap.
    @Test(arguments: [("eDP-1", false), (nil, true)] as [(String?, Bool)])
    func aMappedTouchscreenHasItsOutputsEdges(mapped: String?, recognized: Bool) {
        var b = TraceBuilder.standard(seed: 3, outputs: [Output(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080),
                                                         Output(name: "HDMI-1", x: 0, y: 0, width: 1280, height: 720)])
        b.header.devices[0].output = mapped
        b.land(at: [Point(x: 1272, y: 400)])           // 8 px from HDMI-1's right edge, 648 px from eDP-1's
        b.move(by: Point(x: -300, y: 0), over: 0.2)
        b.lift()
        let r = Run(b, [bind("edge", swipe(.left, fingers: 1, from: .rightEdge))])
        #expect(r.phases == (recognized ? ["edge:began", "edge:ended"] : []))
    }
}
