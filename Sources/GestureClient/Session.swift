import GestureCore

/// The desktop session, as the daemon and its clients judge it from the
/// environment (the settings app's banner says what `run` refuses).
public enum Session {
    /// The one-line explanation `run` refuses a Wayland session with.
    public static func wayland(_ env: [String: String]) -> Words? {
        let type = env["XDG_SESSION_TYPE"]?.lowercased() ?? ""
        let wayland = env["WAYLAND_DISPLAY"] ?? ""
        guard type == "wayland" || !wayland.isEmpty else { return nil }
        return Words("this is a Wayland session ({variable}): gesture-bridge works on X11, and XWayland gives an X client no desktop-wide touches or touchpad gestures. Log in to an X11 session (\"GNOME on Xorg\", \"Plasma (X11)\"), or on Wayland use the desktop's own gestures (GNOME, KDE) or a compositor-level tool",
                     ["variable": type == "wayland" ? "XDG_SESSION_TYPE=wayland" : "WAYLAND_DISPLAY=\(wayland)"])
    }
}
