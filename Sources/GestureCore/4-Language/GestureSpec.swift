// What a gesture expression means: config.md's `expr`, as data.
// Unset arguments (nil) take their default from `[settings]` when compiled.

public enum Direction: String, CaseIterable, Hashable, Sendable {
    case left, right, up, down, upLeft, upRight, downLeft, downRight

    /// Unit vector on screen (y grows downwards).
    public var vector: Point {
        let d = 1.0 / 2.0.squareRoot()
        switch self {
        case .left: return Point(x: -1, y: 0)
        case .right: return Point(x: 1, y: 0)
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        case .upLeft: return Point(x: -d, y: -d)
        case .upRight: return Point(x: d, y: -d)
        case .downLeft: return Point(x: -d, y: d)
        case .downRight: return Point(x: d, y: d)
        }
    }

    /// The cardinal direction nearest to `v` (the seeds' SwipeGesture rule:
    /// horizontal when |dx| > |dy|).
    public static func cardinal(of v: Point) -> Direction {
        if abs(v.x) > abs(v.y) { return v.x < 0 ? .left : .right }
        return v.y < 0 ? .up : .down
    }
}

public enum Edge: String, CaseIterable, Hashable, Sendable {
    case leftEdge, rightEdge, topEdge, bottomEdge

    var index: Int {
        switch self {
        case .leftEdge: return 0
        case .rightEdge: return 1
        case .topEdge: return 2
        case .bottomEdge: return 3
        }
    }
}

/// Arguments every gesture takes (SwiftUI cannot restrict fingers or edges; this can).
public struct CommonArguments: Hashable, Sendable {
    /// Fingers the gesture wants; nil takes the gesture's own default.
    public var fingers: Int?
    /// The edge every finger must land near.
    public var from: Edge?
    /// Overrides `edge-width` for `from:`.
    public var edgeWidth: Length?

    public init(fingers: Int? = nil, from: Edge? = nil, edgeWidth: Length? = nil) {
        self.fingers = fingers
        self.from = from
        self.edgeWidth = edgeWidth
    }
}

public struct TapSpec: LeafGesture, Hashable, Sendable {
    public var count: Int = 1
    public var common = CommonArguments()
    public init(count: Int = 1, common: CommonArguments = .init()) {
        self.count = count
        self.common = common
    }
}

public struct LongPressSpec: LeafGesture, Hashable, Sendable {
    public var minimumDuration: Seconds?
    public var maximumDistance: Length?
    public var common = CommonArguments()
    public init(minimumDuration: Seconds? = nil, maximumDistance: Length? = nil, common: CommonArguments = .init()) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.common = common
    }
}

public struct DragSpec: LeafGesture, Hashable, Sendable {
    /// Default 10px (SwiftUI's DragGesture default), not `slop`.
    public var minimumDistance: Length?
    public var common = CommonArguments()
    public init(minimumDistance: Length? = nil, common: CommonArguments = .init()) {
        self.minimumDistance = minimumDistance
        self.common = common
    }
}

public struct SwipeSpec: LeafGesture, Hashable, Sendable {
    /// nil: any direction (the value says which of the four).
    public var direction: Direction?
    public var minimumDistance: Length?
    public var minimumVelocity: Speed?
    /// Largest angle between the movement and `direction`, degrees. Default 30.
    public var maximumDeviation: Double?
    public var common = CommonArguments()
    public init(direction: Direction? = nil, minimumDistance: Length? = nil, minimumVelocity: Speed? = nil,
                maximumDeviation: Double? = nil, common: CommonArguments = .init()) {
        self.direction = direction
        self.minimumDistance = minimumDistance
        self.minimumVelocity = minimumVelocity
        self.maximumDeviation = maximumDeviation
        self.common = common
    }
}

public struct MagnifySpec: LeafGesture, Hashable, Sendable {
    public var minimumScaleDelta: Double?
    public var common = CommonArguments()
    public init(minimumScaleDelta: Double? = nil, common: CommonArguments = .init()) {
        self.minimumScaleDelta = minimumScaleDelta
        self.common = common
    }
}

public struct RotateSpec: LeafGesture, Hashable, Sendable {
    /// Degrees.
    public var minimumAngleDelta: Double?
    public var common = CommonArguments()
    public init(minimumAngleDelta: Double? = nil, common: CommonArguments = .init()) {
        self.minimumAngleDelta = minimumAngleDelta
        self.common = common
    }
}

/// The seeds' timed press: begins after `minimumDuration` (default 0), lasts until lift.
public struct HoldSpec: LeafGesture, Hashable, Sendable {
    public var minimumDuration: Seconds?
    public var maximumDistance: Length?
    public var common = CommonArguments()
    public init(minimumDuration: Seconds? = nil, maximumDistance: Length? = nil, common: CommonArguments = .init()) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.common = common
    }
}

/// `stroke("L")`: a shape drawn with the fingers, matched at the lift
/// against the templates of `strokes.toml` (docs/strokes.md);
/// `stroke("L", button: 3)`: the same shape drawn with pointer button 3 held.
public struct StrokeSpec: LeafGesture, Hashable, Sendable {
    /// The shape's name in the templates file.
    public var shape: String = ""
    /// The pointer button held while drawing it (a mouse's, a pen's side
    /// button); nil: drawn with the fingers. The touch engine leaves such a
    /// binding out; the daemon grabs the button and matches the path
    /// (PointerStrokeBindings, docs/pointer-strokes.md).
    public var button: Int?
    /// A circle drawn clockwise is not one drawn anticlockwise. Default true.
    public var directionSensitive: Bool = true
    /// A shape drawn turned is another shape (an L on its side is not an L). Default true.
    public var rotationSensitive: Bool = true
    /// The smallest bounding-box diagonal of the path; default 60 px (a
    /// finger; 15.87 mm on touchscreens), 16 px with a button
    /// (PointerStrokeBindings.defaultMinimumSize).
    public var minimumSize: Length?
    public var common = CommonArguments()
    /// The shapes taught, given by the rules when they build the recognizer
    /// (`Rules.templates`): not part of what the gesture is (== and hash
    /// leave it out), and kept out of `Thresholds`, which an input's path
    /// copies.
    var taught: StrokeContext? = nil
    public init(shape: String = "", button: Int? = nil, directionSensitive: Bool = true, rotationSensitive: Bool = true,
                minimumSize: Length? = nil, common: CommonArguments = .init()) {
        self.shape = shape
        self.button = button
        self.directionSensitive = directionSensitive
        self.rotationSensitive = rotationSensitive
        self.minimumSize = minimumSize
        self.common = common
    }
}

/// A gesture expression: a preset gesture (a case per `GestureKind`) or a
/// composition of two.
public indirect enum GestureSpec: Hashable, Sendable {
    case tap(TapSpec)
    case longPress(LongPressSpec)
    case drag(DragSpec)
    case swipe(SwipeSpec)
    case magnify(MagnifySpec)
    case rotate(RotateSpec)
    case hold(HoldSpec)
    case stroke(StrokeSpec)
    /// `a.simultaneously(with: b)`
    case simultaneously(GestureSpec, GestureSpec)
    /// `a.sequenced(before: b)`
    case sequenced(GestureSpec, GestureSpec)
    /// `a.exclusively(before: b)`
    case exclusively(GestureSpec, GestureSpec)

    /// The most fingers any part of this gesture can want.
    public var maximumFingers: Int {
        switch self {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return max(a.maximumFingers, b.maximumFingers)
        default:
            return leaf.map { $0.common.fingers ?? $0.defaultFingers } ?? 1
        }
    }

    /// A preset gesture's arguments; nil for a composition. (The one switch
    /// over the kinds: everything else reads `GestureKind.all`.)
    var leaf: (any LeafGesture)? {
        switch self {
        case .tap(let s): return s
        case .longPress(let s): return s
        case .drag(let s): return s
        case .swipe(let s): return s
        case .magnify(let s): return s
        case .rotate(let s): return s
        case .hold(let s): return s
        case .stroke(let s): return s
        case .simultaneously, .sequenced, .exclusively: return nil
        }
    }
}

extension StrokeSpec {
    public static func == (a: StrokeSpec, b: StrokeSpec) -> Bool {
        a.shape == b.shape && a.button == b.button && a.directionSensitive == b.directionSensitive && a.rotationSensitive == b.rotationSensitive
            && a.minimumSize == b.minimumSize && a.common == b.common
    }

    public func hash(into h: inout Hasher) {
        h.combine(shape); h.combine(button); h.combine(directionSensitive); h.combine(rotationSensitive); h.combine(minimumSize)
        h.combine(common)
    }
}

extension GestureSpec {
    /// Its `stroke` parts given the shapes taught (what their recognizers match against).
    func teaching(_ c: StrokeContext) -> GestureSpec {
        switch self {
        case .simultaneously(let a, let b): return .simultaneously(a.teaching(c), b.teaching(c))
        case .sequenced(let a, let b): return .sequenced(a.teaching(c), b.teaching(c))
        case .exclusively(let a, let b): return .exclusively(a.teaching(c), b.teaching(c))
        case .stroke(var s):
            s.taught = c
            return .stroke(s)
        default: return self
        }
    }

    /// Its `stroke` parts, in the order written.
    public var strokes: [StrokeSpec] {
        switch self {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return a.strokes + b.strokes
        case .stroke(let s): return [s]
        default: return []
        }
    }

    /// The shapes its `stroke` parts name.
    public var strokeShapes: [String] { strokes.map(\.shape) }
}

extension GestureSpec {
    /// True when some part of it is continuous (drag, swipe, magnify, rotate,
    /// hold): only those have `changed` phases and `on-step` crossings.
    public var isContinuous: Bool { StepKind.of(self) != nil }
}

extension GestureSpec {
    /// A press: its recognizer decides when a timer runs out.
    public var decidedByTime: Bool {
        switch self {
        case .sequenced(let a, _): return a.decidedByTime
        case .simultaneously(let a, let b), .exclusively(let a, let b): return a.decidedByTime || b.decidedByTime
        default: return leaf?.decidedByTime ?? false
        }
    }
}

extension GestureKind {
    /// Every kind of preset gesture, declared once: name and aliases, its
    /// words and place in the settings app's form, the arguments (type, unit
    /// and default, in config.md's order), what it needs from X, its
    /// fingers, how `on-step` counts, its recognizer.
    /// Adding a kind: its spec above (with its case and its line in `leaf`),
    /// its recognizer's file, and its entry here (docs/engine.md).
    public static let all: [GestureKind] = [
        GestureKind("tap", TapSpec(), GestureSpec.tap, aliases: ["TapGesture", "SpatialTapGesture"],
                    words: Msgid("Tap"), formPlace: 3, needs: .touches, fingers: 1, steps: nil,
                    arguments: [.always("count", .count, \TapSpec.count, default: 1), .fingers, .from, .edgeWidth],
                    recognizer: TapRecognizer.init),
        GestureKind("longPress", LongPressSpec(), GestureSpec.longPress, aliases: ["LongPressGesture"],
                    words: Msgid("Long press"), formPlace: 4, needs: .touches, fingers: 1, steps: nil, decidedByTime: true,
                    arguments: [
                        .optional("minimumDuration", .duration, \LongPressSpec.minimumDuration,
                                  default: .setting("long-press")),
                        .optional("maximumDistance", .length, \LongPressSpec.maximumDistance,
                                  default: .setting("slop")),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: LongPressRecognizer.init),
        GestureKind("drag", DragSpec(), GestureSpec.drag, aliases: ["DragGesture"],
                    words: Msgid("Drag"), formPlace: 6, needs: [.touches, .swipes], fingers: 1, steps: .dragAxis,
                    arguments: [
                        .optional("minimumDistance", .length, \DragSpec.minimumDistance,
                                  default: .value(.length(.px(DragRecognizer.defaultMinimumDistance)))),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: DragRecognizer.init),
        GestureKind("swipe", SwipeSpec(), GestureSpec.swipe,
                    words: Msgid("Swipe"), formPlace: 0, needs: [.touches, .swipes], fingers: 1, steps: .alongDirection,
                    arguments: [
                        .optional("direction", .direction, \SwipeSpec.direction, default: .unset),
                        .fingers,
                        .optional("minimumDistance", .length, \SwipeSpec.minimumDistance,
                                  default: .settings(touchscreen: "swipe-distance",
                                                     touchpad: "touchpad-swipe-distance")),
                        .optional("minimumVelocity", .speed, \SwipeSpec.minimumVelocity,
                                  default: .setting("swipe-min-velocity")),
                        .optional("maximumDeviation", .angle, \SwipeSpec.maximumDeviation,
                                  default: .value(.number(SwipeRecognizer.defaultMaximumDeviation))),
                        .from, .edgeWidth,
                    ],
                    recognizer: SwipeRecognizer.init),
        GestureKind("magnify", MagnifySpec(), GestureSpec.magnify, aliases: ["MagnifyGesture", "pinch"],
                    deprecated: ["MagnificationGesture": "MagnifyGesture"],
                    words: Msgid("Pinch"), formPlace: 1, needs: [.touches, .pinches], fingers: 2, steps: .scale,
                    arguments: [
                        .optional("minimumScaleDelta", .scale, \MagnifySpec.minimumScaleDelta,
                                  default: .value(.number(PinchRecognizer.defaultMinimumScaleDelta))),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: PinchRecognizer.init),
        GestureKind("rotate", RotateSpec(), GestureSpec.rotate, aliases: ["RotateGesture"],
                    deprecated: ["RotationGesture": "RotateGesture"],
                    words: Msgid("Rotate"), formPlace: 2, needs: [.touches, .pinches], fingers: 2, steps: .angle,
                    arguments: [
                        .optional("minimumAngleDelta", .angle, \RotateSpec.minimumAngleDelta,
                                  default: .value(.number(PinchRecognizer.defaultMinimumAngleDelta))),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: PinchRecognizer.init),
        GestureKind("hold", HoldSpec(), GestureSpec.hold,
                    words: Msgid("gesture", "Hold"), formPlace: 5, needs: .touches, fingers: 1, steps: .duration, decidedByTime: true,
                    arguments: [
                        .optional("minimumDuration", .duration, \HoldSpec.minimumDuration,
                                  default: .value(.number(HoldRecognizer.defaultMinimumDuration))),
                        .optional("maximumDistance", .length, \HoldSpec.maximumDistance, default: .setting("slop")),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: HoldRecognizer.init),
        GestureKind("stroke", StrokeSpec(), GestureSpec.stroke,
                    words: Msgid("Draw a shape"), formPlace: 7, needs: [.touches, .swipes], fingers: 1, steps: nil,
                    arguments: [
                        .always("shape", .shape, \StrokeSpec.shape, default: ""),
                        .optional("button", .button, \StrokeSpec.button, default: .unset),
                        .always("directionSensitive", .flag, \StrokeSpec.directionSensitive, default: true),
                        .always("rotationSensitive", .flag, \StrokeSpec.rotationSensitive, default: true),
                        .optional("minimumSize", .length, \StrokeSpec.minimumSize,
                                  default: .value(.length(.px(StrokeRecognizer.defaultMinimumSize)))),
                        .fingers, .from, .edgeWidth,
                    ],
                    recognizer: StrokeRecognizer.init),
    ]
}
