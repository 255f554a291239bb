import CX11
import GestureCore

/// The application under a touch: from the window X reports (a top-level
/// frame under reparenting window managers) down to the client window that
/// carries WM_STATE, and its WM_CLASS and title. Cached per window.
public final class WindowClasses {
    let connection: XConnection
    private var cache: [Window: WindowContext] = [:]
    private var order: [Window] = []
    public static let capacity = 256
    private lazy var wmState = connection.atom("WM_STATE")

    public init(connection: XConnection) { self.connection = connection }

    public func forget() {
        cache.removeAll()
        order.removeAll()
    }

    /// The context of `window` (0 or the root: the desktop).
    public func context(of window: Window) -> WindowContext {
        guard window != 0, window != connection.root else { return .desktop }
        if let hit = cache[window] { return hit }
        let client = clientWindow(window, depth: 0) ?? window
        var ctx = WindowContext.desktop
        var hint = XClassHint()
        if XGetClassHint(connection.display, client, &hint) != 0 {
            ctx.instance = hint.res_name.map { String(cString: $0) } ?? ""
            ctx.windowClass = hint.res_class.map { String(cString: $0) } ?? ""
            if let p = hint.res_name { XFree(p) }
            if let p = hint.res_class { XFree(p) }
        }
        ctx.title = connection.windowName(client)
        cache[window] = ctx
        order.append(window)
        if order.count > Self.capacity { cache[order.removeFirst()] = nil }
        return ctx
    }

    private func hasWMState(_ w: Window) -> Bool {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        let ok = XGetWindowProperty(connection.display, w, wmState, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &n, &after, &data)
        if let data { XFree(data) }
        return ok == Success && type != 0
    }

    /// Depth-first search for the window with WM_STATE (ICCCM's client window).
    private func clientWindow(_ w: Window, depth: Int) -> Window? {
        if hasWMState(w) { return w }
        guard depth < 4 else { return nil }
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>? = nil
        var n: UInt32 = 0
        guard XQueryTree(connection.display, w, &root, &parent, &children, &n) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in (0..<Int(n)).reversed() {   // topmost first
            if let c = clientWindow(children[i], depth: depth + 1) { return c }
        }
        return nil
    }

}
