/// What performs keys and buttons (XTest in the daemon; a recorder in tests).
public protocol Synthesizer: AnyObject {
    /// Presses or releases the key for `keysym` (the synthesizer finds the
    /// keycode and any shift level it needs). False if it cannot.
    @discardableResult func key(_ keysym: Keysym, down: Bool) -> Bool
    func button(_ n: Int, down: Bool)
    /// Moves the pointer to root coordinates (absolute: X applies no
    /// acceleration to it, so a motion already accelerated is not again).
    func warp(x: Double, y: Double)
    /// Where the pointer is, in root coordinates (nil: unknown).
    func pointerPosition() -> (x: Double, y: Double)?
    /// Sends what was queued.
    func flush()
    /// Releases the keys held down now, on any keyboard, whose keysym is
    /// one of `keysyms` (a layer's modifiers, around its chords); returns
    /// the ones it released, to be pressed again after.
    func releaseHeld(_ keysyms: [Keysym]) -> [Keysym]
    /// Presses again what `releaseHeld` released, for the hand still
    /// holding it.
    func pressAgain(_ keysyms: [Keysym])
    /// Lets go of every key pressed again for a hand (exit, reload).
    func releasePressedAgain()
}

extension Synthesizer {
    /// A synthesizer that cannot see the keyboard releases nothing.
    public func releaseHeld(_ keysyms: [Keysym]) -> [Keysym] { [] }
    public func pressAgain(_ keysyms: [Keysym]) { for k in keysyms { key(k, down: true) } }
    public func releasePressedAgain() {}
}

/// Every key (or button) the bridge holds down, per binding, so none stays
/// stuck: a binding's holds are released when its gesture ends or is
/// cancelled, and all of them on reload, on exit and on X errors.
public struct HoldLedger<Item: Hashable & Sendable>: Sendable {
    /// (binding, item), in press order; an item may be held by two bindings.
    private(set) var held: [(binding: Int, item: Item)] = []

    public init() {}

    public var isEmpty: Bool { held.isEmpty }

    public func holds(_ k: Item) -> Bool { held.contains { $0.item == k } }
    public func holds(_ k: Item, binding: Int) -> Bool { held.contains { $0.item == k && $0.binding == binding } }
    public var bindings: Set<Int> { Set(held.map(\.binding)) }

    mutating func press(_ k: Item, binding: Int) { held.append((binding, k)) }

    /// Forgets one hold; true if no other binding still holds the item (so it
    /// really goes up).
    mutating func lift(_ k: Item, binding: Int) -> Bool {
        if let i = held.lastIndex(where: { $0.binding == binding && $0.item == k }) {
            held.remove(at: i)
        } else if let i = held.lastIndex(where: { $0.item == k }) {
            held.remove(at: i)   // an up of an item another binding pressed
        } else {
            return false
        }
        return !holds(k)
    }

    /// Takes every hold of `binding` (or all), newest first: those that
    /// really go up (no other binding holds them).
    mutating func take(binding: Int?) -> [Item] {
        var out: [Item] = []
        for i in held.indices.reversed() where binding == nil || held[i].binding == binding {
            out.append(held[i].item)
            held.remove(at: i)
        }
        return out.filter { !holds($0) }
    }
}

public typealias KeyLedger = HoldLedger<Keysym>
/// Mouse buttons held by gestures (`buttondown`), the key ledger's twin.
public typealias ButtonLedger = HoldLedger<Int>
