@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// Issue 59: the touchscreen defaults are lengths on the panel (mm), so one
/// hand meets the same thresholds on a dense 10.1" panel (8.83 px/mm), the
/// recordings' 3.78 px/mm and a sparse 32" monitor (2.75 px/mm); a length
/// the user writes in px stays px. Each hand is drawn in mm and placed on
/// the panel at its density.
@Suite struct PanelLengthTests {
    static let densities = [8.83, 3.78, 2.75]
    let ts = Device(id: 11, name: "ts", kind: .touchscreen)

    /// A hand of `fingers` 20 mm apart landing together at the middle, moving
    /// `mm` along `direction` in 0.2 s (20 frames), and lifting.
    func hand(_ mm: Point, fingers: Int, pxPerMM: Double, wander: Bool = false) -> [(Seconds, Input)] {
        let start = (0..<fingers).map { Point(x: 500 + Double($0) * 20 * pxPerMM, y: 500) }
        var out: [(Seconds, Input)] = start.enumerated().map { (0, .touchBegin(device: 11, touch: TouchID($0.offset + 1), at: $0.element)) }
        for k in 1...20 {
            let f = Double(k) / 20
            // A wandering finger goes out and comes back: its farthest is `mm`, its end where it landed.
            let d = wander ? mm * (f <= 0.5 ? 2 * f : 2 * (1 - f)) : mm * f
            for (i, p) in start.enumerated() {
                out.append((0.01 * Double(k), .touchUpdate(device: 11, touch: TouchID(i + 1), at: p + d * pxPerMM)))
            }
        }
        let end = wander ? Point.zero : mm
        for (i, p) in start.enumerated() { out.append((0.21, .touchEnd(device: 11, touch: TouchID(i + 1), at: p + end * pxPerMM))) }
        return out
    }

    /// `pxPerMM` the screen's; or, with `declaring`, the touchscreen's own
    /// (its size in mm over the screen's px) on a screen that says 96 dpi,
    /// as Xorg says of every monitor by default.
    func began(_ bindings: [Binding], _ inputs: [(Seconds, Input)], pxPerMM: Double, settings: Settings = Settings(),
               declaring: Bool = false, screenChange: Bool = false) -> [String] {
        let screen = Screen(width: 3840, height: 2400, pxPerMM: declaring ? 3.78 : pxPerMM)
        var device = ts
        if declaring { device.sizeMM = Size(width: 3840 / pxPerMM, height: 2400 / pxPerMM) }
        var e = GestureEngine(table: GestureTable(settings: settings, desktop: bindings),
                              screen: screenChange ? Screen(width: 1920, height: 1200) : screen, devices: [device])
        if screenChange { _ = e.process(.screenChanged(screen), at: 0) }
        var out: [Effect] = []
        for (t, i) in inputs { out += e.process(i, at: t) }
        out += e.advance(to: 2)
        // Each binding once, at its first began or ended (a tap only ends).
        var names: [String] = []
        for case .gesture(let g) in out where g.phase == .began || g.phase == .ended {
            if !names.contains(bindings[g.binding].name) { names.append(bindings[g.binding].name) }
        }
        return names
    }

    /// 25 mm of three fingers is a swipe on every panel (80 px were 9 mm on
    /// the dense one and 29 mm on the sparse one: there it was no swipe);
    /// 15 mm is none on any (on the dense one it was 132 px: a swipe).
    @Test(arguments: densities)
    func aSwipeIsTheSameLengthOnEveryPanel(pxPerMM: Double) {
        let bindings = [bind("left", swipe(.left, fingers: 3))]
        #expect(began(bindings, hand(Point(x: -25, y: 0), fingers: 3, pxPerMM: pxPerMM), pxPerMM: pxPerMM) == ["left"])
        #expect(began(bindings, hand(Point(x: -15, y: 0), fingers: 3, pxPerMM: pxPerMM), pxPerMM: pxPerMM) == [])
    }

    /// A finger wandering 3.5 mm out and back is a tap on every panel (on
    /// the dense one 31 px, over 18 px); one wandering 6 mm is none.
    @Test(arguments: densities)
    func aTapWandersTheSameOnEveryPanel(pxPerMM: Double) {
        let bindings = [bind("tap", tap())]
        #expect(began(bindings, hand(Point(x: 3.5, y: 0), fingers: 1, pxPerMM: pxPerMM, wander: true), pxPerMM: pxPerMM) == ["tap"])
        #expect(began(bindings, hand(Point(x: 6, y: 0), fingers: 1, pxPerMM: pxPerMM, wander: true), pxPerMM: pxPerMM) == [])
    }

    /// A drag's default distance (SwiftUI's 10 px at 96 dpi): 2 mm is no
    /// drag on any panel (on the dense one 17.7 px, over 10), 4 mm is one.
    @Test(arguments: densities)
    func aDragStartsAtTheSameLengthOnEveryPanel(pxPerMM: Double) {
        let bindings = [bind("drag", drag())]
        #expect(began(bindings, hand(Point(x: 2, y: 0), fingers: 1, pxPerMM: pxPerMM), pxPerMM: pxPerMM) == [])
        #expect(began(bindings, hand(Point(x: 4, y: 0), fingers: 1, pxPerMM: pxPerMM), pxPerMM: pxPerMM) == ["drag"])
    }

    /// What the user writes in px stays px: `swipe-distance = "80px"` wants
    /// 80 px on the sparse panel too (25 mm there is 69 px: no swipe).
    @Test func aLengthWrittenInPxStaysPx() {
        var s = Settings()
        s.swipeDistance = .px(80)
        let bindings = [bind("left", swipe(.left, fingers: 3))]
        #expect(began(bindings, hand(Point(x: -25, y: 0), fingers: 3, pxPerMM: 2.75), pxPerMM: 2.75, settings: s) == [])
        #expect(began(bindings, hand(Point(x: -25, y: 0), fingers: 3, pxPerMM: 8.83), pxPerMM: 8.83, settings: s) == ["left"])
    }

    /// A touchscreen that declares its size (its axes' resolution, X's or
    /// udev's) is judged at its own density, whatever the screen says: the
    /// same 25 mm swipe and 15 mm non-swipe on every panel, on a screen at
    /// 96 dpi (on the dense one, read at 3.78 px/mm, 15 mm was 132 px: a
    /// swipe), before and after the screen changes size.
    @Test(arguments: densities)
    func aTouchscreenDeclaringItsSizeIsJudgedAtItsOwnDensity(pxPerMM: Double) {
        let bindings = [bind("left", swipe(.left, fingers: 3))]
        for change in [false, true] {
            #expect(began(bindings, hand(Point(x: -25, y: 0), fingers: 3, pxPerMM: pxPerMM), pxPerMM: pxPerMM,
                          declaring: true, screenChange: change) == ["left"])
            #expect(began(bindings, hand(Point(x: -15, y: 0), fingers: 3, pxPerMM: pxPerMM), pxPerMM: pxPerMM,
                          declaring: true, screenChange: change) == [])
        }
    }

    /// Its density: its output's px (the one it is mapped to, else the
    /// root's) over its mm; none for a device without a size, or not a
    /// touchscreen (a touchpad's mm are on the pad, not the screen).
    @Test func aTouchscreensDensityIsItsOutputsPixelsOverItsMillimetres() {
        let screen = Screen(width: 3840, height: 1080, outputs: [
            Output(name: "A", x: 0, y: 0, width: 1920, height: 1080), Output(name: "B", x: 1920, y: 0, width: 1920, height: 1080)])
        var d = Device(id: 1, name: "t", kind: .touchscreen, sizeMM: Size(width: 480, height: 270))
        #expect(screen.pxPerMM(of: d) == (3840 / 480 + 1080 / 270) / 2)
        d.output = "B"
        #expect(screen.pxPerMM(of: d) == 4)
        d.sizeMM = nil
        #expect(screen.declaredPxPerMM(of: d) == nil && screen.pxPerMM(of: d) == 3.78)
        d.sizeMM = Size(width: 480, height: 270)
        d.kind = .touchpad
        #expect(screen.declaredPxPerMM(of: d) == nil)
    }
}
