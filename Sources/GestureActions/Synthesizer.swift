/// What performs keys and buttons (XTest in the daemon; a recorder in tests).
public protocol Synthesizer: AnyObject {
    /// Presses or releases the key for `keysym` (the synthesizer finds the
    /// keycode and any shift level it needs). False if it cannot.
    @discardableResult func key(_ keysym: Keysym, down: Bool) -> Bool
    func button(_ n: Int, down: Bool)
    /// Sends what was queued.
    func flush()
}

/// Every key the bridge holds down, per binding, so none stays stuck: a
/// binding's keys are released when its gesture ends or is cancelled, and all
/// keys on reload, on exit and on X errors.
public struct KeyLedger: Sendable {
    /// (binding, keysym), in press order; a keysym may be held by two bindings.
    private(set) var held: [(binding: Int, keysym: Keysym)] = []

    public init() {}

    public var isEmpty: Bool { held.isEmpty }
    public var keysyms: [Keysym] { held.map(\.keysym) }

    public func holds(_ k: Keysym) -> Bool { held.contains { $0.keysym == k } }

    mutating func press(_ k: Keysym, binding: Int) { held.append((binding, k)) }

    /// Forgets one hold; true if no other binding still holds the key (so it
    /// really goes up).
    mutating func lift(_ k: Keysym, binding: Int) -> Bool {
        if let i = held.lastIndex(where: { $0.binding == binding && $0.keysym == k }) {
            held.remove(at: i)
        } else if let i = held.lastIndex(where: { $0.keysym == k }) {
            held.remove(at: i)   // `keyup` of a key another binding pressed
        } else {
            return false
        }
        return !holds(k)
    }

    /// Takes every hold of `binding` (or all), newest first.
    mutating func take(binding: Int?) -> [Keysym] {
        var out: [Keysym] = []
        for i in held.indices.reversed() where binding == nil || held[i].binding == binding {
            out.append(held[i].keysym)
            held.remove(at: i)
        }
        return out.filter { !holds($0) }
    }
}
