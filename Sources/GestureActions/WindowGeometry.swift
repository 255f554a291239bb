/// The arithmetic of windows that follow the fingers and snap to halves,
/// apart from X so that it is tested as plain numbers: every rectangle is a
/// window's frame (its outer edge, decorations included) in root pixels,
/// as the user sees it; the client's own size is the frame's less the
/// window manager's `_NET_FRAME_EXTENTS`.
public struct WindowRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var right: Int { x + width }
    public var bottom: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(_ px: Double, _ py: Double) -> Bool {
        px >= Double(x) && px < Double(right) && py >= Double(y) && py < Double(bottom)
    }

    public func intersection(_ o: WindowRect) -> WindowRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(right, o.right), y1 = min(bottom, o.bottom)
        return WindowRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// `WxH+X+Y`, as X's tools write geometry.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// The decorations around a client: `_NET_FRAME_EXTENTS` (left, right, top, bottom).
public struct FrameExtents: Hashable, Sendable {
    public var left = 0, right = 0, top = 0, bottom = 0
    public init(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }
}

/// `WM_NORMAL_HINTS`, the part a resize must keep to: the client's minimum
/// and maximum size, and the steps it grows by (a terminal's cell) from its
/// base size.
public struct SizeHints: Hashable, Sendable {
    public var minWidth = 1, minHeight = 1
    public var maxWidth: Int? = nil, maxHeight: Int? = nil
    public var baseWidth = 0, baseHeight = 0
    public var widthIncrement = 1, heightIncrement = 1

    public init(minWidth: Int = 1, minHeight: Int = 1, maxWidth: Int? = nil, maxHeight: Int? = nil, baseWidth: Int = 0,
                baseHeight: Int = 0, widthIncrement: Int = 1, heightIncrement: Int = 1) {
        self.minWidth = max(1, minWidth)
        self.minHeight = max(1, minHeight)
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.baseWidth = baseWidth
        self.baseHeight = baseHeight
        self.widthIncrement = max(1, widthIncrement)
        self.heightIncrement = max(1, heightIncrement)
    }

    /// The client size nearest below `w`×`h` the hints allow: within the
    /// minimum and maximum, and a whole number of increments over the base
    /// size, or (`from`: the size the window had when the resize began) a
    /// whole number of increments from that size, so a window the window
    /// manager never kept to its increments does not jump when taken.
    public func constrain(width w: Int, height h: Int, from: (width: Int, height: Int)? = nil) -> (width: Int, height: Int) {
        func one(_ v: Int, _ lo: Int, _ hi: Int?, _ origin: Int, _ inc: Int) -> Int {
            var v = v
            if inc > 1 {
                // Whole steps from the origin, toward it (Swift's division truncates toward zero).
                v = origin + (v - origin) / inc * inc
                while v < lo { v += inc }
                if let hi, hi >= lo { while v > hi { v -= inc } }
                return max(v, 1)
            }
            v = max(v, lo)
            if let hi, hi >= lo { v = min(v, hi) }
            return v
        }
        return (one(w, minWidth, maxWidth, from?.width ?? max(baseWidth, 0), widthIncrement),
                one(h, minHeight, maxHeight, from?.height ?? max(baseHeight, 0), heightIncrement))
    }
}

/// The sides of a frame a resize moves.
public struct ResizeEdges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let left = ResizeEdges(rawValue: 1)
    public static let right = ResizeEdges(rawValue: 2)
    public static let top = ResizeEdges(rawValue: 4)
    public static let bottom = ResizeEdges(rawValue: 8)

    public var description: String {
        let names = [(ResizeEdges.top, "top"), (.bottom, "bottom"), (.left, "left"), (.right, "right")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "-")
    }
}

/// A dock's reservation at a screen edge: `_NET_WM_STRUT_PARTIAL`'s twelve
/// numbers (left, right, top, bottom, then the start and end of each along
/// its edge), or `_NET_WM_STRUT`'s four with each along the whole edge.
public struct Strut: Hashable, Sendable {
    public var values: [Int]

    public init(partial v: [Int]) { values = v.count >= 12 ? Array(v.prefix(12)) : Self.whole(v) }

    /// `_NET_WM_STRUT`: the whole of each edge.
    static func whole(_ v: [Int]) -> [Int] {
        let four = (v + [0, 0, 0, 0]).prefix(4)
        return Array(four) + [0, Int(Int32.max), 0, Int(Int32.max), 0, Int(Int32.max), 0, Int(Int32.max)]
    }

    /// The rectangles it reserves on a screen of `width`×`height`.
    func rects(width: Int, height: Int) -> [(ResizeEdges, WindowRect)] {
        let v = values
        func span(_ a: Int, _ b: Int) -> Int { max(0, min(b, Int(Int32.max) - 1) - a + 1) }
        var out: [(ResizeEdges, WindowRect)] = []
        if v[0] > 0 { out.append((.left, WindowRect(x: 0, y: v[4], width: v[0], height: span(v[4], v[5])))) }
        if v[1] > 0 { out.append((.right, WindowRect(x: width - v[1], y: v[6], width: v[1], height: span(v[6], v[7])))) }
        if v[2] > 0 { out.append((.top, WindowRect(x: v[8], y: 0, width: span(v[8], v[9]), height: v[2]))) }
        if v[3] > 0 { out.append((.bottom, WindowRect(x: v[10], y: height - v[3], width: span(v[10], v[11]), height: v[3]))) }
        return out
    }
}

public enum WindowGeometry {
    /// A frame moved by the fingers' travel since they landed.
    public static func moved(_ frame: WindowRect, by dx: Double, _ dy: Double) -> WindowRect {
        WindowRect(x: frame.x + Int(dx.rounded()), y: frame.y + Int(dy.rounded()), width: frame.width, height: frame.height)
    }

    /// The edge or corner nearest where the fingers started: the frame cut
    /// in thirds each way, an outer third moving its side; from the middle
    /// third, the nearest side (in proportion to the frame's size).
    public static func edges(nearest px: Double, _ py: Double, in frame: WindowRect) -> ResizeEdges {
        let fx = frame.width > 0 ? (px - Double(frame.x)) / Double(frame.width) : 0.5
        let fy = frame.height > 0 ? (py - Double(frame.y)) / Double(frame.height) : 0.5
        var e: ResizeEdges = []
        if fx < 1.0 / 3 { e.insert(.left) } else if fx > 2.0 / 3 { e.insert(.right) }
        if fy < 1.0 / 3 { e.insert(.top) } else if fy > 2.0 / 3 { e.insert(.bottom) }
        if e.isEmpty {
            let distances: [(ResizeEdges, Double)] = [(.left, fx), (.right, 1 - fx), (.top, fy), (.bottom, 1 - fy)]
            e = distances.min { $0.1 < $1.1 }!.0
        }
        return e
    }

    /// The frame resized by the fingers' travel, `edges` following them and
    /// the opposite sides staying put; the client keeps to its hints.
    public static func resized(_ frame: WindowRect, edges: ResizeEdges, by dx: Double, _ dy: Double, hints: SizeHints,
                               extents: FrameExtents) -> WindowRect {
        let ddx = Int(dx.rounded()), ddy = Int(dy.rounded())
        let decoW = extents.left + extents.right, decoH = extents.top + extents.bottom
        var w = frame.width, h = frame.height
        if edges.contains(.right) { w += ddx } else if edges.contains(.left) { w -= ddx }
        if edges.contains(.bottom) { h += ddy } else if edges.contains(.top) { h -= ddy }
        let client = hints.constrain(width: w - decoW, height: h - decoH,
                                     from: (frame.width - decoW, frame.height - decoH))
        w = client.width + decoW
        h = client.height + decoH
        let x = edges.contains(.left) ? frame.right - w : frame.x
        let y = edges.contains(.top) ? frame.bottom - h : frame.y
        return WindowRect(x: x, y: y, width: w, height: h)
    }

    /// A maximized (or snapped) frame given back its earlier size as the
    /// fingers take it: the point they hold stays at the same fraction of
    /// the frame across and down, as desktops do when a title bar is dragged.
    public static func unmaximized(_ current: WindowRect, to size: (width: Int, height: Int), holding px: Double,
                                   _ py: Double) -> WindowRect {
        let fx = current.width > 0 ? min(max((px - Double(current.x)) / Double(current.width), 0), 1) : 0.5
        let fy = current.height > 0 ? min(max((py - Double(current.y)) / Double(current.height), 0), 1) : 0.5
        return WindowRect(x: Int((px - fx * Double(size.width)).rounded()), y: Int((py - fy * Double(size.height)).rounded()),
                          width: size.width, height: size.height)
    }

    /// The frame a snap gives within a monitor's work area (nil: `restore`,
    /// which has no place of its own).
    public static func snapped(_ snap: WindowAction.Snap, in area: WindowRect) -> WindowRect? {
        let halfW = area.width / 2, halfH = area.height / 2
        switch snap {
        case .left: return WindowRect(x: area.x, y: area.y, width: halfW, height: area.height)
        case .right: return WindowRect(x: area.x + halfW, y: area.y, width: area.width - halfW, height: area.height)
        case .top: return WindowRect(x: area.x, y: area.y, width: area.width, height: halfH)
        case .bottom: return WindowRect(x: area.x, y: area.y + halfH, width: area.width, height: area.height - halfH)
        case .maximize: return area
        case .restore: return nil
        }
    }

    /// A monitor's work area: `_NET_WORKAREA` (one rectangle over the whole
    /// screen, when the window manager publishes it) clipped to the monitor,
    /// less the docks' struts that reach into this monitor (EWMH struts are
    /// counted from the screen's edge, so a panel along the bottom of one of
    /// two monitors of different heights reserves nothing of the other).
    public static func workArea(monitor: WindowRect, workarea: WindowRect?, struts: [Strut], screen: (width: Int, height: Int))
        -> WindowRect {
        var area = monitor
        if let workarea {
            let clipped = monitor.intersection(workarea)
            if !clipped.isEmpty { area = clipped }
        }
        for strut in struts {
            for (edge, r) in strut.rects(width: screen.width, height: screen.height) where !r.intersection(monitor).isEmpty {
                var x0 = area.x, y0 = area.y, x1 = area.right, y1 = area.bottom
                switch edge {
                case .left: x0 = max(x0, r.right)
                case .right: x1 = min(x1, r.x)
                case .top: y0 = max(y0, r.bottom)
                default: y1 = min(y1, r.y)
                }
                let cut = WindowRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                if !cut.isEmpty { area = cut }   // a strut that would leave nothing is the dock's mistake
            }
        }
        return area
    }

    /// The monitor a point is on (the nearest one, for a point off them all:
    /// a touchpad's travel may run past the screen's edge). Where monitors
    /// overlap, the smallest: RandR keeps an output's own monitor listed
    /// beside the ones `xrandr --setmonitor` cut out of it.
    public static func monitor(at px: Double, _ py: Double, in monitors: [WindowRect]) -> Int? {
        let containing = monitors.indices.filter { monitors[$0].contains(px, py) }
        if let i = containing.min(by: { monitors[$0].width * monitors[$0].height < monitors[$1].width * monitors[$1].height }) {
            return i
        }
        func distance(_ m: WindowRect) -> Double {
            let dx = max(Double(m.x) - px, 0, px - Double(m.right - 1))
            let dy = max(Double(m.y) - py, 0, py - Double(m.bottom - 1))
            return dx * dx + dy * dy
        }
        return monitors.indices.min { distance(monitors[$0]) < distance(monitors[$1]) }
    }

    /// Snap by position at the end of a `window move`: the fingers within
    /// `edgeWidth` of their monitor's left or right edge tile the window to
    /// that half; at the top edge it is maximized. The monitor's index comes
    /// with it.
    /// `from`: where the fingers started; a move that started at that same
    /// edge (a touchpad's pointer parked at the screen's side) does not snap
    /// there: the fingers must have gone to it.
    public static func snapByPosition(_ px: Double, _ py: Double, monitors: [WindowRect], edgeWidth: Double,
                                      from: (x: Double, y: Double)? = nil) -> (snap: WindowAction.Snap, monitor: Int)? {
        func edge(_ x: Double, _ y: Double) -> (snap: WindowAction.Snap, monitor: Int)? {
            guard let i = monitor(at: x, y, in: monitors) else { return nil }
            let m = monitors[i]
            if y < Double(m.y) + edgeWidth { return (.maximize, i) }
            if x < Double(m.x) + edgeWidth { return (.left, i) }
            if x >= Double(m.right) - edgeWidth { return (.right, i) }
            return nil
        }
        guard let hit = edge(px, py) else { return nil }
        if let from, let start = edge(from.x, from.y), start == hit { return nil }
        return hit
    }

    /// `_NET_MOVERESIZE_WINDOW`'s data for a frame: NorthWest gravity (x and
    /// y are the frame's top-left), the four fields present, source 2 (a
    /// pager: the user asked), and the client's size inside the frame.
    public static func moveResizeMessage(_ frame: WindowRect, extents: FrameExtents) -> [Int] {
        let northWest = 1, allFields = 0xF << 8, pager = 2 << 12
        return [northWest | allFields | pager, frame.x, frame.y,
                max(1, frame.width - extents.left - extents.right), max(1, frame.height - extents.top - extents.bottom)]
    }
}
