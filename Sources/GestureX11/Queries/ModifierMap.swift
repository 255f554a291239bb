import CX11
import GestureActions
import GestureCore

/// Which of X's eight modifier bits are Shift, Ctrl, Alt and Super on this
/// server's keyboard map (`xmodmap -pm`): Alt and Super live on Mod1…Mod5
/// wherever the layout put their keys (usually Mod1 and Mod4). Read again
/// when the keyboard mapping changes.
public struct ModifierMap: Hashable, Sendable {
    /// For each of X's modifier bits (Shift, Lock, Control, Mod1…Mod5), the
    /// modifiers it stands for.
    public var bits: [Modifiers]
    /// The bit Num Lock is on (Mod2 usually): not a layer, but a passive
    /// grab of exact modifiers must also be made with it set, or a press
    /// with Num Lock on would not match (PointerGrabs).
    public var numLock: UInt32

    /// The usual map (Mod1 Alt, Mod2 Num Lock, Mod4 Super): before one was read, and in tests.
    public static let usual = ModifierMap(bits: [.shift, [], .ctrl, .alt, [], [], .super, []])

    public init(bits: [Modifiers], numLock: UInt32 = 1 << 4) {
        self.bits = bits
        self.numLock = numLock
    }

    /// The modifiers in an XI2 event's `mods.effective`.
    public func modifiers(_ state: UInt32) -> Modifiers {
        var out: Modifiers = []
        for (i, m) in bits.enumerated() where state & (1 << UInt32(i)) != 0 { out.formUnion(m) }
        return out
    }

    /// The server's map now, waiting for X's answers (tools, the start).
    public static func read(_ connection: XConnection) -> ModifierMap {
        let q = ServerQuery(connection: connection, randr: false)
        q.ask(.modifiers, devices: [])
        return q.finish()?.modifierMap ?? .usual
    }

    /// The map from X's modifier mapping (`modifierKeycodes`: each of the
    /// eight bits' keycodes, 0 for none) and the first keysym of each
    /// keycode (the core keyboard mapping's group 1, level 1, as XKB gives it).
    init(modifierKeycodes: [[UInt8]], keysym: (UInt8) -> UInt32) {
        var bits: [Modifiers] = [.shift, [], .ctrl, [], [], [], [], []]
        var numLock: UInt32 = 0
        for (index, codes) in modifierKeycodes.enumerated() where index >= 3 && index < 8 {
            // Shift and Control have bits of their own; Mod1-5 are Alt's and Super's.
            for code in codes where code != 0 {
                let sym = keysym(code)
                bits[index].formUnion(Self.modifier(of: sym).intersection([.alt, .super]))
                if sym == Self.numLockKeysym { numLock |= 1 << UInt32(index) }
            }
        }
        self.init(bits: bits, numLock: numLock)
    }

    /// The keys that make each modifier: Meta counts as Alt and Hyper as
    /// Super, as X's usual keymaps put them on the same bits.
    public static let keys: [(keysym: Keysym, modifier: Modifiers)] = [
        ("Control_L", Modifiers.ctrl), ("Control_R", .ctrl),
        ("Alt_L", .alt), ("Alt_R", .alt), ("Meta_L", .alt), ("Meta_R", .alt),
        ("Shift_L", .shift), ("Shift_R", .shift),
        ("Super_L", .super), ("Super_R", .super), ("Hyper_L", .super), ("Hyper_R", .super),
    ].map { (Keysym.named($0.0)!, $0.1) }

    /// XK_Num_Lock.
    static let numLockKeysym: UInt32 = 0xff7f

    /// X's modifier state for `m`: Shift and Control's own bits, and the
    /// first bit Alt's and Super's keys are on. Nil when one of them is on
    /// no bit (the layout has no such key): no press can carry it.
    public func state(_ m: Modifiers) -> UInt32? {
        var out: UInt32 = 0
        for one in [Modifiers.shift, .ctrl, .alt, .super] where m.contains(one) {
            guard let i = bits.firstIndex(where: { $0.contains(one) }) else { return nil }
            out |= 1 << UInt32(i)
        }
        return out
    }

    /// The modifier a keysym makes ([] for other keys).
    static func modifier(of keysym: UInt32) -> Modifiers {
        keys.first { $0.keysym.value == keysym }?.modifier ?? []
    }

    /// The keys that make these modifiers (a layer's, released around its chords).
    public static func keysyms(of m: Modifiers) -> [Keysym] {
        keys.filter { m.contains($0.modifier) }.map(\.keysym)
    }
}
