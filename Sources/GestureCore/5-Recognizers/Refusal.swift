// Which rule kept a gesture from being recognized, for people asking why
// (`replay --explain`, `watch`, `tune`). Cheap by design: a recognizer held
// back by a guard while possible remembers which (`Refusal.Rule`, one byte
// stored as the guard returns: the only per-step cost); when it then fails
// (mostly at the lift, which fails every gesture not yet recognized), the
// engine, only while explaining, asks it for its refusal: the rule, with
// its measure and threshold (`Measure`), worked out from the contact of the
// failing step and the guard remembered. The words: RefusalWords.swift.

/// Why a binding's gesture failed: the rule, how far the hand got on it,
/// and the threshold it had to cross (or stay under).
public struct Refusal: Hashable, Sendable {
    /// Every rule that can fail a recognizer, or keep it from beginning
    /// until a lift fails it. Each says its name, what sets its threshold
    /// (a setting, an argument of the binding, or the engine) and, where
    /// no setting reaches it, why (`RefusalWords.swift`).
    public enum Rule: UInt8, CaseIterable, Hashable, Sendable {
        /// Nothing held it back: it failed as a finger lifted.
        case lifted
        // The finger rule every kind shares (FingerRule.swift).
        /// More fingers landed than the binding wants.
        case extraFinger
        /// More fingers landed than any binding wants (`Contact.tooManyFingers`).
        case tooManyFingers
        /// The count settled (`finger-landing`) below the binding's.
        case tooFewFingers
        /// Fewer fingers than it wants lifted (a tap, a stroke).
        case fewerFingers
        /// The fingers lifted while the landing window was open.
        case countNotSettled
        /// A hand put down finger by finger was still growing (`Contact.growing`).
        case handGrowing
        /// Not every finger it wants was down.
        case fingersDown
        /// `from:` an edge: a finger landed farther from it than the edge width.
        case notNearEdge
        // What the device reports.
        /// Taps, presses and holds are touchscreen touches.
        case notTouches
        /// The touchpad reported a pinch: no swipe, drag or stroke.
        case touchpadPinch
        /// The touchpad reported a swipe: no magnify or rotate.
        case touchpadSwipe
        /// libinput cancelled the touchpad gesture.
        case touchpadCancelled
        // swipe
        /// It travelled less than its minimum distance its way.
        case swipeDistance
        /// Another cardinal direction led by the minimum distance.
        case anotherWay
        /// Its motion was off its direction by more than `maximumDeviation`.
        case offDirection
        /// The fingers' spread and turn outweighed their travel (`Contact.travelDominates`).
        case travelDominance
        /// Slower than its minimum velocity, averaged over the swipe.
        case tooSlow
        /// The fingers set off different ways (`FingerMotion.apart`).
        case fingersApart
        /// Recognized, it went back under `SwipeRecognizer.heldFraction` of its distance before it won.
        case wentBack
        // drag
        /// It moved less than its minimum distance.
        case dragDistance
        // tap
        /// A finger moved farther than slop.
        case tapMoved
        /// The fingers moved together `TapRecognizer.strokeTravel` of slop: a short stroke.
        case tapStroke
        /// Down longer than tap-timeout.
        case tapTooLong
        /// A finger landed after the landing window had closed.
        case landedApart
        /// The fingers were down together too briefly (`Contact.fingersDownTogether`).
        case notTogether
        /// The next tap came later than double-tap-timeout, or never.
        case nextTapLate
        // longPress, hold
        /// A finger moved farther than its maximum distance.
        case pressMoved
        /// Lifted before its minimum duration.
        case pressTooShort
        // magnify, rotate
        /// The spread changed less than `minimumScaleDelta`.
        case scaleTooSmall
        /// The fingers turned less than `minimumAngleDelta`.
        case angleTooSmall
        /// The spread or turn did not outweigh the hand's travel, or was not clear (`Contact.spreadBegins`, `turnBegins`).
        case shapeNotClear
        // stroke
        /// The fingers spread or turned by half the drawing or more.
        case strokeShape
    }

    public var rule: Rule
    /// Its measure and threshold, in the unit the rule is judged in.
    public var measure: Measure
    /// A second figure the rule weighs, in the measure's unit: the
    /// fingers' spread and turn against their travel, the finger-landing
    /// window a count settled in (ms).
    public var other = 0.0
    /// The screen's px per mm (0 where a length is not on it: touchpads),
    /// so a length in px is said in mm too.
    public var pxPerMM = 0.0
    /// The direction wanted, and the one the hand went (swipes).
    public var wanted: Direction? = nil
    public var went: Direction? = nil
    /// The edge of a `from:` gesture.
    public var edge: Edge? = nil
    /// The two readings of one motion it could not tell apart (the hand's
    /// travel against its spread or turn, or a turn against a spread):
    /// `travelDominance` and `shapeNotClear` say them.
    public var readings: Readings? = nil

    /// What a hand's motion reads as.
    public enum Reading: UInt8, Hashable, Sendable {
        case travel, spread, turn
    }

    /// The gesture's own reading, and the other it could not tell it from.
    public struct Readings: Hashable, Sendable {
        public var own: Reading
        public var other: Reading
    }
    /// It failed as a finger lifted, held back until then by `rule`.
    public var atLift = false

    init(_ rule: Rule, _ measure: Measure, other: Double = 0, pxPerMM: Double = 0) {
        self.rule = rule
        self.measure = measure
        self.other = other
        self.pxPerMM = pxPerMM
    }
}

extension Contact {
    /// A contact's px per mm for saying a length: none on touchpads.
    func mm(_ t: Thresholds) -> Double { source == .touch ? t.pxPerMM : 0 }

    /// The session ended or a finger lifted: what fails every gesture not
    /// yet recognized but a tap (`FingerRule.stillPossible`).
    var liftedAny: Bool { lifted > 0 || ended }
}

extension Refusal {
    /// `rule`, held back until a lift: said "at the lift".
    func atTheLift(_ c: Contact) -> Refusal {
        var r = self
        r.atLift = c.liftedAny
        return r
    }
}
