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

    /// `window move`, `resize` and `snap`, on a connection of their own.
    public let mover: WindowMover

    public init(connection: XConnection) {
        self.connection = connection
        mover = WindowMover(display: connection.name)
    }

    // MARK: Windows that follow the fingers (WindowMover)

    public func beginFollow(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace,
                            now: Double) -> WindowResult {
        guard connection.alive else { return .unsupported("no X connection") }
        return mover.begin(follow, binding: binding, target: target, place: place, now: now)
    }
    public func follow(binding: Int, place: GesturePlace, now: Double) { mover.follow(binding: binding, place: place, now: now) }
    public func endFollow(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? {
        mover.end(binding: binding, place: place, cancelled: cancelled, now: now)
    }
    public var followDeadline: Double? { mover.deadline }
    public func advanceFollow(to now: Double) { mover.advance(to: now) }

    public func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult {
        guard connection.alive else { return .unsupported("no X connection") }
        let supported = connection.supportedHints
        let missing = action.requiredHints.filter { !supported.contains(connection.atom($0)) }
        if !missing.isEmpty {
            return .unsupported("the window manager does not support \(missing.joined(separator: ", "))")
        }
        switch action {
        case .snap(let snap):
            return mover.snap(snap, target: target)
        case .follow(let f):
            // Not from a gesture's on-began (the performer calls beginFollow): moves nothing.
            return .nothing("'window \(f.rawValue)' follows a gesture from its on-began")
        case .workspace(let w): return workspace(w)
        case .showDesktop:
            let showing = cardinals(connection.root, "_NET_SHOWING_DESKTOP").first ?? 0
            send("_NET_SHOWING_DESKTOP", window: connection.root, [showing == 0 ? 1 : 0])
            return .done(showing == 0 ? "showing the desktop" : "showing the windows again")
        case .window(let w):
            guard let win = connection.targetClient(target) else { return .nothing("no window there, and none is active") }
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

    private func cardinals(_ w: Window, _ name: String, type: Atom = Atom(XA_CARDINAL)) -> [UInt] {
        connection.cardinals(w, name, type: type)
    }

    // Sent with the daemon's flush at the end of this wakeup.
    private func send(_ type: String, window: Window, _ values: [UInt]) {
        connection.sendToRoot(type, window: window, values.map { Int(bitPattern: $0) })
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
