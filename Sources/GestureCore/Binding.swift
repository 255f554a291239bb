// Bindings and scopes: the desktop (parent) scope and application (child) scopes,
// with SwiftUI's priorities and GestureMask.

/// `.gesture`, `.highPriorityGesture`, `.simultaneousGesture`.
public enum Priority: String, Hashable, Sendable, CaseIterable {
    case normal, high, simultaneous
}

public enum DeviceFilter: String, Hashable, Sendable, CaseIterable {
    case any, touchscreen, touchpad

    func accepts(_ kind: DeviceKind) -> Bool {
        switch self {
        case .any: return kind != .other
        case .touchscreen: return kind == .touchscreen
        case .touchpad: return kind == .touchpad
        }
    }
}

/// SwiftUI's GestureMask: which of a scope's own bindings (`gesture`) and its
/// children's (`subviews`) take part.
public enum GestureMask: String, Hashable, Sendable, CaseIterable {
    case all, gesture, subviews, none

    var includesOwn: Bool { self == .all || self == .gesture }
    var includesChildren: Bool { self == .all || self == .subviews }
}

/// `on-step`: one effect per crossing of `every`, re-based on the crossing.
public struct StepSpec: Hashable, Sendable {
    /// In the gesture's own unit: px for drag and swipe, degrees for rotate,
    /// a ratio for magnify (increase at base × (1 + every)).
    public var every: Double
    public init(every: Double) { self.every = every }
}

public struct Binding: Hashable, Sendable {
    /// Shown in logs and replay output.
    public var name: String
    public var gesture: GestureSpec
    public var priority: Priority
    public var device: DeviceFilter
    /// Non-nil when the binding has `on-step`.
    public var step: StepSpec?
    /// True when the binding has `on-repeat`.
    public var repeats: Bool
    /// Ranks below every other binding that is not simultaneous, whatever its
    /// priority: it wins only what no binding of the user's wants. The
    /// gestures `touchegg-protocol` forwards (high, so they grab the touches).
    public var yields: Bool

    public init(name: String, gesture: GestureSpec, priority: Priority = .normal, device: DeviceFilter = .any,
                step: StepSpec? = nil, repeats: Bool = false, yields: Bool = false) {
        self.name = name
        self.gesture = gesture
        self.priority = priority
        self.device = device
        self.step = step
        self.repeats = repeats
        self.yields = yields
    }
}

/// A child scope: windows whose WM_CLASS class or instance matches `classGlob`.
public struct AppScope: Hashable, Sendable {
    public var classGlob: String
    public var including: GestureMask
    public var bindings: [Binding]

    public init(classGlob: String, including: GestureMask = .all, bindings: [Binding]) {
        self.classGlob = classGlob
        self.including = including
        self.bindings = bindings
    }

    func matches(_ w: WindowContext) -> Bool {
        Glob.matches(classGlob, w.windowClass) || Glob.matches(classGlob, w.instance)
    }
}

/// Everything the engine runs: settings, the desktop scope, and app scopes.
public struct GestureTable: Hashable, Sendable {
    public var settings: Settings
    /// GestureMask of the desktop scope over its children.
    public var including: GestureMask
    public var desktop: [Binding]
    public var apps: [AppScope]

    public init(settings: Settings = Settings(), including: GestureMask = .all, desktop: [Binding] = [],
                apps: [AppScope] = []) {
        self.settings = settings
        self.including = including
        self.desktop = desktop
        self.apps = apps
    }
}

extension GestureTable {
    /// Every binding in BindingID order: the desktop scope's, then each app scope's.
    public var allBindings: [Binding] { desktop + apps.flatMap(\.bindings) }
}

/// A binding's place in the table: effects name bindings by this id.
public typealias BindingID = Int
