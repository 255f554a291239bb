import CX11
import GestureCore
#if canImport(Glibc)
import Glibc
#endif

/// The application under a touch: the WindowDirectory's entries, asked of X
/// after the read, never during it. The requests go out through XCB with
/// their cookies kept; their answers are taken as they arrive, without
/// waiting (`takeAnswers`), so no lookup is a round trip: the touch that
/// needs one waits in the listener for its answer (a fraction of a
/// millisecond on a local server), well within the grab's timeout.
public final class WindowClasses {
    let connection: XConnection
    private var directory: WindowDirectory
    /// Requests out, in the order sent: X answers in that order.
    private var waiting: [Waiting] = []
    private var next = 0
    /// The names being read for a naming ask: its three answers come in a row.
    private var naming = WindowContext.desktop
    private var netName: [UInt8]? = nil
    private let wmState: Atom
    private let netWMName: Atom
    private let utf8: Atom

    private struct Waiting {
        var sequence: UInt32
        var ask: WindowDirectory.Ask
        var part: Part
        /// Its answer arrived (kept until taken: nil, an error).
        var arrived = false
        var reply: UnsafeMutableRawPointer? = nil
    }

    private enum Part {
        case search(ClientSearch.Question)
        case naming(WindowNames.Part)
    }

    /// The atoms are interned here, at the start: the only round trips.
    public init(connection: XConnection) {
        self.connection = connection
        wmState = connection.atom("WM_STATE")
        netWMName = connection.atom("_NET_WM_NAME")
        utf8 = connection.atom("UTF8_STRING")
        directory = WindowDirectory(root: connection.root,
                                    watched: [wmState, Atom(XA_WM_CLASS), Atom(XA_WM_NAME), netWMName])
        // The daemon's loop must not sleep on answers already read from the
        // socket (a round trip of someone else's read them): poll() would
        // not wake for them.
        connection.answersWaiting = { [weak self] in self?.collect() ?? false }
    }

    /// The application under `window` (a top-level window), if known: never asks X.
    public func cached(_ window: Window) -> WindowContext? { directory.context(of: window) }

    /// Whether requests wait for X's answers.
    public var asking: Bool { !waiting.isEmpty }

    /// Top-level windows mapped during the read, to ask about after it.
    private var mapped: [Window] = []

    /// A window event: what it may have made wrong is forgotten. A
    /// top-level window mapped is asked about once the read is done, so
    /// that the first touch on it finds its application known.
    func note(_ note: WindowNote) {
        directory.note(note)
        if case .mapped(let w, let event) = note, event == connection.root { mapped.append(w) }
    }

    /// Asks about the top-level windows mapped since the last call. True
    /// when something was asked.
    func askMapped() -> Bool {
        guard !mapped.isEmpty else { return false }
        defer { mapped.removeAll() }
        return mapped.reduce(false) { asked, w in lookUp(w) || asked }
    }

    /// Asks X about `window`, unless it is known or asked about already
    /// (the requests go out with the next flush). True when something was asked.
    @discardableResult
    func lookUp(_ window: Window) -> Bool { send(directory.lookUp(window)) }

    /// Keeps X's answers that have arrived (read from the socket already,
    /// or now, without waiting); asks nothing. True when an answer waits to
    /// be taken.
    @discardableResult
    func collect() -> Bool {
        guard !waiting.isEmpty, connection.alive, connection.xcbConnection != nil else { return false }
        for i in waiting.indices where !waiting[i].arrived {
            // X answers in order: the first not answered yet ends the pass.
            guard let answer = connection.poll(waiting[i].sequence) else { break }
            waiting[i].arrived = true
            waiting[i].reply = answer.reply?.pointer   // an error answers as nothing: the window is gone
        }
        return waiting.first?.arrived == true
    }

    /// Takes X's answers that have arrived, without waiting, and asks the
    /// next ones (a lookup's next level, its client's names; those are
    /// sent at once). True when some answer was taken.
    @discardableResult
    func takeAnswers() -> Bool {
        guard collect() else { return false }
        var took = 0, asks: [WindowDirectory.Ask] = []
        for w in waiting {
            guard w.arrived else { break }
            took += 1
            defer { free(w.reply) }
            if let a = answer(w, w.reply) { asks += directory.answer(w.ask, a) }
        }
        waiting.removeFirst(took)
        if send(asks) { connection.flush() }
        return true
    }

    /// The application under `window`, waiting for X's answers: for tools
    /// and tests (the listener never waits; it asks and reads on).
    public func context(of window: Window) -> WindowContext {
        while connection.alive, let c = connection.xcbConnection {
            if let known = cached(window) { return known }
            if lookUp(window) { connection.flush() }   // (again, if an event dropped the lookup)
            if !takeAnswers() {
                var fd = pollfd(fd: xcb_get_file_descriptor(c), events: Int16(POLLIN), revents: 0)
                _ = poll(&fd, 1, 100)
            }
        }
        return .desktop
    }

    // MARK: Requests and answers

    private func send(_ asks: [WindowDirectory.Ask]) -> Bool {
        guard !asks.isEmpty, let sent = connection.requests({ c in asks.map { request($0, c) } }) else { return false }
        waiting += sent.joined()
        return true
    }

    private func request(_ ask: WindowDirectory.Ask, _ c: OpaquePointer) -> [Waiting] {
        let question: ClientSearch.Question
        switch ask.kind {
        case .state(let w): question = .state(w)
        case .children(let w): question = .children(w)
        case .naming(let w):
            // Watched from now on (selected before its properties are read,
            // so no change falls between): its names and WM_STATE; and, when
            // it is inside a frame, its own destruction and reparenting (the
            // root's SubstructureNotify tells those of top-level windows).
            var mask = UInt32(PropertyChangeMask) | (w == ask.top ? 0 : UInt32(StructureNotifyMask))
            // A window gone meanwhile: its error is of no interest.
            xcb_discard_reply(c, xcb_change_window_attributes_checked(c, xcb_window_t(w), UInt32(XCB_CW_EVENT_MASK.rawValue), &mask).sequence)
            return [WindowNames.Part.wmClass, .netName, .name].map { part in
                Waiting(sequence: WindowNames.request(part, w, utf8: utf8, netWMName: netWMName, c), ask: ask, part: .naming(part))
            }
        }
        return [Waiting(sequence: ClientSearch.request(question, wmState: wmState, c), ask: ask, part: .search(question))]
    }

    /// What an answer says (nil: a part of the names, the rest to come).
    /// An error (the window is gone) answers as nothing.
    private func answer(_ w: Waiting, _ reply: UnsafeMutableRawPointer?) -> WindowDirectory.Answer? {
        switch w.part {
        case .search(let q):
            switch ClientSearch.answer(q, reply: reply) {
            case .state(let has): return .state(has)
            case .children(let list): return .children(list)
            }
        case .naming(.wmClass):
            naming = .desktop
            if let p = WindowNames.bytes(reply, type: Atom(XA_STRING)) {
                (naming.instance, naming.windowClass) = WindowNames.classHint(p)
            }
            return nil
        case .naming(.netName):
            netName = WindowNames.bytes(reply, type: utf8)
            return nil
        case .naming(.name):
            naming.title = WindowNames.title(netName: netName, name: WindowNames.bytes(reply, type: Atom(XA_STRING)))
            return .naming(naming)
        }
    }
}
