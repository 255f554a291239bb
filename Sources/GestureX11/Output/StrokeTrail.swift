import CX11
import GestureCore

/// The trail that follows the pointer while a stroke is drawn with a
/// button held (`stroke-trail`, on by default), and a finger drawing a
/// stroke on a touchscreen (the daemon's own, FingerTrail): one override-redirect,
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
/// (ShapeRectangles or PolyLine), built from what TrailShape says, sent
/// through XCB: Xlib, whose events XCB reads in the daemon, keeps 32 bytes
/// for every request it sends until its next reply (none while drawing),
/// which were 0.6 MB of heap after 20 strokes of 1,000 motion events.
public final class StrokeTrail {
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
    public private(set) var shown = false
    /// A leg's rectangles, or its points when composited, as sent: kept
    /// between legs (no allocation per motion event).
    private var wire: [xcb_rectangle_t] = []
    private var wirePoints: [xcb_point_t] = []

    /// Round trips: once, when a stroke is bound with the trail on.
    public init(connection: XConnection) {
        self.connection = connection
        setup = OverlayWindow.Setup(connection)
        compositorSelection = connection.atom("_NET_WM_CM_S\(XDefaultScreen(connection.display))")
        dndType = connection.atom("_NET_WM_WINDOW_TYPE_DND")
        // XCB learns the Shape extension's opcode now (a round trip), not at the first leg.
        if setup.shape, let c = connection.xcbConnection { _ = cx_shape_present(c) }
    }

    /// The trail's window, for tests (0: not made yet).
    public var windowID: Window { window }

    /// A press that may become a stroke: who owns the compositor's
    /// selection is asked now, answered by the time it is a stroke.
    public func pressed() {
        guard setup.shape, asked == nil, let c = connection.xcbConnection else { return }
        asked = connection.requests { _ in xcb_get_selection_owner(c, xcb_atom_t(compositorSelection)).sequence }
    }

    /// The press became a stroke: the trail from the press along `path`.
    public func start(_ path: [Point]) {
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
            shape(ShapeSet, [])
            shape(ShapeUnion, TrailShape.rectangles(along: path))
            XMapRaised(d, window)
        case .composited:
            // A window mapped again is painted with its background
            // (transparent) before the lines drawn after it.
            XMapRaised(d, window)
            line(path.count == 1 ? [path[0], path[0]] : path)
        case nil:
            return
        }
        last = path.last ?? .zero
        shown = true
    }

    /// The pointer moved on while drawing: the leg from the last point.
    public func extend(to p: Point) {
        guard shown, connection.alive else { return }
        switch mode {
        case .shaped: shape(ShapeUnion, TrailShape.rectangles(from: last, to: p))
        case .composited: line([last, p])
        case nil: break
        }
        last = p
    }

    /// The release, a cancel, a lost grab: the trail goes.
    public func end() {
        guard shown else { return }
        shown = false
        if connection.alive { XUnmapWindow(connection.display, window) }
    }

    /// Lets go of the window and what it holds (exit, the trail turned
    /// off, no stroke bound any more).
    public func destroy() {
        end()
        if let s = asked, let c = connection.xcbConnection, connection.alive { xcb_discard_reply(c, s) }
        asked = nil
        freeWindow()
    }

    /// The window's bounding region `operation` (ShapeSet, ShapeUnion) these rectangles.
    private func shape(_ operation: Int32, _ rects: [TrailShape.Rect]) {
        guard operation == ShapeSet || !rects.isEmpty else { return }
        wire.removeAll(keepingCapacity: true)
        for r in rects {
            wire.append(xcb_rectangle_t(x: Int16(clamping: r.x), y: Int16(clamping: r.y),
                                        width: UInt16(clamping: r.width), height: UInt16(clamping: r.height)))
        }
        connection.requests { c in
            cx_shape_rectangles(c, UInt8(operation), UInt8(ShapeBounding), UInt32(window), wire, UInt32(wire.count))
        }
    }

    /// Lines through `points` with the trail's GC (composited).
    private func line(_ points: [Point]) {
        guard let gc else { return }
        wirePoints.removeAll(keepingCapacity: true)
        for p in points {
            let xy = TrailShape.xy(p)
            wirePoints.append(xcb_point_t(x: xy.x, y: xy.y))
        }
        _ = connection.requests { c in
            xcb_poly_line(c, UInt8(XCB_COORD_MODE_ORIGIN.rawValue), xcb_drawable_t(window), xcb_gcontext_t(XGContextFromGC(gc)),
                          UInt32(wirePoints.count), wirePoints)
        }
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
