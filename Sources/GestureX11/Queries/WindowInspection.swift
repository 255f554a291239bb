import CX11
import GestureActions
import GestureCore

/// What the window actions read of windows: properties as numbers, the
/// client under a point, a client's frame as the user sees it, its size
/// hints, its kind and state; and the client messages they send.
extension XConnection {
    /// A 32-bit property as numbers (CARDINAL unless told).
    public func cardinals(_ w: Window, _ name: String, type: Atom = Atom(XA_CARDINAL)) -> [UInt] {
        var actual: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        guard XGetWindowProperty(display, w, atom(name), 0, 4096, 0, type, &actual, &format, &n, &after, &data) == Success,
              let data else { return [] }
        defer { XFree(data) }
        guard format == 32, actual == type else { return [] }
        // Xlib hands 32-bit properties back as longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(n)) { Array(UnsafeBufferPointer(start: $0, count: Int(n))) }
    }

    /// The same, signed (geometry may be negative: a window partly off the left edge).
    func integers(_ w: Window, _ name: String, type: Atom = Atom(XA_CARDINAL)) -> [Int] {
        cardinals(w, name, type: type).map { Int(Int32(truncatingIfNeeded: $0)) }
    }

    /// Sets a 32-bit CARDINAL property.
    func setCardinals(_ w: Window, _ name: String, _ values: [Int]) {
        var longs = values.map { Int(Int32(truncatingIfNeeded: $0)) }
        longs.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(display, w, atom(name), Atom(XA_CARDINAL), 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// The atoms the window manager lists in `_NET_SUPPORTED`.
    public var supportedHints: Set<Atom> { Set(cardinals(root, "_NET_SUPPORTED", type: Atom(XA_ATOM)).map { Atom($0) }) }

    /// A client message to the root window, as pagers send them
    /// (SubstructureRedirect | SubstructureNotify); sent with the next flush.
    func sendToRoot(_ type: String, window: Window, _ values: [Int]) {
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.serial = 0
        e.xclient.send_event = 1
        e.xclient.display = display
        e.xclient.window = window
        e.xclient.message_type = atom(type)
        e.xclient.format = 32
        withUnsafeMutableBytes(of: &e.xclient.data) { raw in
            let longs = raw.bindMemory(to: Int.self)
            for (i, v) in values.prefix(5).enumerated() { longs[i] = v }
        }
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
    }

    /// The child of the root that holds `w` (the window manager's frame, or
    /// `w` itself when it is not reparented); nil if `w` is gone.
    func topLevel(_ w: Window) -> Window? {
        var current = w
        for _ in 0..<8 {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>? = nil
            var n: UInt32 = 0
            guard XQueryTree(display, current, &rootReturn, &parent, &children, &n) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == root || parent == 0 { return current }
            current = parent
        }
        return current
    }

    /// The frame of client `w` as the user sees it (decorations included,
    /// from `_NET_FRAME_EXTENTS`), and those extents; nil if `w` is gone.
    func frame(of w: Window) -> (frame: WindowRect, extents: FrameExtents)? {
        var rootReturn: Window = 0, gx: Int32 = 0, gy: Int32 = 0, width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0,
            depth: UInt32 = 0
        guard XGetGeometry(display, w, &rootReturn, &gx, &gy, &width, &height, &border, &depth) != 0 else { return nil }
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        guard XTranslateCoordinates(display, w, root, 0, 0, &x, &y, &child) != 0 else { return nil }
        let e = integers(w, "_NET_FRAME_EXTENTS")
        let extents = e.count >= 4 ? FrameExtents(left: e[0], right: e[1], top: e[2], bottom: e[3]) : FrameExtents()
        return (WindowRect(x: Int(x) - extents.left, y: Int(y) - extents.top, width: Int(width) + extents.left + extents.right,
                           height: Int(height) + extents.top + extents.bottom), extents)
    }

    /// `WM_NORMAL_HINTS`: what a resize keeps to.
    func sizeHints(of w: Window) -> SizeHints {
        var h = XSizeHints()
        var supplied: Int = 0
        guard XGetWMNormalHints(display, w, &h, &supplied) != 0 else { return SizeHints() }
        var s = SizeHints()
        if h.flags & PMinSize != 0 { s.minWidth = max(1, Int(h.min_width)); s.minHeight = max(1, Int(h.min_height)) }
        if h.flags & PMaxSize != 0, h.max_width > 0, h.max_height > 0 { s.maxWidth = Int(h.max_width); s.maxHeight = Int(h.max_height) }
        if h.flags & PBaseSize != 0 { s.baseWidth = Int(h.base_width); s.baseHeight = Int(h.base_height) }
        else if h.flags & PMinSize != 0 { s.baseWidth = Int(h.min_width); s.baseHeight = Int(h.min_height) }   // ICCCM: min stands in for base
        if h.flags & PResizeInc != 0 { s.widthIncrement = max(1, Int(h.width_inc)); s.heightIncrement = max(1, Int(h.height_inc)) }
        return s
    }

    /// The names of the atoms in a window's ATOM-list property (`_NET_WM_STATE`, `_NET_WM_WINDOW_TYPE`).
    func atomNames(_ w: Window, _ property: String) -> Set<String> {
        var names = Set<String>()
        for a in cardinals(w, property, type: Atom(XA_ATOM)) {
            guard let p = XGetAtomName(display, Atom(a)) else { continue }
            names.insert(String(cString: p))
            XFree(p)
        }
        return names
    }

    /// Why a window is never moved or resized, if it is one of those: the
    /// desktop, a dock or panel, a fullscreen window (left as it is).
    func refusal(of w: Window) -> String? {
        if w == root { return "the desktop (root window) is never moved" }
        let name = "window 0x\(String(w, radix: 16))"
        let types = atomNames(w, "_NET_WM_WINDOW_TYPE")
        if types.contains("_NET_WM_WINDOW_TYPE_DOCK") { return "\(name) is a dock or panel (_NET_WM_WINDOW_TYPE_DOCK): never moved" }
        if types.contains("_NET_WM_WINDOW_TYPE_DESKTOP") { return "\(name) is the desktop (_NET_WM_WINDOW_TYPE_DESKTOP): never moved" }
        if atomNames(w, "_NET_WM_STATE").contains("_NET_WM_STATE_FULLSCREEN") { return "\(name) is fullscreen: left as it is" }
        return nil
    }

    /// Whether the window manager has `w` maximized (either way).
    func isMaximized(_ w: Window) -> Bool {
        let s = atomNames(w, "_NET_WM_STATE")
        return s.contains("_NET_WM_STATE_MAXIMIZED_VERT") || s.contains("_NET_WM_STATE_MAXIMIZED_HORZ")
    }

    /// Asks the window manager to add (1) or remove (0) both maximized states.
    func setMaximized(_ w: Window, _ on: Bool) {
        sendToRoot("_NET_WM_STATE", window: w, [on ? 1 : 0, Int(atom("_NET_WM_STATE_MAXIMIZED_VERT")),
                                              Int(atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2])
    }

    /// The pointer on the root, if on this screen.
    var pointer: (x: Double, y: Double)? {
        var r: Window = 0, c: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
        guard XQueryPointer(display, root, &r, &c, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return (Double(rx), Double(ry))
    }

    /// Every monitor's rectangle and its work area: `_NET_WORKAREA` of the
    /// current workspace clipped to it, less the struts of the docks that
    /// reach into it. One monitor (the screen) without RandR's.
    func workAreas(monitors: [Output]) -> [(name: String, monitor: WindowRect, area: WindowRect)] {
        let size = screenSize
        var rects = monitors.map { ($0.name, WindowRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))) }
        if rects.isEmpty { rects = [("screen", WindowRect(x: 0, y: 0, width: size.width, height: size.height))] }
        let all = integers(root, "_NET_WORKAREA")
        let desk = Int(cardinals(root, "_NET_CURRENT_DESKTOP").first ?? 0)
        let wa = all.count >= 4 * (desk + 1) ? Array(all[(4 * desk)..<(4 * desk + 4)]) : (all.count >= 4 ? Array(all.prefix(4)) : [])
        let workarea = wa.count == 4 ? WindowRect(x: wa[0], y: wa[1], width: wa[2], height: wa[3]) : nil
        var struts: [Strut] = []
        for c in cardinals(root, "_NET_CLIENT_LIST", type: Atom(XA_WINDOW)) {
            let partial = integers(Window(c), "_NET_WM_STRUT_PARTIAL")
            if partial.count >= 12 { struts.append(Strut(partial: partial)); continue }
            let whole = integers(Window(c), "_NET_WM_STRUT")
            if whole.count >= 4 { struts.append(Strut(partial: whole)) }
        }
        return rects.map { ($0.0, $0.1, WindowGeometry.workArea(monitor: $0.1, workarea: workarea, struts: struts,
                                                                screen: (size.width, size.height))) }
    }
}
