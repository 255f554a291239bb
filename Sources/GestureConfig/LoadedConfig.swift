import GestureActions
import GestureCore

/// What a binding does in each phase, with keymap names resolved.
public struct BindingActions: Hashable, Sendable {
    public var began: [Action] = []
    public var changed: [Action] = []
    public var ended: [Action] = []
    public var cancelled: [Action] = []
    public var repeats: [Action] = []
    public var increase: [Action] = []
    public var decrease: [Action] = []

    public init() {}

    public func actions(for phase: GesturePhase, step: StepDirection?) -> [Action] {
        switch phase {
        case .began: return began
        case .changed: return changed
        case .ended: return ended
        case .cancelled: return cancelled
        case .repeat: return repeats
        case .step: return step == .decrease ? decrease : increase
        }
    }
}

/// A config that loaded: the engine's table and, by BindingID (desktop
/// bindings first, then each app scope's), what each binding does.
public struct LoadedConfig: Sendable {
    public var file: String
    public var table: GestureTable
    public var actions: [BindingActions]
    /// By BindingID: "desktop" or the app scope's class glob.
    public var scopes: [String]
    /// The keymap in use; nil for keymap = "none".
    public var keymap: Keymap?
    public var warnings: [Diagnostic]
    /// Bindings switched off with `enabled = false`: checked like the
    /// others, but not in `table` (they take no part in the engine).
    public var disabled: [DisabledBinding] = []
}

/// A binding with `enabled = false`.
public struct DisabledBinding: Hashable, Sendable {
    public var name: String
    /// "desktop" or the app scope's class glob.
    public var scope: String
    /// Line of its `[[bind]]` header.
    public var line: Int

    public init(name: String, scope: String, line: Int) {
        self.name = name
        self.scope = scope
        self.line = line
    }
}
