import CX11

/// The running window manager, as EWMH names it: the root's
/// `_NET_SUPPORTING_WM_CHECK` names a window of the window manager's, which
/// points at itself the same way (else the property is stale) and carries
/// `_NET_WM_NAME` ("GNOME Shell", "KWin", "Xfwm4", "i3", "Openbox").
/// For `keymap = "auto"` when the environment names no desktop.
public enum WindowManager {
    public static func name(_ c: XConnection) -> String? {
        let check = c.atom("_NET_SUPPORTING_WM_CHECK")
        guard let w = c.windowProperty(c.root, check), w != 0, c.windowProperty(w, check) == w else { return nil }
        return c.windowName(w).flatMap { $0.isEmpty ? nil : $0 }
    }
}
