import GestureCore

// The modifier states X's passive grabs of `stroke(..., button:)` bindings
// are made with: X's side of PointerStrokeBindings (GestureCore), which
// knows no modifier map.
extension PointerStrokeBindings {
    /// X's modifier states a grab is made with: the layer's exact state,
    /// also with Caps Lock and Num Lock on (X matches a passive grab's
    /// modifiers exactly, and those locks are in the state of every press
    /// made while they are on). Nil: any modifiers (XIAnyModifier). Empty:
    /// none can be (the layout has no key for one of the layer's modifiers).
    public static func states(_ m: Modifiers?, _ map: ModifierMap) -> [UInt32]? {
        guard let m else { return nil }
        guard let base = map.state(m) else { return [] }
        let lock: UInt32 = 1 << 1
        var out: [UInt32] = []
        for extra in [0, lock, map.numLock, lock | map.numLock] where !out.contains(base | extra) {
            out.append(base | extra)
        }
        return out
    }

}
