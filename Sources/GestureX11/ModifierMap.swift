import CX11
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
        guard connection.alive, let map = XGetModifierMapping(connection.dpy) else { return .usual }
        defer { XFreeModifiermap(map) }
        var bits: [Modifiers] = [.shift, [], .ctrl, [], [], [], [], []]
        let per = Int(map.pointee.max_keypermod)
        for index in 3..<8 {
            for k in 0..<per {
                let code = map.pointee.modifiermap[index * per + k]
                guard code != 0 else { continue }
                let sym = XkbKeycodeToKeysym(connection.dpy, code, 0, 0)
                bits[index].formUnion(Self.modifier(of: UInt32(sym)))
            }
        }
        return ModifierMap(bits: bits)
    }

    /// Alt_L, Alt_R, Meta_L, Meta_R: alt; Super_L, Super_R, Hyper_L, Hyper_R: super.
    static func modifier(of keysym: UInt32) -> Modifiers {
        switch keysym {
        case 0xffe9, 0xffea, 0xffe7, 0xffe8: return .alt
        case 0xffeb, 0xffec, 0xffed, 0xffee: return .super
        default: return []
        }
    }
}
