import CX11
import GestureCore

/// The applications under touches, per top-level window (the window X
/// reports under a touch: a frame under reparenting window managers), kept
/// by X's events and never asked for while X's events are read. Pure: what
/// to ask X (`Ask`) goes out and the answers come back as values; the X side
/// is WindowClasses.
///
/// A lookup is ICCCM's search for the client window (ClientSearch: the
/// top-level window itself when none below it has WM_STATE), then that
/// window's WM_CLASS and title. All of a level's requests go out together,
/// and the tree is searched once every answer is in. A lookup's answers can
/// come late: a window destroyed, reparented or renamed meanwhile drops it
/// (`note`), and its answers are then ignored (the lookup's `id`).
///
/// An entry is dropped when what it says may have changed: the top-level
/// window or its client destroyed (an id X reuses then names the new
/// window's application, not the old one's), reparented (a client managed
/// into a frame that named none), or a watched property of the client
/// changed (its class, its title, its WM_STATE).
struct WindowDirectory {
    /// One request to X for a lookup.
    struct Ask: Hashable {
        /// The lookup it is for (answers to a dropped lookup are ignored).
        var lookup: Int
        /// The top-level window looked up.
        var top: Window
        var kind: Kind
        enum Kind: Hashable {
            /// Whether the window has WM_STATE.
            case state(Window)
            /// The window's children, bottom to top.
            case children(Window)
            /// The client window's WM_CLASS and title (and to watch it from now on).
            case naming(Window)
        }
    }

    /// X's answer to an Ask (an error answers as nothing: no WM_STATE, no
    /// children, an unnamed application).
    enum Answer: Equatable {
        case state(Bool)
        case children([Window])
        case naming(WindowContext)
    }

    private enum Entry {
        case looking(Lookup)
        /// `client`: the window named (the top-level window itself when no
        /// client window was found), whose property changes are watched.
        case known(WindowContext, client: Window, found: Bool)
    }

    private struct Lookup {
        var id: Int
        var search: ClientSearch
        /// The window named, once the tree is searched.
        var named: Window? = nil
    }
    /// Entries kept (the oldest known one goes first).
    static let capacity = 256

    let root: Window
    /// The client's properties that change what the entry says.
    let watched: Set<Atom>
    private var entries: [Window: Entry] = [:]
    /// Known entries, oldest first (for the capacity).
    private var order: [Window] = []
    /// A watched window → the top-level window whose entry it names.
    private var clients: [Window: Window] = [:]
    private var lookups = 0

    init(root: Window, watched: Set<Atom>) {
        self.root = root
        self.watched = watched
    }

    /// The application under `top`, if known: never asks. 0 and the root
    /// are the desktop.
    func context(of top: Window) -> WindowContext? {
        guard top != 0, top != root else { return .desktop }
        guard case .known(let ctx, _, _)? = entries[top] else { return nil }
        return ctx
    }

    /// Whether `top` is being looked up.
    func isLooking(_ top: Window) -> Bool {
        if case .looking? = entries[top] { return true }
        return false
    }

    var count: Int { entries.count }

    /// Starts looking `top` up, unless it is known or being looked up: what to ask X.
    mutating func lookUp(_ top: Window) -> [Ask] {
        guard top != 0, top != root, entries[top] == nil else { return [] }
        lookups += 1
        let search = ClientSearch(top: top)
        entries[top] = .looking(Lookup(id: lookups, search: search))
        return asks(search.firstQuestions, lookup: lookups, top: top)
    }

    /// X answered `ask`: what to ask next (the next level of the tree, the
    /// client's names), nothing once the entry is known.
    mutating func answer(_ ask: Ask, _ answer: Answer) -> [Ask] {
        guard case .looking(var l)? = entries[ask.top], l.id == ask.lookup else { return [] }
        let question: ClientSearch.Question, found: ClientSearch.Answer
        switch (ask.kind, answer) {
        case (.state(let w), .state(let has)): (question, found) = (.state(w), .state(has))
        case (.children(let w), .children(let list)): (question, found) = (.children(w), .children(list))
        case (.naming(let client), .naming(let ctx)):
            learn(ask.top, ctx, client: client, found: l.search.client != nil)
            return []
        default:
            return []   // an answer of another kind: not this ask's
        }
        var next = asks(l.search.answer(question, found), lookup: l.id, top: ask.top)
        if l.search.isDone && l.named == nil {
            let client = l.search.client ?? ask.top
            l.named = client
            next.append(Ask(lookup: l.id, top: ask.top, kind: .naming(client)))
        }
        entries[ask.top] = .looking(l)
        return next
    }

    /// What a window event changes: the entries it may have made wrong are
    /// dropped (looked up again at the next touch on them).
    mutating func note(_ note: WindowNote) {
        switch note {
        case .created(let w, _):
            forget(w)   // an id X reused: nothing of the window before
        case .destroyed(let w):
            forgetNamer(w)
            forget(w)
        case .reparented(let w, let parent):
            forgetNamer(w)
            forget(w)
            forget(parent)
            // A client just managed into a frame: the frames that named no
            // client, and the lookups under way, may have missed it.
            let stale = entries.compactMap { top, entry -> Window? in
                switch entry {
                case .looking, .known(_, _, found: false): return top
                case .known: return nil
                }
            }
            for top in stale { forget(top) }
        case .property(let w, let atom):
            if watched.contains(atom) { forgetNamer(w) }
        case .configured, .mapped, .other:
            break
        }
    }

    // MARK: Private

    private func asks(_ questions: [ClientSearch.Question], lookup: Int, top: Window) -> [Ask] {
        questions.map { q in
            switch q {
            case .state(let w): return Ask(lookup: lookup, top: top, kind: .state(w))
            case .children(let w): return Ask(lookup: lookup, top: top, kind: .children(w))
            }
        }
    }

    private mutating func learn(_ top: Window, _ ctx: WindowContext, client: Window, found: Bool) {
        entries[top] = .known(ctx, client: client, found: found)
        clients[client] = top
        order.append(top)
        if order.count > Self.capacity { forget(order[0]) }
    }

    /// Drops the entry `w` names, if it is a watched client.
    private mutating func forgetNamer(_ w: Window) {
        if let top = clients[w] { forget(top) }
    }

    private mutating func forget(_ top: Window) {
        guard let entry = entries.removeValue(forKey: top) else { return }
        if case .known(_, let client, _) = entry {
            if clients[client] == top { clients[client] = nil }
            if let i = order.firstIndex(of: top) { order.remove(at: i) }
        }
    }
}
