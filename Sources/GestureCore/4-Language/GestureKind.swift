// What a kind of preset gesture is, as data: its names, its arguments with
// their units and defaults, its recognizer, what it needs from X, and what
// the settings app says of it. The kinds themselves are one table,
// `GestureKind.all` (GestureSpec.swift); the expression parser and printer,
// ListenPlan, the random generator and the settings app's form and words read it.

/// What a gesture kind needs X to deliver (ListenPlan asks for it).
public struct GestureEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Touchscreen touches (XI 2.2).
    public static let touches = GestureEvents(rawValue: 1)
    /// Touchpad swipe gesture events (XI 2.4).
    public static let swipes = GestureEvents(rawValue: 2)
    /// Touchpad pinch gesture events (XI 2.4).
    public static let pinches = GestureEvents(rawValue: 4)
}

/// What a gesture argument takes, and in which units (config.md's values).
public enum ArgumentType: String, Hashable, Sendable {
    /// A whole number of fingers, 1 to 10.
    case fingers
    /// A whole number of taps, 1 to 10.
    case count
    /// `.leftEdge`, `.rightEdge`, `.topEdge`, `.bottomEdge`.
    case edge
    /// `.left`, `.upRight`, ...
    case direction
    /// s or ms; a bare number is seconds.
    case duration
    /// px or mm; a bare number is px.
    case length
    /// px/s or mm/s; a bare number is px/s.
    case speed
    /// deg, 0 to 180; a bare number is degrees.
    case angle
    /// A ratio without a unit, above 0 and under 10.
    case scale
    /// A shape's name, a string (`stroke("L")`: written first, without a label).
    case shape
    /// A pointer button held while drawing, a whole number from 1 to 255
    /// other than the wheel's 4 to 7 (X sends those as clicks, never held).
    case button
    /// `true` or `false`.
    case flag
}

/// A gesture argument's value: durations, angles and scales are numbers
/// (their `ArgumentType` says which).
public enum ArgumentValue: Hashable, Sendable {
    case whole(Int)
    case number(Double)
    case length(Length)
    case speed(Speed)
    case direction(Direction)
    case edge(Edge)
    case text(String)
    case flag(Bool)
}

/// What an argument is when it is not written.
public enum ArgumentDefault: Hashable, Sendable {
    /// This value.
    case value(ArgumentValue)
    /// This `[settings]` key's value.
    case setting(String)
    /// One `[settings]` key's value on touchscreens, another's on touchpads.
    case settings(touchscreen: String, touchpad: String)
    /// The kind's own number of fingers (`GestureKind.defaultFingers`).
    case kindsFingers
    /// Nothing: any direction, no edge, no button (a stroke drawn with the fingers).
    case unset
}

/// One argument of a gesture kind: its label, type and default, and where
/// it lives in the kind's spec.
public struct GestureArgument: Sendable {
    public let label: String
    public let type: ArgumentType
    public let byDefault: ArgumentDefault
    /// One of `CommonArguments` (every kind takes them; printed after the kind's own).
    public let isCommon: Bool
    let read: @Sendable (any LeafGesture) -> ArgumentValue?
    let write: @Sendable (inout any LeafGesture, ArgumentValue) -> Void

    /// An optional argument of `S`: nil until written.
    static func optional<S: LeafGesture, T: ArgumentPayload>(
        _ label: String, _ type: ArgumentType, _ path: WritableKeyPath<S, T?> & Sendable, default d: ArgumentDefault
    ) -> GestureArgument {
        GestureArgument(label: label, type: type, byDefault: d, isCommon: false,
                        read: { ($0 as! S)[keyPath: path]?.argument },
                        write: { g, v in
                            var s = g as! S
                            s[keyPath: path] = T(argument: v)
                            g = s
                        })
    }

    /// An argument of `S` that always has a value: read as unset while it is
    /// its default (the printer leaves it out).
    static func always<S: LeafGesture, T: ArgumentPayload & Equatable>(
        _ label: String, _ type: ArgumentType, _ path: WritableKeyPath<S, T> & Sendable, default d: T
    ) -> GestureArgument {
        GestureArgument(label: label, type: type, byDefault: .value(d.argument), isCommon: false,
                        read: { g in
                            let v = (g as! S)[keyPath: path]
                            return v == d ? nil : v.argument
                        },
                        write: { g, v in
                            var s = g as! S
                            s[keyPath: path] = T(argument: v) ?? d
                            g = s
                        })
    }

    /// `fingers:`, `from:` and `edgeWidth:`, which every kind takes.
    static let fingers = common("fingers", .fingers, \.fingers, default: .kindsFingers)
    static let from = common("from", .edge, \.from, default: .unset)
    static let edgeWidth = common("edgeWidth", .length, \.edgeWidth, default: .setting("edge-width"))

    private static func common<T: ArgumentPayload>(
        _ label: String, _ type: ArgumentType, _ path: WritableKeyPath<CommonArguments, T?> & Sendable,
        default d: ArgumentDefault
    ) -> GestureArgument {
        GestureArgument(label: label, type: type, byDefault: d, isCommon: true,
                        read: { $0.common[keyPath: path]?.argument },
                        write: { g, v in g.common[keyPath: path] = T(argument: v) })
    }
}

/// A Swift type an argument's value is stored as.
protocol ArgumentPayload: Sendable {
    var argument: ArgumentValue { get }
}

extension ArgumentPayload {
    init?(argument: ArgumentValue) {
        guard let v = argument.payload as? Self else { return nil }
        self = v
    }
}

extension ArgumentValue {
    /// What it holds.
    var payload: any Sendable {
        switch self {
        case .whole(let v): return v
        case .number(let v): return v
        case .length(let v): return v
        case .speed(let v): return v
        case .direction(let v): return v
        case .edge(let v): return v
        case .text(let v): return v
        case .flag(let v): return v
        }
    }
}

extension Int: ArgumentPayload { var argument: ArgumentValue { .whole(self) } }
extension Double: ArgumentPayload { var argument: ArgumentValue { .number(self) } }
extension Length: ArgumentPayload { var argument: ArgumentValue { .length(self) } }
extension Speed: ArgumentPayload { var argument: ArgumentValue { .speed(self) } }
extension Direction: ArgumentPayload { var argument: ArgumentValue { .direction(self) } }
extension Edge: ArgumentPayload { var argument: ArgumentValue { .edge(self) } }
extension String: ArgumentPayload { var argument: ArgumentValue { .text(self) } }
extension Bool: ArgumentPayload { var argument: ArgumentValue { .flag(self) } }

/// An English message the settings app shows in the user's language (its
/// `L`/`Lc` and po/): GestureCore says nothing itself, it only names the
/// words. scripts/update-po.sh extracts `Msgid("…")` and `Msgid("context", "…")`
/// from GestureSpec.swift.
public struct Msgid: Hashable, Sendable {
    /// gettext's context (msgctxt): the same English word translated apart.
    public let context: String?
    public let text: String
    public init(_ text: String) {
        context = nil
        self.text = text
    }
    public init(_ context: String, _ text: String) {
        self.context = context
        self.text = text
    }
}

/// What `on-step`'s `every` counts in (the settings app shows the unit).
public enum StepUnit: Hashable, Sendable {
    /// px of travel (swipe, drag).
    case px
    /// A ratio of the scale: 0.15 is 15 % (magnify).
    case ratio
    /// Degrees turned (rotate).
    case degrees
    /// Seconds held (hold).
    case seconds
}

extension StepKind {
    var unit: StepUnit {
        switch self {
        case .alongDirection, .dragAxis: return .px
        case .scale: return .ratio
        case .angle: return .degrees
        case .duration: return .seconds
        }
    }
}

/// A kind of preset gesture (`tap`, `swipe`, ...): one entry of `GestureKind.all`.
/// Two are equal when they are the same entry (the same name).
public struct GestureKind: Hashable, Sendable {
    /// Its name in expressions (and in `check`'s canonical text).
    public let name: String
    /// Other names it answers to, SwiftUI's mostly (matched case-insensitively).
    public let aliases: [String]
    /// SwiftUI's deprecated names, each with what replaced it: accepted with a warning.
    public let deprecated: [String: String]
    /// Its arguments, in the order config.md and the parser's messages list them.
    public let arguments: [GestureArgument]
    /// What it needs X to deliver.
    public let needs: GestureEvents
    /// The fingers it wants when `fingers:` is not written.
    public let defaultFingers: Int
    /// How `on-step` counts; nil for a discrete gesture (no `changed`, no steps).
    let stepKind: StepKind?
    /// It decides when a timer runs out (a press), not by movement: the
    /// settings app's form offers `on-repeat` ("while held") for it.
    public let decidedByTime: Bool
    /// Its name in the settings app ("Long press"), translated there.
    public let words: Msgid
    /// Where the settings app's form lists it among its kinds (ascending);
    /// nil: the form does not offer it, the binding is edited as text.
    public let formPlace: Int?
    let spec: ObjectIdentifier
    /// Its spec with no argument written.
    let blank: any LeafGesture
    let embed: @Sendable (any LeafGesture) -> GestureSpec
    let recognizer: @Sendable (any LeafGesture, Thresholds) -> any LeafRecognizer

    init<S: LeafGesture>(
        _ name: String, _ blank: S, _ embed: @escaping @Sendable (S) -> GestureSpec, aliases: [String] = [],
        deprecated: [String: String] = [:], words: Msgid, formPlace: Int? = nil, needs: GestureEvents, fingers: Int,
        steps: StepKind?, decidedByTime: Bool = false, arguments: [GestureArgument],
        recognizer: @escaping @Sendable (S, Thresholds) -> any LeafRecognizer
    ) {
        self.name = name
        self.aliases = aliases
        self.deprecated = deprecated
        self.arguments = arguments
        self.needs = needs
        defaultFingers = fingers
        stepKind = steps
        self.decidedByTime = decidedByTime
        self.words = words
        self.formPlace = formPlace
        spec = ObjectIdentifier(S.self)
        self.blank = blank
        self.embed = { embed($0 as! S) }
        self.recognizer = { recognizer($0 as! S, $1) }
    }

    public static func == (a: GestureKind, b: GestureKind) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }

    /// What `on-step` counts in; nil for a discrete gesture.
    public var stepUnit: StepUnit? { stepKind?.unit }
    /// It moves: it has `changed` phases and `on-step` crossings.
    public var isContinuous: Bool { stepKind != nil }

    /// The gesture with these arguments written (each of this kind's, of
    /// its type); the others unset.
    public func make(_ values: [(GestureArgument, ArgumentValue)] = []) -> GestureSpec {
        var s = blank
        for (argument, value) in values { argument.write(&s, value) }
        return embed(s)
    }

    /// The kind named `name` (or an alias of it, any case), and the SwiftUI
    /// name that replaced it when `name` is a deprecated one.
    public static func named(_ name: String) -> (kind: GestureKind, replacement: String?)? {
        let lower = name.lowercased()
        for k in all {
            if ([k.name] + k.aliases).contains(where: { $0.lowercased() == lower }) { return (k, nil) }
            if let r = k.deprecated.first(where: { $0.key.lowercased() == lower }) { return (k, r.value) }
        }
        return nil
    }

    /// The kind of a preset gesture's spec.
    static func of(_ leaf: any LeafGesture) -> GestureKind {
        let id = ObjectIdentifier(type(of: leaf))
        return all.first { $0.spec == id }!
    }
}

/// A preset gesture's arguments: a spec struct of GestureSpec.swift, whose
/// kind `GestureKind.all` declares.
protocol LeafGesture: Sendable {
    var common: CommonArguments { get set }
}

extension LeafGesture {
    var kind: GestureKind { GestureKind.of(self) }
    var defaultFingers: Int { kind.defaultFingers }
    var stepKind: StepKind? { kind.stepKind }
    var decidedByTime: Bool { kind.decidedByTime }
    /// Its recognizer, with thresholds in px for the screen.
    func makeRecognizer(_ t: Thresholds) -> any LeafRecognizer { kind.recognizer(self, t) }
}

extension GestureSpec {
    /// A preset gesture's kind; nil for a composition.
    public var kind: GestureKind? { leaf.map(GestureKind.of) }

    /// The arguments written in a preset gesture, in its kind's order; empty
    /// for a composition.
    public var writtenArguments: [(GestureArgument, ArgumentValue)] {
        guard let l = leaf else { return [] }
        return GestureKind.of(l).arguments.compactMap { a in a.read(l).map { (a, $0) } }
    }

    /// What the first continuous part's `on-step` counts in; nil when no
    /// part moves.
    public var stepUnit: StepUnit? { StepKind.of(self)?.unit }

    /// What every part of it needs X to deliver.
    public var needs: GestureEvents {
        switch self {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return a.needs.union(b.needs)
        default:
            return kind?.needs ?? []
        }
    }
}
