import GestureCore
import GestureActions
import GestureSystem

/// Actions of other tools as ours: `xdotool key …` becomes `key …` (what the
/// daemon sends through XTest itself), anything else `exec`.
enum ImportedActions {
    /// Modifier spellings of keysyms (touchegg, xdotool) and evdev (fusuma's
    /// sendkey), as our chord syntax names them.
    static let modifiers: [String: String] = [
        "control_l": "ctrl", "control_r": "ctrl", "ctrl": "ctrl", "control": "ctrl",
        "shift_l": "shift", "shift_r": "shift", "shift": "shift",
        "alt_l": "alt", "alt_r": "alt", "alt": "alt",
        "super_l": "super", "super_r": "super", "super": "super", "meta_l": "meta", "meta": "meta",
        "hyper_l": "hyper", "iso_level3_shift": "altgr",
        "leftctrl": "ctrl", "rightctrl": "ctrl", "leftshift": "shift", "rightshift": "shift",
        "leftalt": "alt", "rightalt": "altgr", "leftmeta": "super", "rightmeta": "super",
    ]

    /// evdev key names (KEY_… without the prefix) that are not keysyms.
    static let evdev: [String: String] = [
        "TAB": "Tab", "LEFT": "Left", "RIGHT": "Right", "UP": "Up", "DOWN": "Down", "PAGEUP": "Page_Up",
        "PAGEDOWN": "Page_Down", "HOME": "Home", "END": "End", "ESC": "Escape", "ENTER": "Return", "SPACE": "space",
        "BACKSPACE": "BackSpace", "DELETE": "Delete", "INSERT": "Insert", "MINUS": "minus", "EQUAL": "equal",
        "KPPLUS": "KP_Add", "KPMINUS": "KP_Subtract", "VOLUMEUP": "XF86AudioRaiseVolume",
        "VOLUMEDOWN": "XF86AudioLowerVolume", "MUTE": "XF86AudioMute", "BRIGHTNESSUP": "XF86MonBrightnessUp",
        "BRIGHTNESSDOWN": "XF86MonBrightnessDown", "PLAYPAUSE": "XF86AudioPlay", "NEXTSONG": "XF86AudioNext",
        "PREVIOUSSONG": "XF86AudioPrev", "BACK": "XF86Back", "FORWARD": "XF86Forward",
        "LEFTBRACE": "bracketleft", "RIGHTBRACE": "bracketright", "SEMICOLON": "semicolon", "APOSTROPHE": "apostrophe",
        "GRAVE": "grave", "BACKSLASH": "backslash", "COMMA": "comma", "DOT": "period", "SLASH": "slash",
    ]

    /// `ctrl+alt+Right`, `Control_L+Alt_L` with `A`, `LEFTCTRL+T`: our chord,
    /// or nil if a part is no key we know (or it holds more than one key).
    static func chord(_ parts: [String], evdevNames: Bool = false) -> String? {
        var mods: [String] = [], keys: [String] = []
        for raw in parts {
            let p = raw.trimmingWhitespace()
            guard !p.isEmpty else { continue }
            let bare = evdevNames && p.uppercased().hasPrefix("KEY_") ? String(p.dropFirst(4)) : p
            if let m = modifiers[bare.lowercased()] {
                if !mods.contains(m) { mods.append(m) }
            } else if evdevNames, let k = evdev[bare.uppercased()] {
                keys.append(k)
            } else if evdevNames && bare.count == 1 {
                keys.append(bare.lowercased())
            } else {
                keys.append(bare)
            }
        }
        guard keys.count <= 1 else { return nil }
        let text = (mods + keys).joined(separator: "+")
        guard !text.isEmpty, case .success = ActionParser.parseChord(text, allowModifiersOnly: true) else { return nil }
        return text
    }

    /// A shell command: `xdotool key CHORD…` becomes `key` actions; the rest
    /// runs as `exec`.
    static func command(_ cmd: String) -> [String] {
        let words = cmd.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count >= 3, words[0] == "xdotool", words[1] == "key" {
            let chords = words.dropFirst(2).filter { !$0.hasPrefix("--") }
            let converted = chords.map { chord($0.split(separator: "+").map(String.init)) }
            if !converted.isEmpty, converted.allSatisfy({ $0 != nil }) { return converted.map { "key " + $0! } }
        }
        return ["exec " + cmd.trimmingWhitespace()]
    }
}
