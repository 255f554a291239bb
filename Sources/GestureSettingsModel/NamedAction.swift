/// The actions the form offers by name, as the config writes them, with
/// their words: what the window manager is asked through EWMH
/// (`workspace next`), else a keymap name (`key overview`: the desktop's own
/// chord, from the keymap in use).
public struct NamedAction: Hashable, Sendable {
    /// As written in the config: `workspace next`, `key zoom-in`.
    public var text: String
    /// "Next workspace" (the msgid; `words` is it in the user's language).
    public var english: String
    /// "Next workspace", in the user's language.
    public var words: String { L(english) }
    /// Listed in the form's menu (the others are read and shown in words,
    /// e.g. `key workspace-next`, which the form lists as `workspace next`).
    public var offered: Bool

    public init(_ text: String, _ words: String, offered: Bool = true) {
        self.text = text
        self.english = words
        self.offered = offered
    }

    /// In the form's order.
    public static let all: [NamedAction] = [
        NamedAction("workspace next", LN("Next workspace")),
        NamedAction("workspace previous", LN("Previous workspace")),
        NamedAction("workspace left", LN("Workspace to the left")),
        NamedAction("workspace right", LN("Workspace to the right")),
        NamedAction("workspace up", LN("Workspace above")),
        NamedAction("workspace down", LN("Workspace below")),
        NamedAction("key overview", LN("Overview")),
        NamedAction("key show-applications", LN("Show applications")),
        NamedAction("show-desktop", LN("Show desktop")),
        NamedAction("key switch-window", LN("Switch windows")),
        NamedAction("window close", LN("Close window")),
        NamedAction("window maximize", LN("Maximize window")),
        NamedAction("window minimize", LN("Minimize window")),
        NamedAction("window fullscreen", LN("Fullscreen window")),
        NamedAction("window snap left", LN("Snap window to the left half")),
        NamedAction("window snap right", LN("Snap window to the right half")),
        NamedAction("window snap top", LN("Snap window to the top half")),
        NamedAction("window snap bottom", LN("Snap window to the bottom half")),
        NamedAction("window snap maximize", LN("Snap window to fill the screen")),
        NamedAction("window snap restore", LN("Restore snapped window")),
        NamedAction("key zoom-in", LN("Zoom in")),
        NamedAction("key zoom-out", LN("Zoom out")),
        NamedAction("key zoom-reset", LN("Reset zoom")),
        NamedAction("key back", LN("Back")),
        NamedAction("key forward", LN("Forward")),
        NamedAction("key next-tab", LN("Next tab")),
        NamedAction("key previous-tab", LN("Previous tab")),
        NamedAction("key new-tab", LN("New tab")),
        NamedAction("key close-tab", LN("Close tab")),
        NamedAction("key refresh", LN("Reload")),
        NamedAction("key volume-up", LN("Volume up")),
        NamedAction("key volume-down", LN("Volume down")),
        NamedAction("key mute", LN("Mute")),
        NamedAction("key brightness-up", LN("Brightness up")),
        NamedAction("key brightness-down", LN("Brightness down")),
        NamedAction("key play-pause", LN("Play or pause")),
        NamedAction("key lock-screen", LN("Lock screen")),
        // Read and said in words; the form offers their EWMH twins above.
        NamedAction("key workspace-next", LN("Next workspace"), offered: false),
        NamedAction("key workspace-previous", LN("Previous workspace"), offered: false),
        NamedAction("key workspace-up", LN("Workspace above"), offered: false),
        NamedAction("key workspace-down", LN("Workspace below"), offered: false),
        NamedAction("key show-desktop", LN("Show desktop"), offered: false),
        NamedAction("key close-window", LN("Close window"), offered: false),
        NamedAction("key maximize", LN("Maximize window"), offered: false),
        NamedAction("key minimize", LN("Minimize window"), offered: false),
        NamedAction("key fullscreen", LN("Fullscreen"), offered: false),
        NamedAction("window activate", LN("Activate the window"), offered: false),
    ]

    public static func named(_ text: String) -> NamedAction? { all.first { $0.text == text } }
}
