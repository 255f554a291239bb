/// The modifiers a chord may hold, and the keysym each presses.
public enum Modifier: String, CaseIterable, Hashable, Sendable {
    case ctrl, alt, shift, `super`, altgr, hyper, meta

    public var keysym: Keysym {
        switch self {
        case .ctrl: return Keysym.named("Control_L")!
        case .alt: return Keysym.named("Alt_L")!
        case .shift: return Keysym.named("Shift_L")!
        case .super: return Keysym.named("Super_L")!
        case .altgr: return Keysym.named("ISO_Level3_Shift")!
        case .hyper: return Keysym.named("Hyper_L")!
        case .meta: return Keysym.named("Meta_L")!
        }
    }

    /// Common spellings: `Control`, `Ctrl`, `Win`, `Mod4`…
    static func named(_ s: String) -> Modifier? {
        switch s.lowercased() {
        case "ctrl", "control": return .ctrl
        case "alt", "mod1": return .alt
        case "shift": return .shift
        case "super", "win", "logo", "mod4": return .super
        case "altgr", "mod5": return .altgr
        case "hyper": return .hyper
        case "meta": return .meta
        default: return nil
        }
    }
}

/// Modifiers and one key, pressed together: `ctrl+alt+Right`. A chord of
/// modifiers alone (`alt`, for `keydown alt`) has no key.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public var modifiers: [Modifier]
    public var key: Keysym?

    public init(modifiers: [Modifier], key: Keysym?) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Every keysym pressed, in press order (modifiers first).
    public var keysyms: [Keysym] { modifiers.map(\.keysym) + (key.map { [$0] } ?? []) }

    public var description: String {
        (modifiers.map(\.rawValue) + (key.map { [$0.name] } ?? [])).joined(separator: "+")
    }
}

/// What a gesture does (config.md "Actions").
public enum Action: Hashable, Sendable, CustomStringConvertible {
    /// Press and release each chord in turn.
    case key([KeyChord])
    case keyDown(KeyChord)
    case keyUp(KeyChord)
    /// Click mouse button N (`here`: at the touch point, the pointer warped there first).
    case button(Int, here: Bool = false)
    /// Hold button N for the gesture's life (and the drag-lock after it ends);
    /// `here`: warp to the touch point first.
    case buttonDown(Int, here: Bool = false)
    case buttonUp(Int)
    /// Move the pointer with the gesture: by a touchpad swipe's deltas (as X
    /// moves it for one finger, accelerated once), to a touchscreen's centroid.
    case move
    /// `/bin/sh -c COMMAND`, detached; gesture values in `GESTURE_*` variables.
    case exec(String)
    /// Asks the window manager through EWMH; `fallback`: the keymap's chords
    /// for the same, pressed when the window manager does not advertise the hint.
    case window(WindowAction, fallback: [KeyChord]?)
    case none

    /// Whether it sends keys or buttons through X, where modifier keys held
    /// change what it means (`window` may fall back to a chord).
    public var sendsInput: Bool {
        switch self {
        case .key, .keyDown, .keyUp, .button, .buttonDown, .buttonUp, .window: return true
        case .move, .exec, .none: return false
        }
    }

    /// The action as written, with keymap names resolved to chords.
    public var description: String {
        switch self {
        case .key(let chords): return "key " + chords.map(\.description).joined(separator: " ")
        case .keyDown(let c): return "keydown \(c)"
        case .keyUp(let c): return "keyup \(c)"
        case .button(let n, let here): return "button \(n)" + (here ? " here" : "")
        case .buttonDown(let n, let here): return "buttondown \(n)" + (here ? " here" : "")
        case .buttonUp(let n): return "buttonup \(n)"
        case .move: return "move"
        case .exec(let cmd): return "exec \(cmd)"
        case .window(let a, _): return a.description
        case .none: return "none"
        }
    }
}
