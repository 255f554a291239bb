import CGtk

/// A key press as the config writes a chord: `ctrl+alt+Right`, `ctrl+plus`,
/// `super+shift+a`, the keysym's X name.
enum Chord {
    static let modifierKeys: Set<String> = ["Control_L", "Control_R", "Alt_L", "Alt_R", "Shift_L", "Shift_R", "Super_L",
                                            "Super_R", "Meta_L", "Meta_R", "Hyper_L", "Hyper_R", "ISO_Level3_Shift",
                                            "Caps_Lock", "Num_Lock"]

    /// nil for a modifier alone (the chord is not complete yet).
    static func of(keyval: UInt32, state: UInt32) -> String? {
        guard let cname = gdk_keyval_name(keyval) else { return nil }
        var name = String(cString: cname)
        guard !modifierKeys.contains(name) else { return nil }
        // X gives Shift+Tab as ISO_Left_Tab: people (and keymaps) write shift+Tab.
        if name == "ISO_Left_Tab" { name = "Tab" }
        var mods: [String] = []
        if state & GDK_CONTROL_MASK.rawValue != 0 { mods.append("ctrl") }
        if state & GDK_ALT_MASK.rawValue != 0 { mods.append("alt") }
        // Shift counts where it is not already in the key: Shift+a is
        // `shift+a`, Shift+Tab `shift+Tab`; Shift+= is `plus` (the key it typed).
        let lower = gdk_keyval_to_lower(keyval)
        let printable = gdk_keyval_to_unicode(keyval) != 0
        if state & GDK_SHIFT_MASK.rawValue != 0 && (lower != keyval || !printable || name == "Tab") {
            mods.append("shift")
            if lower != keyval, let l = gdk_keyval_name(lower) { name = String(cString: l) }
        }
        if state & GDK_SUPER_MASK.rawValue != 0 { mods.append("super") }
        return (mods + [name]).joined(separator: "+")
    }
}
