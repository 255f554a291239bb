// Bindings and scopes: the desktop (parent) scope and application (child) scopes,
// with SwiftUI's priorities and GestureMask.

/// `.gesture`, `.highPriorityGesture`, `.simultaneousGesture`.
public enum Priority: String, Hashable, Sendable, CaseIterable {
    case normal, high, simultaneous
}

/// Which devices a binding (or a `[[device]]` rule) is for: a kind, a
/// device's name as a glob (`name:ELAN*`), or its USB vendor and product
/// (`usb:04f3:2b7c`, where X says them: the `Device Product ID` property).
public enum DeviceFilter: Hashable, Sendable {
    case any, touchscreen, touchpad
    case named(String)
    case usb(vendor: UInt16, product: UInt16)

    /// The kinds, as written.
    public static let kinds: [DeviceFilter] = [.any, .touchscreen, .touchpad]

    // Inlined: each attempt's start asks it of every binding (the engine's
    // instructions per event, Benchmarks/callgrind.sh).
    @inline(__always)
    public func accepts(_ device: borrowing Device) -> Bool {
        switch self {
        case .any: return device.kind.isTouch
        case .touchscreen: return device.kind == .touchscreen
        case .touchpad: return device.kind == .touchpad
        case .named(let glob): return device.kind.isTouch && Glob.matches(glob, device.name)
        case .usb(let v, let p): return device.kind.isTouch && device.usb?.vendor == v && device.usb?.product == p
        }
    }

    /// `any`, `touchscreen`, `touchpad`, `name:GLOB`, `usb:VVVV:PPPP` (hex);
    /// nil otherwise.
    public init?(_ text: String) {
        switch text {
        case "any": self = .any
        case "touchscreen": self = .touchscreen
        case "touchpad": self = .touchpad
        default:
            if text.hasPrefix("name:"), text.count > 5 {
                self = .named(String(text.dropFirst(5)))
            } else if text.hasPrefix("usb:") {
                let parts = text.dropFirst(4).split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, parts.allSatisfy({ (1...4).contains($0.count) }),
                      let v = UInt16(parts[0], radix: 16), let p = UInt16(parts[1], radix: 16) else { return nil }
                self = .usb(vendor: v, product: p)
            } else {
                return nil
            }
        }
    }

    /// As written in a config.
    public var text: String {
        switch self {
        case .any: return "any"
        case .touchscreen: return "touchscreen"
        case .touchpad: return "touchpad"
        case .named(let glob): return "name:" + glob
        case .usb(let v, let p): return "usb:" + Self.hex(v) + ":" + Self.hex(p)
        }
    }

    static func hex(_ n: UInt16) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// What `device` takes, for messages.
    public static let expected = Words("any, touchscreen, touchpad, name:GLOB (a device's name, e.g. name:ELAN*) or usb:VID:PID (hex, e.g. usb:04f3:2b7c)")
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
    /// The modifier keys that must be held when the gesture starts (its
    /// layer): exactly these of ctrl, alt, shift and super; nil: any.
    public var modifiers: Modifiers?
    /// A layer's actions run with the held modifiers as they are (fusuma's
    /// `clearmodifiers` off); by default they are released around them.
    public var keepModifiers: Bool

    public init(name: String, gesture: GestureSpec, priority: Priority = .normal, device: DeviceFilter = .any,
                step: StepSpec? = nil, repeats: Bool = false, yields: Bool = false, modifiers: Modifiers? = nil,
                keepModifiers: Bool = false) {
        self.name = name
        self.gesture = gesture
        self.priority = priority
        self.device = device
        self.step = step
        self.repeats = repeats
        self.yields = yields
        self.modifiers = modifiers
        self.keepModifiers = keepModifiers
    }
}

/// A `[[device]]` table: the devices it matches, and what it sets for them.
public struct DeviceRule: Hashable, Sendable {
    public var match: DeviceFilter
    /// The engine ignores the device (its touches go to the applications).
    public var disabled: Bool
    /// The settings for it: the config's `[settings]` with this table's keys
    /// over them; nil when it sets none.
    public var settings: Settings?

    public init(match: DeviceFilter, disabled: Bool = false, settings: Settings? = nil) {
        self.match = match
        self.disabled = disabled
        self.settings = settings
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
    /// `[[device]]` tables, in order: for a device, the first that matches.
    public var devices: [DeviceRule]

    public init(settings: Settings = Settings(), including: GestureMask = .all, desktop: [Binding] = [],
                apps: [AppScope] = [], devices: [DeviceRule] = []) {
        self.settings = settings
        self.including = including
        self.desktop = desktop
        self.apps = apps
        self.devices = devices
    }

    /// The `[[device]]` rule for a device: the first that matches it.
    public func rule(for device: Device) -> DeviceRule? {
        ruleIndex(for: device).map { devices[$0] }
    }

    /// Where that rule is in `devices`.
    public func ruleIndex(for device: Device) -> Int? {
        devices.firstIndex { $0.match.accepts(device) }
    }
}

extension GestureTable {
    /// Every binding in BindingID order: the desktop scope's, then each app scope's.
    public var allBindings: [Binding] { desktop + apps.flatMap(\.bindings) }
}

/// A binding's place in the table: effects name bindings by this id.
public typealias BindingID = Int
