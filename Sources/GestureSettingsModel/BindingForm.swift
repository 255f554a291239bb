import GestureActions
import GestureConfig
import GestureCore

/// What the settings app's form can say about a binding: one preset
/// gesture with its fingers, direction and edge (no custom thresholds), a
/// device, a modifier layer, one action at one moment (or an increase and a
/// decrease every N steps), a priority and a name. A binding that needs
/// more (a composition, a threshold, several actions, keys the form has no
/// field for) has no form: it is edited as text.
public struct BindingForm: Hashable, Sendable {
    /// A kind of gesture: an entry of `GestureKind.all`, whose name, words,
    /// fingers, continuity and step unit the form reads (FormKinds.swift).
    public typealias Kind = GestureKind

    /// The kinds the form offers, in its order (`GestureKind.formPlace`).
    public static let kinds: [Kind] = GestureKind.all.compactMap { k in k.formPlace.map { (k, $0) } }
        .sorted { $0.1 < $1.1 }.map(\.0)

    /// When the action fires.
    public enum When: Hashable, Sendable {
        /// `on-ended`: when the gesture completes.
        case end
        /// `on-began`: the moment it is recognized, fingers still down.
        case start
        /// `on-repeat`: while a press or hold lasts, again and again.
        case repeating
        /// `on-step = { every = N, increase = …, decrease = … }`: N in the
        /// gesture's unit (px for swipe and drag, degrees for rotate, a ratio
        /// for pinch: 0.15 is 15 %).
        case steps(every: Double)
    }

    /// What one action does, as the form picks it.
    public enum Action: Hashable, Sendable {
        /// A named action (`NamedAction.all`): its text as written in the
        /// config, `workspace next`, `key overview`, `window close`.
        case named(String)
        /// Key chords as written after `key` (`ctrl+alt+Right`, `XF86AudioMute`).
        case keys(String)
        /// `button N`, `button N here`.
        case button(Int, here: Bool)
        /// `exec COMMAND`.
        case command(String)
        /// `none`: blocks the gesture (in an application's scope).
        case nothing

        /// The action as written in the config.
        public var text: String {
            switch self {
            case .named(let t): return t
            case .keys(let k): return "key " + k
            case .button(let n, let here): return "button \(n)" + (here ? " here" : "")
            case .command(let c): return "exec " + c
            case .nothing: return "none"
            }
        }

        /// The form's reading of an action text; nil when it has no field
        /// for it (`keydown`, `move`, …).
        public init?(text: String) {
            let t = text.trimmingSpaces
            if NamedAction.all.contains(where: { $0.text == t }) { self = .named(t); return }
            let words = t.split(separator: " ", omittingEmptySubsequences: true)
            guard let verb = words.first else { return nil }
            switch verb {
            case "key" where words.count >= 2: self = .keys(words.dropFirst().joined(separator: " "))
            case "button" where words.count == 2 || (words.count == 3 && words[2] == "here"):
                guard let n = Int(words[1]) else { return nil }
                self = .button(n, here: words.count == 3)
            case "exec" where words.count >= 2:
                self = .command(String(t.dropFirst(4).drop { $0 == " " }))
            case "none" where words.count == 1: self = .nothing
            case "workspace", "show-desktop", "window": self = .named(words.joined(separator: " "))
            default: return nil
            }
        }
    }

    public var kind: Kind
    public var fingers: Int
    /// A kind with a `.direction` argument only (swipe); nil: any direction.
    public var direction: Direction?
    /// Where it must start; nil: anywhere.
    public var edge: Edge?
    /// Taps (the kind's `.count` argument): 1, 2 (double tap), 3.
    public var tapCount: Int
    public var device: DeviceFilter
    /// The layer: the modifier keys that must be held (`modifiers = "alt"`); nil: none.
    public var modifiers: Modifiers?
    public var when: When
    /// The action (for `.steps`, the increase).
    public var action: Action
    /// For `.steps`: the decrease.
    public var decrease: Action?
    public var priority: Priority
    /// The `name` key; nil or empty: none.
    public var name: String?
    /// A stroke's shape: a name of strokes.toml (taught with "Draw a shape" or `gesture-bridge teach`).
    public var shape: String = ""
    /// A stroke drawn with this pointer button held (`stroke("L", button: 3)`:
    /// a mouse's, a pen's side button; a pen's tip is 1); nil: with the fingers.
    public var button: Int? = nil

    /// The buttons the form offers a stroke, in its order: left, middle,
    /// right, back, forward (4 to 7 are the wheel's, which X never holds).
    public static let strokeButtons = [1, 2, 3, 8, 9]

    public init(kind: Kind, fingers: Int? = nil, direction: Direction? = nil, edge: Edge? = nil, tapCount: Int = 1,
                device: DeviceFilter = .any, modifiers: Modifiers? = nil, when: When = .end, action: Action,
                decrease: Action? = nil, priority: Priority = .normal, name: String? = nil) {
        self.kind = kind
        self.fingers = fingers ?? kind.defaultFingers
        self.direction = direction
        self.edge = edge
        self.tapCount = tapCount
        self.device = device
        self.modifiers = modifiers
        self.when = when
        self.action = action
        self.decrease = decrease
        self.priority = priority
        self.name = name
    }

    /// The gesture expression: `swipe(fingers: 3, direction: .left)`.
    public var expression: String {
        var args: [String] = []
        if kind.argument(.shape) != nil { args.append(Literals.quote(shape)) }
        // Drawn with a button: the fingers have no say (docs/config.md writes `stroke("NAME", button: N)`).
        if let b = button, let arg = kind.argument(.button) { args.append("\(arg.label): \(b)") }
        if tapCount != 1, let count = kind.argument(.count) { args.append("\(count.label): \(tapCount)") }
        if button == nil || kind.argument(.button) == nil { args.append("fingers: \(fingers)") }
        if let d = direction, let a = kind.argument(.direction) { args.append("\(a.label): .\(d.rawValue)") }
        if let e = edge { args.append("from: .\(e.rawValue)") }
        return kind.name + "(" + args.joined(separator: ", ") + ")"
    }
}

extension BindingForm {
    /// The gesture in words, as its row will say it (the form's live preview).
    public var gestureWords: String {
        guard case .success(let (spec, _)) = ExpressionParser.parse(expression) else { return expression }
        return Words.gesture(spec, device: device, modifiers: modifiers)
    }

    /// The action in words, as its row will say it.
    public var actionWords: String {
        let spec = try? ExpressionParser.parse(expression).get().0
        switch when {
        case .steps(let every):
            return Words.bindingActions(phases: [], step: (every, [action.text], decrease.map { [$0.text] } ?? []), gesture: spec)
        case .end: return Words.bindingActions(phases: [("on-ended", [action.text])], step: nil, gesture: spec)
        case .start: return Words.bindingActions(phases: [("on-began", [action.text])], step: nil, gesture: spec)
        case .repeating: return Words.bindingActions(phases: [("on-repeat", [action.text])], step: nil, gesture: spec)
        }
    }
}
