/// The actions the form offers by name, as the config writes them, with
/// their words: what the window manager is asked through EWMH
/// (`workspace next`), else a keymap name (`key overview`: the desktop's own
/// chord, from the keymap in use).
public struct NamedAction: Hashable, Sendable {
    /// As written in the config: `workspace next`, `key zoom-in`.
    public var text: String
    /// "Next workspace".
    public var words: String
    /// Listed in the form's menu (the others are read and shown in words,
    /// e.g. `key workspace-next`, which the form lists as `workspace next`).
    public var offered: Bool

    public init(_ text: String, _ words: String, offered: Bool = true) {
        self.text = text
        self.words = words
        self.offered = offered
    }

    /// In the form's order.
    public static let all: [NamedAction] = [
        NamedAction("workspace next", "Next workspace"),
        NamedAction("workspace previous", "Previous workspace"),
        NamedAction("workspace left", "Workspace to the left"),
        NamedAction("workspace right", "Workspace to the right"),
        NamedAction("workspace up", "Workspace above"),
        NamedAction("workspace down", "Workspace below"),
        NamedAction("key overview", "Overview"),
        NamedAction("key show-applications", "Show applications"),
        NamedAction("show-desktop", "Show desktop"),
        NamedAction("key switch-window", "Switch windows"),
        NamedAction("window close", "Close window"),
        NamedAction("window maximize", "Maximize window"),
        NamedAction("window minimize", "Minimize window"),
        NamedAction("window fullscreen", "Fullscreen window"),
        NamedAction("window snap left", "Snap window to the left half"),
        NamedAction("window snap right", "Snap window to the right half"),
        NamedAction("window snap top", "Snap window to the top half"),
        NamedAction("window snap bottom", "Snap window to the bottom half"),
        NamedAction("window snap maximize", "Snap window to fill the screen"),
        NamedAction("window snap restore", "Restore snapped window"),
        NamedAction("key zoom-in", "Zoom in"),
        NamedAction("key zoom-out", "Zoom out"),
        NamedAction("key zoom-reset", "Reset zoom"),
        NamedAction("key back", "Back"),
        NamedAction("key forward", "Forward"),
        NamedAction("key next-tab", "Next tab"),
        NamedAction("key previous-tab", "Previous tab"),
        NamedAction("key new-tab", "New tab"),
        NamedAction("key close-tab", "Close tab"),
        NamedAction("key refresh", "Reload"),
        NamedAction("key volume-up", "Volume up"),
        NamedAction("key volume-down", "Volume down"),
        NamedAction("key mute", "Mute"),
        NamedAction("key brightness-up", "Brightness up"),
        NamedAction("key brightness-down", "Brightness down"),
        NamedAction("key play-pause", "Play or pause"),
        NamedAction("key lock-screen", "Lock screen"),
        // Read and said in words; the form offers their EWMH twins above.
        NamedAction("key workspace-next", "Next workspace", offered: false),
        NamedAction("key workspace-previous", "Previous workspace", offered: false),
        NamedAction("key workspace-up", "Workspace above", offered: false),
        NamedAction("key workspace-down", "Workspace below", offered: false),
        NamedAction("key show-desktop", "Show desktop", offered: false),
        NamedAction("key close-window", "Close window", offered: false),
        NamedAction("key maximize", "Maximize window", offered: false),
        NamedAction("key minimize", "Minimize window", offered: false),
        NamedAction("key fullscreen", "Fullscreen", offered: false),
        NamedAction("window activate", "Activate the window", offered: false),
    ]

    public static func named(_ text: String) -> NamedAction? { all.first { $0.text == text } }
}
