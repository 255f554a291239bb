import CX11
import GestureCore
@testable import GestureX11
import Testing

/// The window directory without X: its asks answered from a made-up tree.
@Suite struct WindowDirectoryTests {
    static let root: Window = 1
    static let wmName = Atom(XA_WM_NAME)
    typealias Ask = WindowDirectory.Ask

    /// A made-up X: which windows have WM_STATE, each one's children
    /// (bottom to top) and names.
    struct Tree {
        var state: Set<Window> = []
        var children: [Window: [Window]] = [:]
        var names: [Window: WindowContext] = [:]

        func answer(_ ask: Ask) -> WindowDirectory.Answer {
            switch ask.kind {
            case .state(let w): return .state(state.contains(w))
            case .children(let w): return .children(children[w] ?? [])
            case .naming(let w): return .naming(names[w] ?? .desktop)
            }
        }
    }

    /// Looks `top` up, answering every ask from `tree` in the order asked;
    /// returns the asks made.
    @discardableResult
    static func lookUp(_ top: Window, in d: inout WindowDirectory, _ tree: Tree) -> [Ask] {
        var asks = d.lookUp(top), made: [Ask] = []
        while !asks.isEmpty {
            let ask = asks.removeFirst()
            made.append(ask)
            asks += d.answer(ask, tree.answer(ask))
        }
        return made
    }

    static func directory() -> WindowDirectory { WindowDirectory(root: root, watched: [wmName]) }
    static let firefox = WindowContext(windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox")
    static let xterm = WindowContext(windowClass: "XTerm", instance: "xterm", title: "~")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var tree: Tree
        /// The window whose names the top-level window 10 gets.
        var named: Window
        var testDescription: String { name }
    }

    /// ICCCM's search, as Xlib's round trips made it: the window itself if
    /// it has WM_STATE, else depth-first, topmost child first, 4 levels.
    static let searches: [Case] = [
        Case(name: "a top-level client (no reparenting)", tree: Tree(state: [10], children: [10: [11]]), named: 10),
        Case(name: "a frame holding its client", tree: Tree(state: [11], children: [10: [11]]), named: 11),
        Case(name: "the topmost child first", tree: Tree(state: [11, 12], children: [10: [11, 12]]), named: 12),
        Case(name: "depth first: the topmost child's subtree before the next child",
             tree: Tree(state: [11, 21], children: [10: [11, 12], 12: [20], 20: [21]]), named: 21),
        Case(name: "4 levels down at most",
             tree: Tree(state: [14], children: [10: [11], 11: [12], 12: [13], 13: [14]]), named: 14),
        Case(name: "5 levels down is too deep: the frame itself",
             tree: Tree(state: [15], children: [10: [11], 11: [12], 12: [13], 13: [14], 14: [15]]), named: 10),
        Case(name: "no client: the frame itself", tree: Tree(children: [10: [11, 12]]), named: 10),
    ]

    @Test(arguments: searches) func theClientWindowIsFound(_ c: Case) {
        var d = Self.directory()
        var tree = c.tree
        tree.names[c.named] = Self.firefox
        #expect(d.context(of: 10) == nil)
        let asks = Self.lookUp(10, in: &d, tree)
        #expect(asks.last?.kind == .naming(c.named))
        #expect(d.context(of: 10) == Self.firefox)
        #expect(Self.lookUp(10, in: &d, tree).isEmpty)   // known: nothing asked
    }

    @Test func theDesktopIsNeverAskedAbout() {
        var d = Self.directory()
        #expect(d.context(of: 0) == .desktop)
        #expect(d.context(of: Self.root) == .desktop)
        #expect(d.lookUp(0).isEmpty && d.lookUp(Self.root).isEmpty)
    }

    static let frameTree = Tree(state: [11], children: [10: [11]], names: [11: xterm])

    struct Change: Sendable, CustomTestStringConvertible {
        var note: WindowNote
        var forgets: Bool
        var testDescription: String { "\(note)" }
    }

    /// What makes the entry of frame 10 (holding client 11) wrong, and what does not.
    static let changes: [Change] = [
        Change(note: .destroyed(10), forgets: true),
        Change(note: .destroyed(11), forgets: true),
        Change(note: .created(10, parent: root), forgets: true),   // the id reused
        Change(note: .reparented(11, parent: root), forgets: true),
        Change(note: .reparented(10, parent: 30), forgets: true),
        Change(note: .reparented(40, parent: 10), forgets: true),
        Change(note: .property(11, atom: wmName), forgets: true),
        Change(note: .property(11, atom: Atom(XA_WM_ICON_NAME)), forgets: false),   // not watched
        Change(note: .property(12, atom: wmName), forgets: false),   // another window's
        Change(note: .destroyed(12), forgets: false),
        Change(note: .created(12, parent: root), forgets: false),
        Change(note: .reparented(41, parent: 42), forgets: false),   // elsewhere; 10 named its client
        Change(note: .configured(10), forgets: false),
        Change(note: .mapped(10, event: root), forgets: false),
        Change(note: .other, forgets: false),
    ]

    @Test(arguments: changes) func whatAWindowEventForgets(_ c: Change) {
        var d = Self.directory()
        Self.lookUp(10, in: &d, Self.frameTree)
        d.note(c.note)
        #expect((d.context(of: 10) == nil) == c.forgets)
    }

    /// A frame that named no client (looked up before its client came) is
    /// forgotten when any window is reparented: a client managed into it.
    @Test func aFrameWithoutClientIsAskedAgainAfterAReparenting() {
        var d = Self.directory()
        Self.lookUp(10, in: &d, Tree(children: [10: []]))
        #expect(d.context(of: 10) == .desktop)
        d.note(.reparented(11, parent: 20))   // into the frame's inner window: 10 is not named
        #expect(d.context(of: 10) == nil)
        Self.lookUp(10, in: &d, Self.frameTree)
        #expect(d.context(of: 10) == Self.xterm)
    }

    /// The answers to a lookup dropped meanwhile (its window destroyed) are
    /// ignored; the new lookup's count.
    @Test func answersToADroppedLookupAreIgnored() {
        var d = Self.directory()
        let first = d.lookUp(10)
        d.note(.destroyed(10))
        #expect(!d.isLooking(10))
        let second = d.lookUp(10)
        #expect(second.map(\.lookup) != first.map(\.lookup))
        for ask in first { #expect(d.answer(ask, Self.frameTree.answer(ask)).isEmpty) }
        #expect(d.context(of: 10) == nil)
        #expect(d.isLooking(10))
    }

    @Test func theOldestEntryGoesPastTheCapacity() {
        var d = Self.directory()
        let tree = Tree(state: Set(100..<(100 + Window(WindowDirectory.capacity) + 1)))
        for w in 100..<(100 + Window(WindowDirectory.capacity) + 1) { Self.lookUp(w, in: &d, tree) }
        #expect(d.count == WindowDirectory.capacity)
        #expect(d.context(of: 100) == nil)
        #expect(d.context(of: 101) == .desktop)
    }

    /// WM_CLASS as Xlib's XGetClassHint splits it.
    @Test(arguments: [
        ("Navigator\u{0}firefox\u{0}", "Navigator", "firefox"),
        ("Navigator\u{0}firefox", "Navigator", "firefox"),
        ("solo\u{0}", "solo", ""),
        ("solo", "solo", ""),
        ("", "", ""),
    ])
    func classHint(_ bytes: String, _ instance: String, _ cls: String) {
        let hint = WindowNames.classHint(Array(bytes.utf8))
        #expect(hint.instance == instance)
        #expect(hint.windowClass == cls)
    }
}

/// Inputs held for the application under a begin (ApplicationQueue.swift).
@Suite struct ApplicationQueueTests {
    static let app = WindowContext(windowClass: "A", instance: "a")
    static let begin = Input.touchBegin(device: 11, touch: 1, at: .zero)
    static let end = Input.touchEnd(device: 11, touch: 1, at: .zero)

    @Test func aKnownWindowPassesAtOnceAndIsSaidOnce() {
        var queue = ApplicationQueue(), out: [Input] = []
        for _ in 0..<2 {
            queue.pass(.window(5, 1), known: { _ in Self.app }) { i, _ in out.append(i) }
            queue.pass(.input(Self.begin, 1), known: { _ in Self.app }) { i, _ in out.append(i) }
        }
        #expect(out == [.window(Self.app), Self.begin, Self.begin])
        #expect(queue.isEmpty)
    }

    /// An unknown window holds everything after it, in order, each with its
    /// own time, until its application is known.
    @Test func anUnknownWindowQueuesWhatFollows() {
        var queue = ApplicationQueue(), out: [(Input, Double)] = []
        var known: [Window: WindowContext] = [:]
        queue.pass(.window(5, 1.0), known: { known[$0] }) { out.append(($0, $1)) }
        queue.pass(.input(Self.begin, 1.0), known: { known[$0] }) { out.append(($0, $1)) }
        queue.pass(.input(.screenChanged(Screen(width: 10, height: 10)), 1.5), known: { known[$0] }) { out.append(($0, $1)) }
        queue.pass(.input(Self.end, 2.0), known: { known[$0] }) { out.append(($0, $1)) }
        #expect(out.isEmpty)
        #expect(queue.awaited == 5)
        queue.release(known: { known[$0] }) { out.append(($0, $1)) }
        #expect(out.isEmpty)
        known[5] = Self.app
        queue.release(known: { known[$0] }) { out.append(($0, $1)) }
        #expect(out.map(\.0) == [.window(Self.app), Self.begin, .screenChanged(Screen(width: 10, height: 10)), Self.end])
        #expect(out.map(\.1) == [1.0, 1.0, 1.5, 2.0])
        #expect(queue.isEmpty && queue.awaited == nil)
    }
}
