import GestureActions
import GestureConfig
import GestureCore

/// `check`'s listing: every binding as the engine will run it.
public enum BindingListing {
    public static func text(_ c: LoadedConfig, label: String) -> String {
        var out = "\(label): OK, \(c.actions.count) binding\(c.actions.count == 1 ? "" : "s")"
            + (c.disabled.isEmpty ? "" : ", \(c.disabled.count) switched off") + "\n"
        if let k = c.keymap { out += "keymap: \(k.keymapName) (\(k.desktop), \(k.origin))\n" } else { out += "keymap: none\n" }
        out += "including: \(c.table.including.rawValue)\n"
        let all = c.table.allBindings
        for (id, b) in all.enumerated() {
            var scope = c.scopes[id] == "desktop" ? "desktop" : "app \"\(c.scopes[id])\""
            if let app = c.table.apps.first(where: { $0.classGlob == c.scopes[id] }), c.scopes[id] != "desktop",
               app.including != .all {
                scope += " (including \(app.including.rawValue))"
            }
            if b.yields {
                // touchegg-protocol's: desktop-wide, after every binding of the user's.
                out += "\n\(b.name)\n  scope: desktop, forwarded over D-Bus (touchegg-protocol), yielding to every binding above, "
                    + "device: \(b.device.text)\n  gesture: \(ExpressionPrinter.text(b.gesture))\n"
                continue
            }
            out += "\n\(b.name)\n  scope: \(scope), priority: \(b.priority.rawValue), device: \(b.device.text)"
                + (b.modifiers.map { ", modifiers: \($0)" + (b.keepModifiers ? " (kept held for its actions)" : "") } ?? "") + "\n"
            out += "  gesture: \(ExpressionPrinter.text(b.gesture))\n"
            let a = c.actions[id]
            for (phase, list) in [("on-began", a.began), ("on-changed", a.changed), ("on-ended", a.ended),
                                  ("on-cancelled", a.cancelled), ("on-repeat", a.repeats)] where !list.isEmpty {
                out += "  \(phase): " + list.map(\.route).joined(separator: "; ") + "\n"
            }
            if let step = b.step {
                out += "  on-step every \(ExpressionPrinter.num(step.every)): increase "
                    + (a.increase.isEmpty ? "-" : a.increase.map(\.route).joined(separator: "; "))
                    + ", decrease " + (a.decrease.isEmpty ? "-" : a.decrease.map(\.route).joined(separator: "; ")) + "\n"
            }
        }
        for line in offLines(c) { out += "\n" + line + "\n" }
        return String(out.dropLast())
    }

    /// One line per binding switched off (`enabled = false`): checked, but
    /// not run, not replayed.
    public static func offLines(_ c: LoadedConfig) -> [String] {
        c.disabled.map { d in
            "\(d.name): off (enabled = false, line \(d.line)), scope: "
                + (d.scope == "desktop" ? "desktop" : "app \"\(d.scope)\"") + "; not run"
        }
    }
}

extension Action {
    /// The action and, for a window-manager action, the route it takes: EWMH,
    /// else the keymap's chord (which the running daemon picks by what the
    /// window manager lists in `_NET_SUPPORTED`).
    var route: String {
        guard case .window(let a, let fallback) = self else { return description }
        if case .follow = a {
            return "\(a) (EWMH _NET_MOVERESIZE_WINDOW each frame until the gesture ends; where the window manager lacks it: configure requests)"
        }
        let chords = fallback.map { $0.map(\.description).joined(separator: " ") }
        return "\(a) (EWMH; where the window manager lacks it: " + (chords.map { "key \($0)" } ?? "nothing") + ")"
    }
}
