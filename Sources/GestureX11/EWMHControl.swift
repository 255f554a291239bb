import CX11
import GestureActions

/// Window-manager actions through EWMH: client messages to the root window
/// (SubstructureRedirect | SubstructureNotify), source indication 2 (a pager:
/// the user asked), as touchegg and libinput-gestures (through wmctrl) switch
/// workspaces. What the window manager does not list in `_NET_SUPPORTED` is
/// `.unsupported`: the performer presses the keymap's chord instead.
public final class EWMHControl: WindowControl {
    public let connection: XConnection
    /// The X time of the input that made the gesture (0: CurrentTime).
    public var time: UInt = 0

    public init(connection: XConnection) {
        self.connection = connection
    }

    public func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult {
        guard connection.alive else { return .unsupported("no X connection") }
        let supported = Set(cardinals(connection.root, "_NET_SUPPORTED", type: Atom(XA_ATOM)).map { Atom($0) })
        let missing = action.requiredHints.filter { !supported.contains(connection.atom($0)) }
        if !missing.isEmpty {
            return .unsupported("the window manager does not support \(missing.joined(separator: ", "))")
        }
        switch action {
        case .workspace(let w): return workspace(w)
        case .showDesktop:
            let showing = cardinals(connection.root, "_NET_SHOWING_DESKTOP").first ?? 0
            send("_NET_SHOWING_DESKTOP", window: connection.root, [showing == 0 ? 1 : 0])
            return .done(showing == 0 ? "showing the desktop" : "showing the windows again")
        case .window(let w):
            guard let win = targetWindow(target) else { return .nothing("no window there, and none is active") }
            let t = UInt(time)
            switch w {
            case .close:
                send("_NET_CLOSE_WINDOW", window: win, [t, 2])
            case .maximize:
                send("_NET_WM_STATE", window: win, [2, UInt(connection.atom("_NET_WM_STATE_MAXIMIZED_VERT")),
                                                    UInt(connection.atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2])
            case .fullscreen:
                send("_NET_WM_STATE", window: win, [2, UInt(connection.atom("_NET_WM_STATE_FULLSCREEN")), 0, 2])
            case .minimize:
                send("WM_CHANGE_STATE", window: win, [UInt(IconicState)])
            case .activate:
                send("_NET_ACTIVE_WINDOW", window: win, [2, t, 0])
            }
            return .done("window 0x\(String(win, radix: 16))")
        }
    }

    // MARK: Workspaces

    private func workspace(_ w: WindowAction.Workspace) -> WindowResult {
        let count = Int(cardinals(connection.root, "_NET_NUMBER_OF_DESKTOPS").first ?? 0)
        guard count > 0, let current = cardinals(connection.root, "_NET_CURRENT_DESKTOP").first.map({ Int($0) }) else {
            return .nothing("the window manager publishes no workspaces")
        }
        let layout = DesktopLayout(cardinals(connection.root, "_NET_DESKTOP_LAYOUT").map { Int($0) }, count: count)
        switch layout.target(from: current, w, count: count) {
        case .success(let index):
            send("_NET_CURRENT_DESKTOP", window: connection.root, [UInt(index), UInt(time)])
            return .done("workspace \(index + 1) of \(count)")
        case .failure(let why):
            return .nothing(why.text)
        }
    }

    // MARK: X

    /// The client window under the gesture (the one with WM_STATE below the
    /// top-level frame at that point), else the active window.
    private func targetWindow(_ target: WindowTarget) -> Window? {
        let d = connection.display, root = connection.root
        if let x = target.x, let y = target.y {
            var child: Window = 0, rx: Int32 = 0, ry: Int32 = 0
            if XTranslateCoordinates(d, root, root, Int32(x), Int32(y), &rx, &ry, &child) != 0, child != 0,
               let client = clientWindow(child, depth: 0) {
                return client
            }
        }
        if let w = connection.windowProperty(root, connection.atom("_NET_ACTIVE_WINDOW")), w != 0 { return w }
        return nil
    }

    /// `w` if it has WM_STATE, else the first descendant that does (frames
    /// nest the client a few levels down; a bounded search).
    private func clientWindow(_ w: Window, depth: Int) -> Window? {
        if !cardinals(w, "WM_STATE", type: connection.atom("WM_STATE")).isEmpty { return w }
        guard depth < 4 else { return nil }
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>? = nil
        var n: UInt32 = 0
        guard XQueryTree(connection.display, w, &rootReturn, &parent, &children, &n) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in stride(from: Int(n) - 1, through: 0, by: -1) {   // topmost first
            if let c = clientWindow(children[i], depth: depth + 1) { return c }
        }
        return nil
    }

    /// A 32-bit property as numbers (CARDINAL unless told).
    private func cardinals(_ w: Window, _ name: String, type: Atom = Atom(XA_CARDINAL)) -> [UInt] {
        var actual: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        guard XGetWindowProperty(connection.display, w, connection.atom(name), 0, 4096, 0, type, &actual, &format, &n,
                                 &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32, actual == type else { return [] }
        // Xlib hands 32-bit properties back as longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(n)) { Array(UnsafeBufferPointer(start: $0, count: Int(n))) }
    }

    private func send(_ type: String, window: Window, _ values: [UInt]) {
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.serial = 0
        e.xclient.send_event = 1
        e.xclient.display = connection.display
        e.xclient.window = window
        e.xclient.message_type = connection.atom(type)
        e.xclient.format = 32
        withUnsafeMutableBytes(of: &e.xclient.data) { raw in
            let longs = raw.bindMemory(to: Int.self)
            for (i, v) in values.prefix(5).enumerated() { longs[i] = Int(bitPattern: v) }
        }
        // Sent with the daemon's flush at the end of this wakeup.
        XSendEvent(connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
    }
}

/// `_NET_DESKTOP_LAYOUT`: orientation (0 rows first, 1 columns first),
/// columns, rows (one may be 0: worked out from the count), starting corner
/// (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left). Without it: one row.
public struct DesktopLayout: Hashable, Sendable {
    public var columnsFirst: Bool
    public var columns: Int
    public var rows: Int
    public var corner: Int

    public struct Refusal: Error, Hashable { public var text: String }

    public init(_ values: [Int], count: Int) {
        guard values.count >= 3, values[1] > 0 || values[2] > 0 else {
            columnsFirst = false; columns = max(count, 1); rows = 1; corner = 0
            return
        }
        columnsFirst = values[0] == 1
        var c = values[1], r = values[2]
        if c == 0 { c = (count + r - 1) / r }
        if r == 0 { r = (count + c - 1) / c }
        columns = max(c, 1); rows = max(r, 1)
        corner = values.count >= 4 ? values[3] & 3 : 0
    }

    /// The index of the workspace `move` leads to from `current`, or why none.
    /// next/previous go along the order; no wrap-around (as GNOME, KDE and
    /// touchegg's default): at the end it is a no-op.
    public func target(from current: Int, _ move: WindowAction.Workspace, count: Int) -> Result<Int, Refusal> {
        switch move {
        case .next:
            return current + 1 < count ? .success(current + 1) : .failure(Refusal(text: "already on the last workspace"))
        case .previous:
            return current > 0 ? .success(current - 1) : .failure(Refusal(text: "already on the first workspace"))
        case .number(let n):
            return n >= 1 && n <= count ? .success(n - 1) : .failure(Refusal(text: "there are \(count) workspaces, no \(n)"))
        case .left, .right, .up, .down:
            var (r, c) = cell(current)
            switch move {
            case .left: c -= 1
            case .right: c += 1
            case .up: r -= 1
            default: r += 1
            }
            guard r >= 0, r < rows, c >= 0, c < columns, let i = index(r, c), i < count else {
                return .failure(Refusal(text: "no workspace \(move == .left ? "left" : move == .right ? "right" : move == .up ? "up" : "down") of workspace \(current + 1)"))
            }
            return .success(i)
        }
    }

    /// Row and column on screen of workspace `i`.
    func cell(_ i: Int) -> (Int, Int) {
        var r = columnsFirst ? i % rows : i / columns
        var c = columnsFirst ? i / rows : i % columns
        if corner == 1 || corner == 2 { c = columns - 1 - c }
        if corner == 2 || corner == 3 { r = rows - 1 - r }
        return (r, c)
    }

    func index(_ row: Int, _ column: Int) -> Int? {
        var r = row, c = column
        if corner == 1 || corner == 2 { c = columns - 1 - c }
        if corner == 2 || corner == 3 { r = rows - 1 - r }
        return columnsFirst ? c * rows + r : r * columns + c
    }
}
