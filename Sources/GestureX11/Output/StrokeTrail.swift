import CX11
import GestureCore

/// The trail that follows the pointer while a stroke is drawn with a
/// button held (`stroke-trail`, on by default): one override-redirect,
/// input-transparent window over the whole screen (OverlayWindow), made at
/// the first stroke and mapped from the moment a press becomes a stroke to
/// its release (or its cancel, or a lost grab).
///
/// - With a compositor (a `_NET_WM_CM_S<screen>` selection owner: the
///   window manager's, picom's) the window is 32-bit ARGB with a
///   transparent background, and each leg is drawn as a line.
/// - Without one a window cannot be see-through, so it is the root's depth
///   and the trail's colour, cut to the line (Shape's bounding region:
///   TrailShape's rectangles, added leg by leg).
///
/// Whether a compositor runs is asked at each press (the selection's
/// owner, a cookie) and its answer taken, without waiting, when the press
/// becomes a stroke; not yet come, the last answer holds (at first: none,
/// the shaped window, which a compositor shows too). Every request is
/// one-way, sent with the daemon's flush: a leg costs one request
/// (ShapeCombineRectangles or PolyLine), built from what TrailShape says.
final class StrokeTrail {
    let connection: XConnection
    /// The trail's colour (GNOME's blue: seen on light and dark windows alike).
    static let rgb: UInt32 = 0x3584E4

    enum Mode: Equatable { case composited, shaped }

    private let setup: OverlayWindow.Setup
    private let compositorSelection: Atom
    private let dndType: Atom
    private var window: Window = 0
    private var gc: GC? = nil
    private var colormap: Colormap = 0
    private(set) var mode: Mode? = nil
    private var size = (width: 0, height: 0)
    private var last = Point.zero
    /// The compositor's selection owner asked at the press (a sequence number).
    private var asked: UInt32? = nil
    /// The last answer: a compositor runs.
    private var composited = false
    /// Mapped: a stroke is being drawn.
    private(set) var shown = false

    /// Round trips: once, when a stroke is bound with the trail on.
    init(connection: XConnection) {
        self.connection = connection
        setup = OverlayWindow.Setup(connection)
        compositorSelection = connection.atom("_NET_WM_CM_S\(XDefaultScreen(connection.display))")
        dndType = connection.atom("_NET_WM_WINDOW_TYPE_DND")
    }

    /// The trail's window, for tests (0: not made yet).
    var windowID: Window { window }

    /// A press that may become a stroke: who owns the compositor's
    /// selection is asked now, answered by the time it is a stroke.
    func pressed() {
        guard setup.shape, asked == nil, let c = connection.xcbConnection else { return }
        asked = connection.requests { _ in xcb_get_selection_owner(c, xcb_atom_t(compositorSelection)).sequence }
    }

    /// The press became a stroke: the trail from the press along `path`.
    func start(_ path: [Point]) {
        guard setup.shape, connection.alive else { return }
        if let s = asked, let answer = connection.poll(s) {
            asked = nil
            if let r = answer.reply {
                composited = r.typed(xcb_get_selection_owner_reply_t.self).pointee.owner != 0
                r.free()
            }
        }
        let screen = connection.screenSize
        let want: Mode = composited && argbVisual() != nil ? .composited : .shaped
        if window == 0 || mode != want || size != (screen.width, screen.height) { make(want, (screen.width, screen.height)) }
        let d = connection.display
        switch mode {
        case .shaped:
            // Emptied, then the path so far; mapped once it has it.
            XShapeCombineRectangles(d, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
            add(TrailShape.rectangles(along: path))
            XMapRaised(d, window)
        case .composited:
            // A window mapped again is painted with its background
            // (transparent) before the lines drawn after it.
            XMapRaised(d, window)
            var points = path.map { p -> XPoint in
                let xy = TrailShape.xy(p)
                return XPoint(x: xy.x, y: xy.y)
            }
            if points.count == 1 { points.append(points[0]) }
            XDrawLines(d, window, gc, &points, Int32(points.count), CoordModeOrigin)
        case nil:
            return
        }
        last = path.last ?? .zero
        shown = true
    }

    /// The pointer moved on while drawing: the leg from the last point.
    func extend(to p: Point) {
        guard shown, connection.alive else { return }
        switch mode {
        case .shaped: add(TrailShape.rectangles(from: last, to: p))
        case .composited:
            let a = TrailShape.xy(last), b = TrailShape.xy(p)
            XDrawLine(connection.display, window, gc, Int32(a.x), Int32(a.y), Int32(b.x), Int32(b.y))
        case nil: break
        }
        last = p
    }

    /// The release, a cancel, a lost grab: the trail goes.
    func end() {
        guard shown else { return }
        shown = false
        if connection.alive { XUnmapWindow(connection.display, window) }
    }

    /// Lets go of the window and what it holds (exit, the trail turned
    /// off, no stroke bound any more).
    func destroy() {
        end()
        if let s = asked, let c = connection.xcbConnection, connection.alive { xcb_discard_reply(c, s) }
        asked = nil
        freeWindow()
    }

    private func add(_ rects: [TrailShape.Rect]) {
        guard !rects.isEmpty else { return }
        var xr = rects.map { r in
            XRectangle(x: Int16(clamping: r.x), y: Int16(clamping: r.y), width: UInt16(clamping: r.width), height: UInt16(clamping: r.height))
        }
        XShapeCombineRectangles(connection.display, window, ShapeBounding, 0, 0, &xr, Int32(xr.count), ShapeUnion, Unsorted)
    }

    private func argbVisual() -> XVisualInfo? {
        var info = XVisualInfo()
        guard XMatchVisualInfo(connection.display, XDefaultScreen(connection.display), 32, TrueColor, &info) != 0 else { return nil }
        return info
    }

    private func make(_ want: Mode, _ screen: (width: Int, height: Int)) {
        freeWindow()
        let d = connection.display
        let s = XDefaultScreen(d)
        mode = want
        size = screen
        switch want {
        case .composited:
            guard let info = argbVisual() else { return }
            colormap = XCreateColormap(d, connection.root, info.visual, AllocNone)
            window = OverlayWindow.create(connection, setup, name: "gesture-bridge stroke trail", type: dndType, size: screen,
                                          depth: 32, visual: info.visual, colormap: colormap, background: 0)
            var v = XGCValues()
            v.foreground = OverlayWindow.pixel(Self.rgb, visual: info.visual, depth: 32)
            v.line_width = Int32(TrailShape.width)
            v.cap_style = CapRound
            v.join_style = JoinRound
            gc = XCreateGC(d, window, UInt(GCForeground | GCLineWidth | GCCapStyle | GCJoinStyle), &v)
        case .shaped:
            let visual = XDefaultVisual(d, s)!
            window = OverlayWindow.create(connection, setup, name: "gesture-bridge stroke trail", type: dndType, size: screen,
                                          background: OverlayWindow.pixel(Self.rgb, visual: visual, depth: XDefaultDepth(d, s)))
            // Nothing shows until the first leg is added.
            XShapeCombineRectangles(d, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
    }

    private func freeWindow() {
        defer { window = 0; gc = nil; colormap = 0; mode = nil }
        guard window != 0, connection.alive else { return }
        let d = connection.display
        if let gc { XFreeGC(d, gc) }
        XDestroyWindow(d, window)
        if colormap != 0 { XFreeColormap(d, colormap) }
    }
}
