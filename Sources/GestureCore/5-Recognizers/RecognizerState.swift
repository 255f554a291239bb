// The state every recognizer is in, as in UIKit/SwiftUI:
//
//   possible ──▶ active (began, then changed…) ──▶ ended
//      │                    └──────────────────▶ cancelled
//      ├──▶ ended   (discrete gestures: tap, long press recognize and end at once)
//      └──▶ failed  (never recognized: nothing was published)

public enum RecognizerState: UInt8, Hashable, Sendable {
    case possible
    case active
    case ended
    case cancelled
    case failed

    public var isResolved: Bool { self == .ended || self == .cancelled || self == .failed }
    /// Recognized: the threshold was crossed (it may have ended since).
    public var isRecognized: Bool { self == .active || self == .ended }
}

/// Which part of a sequenced or exclusive composition a value comes from.
public enum CompositionPart: UInt8, Hashable, Sendable {
    case first, second
}

/// A gesture's value: SwiftUI's values flattened into one struct so effects
/// carry no existentials. Fields a gesture does not produce keep their defaults.
public struct GestureValue: Hashable, Sendable {
    public var fingers: Int = 0
    /// Drag: location, startLocation; tap: the tap location.
    public var location: Point = .zero
    public var start: Point = .zero
    public var translation: Point = .zero
    /// px/s.
    public var velocity: Point = .zero
    /// Where the movement would end if it slowed down naturally.
    public var predictedEndTranslation: Point = .zero
    /// Magnify: 1 at landing.
    public var scale: Double = 1
    /// Rotate: degrees, clockwise.
    public var angle: Double = 0
    /// Swipe.
    public var direction: Direction? = nil
    /// Hold: seconds pressed; long press: time to recognition.
    public var duration: Seconds = 0
    /// Long press: true once pressing is recognized.
    public var pressing: Bool = false
    /// Tap: taps counted.
    public var count: Int = 0
    public var part: CompositionPart? = nil

    public init() {}

    /// SwiftUI's predictedEndTranslation: translation plus the distance the
    /// current velocity covers while decaying (we use 0.2 s).
    static let predictionHorizon: Seconds = 0.2

    /// The contact's motion, for a gesture of `fingers` fingers.
    init(contact c: Contact, fingers: Int) {
        self.fingers = fingers
        location = c.location
        start = c.start
        translation = c.translation
        velocity = c.velocity
        predictedEndTranslation = c.translation + c.velocity * GestureValue.predictionHorizon
        scale = c.scale
        angle = c.angle
        duration = c.time - c.sessionStart
    }
}
