import CX11
import GestureActions
import GestureCore
#if canImport(Glibc)
import Glibc
#endif

/// ICCCM's search for the client window below a top-level window (a
/// window manager's frame, or the client itself): the one carrying
/// WM_STATE, depth-first from the top-level window, topmost child first, at
/// most `depth` levels down. Pure: it says what to ask X (a level's
/// questions together), takes the answers as values, and says the client
/// once every answer is in (nil: none has WM_STATE; each caller has its own
/// fallback: the directory names the top-level window, a window action
/// takes the active window).
///
/// Two drivers carry the questions to X: the window directory's, which
/// never waits (WindowClasses: cookies, answers taken as they come), and
/// `XConnection.clientWindow(under:)`, which waits (the window actions).
struct ClientSearch {
    enum Question: Hashable {
        /// Whether the window has WM_STATE.
        case state(Window)
        /// The window's children, bottom to top.
        case children(Window)
    }

    /// X's answer (an error answers as nothing: no WM_STATE, no children).
    enum Answer: Equatable {
        case state(Bool)
        case children([Window])
    }

    /// How deep below the top-level window the client window is looked for.
    static let depth = 4

    let top: Window
    private var nodes: [Window: Node]
    /// Answers still to come.
    private var outstanding = 2

    private struct Node {
        var depth: Int
        var hasState: Bool? = nil
        var children: [Window]? = nil
    }

    init(top: Window) {
        self.top = top
        nodes = [top: Node(depth: 0)]
    }

    /// The questions a search starts with.
    var firstQuestions: [Question] { [.state(top), .children(top)] }

    /// Every answer is in.
    var isDone: Bool { outstanding == 0 }

    /// The client window, once done (nil: none below `top` has WM_STATE).
    var client: Window? { isDone ? firstClient(top) : nil }

    /// X answered `question`: the next level's questions, once both of a
    /// window's answers are in and it has no WM_STATE.
    mutating func answer(_ question: Question, _ answer: Answer) -> [Question] {
        let w: Window
        switch (question, answer) {
        case (.state(let q), .state(let has)):
            w = q
            nodes[w]?.hasState = has
        case (.children(let q), .children(let list)):
            w = q
            nodes[w]?.children = list
        default:
            return []   // an answer of another kind: not this question's
        }
        outstanding -= 1
        guard let node = nodes[w], node.hasState == false, let children = node.children, node.depth < Self.depth
        else { return [] }
        var next: [Question] = []
        for c in children {
            nodes[c] = Node(depth: node.depth + 1)
            next.append(.state(c))
            outstanding += 1
            if node.depth + 1 < Self.depth {
                next.append(.children(c))
                outstanding += 1
            } else {
                nodes[c]?.children = []
            }
        }
        return next
    }

    /// Depth-first, topmost child first: the first window with WM_STATE.
    private func firstClient(_ w: Window) -> Window? {
        guard let node = nodes[w] else { return nil }
        if node.hasState == true { return w }
        guard node.depth < Self.depth, let children = node.children else { return nil }
        for c in children.reversed() {
            if let found = firstClient(c) { return found }
        }
        return nil
    }

    // MARK: X's side, for both drivers

    /// The request that asks `question` (its sequence number: the cookie).
    static func request(_ question: Question, wmState: Atom, _ c: OpaquePointer) -> UInt32 {
        switch question {
        case .state(let w): return xcb_get_property(c, 0, xcb_window_t(w), xcb_atom_t(wmState), 0, 0, 0).sequence
        case .children(let w): return xcb_query_tree(c, xcb_window_t(w)).sequence
        }
    }

    /// What X's reply to `question` says (nil reply: an error, the window gone).
    static func answer(_ question: Question, reply: UnsafeMutableRawPointer?) -> Answer {
        switch question {
        case .state:
            return .state(reply.map { $0.assumingMemoryBound(to: xcb_get_property_reply_t.self).pointee.type != 0 } ?? false)
        case .children:
            guard let r = reply?.assumingMemoryBound(to: xcb_query_tree_reply_t.self),
                  let list = xcb_query_tree_children(r) else { return .children([]) }
            let n = Int(xcb_query_tree_children_length(r))
            return .children((0..<n).map { Window(list[$0]) })
        }
    }
}

/// A window's names as the window actions, the window manager's name and
/// the directory read them: WM_CLASS (instance and class), and the title,
/// `_NET_WM_NAME` (UTF-8) else `WM_NAME` (Latin-1 STRING, as Xlib's
/// XFetchName reads it). Pure: the requests' parts and what their bytes say.
enum WindowNames {
    /// Xlib's BUFSIZ: how much of WM_CLASS and WM_NAME Xlib's XGetClassHint and XFetchName read (in 32-bit units).
    static let propertyLength: UInt32 = 8192
    /// How much of _NET_WM_NAME is read (in 32-bit units).
    static let netNameLength: UInt32 = 1024

    /// The three properties read, in the order asked.
    enum Part { case wmClass, netName, name }

    /// The request for `part` of window `w`'s names.
    static func request(_ part: Part, _ w: Window, utf8: Atom, netWMName: Atom, _ c: OpaquePointer) -> UInt32 {
        let window = xcb_window_t(w)
        switch part {
        case .wmClass:
            return xcb_get_property(c, 0, window, xcb_atom_t(XA_WM_CLASS), xcb_atom_t(XA_STRING), 0, propertyLength).sequence
        case .netName:
            return xcb_get_property(c, 0, window, xcb_atom_t(netWMName), xcb_atom_t(utf8), 0, netNameLength).sequence
        case .name:
            return xcb_get_property(c, 0, window, xcb_atom_t(XA_WM_NAME), xcb_atom_t(XA_STRING), 0, propertyLength).sequence
        }
    }

    /// A format-8 property's bytes, when the reply has the type asked for.
    static func bytes(_ reply: UnsafeMutableRawPointer?, type: Atom) -> [UInt8]? {
        guard let r = reply?.assumingMemoryBound(to: xcb_get_property_reply_t.self),
              r.pointee.type == type, r.pointee.format == 8 else { return nil }
        let n = Int(xcb_get_property_value_length(r))
        guard n > 0, let v = xcb_get_property_value(r) else { return [] }
        return Array(UnsafeRawBufferPointer(start: v, count: n))
    }

    /// The title: `_NET_WM_NAME` when set and not empty, else `WM_NAME` up to its first NUL.
    static func title(netName: [UInt8]?, name: [UInt8]?) -> String? {
        if let n = netName, !n.isEmpty { return String(decoding: n, as: UTF8.self) }
        return name.map { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// WM_CLASS's two strings, as Xlib's XGetClassHint reads them: the
    /// instance up to the first NUL, the class after it (up to the next).
    static func classHint(_ bytes: [UInt8]) -> (instance: String, windowClass: String) {
        let instance = bytes.prefix { $0 != 0 }
        let rest = bytes.dropFirst(instance.count + 1)
        return (String(decoding: instance, as: UTF8.self), String(decoding: rest.prefix { $0 != 0 }, as: UTF8.self))
    }
}

/// The blocking driver: for the window actions, which act on the answer
/// at once (never the listener's read path).
extension XConnection {
    /// Waits for the replies to `questions` (sent together: one round trip).
    private func waitForReplies<Q>(_ questions: [Q], _ request: (Q, OpaquePointer) -> UInt32,
                                   _ take: (Q, UnsafeMutableRawPointer?) -> Void) {
        guard alive, let sent = requests({ c in questions.map { (c, $0, request($0, c)) } }) else { return }
        for (c, q, sequence) in sent {
            var error: UnsafeMutablePointer<xcb_generic_error_t>? = nil
            let reply = xcb_wait_for_reply(c, sequence, &error)
            defer { free(reply); free(error) }
            take(q, reply)
        }
    }

    /// The client window below the top-level window `top` (ClientSearch;
    /// one round trip per level), nil if none has WM_STATE.
    func clientWindow(under top: Window) -> Window? {
        var search = ClientSearch(top: top)
        var level = search.firstQuestions
        let wmState = atom("WM_STATE")
        while !level.isEmpty {
            var next: [ClientSearch.Question] = []
            waitForReplies(level, { ClientSearch.request($0, wmState: wmState, $1) }) { q, reply in
                next += search.answer(q, ClientSearch.answer(q, reply: reply))
            }
            guard search.isDone || !next.isEmpty else { return nil }   // the connection went
            level = next
        }
        return search.client
    }

    /// The client window under a point of the root (below the top-level
    /// window there), if any.
    func client(at x: Double, _ y: Double) -> Window? {
        var child: Window = 0, rx: Int32 = 0, ry: Int32 = 0
        guard XTranslateCoordinates(display, root, root, Int32(x), Int32(y), &rx, &ry, &child) != 0, child != 0 else { return nil }
        return clientWindow(under: child)
    }

    /// The active window (`_NET_ACTIVE_WINDOW`), if any.
    var activeWindow: Window? {
        guard let w = windowProperty(root, atom("_NET_ACTIVE_WINDOW")), w != 0 else { return nil }
        return w
    }

    /// The window a window action is for: the client under the gesture
    /// (`target` has a point: touchscreens), else the active window.
    func targetClient(_ target: WindowTarget) -> Window? {
        if let x = target.x, let y = target.y, let client = client(at: x, y) { return client }
        return activeWindow
    }

    /// The title of `w` (WindowNames.title), waiting for X's answer.
    public func windowName(_ w: Window) -> String? {
        let utf8 = atom("UTF8_STRING"), netWMName = atom("_NET_WM_NAME")
        var netName: [UInt8]? = nil, name: [UInt8]? = nil
        waitForReplies([WindowNames.Part.netName, .name],
                       { WindowNames.request($0, w, utf8: utf8, netWMName: netWMName, $1) }) { part, reply in
            if part == .netName { netName = WindowNames.bytes(reply, type: utf8) }
            else { name = WindowNames.bytes(reply, type: Atom(XA_STRING)) }
        }
        return WindowNames.title(netName: netName, name: name)
    }
}
