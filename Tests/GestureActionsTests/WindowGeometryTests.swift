@testable import GestureActions
import Testing

/// The arithmetic of `window move`, `resize` and `snap`, as numbers: where a
/// frame goes for the fingers' travel, what a resize keeps to, the halves of
/// a monitor's work area with docks' struts.
@Suite struct WindowGeometryTests {
    static let frame = WindowRect(x: 100, y: 100, width: 302, height: 225)

    @Test(arguments: [
        // (where the fingers land, the sides that follow)
        ((390.0, 310.0), ResizeEdges([.right, .bottom])),
        ((105.0, 105.0), ResizeEdges([.left, .top])),
        ((250.0, 320.0), ResizeEdges([.bottom])),
        ((390.0, 200.0), ResizeEdges([.right])),
        // The middle third: the nearest side, in proportion.
        ((251.0, 190.0), ResizeEdges([.top])),
        ((240.0, 215.0), ResizeEdges([.left])),
    ])
    func theNearestEdgeOrCornerFollows(_ at: (Double, Double), _ edges: ResizeEdges) {
        #expect(WindowGeometry.edges(nearest: at.0, at.1, in: Self.frame) == edges)
    }

    @Test(arguments: [
        // (sides, travel, hints, extents, frame after)
        (ResizeEdges([.right, .bottom]), (120.0, 80.0), SizeHints(), FrameExtents(), WindowRect(x: 100, y: 100, width: 422, height: 305)),
        // The left and top sides: the right and bottom stay put.
        (ResizeEdges([.left, .top]), (50.0, 25.0), SizeHints(), FrameExtents(), WindowRect(x: 150, y: 125, width: 252, height: 200)),
        // Down to the client's minimum (decorations 1,1,20,5 around it: a 122x85 frame), no further.
        (ResizeEdges([.right, .bottom]), (-400.0, -400.0), SizeHints(minWidth: 120, minHeight: 60), FrameExtents(left: 1, right: 1, top: 20, bottom: 5),
         WindowRect(x: 100, y: 100, width: 122, height: 85)),
        // A terminal's cells (8x16): whole cells from the size it had, toward it.
        (ResizeEdges([.right, .bottom]), (37.0, 21.0), SizeHints(baseWidth: 4, baseHeight: 4, widthIncrement: 8, heightIncrement: 16), FrameExtents(),
         WindowRect(x: 100, y: 100, width: 334, height: 241)),
        (ResizeEdges([.right, .bottom]), (-37.0, -21.0), SizeHints(baseWidth: 4, baseHeight: 4, widthIncrement: 8, heightIncrement: 16), FrameExtents(),
         WindowRect(x: 100, y: 100, width: 270, height: 209)),
        // Its maximum.
        (ResizeEdges([.right]), (900.0, 0.0), SizeHints(maxWidth: 500, maxHeight: 500), FrameExtents(), WindowRect(x: 100, y: 100, width: 500, height: 225)),
        // The left side against a minimum: the right side still stays put.
        (ResizeEdges([.left]), (400.0, 0.0), SizeHints(minWidth: 100), FrameExtents(), WindowRect(x: 302, y: 100, width: 100, height: 225)),
    ])
    func aResizeKeepsToTheHints(_ edges: ResizeEdges, _ travel: (Double, Double), _ hints: SizeHints, _ extents: FrameExtents,
                                _ want: WindowRect) {
        #expect(WindowGeometry.resized(Self.frame, edges: edges, by: travel.0, travel.1, hints: hints, extents: extents) == want)
    }

    @Test func theIncrementsCountFromTheBaseAndNeverGoBelowTheMinimum() {
        let terminal = SizeHints(minWidth: 21, minHeight: 20, baseWidth: 4, baseHeight: 4, widthIncrement: 8, heightIncrement: 16)
        #expect(terminal.constrain(width: 803, height: 510) == (796, 500))
        // 20 is 2 cells over the base, under the minimum of 21: the next cell up.
        #expect(terminal.constrain(width: 10, height: 10) == (28, 20))
        // From a size off the base's steps (no window manager kept it to them): steps from that size.
        #expect(terminal.constrain(width: 803, height: 510, from: (301, 201)) == (797, 505))
        #expect(terminal.constrain(width: 10, height: 10, from: (301, 201)) == (21, 25))
    }

    @Test(arguments: [
        // (snap, the work area, the frame)
        (WindowAction.Snap.left, WindowRect(x: 0, y: 0, width: 1280, height: 800), WindowRect(x: 0, y: 0, width: 640, height: 800)),
        (.right, WindowRect(x: 0, y: 0, width: 1280, height: 800), WindowRect(x: 640, y: 0, width: 640, height: 800)),
        // An odd width: the right half takes the odd pixel, so the halves meet.
        (.right, WindowRect(x: 1280, y: 30, width: 1281, height: 770), WindowRect(x: 1920, y: 30, width: 641, height: 770)),
        (.top, WindowRect(x: 0, y: 30, width: 1280, height: 770), WindowRect(x: 0, y: 30, width: 1280, height: 385)),
        (.bottom, WindowRect(x: 0, y: 30, width: 1280, height: 770), WindowRect(x: 0, y: 415, width: 1280, height: 385)),
        (.maximize, WindowRect(x: 0, y: 30, width: 1280, height: 770), WindowRect(x: 0, y: 30, width: 1280, height: 770)),
    ])
    func snapsAreHalvesOfTheWorkArea(_ snap: WindowAction.Snap, _ area: WindowRect, _ want: WindowRect) {
        #expect(WindowGeometry.snapped(snap, in: area) == want)
    }

    @Test func restoreHasNoPlaceOfItsOwn() {
        #expect(WindowGeometry.snapped(.restore, in: WindowRect(x: 0, y: 0, width: 10, height: 10)) == nil)
    }

    static let left = WindowRect(x: 0, y: 0, width: 1280, height: 800)
    static let right = WindowRect(x: 1280, y: 0, width: 1920, height: 1080)

    @Test(arguments: [
        // (monitor, _NET_WORKAREA, struts, the work area): one monitor, a top panel of 30 px.
        (WindowRect(x: 0, y: 0, width: 1280, height: 800), WindowRect(x: 0, y: 30, width: 1280, height: 770), [Strut](),
         WindowRect(x: 0, y: 30, width: 1280, height: 770)),
        // Two monitors side by side (1280x800 and 1920x1080), a bottom panel
        // on the right one only: _NET_WORKAREA (the intersection, as EWMH
        // window managers publish it) would take it from the left one too;
        // its strut reaches only the right one.
        (left, WindowRect(x: 0, y: 0, width: 3200, height: 1080), [Strut(partial: [0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 1280, 3199])],
         WindowRect(x: 0, y: 0, width: 1280, height: 800)),
        (right, WindowRect(x: 0, y: 0, width: 3200, height: 1080), [Strut(partial: [0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 1280, 3199])],
         WindowRect(x: 1280, y: 0, width: 1920, height: 1040)),
        // A left dock along the left monitor: its width off that monitor only.
        (left, nil, [Strut(partial: [48, 0, 0, 0, 0, 799, 0, 0, 0, 0, 0, 0])], WindowRect(x: 48, y: 0, width: 1232, height: 800)),
        (right, nil, [Strut(partial: [48, 0, 0, 0, 0, 799, 0, 0, 0, 0, 0, 0])], right),
        // _NET_WM_STRUT (the whole edge): a top bar across both.
        (right, nil, [Strut(partial: [0, 0, 24, 0])], WindowRect(x: 1280, y: 24, width: 1920, height: 1056)),
        // A strut that would leave nothing is the dock's mistake: ignored.
        (left, nil, [Strut(partial: [5000, 0, 0, 0])], left),
    ])
    func aMonitorsWorkAreaIsTheWorkAreaClippedLessTheStrutsReachingIt(_ monitor: WindowRect, _ workarea: WindowRect?,
                                                                      _ struts: [Strut], _ want: WindowRect) {
        #expect(WindowGeometry.workArea(monitor: monitor, workarea: workarea, struts: struts, screen: (3200, 1080)) == want)
    }

    @Test(arguments: [
        // (where the fingers end, the snap and the monitor's index)
        ((1274.0, 300.0), WindowAction.Snap.right, 0),
        ((6.0, 300.0), .left, 0),
        ((1286.0, 600.0), .left, 1),
        ((3190.0, 600.0), .right, 1),
        ((600.0, 3.0), .maximize, 0),
        ((2000.0, 10.0), .maximize, 1),
        // A touchpad's travel past the screen's right edge: the nearest monitor's edge.
        ((3500.0, 500.0), .right, 1),
    ])
    func aMoveEndingAtAnEdgeSnapsOnItsMonitor(_ at: (Double, Double), _ snap: WindowAction.Snap, _ monitor: Int) {
        let hit = WindowGeometry.snapByPosition(at.0, at.1, monitors: [Self.left, Self.right], edgeWidth: 24)
        #expect(hit?.snap == snap && hit?.monitor == monitor)
    }

    @Test func aMoveEndingAwayFromTheEdgesDoesNotSnap() {
        #expect(WindowGeometry.snapByPosition(640, 400, monitors: [Self.left, Self.right], edgeWidth: 24) == nil)
        // Below the left monitor's bottom, where only the right one goes on:
        // the nearest monitor is the right one, and that is its left edge.
        #expect(WindowGeometry.snapByPosition(1270, 900, monitors: [Self.left, Self.right], edgeWidth: 24).map { "\($0.snap) \($0.monitor)" }
                    == "left 1")
    }

    @Test func aMoveThatStartedAtThatEdgeDoesNotSnapThere() {
        let m = [Self.left, Self.right]
        // A touchpad's pointer parked at the left side: the window moved down, not to the side.
        #expect(WindowGeometry.snapByPosition(3, 600, monitors: m, edgeWidth: 24, from: (2, 100)) == nil)
        // From the middle to the left edge: snaps.
        #expect(WindowGeometry.snapByPosition(3, 600, monitors: m, edgeWidth: 24, from: (600, 400))?.snap == .left)
        // From the left edge to the top: a different edge, so it snaps (maximize).
        #expect(WindowGeometry.snapByPosition(3, 5, monitors: m, edgeWidth: 24, from: (2, 400))?.snap == .maximize)
    }

    @Test func whereMonitorsOverlapTheSmallestHoldsThePoint() {
        // RandR lists the output's own monitor beside the ones set on it.
        let whole = WindowRect(x: 0, y: 0, width: 2560, height: 800)
        let l = WindowRect(x: 0, y: 0, width: 1280, height: 800), r = WindowRect(x: 1280, y: 0, width: 1280, height: 800)
        #expect(WindowGeometry.monitor(at: 1500, 300, in: [l, whole, r]) == 2)
        #expect(WindowGeometry.monitor(at: 100, 300, in: [whole, l, r]) == 1)
    }

    @Test(arguments: [
        // (the maximized frame, where the fingers hold it, the size it gets back, the frame)
        (WindowRect(x: 0, y: 0, width: 1280, height: 800), (640.0, 400.0), (300, 200), WindowRect(x: 490, y: 300, width: 300, height: 200)),
        (WindowRect(x: 0, y: 0, width: 1280, height: 800), (128.0, 8.0), (300, 200), WindowRect(x: 98, y: 6, width: 300, height: 200)),
        // A point off the frame (a touchpad's pointer elsewhere): held by the nearest side.
        (WindowRect(x: 0, y: 0, width: 1280, height: 800), (1500.0, 400.0), (300, 200), WindowRect(x: 1200, y: 300, width: 300, height: 200)),
    ])
    func aMaximizedWindowStaysUnderTheFingersAtTheSameRelativePlace(_ from: WindowRect, _ at: (Double, Double),
                                                                     _ size: (Int, Int), _ want: WindowRect) {
        #expect(WindowGeometry.unmaximized(from, to: size, holding: at.0, at.1) == want)
    }

    @Test func theMoveResizeMessageCarriesTheClientsSizeFromAPager() {
        let m = WindowGeometry.moveResizeMessage(WindowRect(x: 640, y: 0, width: 640, height: 800),
                                                 extents: FrameExtents(left: 1, right: 1, top: 20, bottom: 5))
        // NorthWest gravity (1), x y width height present (bits 8-11), source 2 (bits 12-13).
        #expect(m == [0x2F01, 640, 0, 638, 775])
    }
}
