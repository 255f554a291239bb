/// `magnify` and `rotate`: one recognizer over the measure they differ in,
/// the fingers' spread (magnify's scale) or their turn (rotate's angle).
/// Continuous; fed by touches and touchpad pinches.
///
/// `magnify(fingers:, minimumScaleDelta:)` (`pinch`, `MagnifyGesture`):
/// value: scale.
///
/// | state    | input                                                | next      |
/// |----------|------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift             | failed    |
/// | possible | fingers ready, scale off 1 by ≥ minimumScaleDelta,    | active    |
/// |          | the spread outweighing the hand's travel, or clear   |           |
/// |          | where the fingers set off the same way or landed     |           |
/// |          | apart (`Contact.spreadBegins`)                       |           |
/// | active   | scale changes                                        | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled           | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                | ended     |
///
/// `rotate(fingers:, minimumAngleDelta:)` (`RotateGesture`): value: angle in
/// degrees, clockwise.
///
/// | state    | input                                                 | next      |
/// |----------|-------------------------------------------------------|-----------|
/// | possible | swipe events, finger rule broken, a lift             | failed    |
/// | possible | fingers ready, turned ≥ minimumAngleDelta, the turn   | active    |
/// |          | outweighing (touchscreens) the spread, and the hand's |           |
/// |          | travel, or, where the fingers landed apart or set off |           |
/// |          | the same way, clear and not outweighed by the travel  |           |
/// |          | (`Contact.turnBegins`)                                |           |
/// | active   | angle changes                                         | active (changed) |
/// | active   | an extra finger, touchpad gesture cancelled            | cancelled |
/// | active   | a finger lifts / touchpad gesture ends                 | ended     |
struct PinchRecognizer: ProgressRecognizer, Sendable {
    /// What of the fingers' shape the gesture follows.
    enum Shape: Sendable {
        /// Their spread: magnify's scale, off 1 by `minimumScaleDelta`.
        case spread
        /// Their turn: rotate's angle, `minimumAngleDelta` degrees.
        case turn
    }

    /// A ratio: the scale must leave 1 by this much (5 %).
    static let defaultMinimumScaleDelta = 0.05
    /// Degrees the fingers must turn before the rotation begins.
    static let defaultMinimumAngleDelta = 5.0

    let shape: Shape
    let rule: FingerRule
    /// How far the measure must go before it begins: a scale change (spread)
    /// or degrees (turn).
    let threshold: Double
    /// px of spread or turn under which a touchscreen hand is still.
    let slop: Double
    private(set) var progress = Progress()
    /// The shape's own motion, what it needed (px, or mm on a touchpad)
    /// and whether it also had to be clear, when `shapeNotClear` held it
    /// back: at the lift no spread or turn is read.
    private var heldShape = (own: 0.0, needed: 0.0, clear: false, rival: Refusal.Reading.travel)

    init(_ s: MagnifySpec, _ t: Thresholds) {
        shape = .spread
        rule = FingerRule(s, t)
        slop = t.slop
        threshold = s.minimumScaleDelta ?? Self.defaultMinimumScaleDelta
    }

    init(_ s: RotateSpec, _ t: Thresholds) {
        shape = .turn
        rule = FingerRule(s, t)
        slop = t.slop
        threshold = s.minimumAngleDelta ?? Self.defaultMinimumAngleDelta
    }

    mutating func reset() { progress.reset() }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            // Fingers setting off the same way may still turn or spread
            // (a turn or a pinch while the hand drags): `begins` weighs it.
            guard c.source != .touchpadSwipe, rule.stillPossible(c) else {
                return progress.fail()
            }
            guard rule.ready(c) else {
                progress.held = rule.unready(c)
                return
            }
            guard amount(c) >= threshold else {
                progress.held = shape == .spread ? .scaleTooSmall : .angleTooSmall
                return
            }
            guard begins(c) else {
                progress.held = .shapeNotClear
                heldShape = shortfall(c)
                return
            }
            progress.begin(c, rule)
        case .active:
            if shape == .spread {
                progress.follow(c, rule) { $0.scale != $1.scale }
            } else {
                progress.follow(c, rule) { $0.angle != $1.angle }
            }
        default:
            return
        }
    }

    /// How far the shape has gone from the landing: the scale off 1, or the
    /// turn in degrees.
    private func amount(_ c: Contact) -> Double {
        shape == .spread ? abs(c.scale - 1) : abs(c.angle)
    }

    /// The shape's change outweighs what else the hand does (`FingerMotion.swift`).
    private func begins(_ c: Contact) -> Bool {
        shape == .spread ? c.spreadBegins(slop: slop) : c.turnBegins(slop: slop)
    }
}

// How far it is toward its threshold, for people watching (Measure.swift).
extension PinchRecognizer {
    func measure(_ c: Contact) -> Measure {
        switch shape {
        case .spread:
            return Measure(kind: .scale, value: amount(c) * 100, threshold: threshold * 100, unit: "%")
                .counting(rule, c)
        case .turn:
            return Measure(kind: .angle, value: amount(c), threshold: threshold, unit: "°").counting(rule, c)
        }
    }
}

// Why it failed, for people asking (Refusal.swift): `step`'s guards in its
// order, on the contact of the failing step, or the guard that held it.
extension PinchRecognizer {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        let m: Measure = measure(c)
        if let r = rule.failedFirst(c, t, cancelled: progress.state == .cancelled, foreign: .touchpadSwipe, m) { return r }
        return rule.atLift(progress.held, c, t, m) { why in
            switch why {
            case .scaleTooSmall, .angleTooSmall:
                return Refusal(why, measure(c))
            case .shapeNotClear:
                let unit: StaticString = c.source == .touch ? "px" : "mm"
                var r = Refusal(.shapeNotClear, Measure(kind: .distance, value: heldShape.own, threshold: heldShape.needed,
                                                        unit: unit), other: heldShape.clear ? 1 : 0, pxPerMM: c.mm(t))
                r.readings = Refusal.Readings(own: shape == .spread ? .spread : .turn, other: heldShape.rival)
                return r
            default:
                return nil
            }
        }
    }
}

extension PinchRecognizer {
    /// What `begins` weighed the shape's own motion against, as
    /// `Contact.spreadBegins` / `turnBegins` branch: (its motion, the
    /// motion it needed, whether it also had to be clear: ×`clearScale`,
    /// `clearAngle`). Worked out only as it is held back (amount reached,
    /// not begun: a few steps of a hand that drags as it pinches).
    fileprivate func shortfall(_ c: Contact) -> (own: Double, needed: Double, clear: Bool, rival: Refusal.Reading) {
        let (a, b, clear) = weighed(c)
        // What it was weighed against: the spread, where a turn had first to outweigh it, else the travel.
        return (a, b, clear, shape == .turn && c.source == .touch && a < c.spreadMotion ? .spread : .travel)
    }

    private func weighed(_ c: Contact) -> (own: Double, needed: Double, clear: Bool) {
        let spread = shape == .spread
        guard c.source == .touch else {
            let r = Contact.touchpadPinchRadius * Contact.libinputTouchpadSlowdown
            return (spread ? c.spread(atRadius: r) : c.turn(atRadius: r), c.padTravel.length, false)
        }
        let own = spread ? c.spreadMotion : c.turnMotion
        // A turn must first outweigh the spread (a twist does not outvote a pinch).
        if !spread && own < c.spreadMotion { return (own, c.spreadMotion, false) }
        let together = spread ? c.fingerMotion == .together || c.fingerMotion == .resting && c.fingers == 2
            : (c.fingerMotion == .together || c.fingerMotion == .resting) && c.fingers == 2
        if spread && c.landedApart {
            guard c.fingerMotion == .resting else { return (own, slop, true) }
            // A resting pair: the resting finger's motion, against slop.
            return c.fingers == 2 ? (c.movedSinceLanding, slop, true) : (own, max(slop, c.translation.length), true)
        }
        if together { return (own, max(slop, c.translation.length / Contact.shapeAgainstTravel), true) }
        return (own, c.fingerMotion == .apart ? slop : max(slop, c.translation.length), !spread && c.landedApart)
    }
}
