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

    /// The usual map (Mod1 Alt, Mod4 Super): before one was read, and in tests.
    public static let usual = ModifierMap(bits: [.shift, [], .ctrl, .alt, [], [], .super, []])

    public init(bits: [Modifiers]) { self.bits = bits }

    /// The modifiers in an XI2 event's `mods.effective`.
    public func modifiers(_ state: UInt32) -> Modifiers {
        var out: Modifiers = []
        for (i, m) in bits.enumerated() where state & (1 << UInt32(i)) != 0 { out.formUnion(m) }
        return out
    }

    /// The server's map now.
    public static func read(_ connection: XConnection) -> ModifierMap {
        guard connection.alive, let map = XGetModifierMapping(connection.display) else { return .usual }
        defer { XFreeModifiermap(map) }
        var bits: [Modifiers] = [.shift, [], .ctrl, [], [], [], [], []]
        let per = Int(map.pointee.max_keypermod)
        for index in 3..<8 {
            for k in 0..<per {
                let code = map.pointee.modifiermap[index * per + k]
                guard code != 0 else { continue }
                let sym = XkbKeycodeToKeysym(connection.display, code, 0, 0)
                // Shift and Control have bits of their own; Mod1-5 are Alt's and Super's.
                bits[index].formUnion(Self.modifier(of: UInt32(sym)).intersection([.alt, .super]))
            }
        }
        return ModifierMap(bits: bits)
    }

    /// The keys that make each modifier: Meta counts as Alt and Hyper as
    /// Super, as X's usual keymaps put them on the same bits.
    public static let keys: [(keysym: Keysym, modifier: Modifiers)] = [
        ("Control_L", Modifiers.ctrl), ("Control_R", .ctrl),
        ("Alt_L", .alt), ("Alt_R", .alt), ("Meta_L", .alt), ("Meta_R", .alt),
        ("Shift_L", .shift), ("Shift_R", .shift),
        ("Super_L", .super), ("Super_R", .super), ("Hyper_L", .super), ("Hyper_R", .super),
    ].map { (Keysym.named($0.0)!, $0.1) }

    /// The modifier a keysym makes ([] for other keys).
    static func modifier(of keysym: UInt32) -> Modifiers {
        keys.first { $0.keysym.value == keysym }?.modifier ?? []
    }

    /// The keys that make these modifiers (a layer's, released around its chords).
    public static func keysyms(of m: Modifiers) -> [Keysym] {
        keys.filter { m.contains($0.modifier) }.map(\.keysym)
    }
}
