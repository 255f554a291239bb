import GestureCore
/// A mistake in an action, at a character offset in its text.
public struct ActionError: Error, Hashable, Sendable {
    /// Offset and length in characters within the action text.
    public var offset: Int
    public var length: Int
    /// What is wrong, in words the command says in the user's language.
    public var words: Words
    /// What is wrong, in English.
    public var message: String { words.description }

    public init(offset: Int, length: Int, message: String) {
        self.offset = offset
        self.length = length
        self.words = Words.verbatim(message)
    }

    public init(offset: Int, length: Int, _ words: Words) {
        self.offset = offset
        self.length = length
        self.words = words
    }
}

/// Named actions of a desktop (`workspace-next` → `ctrl+alt+Right`), from a keymap.
public protocol NamedActions {
    /// The chords a name stands for, or nil if this keymap lacks it.
    func chords(for name: String) -> [KeyChord]?
    /// Every name this keymap defines (for "did you mean").
    var names: [String] { get }
    /// The keymap's name, for messages ("keymap 'gnome' has no 'overview'").
    var keymapName: String { get }
}

public enum ActionParser {
    public static let verbs = ["key", "keydown", "keyup", "button", "buttondown", "buttonup", "move", "exec", "workspace",
                               "show-desktop", "window", "none"]

    /// Parses `key CHORD…`, `keydown CHORD`, `keyup CHORD`, `button N`,
    /// `exec COMMAND`, `none`; keymap names are resolved through `keymap`.
    public static func parse(_ text: String, keymap: NamedActions?) -> Result<Action, ActionError> {
        let chars = Array(text)
        var i = 0
        while i < chars.count, chars[i] == " " { i += 1 }
        let verbStart = i
        while i < chars.count, chars[i] != " " { i += 1 }
        let verb = String(chars[verbStart..<i])
        let rest = words(chars, from: i)
        switch verb {
        case "workspace", "show-desktop", "window":
            return WindowAction.parse(verb: verb, rest, verbOffset: verbStart, textLength: chars.count).map { a in
                .window(a, fallback: a.keymapFallback.flatMap { keymap?.chords(for: $0) })
            }
        case "none":
            if let w = rest.first { return .failure(ActionError(offset: w.offset, length: chars.count - w.offset, Words("'none' takes nothing after it"))) }
            return .success(.none)
        case "exec":
            guard let first = rest.first else {
                return .failure(ActionError(offset: verbStart, length: 4, Words("'exec' needs a command, e.g. exec rofi -show window")))
            }
            return .success(.exec(String(chars[first.offset...])))
        case "button", "buttondown", "buttonup":
            let placed = verb != "buttonup" && rest.count == 2 && rest[1].text == "here"
            guard rest.count == 1 || placed, let n = Int(rest[0].text), (1...255).contains(n) else {
                let at = rest.first?.offset ?? verbStart
                let example = verb == "button" ? "button 8 (back), button 3 here (at the touch point)"
                    : verb == "buttondown" ? "buttondown 1, buttondown 1 here" : "buttonup 1"
                return .failure(ActionError(offset: at, length: max(1, chars.count - at),
                                            Words("'{verb}' takes one button number 1-255, e.g. {example}", ["verb": verb, "example": example])))
            }
            switch verb {
            case "button": return .success(.button(n, here: placed))
            case "buttondown": return .success(.buttonDown(n, here: placed))
            default: return .success(.buttonUp(n))
            }
        case "move":
            if let w = rest.first { return .failure(ActionError(offset: w.offset, length: chars.count - w.offset, Words("'move' takes nothing after it: the pointer follows the gesture"))) }
            return .success(.move)
        case "key", "keydown", "keyup":
            guard !rest.isEmpty else {
                return .failure(ActionError(offset: verbStart, length: verb.count,
                                            Words("'{verb}' needs a chord, e.g. {verb} ctrl+alt+Right", ["verb": verb])))
            }
            var chords: [KeyChord] = []
            for w in rest {
                switch chordsFor(w, keymap: keymap, allowModifiersOnly: verb != "key") {
                case .success(let c): chords += c
                case .failure(let e): return .failure(e)
                }
            }
            // Keymap names a desktop lacks ("none") leave nothing to press.
            if chords.isEmpty { return .success(.none) }
            if verb == "key" { return .success(.key(chords)) }
            guard chords.count == 1 else {
                return .failure(ActionError(offset: rest[0].offset, length: chars.count - rest[0].offset,
                                            Words("'{verb}' takes one chord, e.g. {verb} alt", ["verb": verb])))
            }
            return .success(verb == "keydown" ? .keyDown(chords[0]) : .keyUp(chords[0]))
        default:
            let hint = Suggest.words(verb, verbs)
            return .failure(ActionError(offset: verbStart, length: max(1, verb.count),
                                        Words("unknown action '{verb}'{hint}; expected key, keydown, keyup, button, buttondown, buttonup, move, exec, workspace, show-desktop, window or none", ["verb": verb, "hint": hint])))
        }
    }

    /// One word: a chord (`ctrl+alt+Right`), a keysym, or a keymap name.
    static func chordsFor(_ w: Word, keymap: NamedActions?, allowModifiersOnly: Bool) -> Result<[KeyChord], ActionError> {
        // A keymap name: it has a '-' (no keysym does, so none is looked up),
        // or it is one of the keymap's and no keysym.
        if !w.text.contains("+"), Modifier.named(w.text) == nil || !allowModifiersOnly,
           w.text.contains("-") || (keymap?.chords(for: w.text) != nil && Keysym.named(w.text) == nil) {
            guard let keymap else {
                return .failure(ActionError(offset: w.offset, length: w.text.count,
                                            Words("'{name}' is a keymap name, but keymap is \"none\"; write the chord, e.g. ctrl+alt+Right", ["name": w.text])))
            }
            guard let chords = keymap.chords(for: w.text) else {
                return .failure(ActionError(offset: w.offset, length: w.text.count,
                                            Words("keymap '{keymap}' has no '{name}'{hint}", ["keymap": keymap.keymapName, "name": w.text, "hint": Suggest.words(w.text, keymap.names)])))
            }
            return .success(chords)
        }
        return parseChord(w.text, at: w.offset, allowModifiersOnly: allowModifiersOnly).map { [$0] }
    }

    /// `ctrl+alt+Right`, `XF86AudioRaiseVolume`, `super+Page_Down`.
    public static func parseChord(_ text: String, at offset: Int = 0, allowModifiersOnly: Bool = false) -> Result<KeyChord, ActionError> {
        var modifiers: [Modifier] = []
        var key: Keysym? = nil
        var pos = offset
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        for (k, part) in parts.enumerated() {
            let p = String(part)
            defer { pos += p.count + 1 }
            if p.isEmpty {
                return .failure(ActionError(offset: pos, length: 1, Words("empty key in chord '{chord}'; write 'plus' for the + key", ["chord": text])))
            }
            let last = k == parts.count - 1
            if let m = Modifier.named(p), !last || allowModifiersOnly {
                if modifiers.contains(m) {
                    return .failure(ActionError(offset: pos, length: p.count, Words("'{key}' twice in chord '{chord}'", ["key": p, "chord": text])))
                }
                modifiers.append(m)
                continue
            }
            guard last else {
                return .failure(ActionError(offset: pos, length: p.count,
                                            Words("'{key}' is not a modifier; modifiers are ctrl, alt, shift, super, altgr, hyper, meta, and the key comes last", ["key": p])))
            }
            if let m = Modifier.named(p) {
                key = m.keysym   // `key super`: the modifier pressed as a key (GNOME overview)
                continue
            }
            guard let ks = Keysym.named(p) else {
                let hints = Keysym.suggestions(for: p)
                let hint = hints.isEmpty ? Words.none
                    : Words("; did you mean {keysyms}?", ["keysyms": Words.or(hints.map { "'\($0)'" })])
                return .failure(ActionError(offset: pos, length: p.count, Words("unknown keysym '{keysym}'{hint}", ["keysym": p, "hint": hint])))
            }
            key = ks
        }
        return .success(KeyChord(modifiers: modifiers, key: key))
    }

    /// A word of an action and its character offset.
    public struct Word: Sendable {
        public var text: String
        public var offset: Int
    }

    /// The space-separated words of `chars` from `start`.
    public static func words(_ chars: [Character], from start: Int) -> [Word] {
        var out: [Word] = []
        var i = start
        while i < chars.count {
            while i < chars.count, chars[i] == " " { i += 1 }
            let s = i
            while i < chars.count, chars[i] != " " { i += 1 }
            if i > s { out.append(Word(text: String(chars[s..<i]), offset: s)) }
        }
        return out
    }
}
