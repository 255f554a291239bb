/// `swipe(direction:, fingers:, minimumDistance:, minimumVelocity:, maximumDeviation:)`:
/// continuous; value: direction. The seeds' strict swipe: distance, speed over
/// the whole swipe, and deviation from the direction. Fed by touches and
/// touchpad swipes. Decided on the dominant motion, as libinput decides: while
/// the motion is ambiguous (short, diagonal, or the fingers spread or turn as
/// much as they travel together) it stays possible.
///
/// | state    | input                                                            | next      |
/// |----------|------------------------------------------------------------------|-----------|
/// | possible | pinch events, finger rule broken, a lift, the fingers set off     | failed    |
/// |          | different ways (`FingerMotion.apart`)                               |           |
/// | possible | moved ≥ minimumDistance clearly another way (another cardinal     | failed    |
/// |          | direction dominates by minimumDistance)                          |           |
/// | possible | moved ≥ minimumDistance within maximumDeviation of the direction, | active    |
/// |          | travel dominating spread and turn, fingers ready, fast enough     |           |
/// | active   | movement                                                         | active (changed) |
/// | active   | back under `heldFraction` of minimumDistance, or reversed by     | cancelled |
/// |          | minimumDistance from its farthest point; an extra finger;         |           |
/// |          | touchpad gesture cancelled                                        |           |
/// | active   | a finger lifts / touchpad gesture ends                            | ended     |
struct SwipeRecognizer: ProgressRecognizer, Sendable {
    /// Degrees between the motion and the swipe's direction.
    static let defaultMaximumDeviation = 30.0

    /// An active swipe is cancelled when it goes back under this fraction of
    /// its minimum distance: a slow swipe's centre wobbles by a px or two
    /// as it crosses the threshold (a 4-finger swipe of 62 mm over 4.2 s,
    /// 55 px/s, began at 80.3 px and fell to 79.9 in the next frame).
    static let heldFraction = 0.75

    let rule: FingerRule
    let direction: Direction?
    /// Touchscreens: px on the screen. Touchpads: mm on the pad, or px of
    /// the accelerated motion (`TouchpadDistance`).
    let minimumDistance: Double
    let touchpadMinimumDistance: TouchpadDistance
    let minimumVelocity: Double
    let maximumDeviation: Double
    /// Its distance and velocity are the settings', not arguments of the
    /// binding (for saying which).
    let distanceIsSetting: Bool
    let velocityIsSetting: Bool
    private(set) var progress = Progress()
    /// Farthest progress along the direction since it began.
    private var peak = 0.0
    /// The travel, spread and turn (px) when travel-dominance held it back:
    /// at the lift the fingers are up and no spread or turn is read.
    private var heldShape = (travel: 0.0, spread: 0.0, turn: 0.0)

    init(_ s: SwipeSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        direction = s.direction
        minimumDistance = t.px(s.minimumDistance, default: t.swipeDistance)
        touchpadMinimumDistance = s.minimumDistance.map(TouchpadDistance.init) ?? t.touchpadSwipeDistance
        minimumVelocity = s.minimumVelocity.map { $0.perSecond.pixels(pxPerMM: t.pxPerMM) } ?? t.swipeMinVelocity
        maximumDeviation = s.maximumDeviation ?? SwipeRecognizer.defaultMaximumDeviation
        distanceIsSetting = s.minimumDistance == nil
        velocityIsSetting = s.minimumVelocity == nil
    }

    mutating func reset() {
        progress.reset()
        peak = 0
    }

    /// The motion measured and its threshold, for the contact's device (an
    /// attempt's source never changes).
    private func measure(_ c: Contact) -> (motion: Point, minimum: Double) {
        c.source == .touch ? (c.translation, minimumDistance)
            : (touchpadMinimumDistance.motion(c), touchpadMinimumDistance.value)
    }

    mutating func step(_ c: Contact) {
        switch progress.state {
        case .possible:
            guard c.source != .touchpadPinch, c.fingerMotion != .apart, rule.stillPossible(c) else {
                return progress.fail()
            }
            let (v, minimum) = measure(c)
            let d = v.length
            progress.held = .swipeDistance
            guard d >= minimum else { return }
            let dir = direction ?? Direction.cardinal(of: v)
            let along = v.dot(dir.vector)
            // Clearly another way: a cardinal direction other than ours leads,
            // by the threshold (a swipe that drifts sideways first stays possible).
            let other = Direction.cardinal(of: v)
            if other != dir && v.dot(other.vector) - max(0, along) >= minimum { return progress.fail() }
            guard along >= minimum else { return }
            guard Angle.between(v, dir.vector) <= maximumDeviation else {
                progress.held = .offDirection
                return
            }
            // The travel outweighs the change of the hand's shape
            // (`Contact.travelDominates`).
            guard c.travelDominates else {
                progress.held = .travelDominance
                heldShape = (c.translation.length, c.spreadMotion, c.turnMotion)
                return
            }
            guard rule.ready(c) else {
                progress.held = rule.unready(c)
                return
            }
            let elapsed = c.time - c.sessionStart
            let travel = c.translation.length   // the velocity is in px on the screen
            guard minimumVelocity <= 0 || (elapsed > 0 && travel / elapsed >= minimumVelocity) else {
                progress.held = .tooSlow
                return
            }
            progress.begin(c, rule)
            progress.value.direction = dir
            peak = along
        case .active:
            guard let dir = progress.value.direction else { return }
            let (v, distance) = measure(c)
            let along = v.dot(dir.vector)
            peak = max(peak, along)
            if along < Self.heldFraction * distance || along <= peak - distance {
                progress.clearChanged()
                return progress.cancel()
            }
            progress.follow(c, rule) { !$0.sameMotion(as: $1) }
            progress.value.direction = dir
        default:
            return
        }
    }
}


// How far it is toward its threshold, for people watching (Measure.swift).
extension SwipeRecognizer {
    func measure(_ c: Contact) -> Measure {
        let onScreen = c.source == .touch
        let v = onScreen ? c.translation : touchpadMinimumDistance.motion(c)
        let minimum = onScreen ? minimumDistance : touchpadMinimumDistance.value
        let along = direction.map { v.dot($0.vector) } ?? v.length
        let unit: StaticString = onScreen || !touchpadMinimumDistance.onThePad ? "px" : "mm"
        return Measure(kind: .distance, value: max(0, along), threshold: minimum, unit: unit,
                       setting: onScreen ? "swipe-distance" : "touchpad-swipe-distance").counting(rule, c)
    }
}

// Why it failed, for people asking (Refusal.swift): `step`'s guards in its
// order, on the contact of the failing step.
extension SwipeRecognizer {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        let mm = c.mm(t)
        if progress.state == .cancelled {
            // Recognized, it was cancelled before it won: a finger or libinput, or it went back.
            let m: Measure = measure(c)
            guard c.landed <= rule.fingers && !c.cancelled else { return rule.cancelled(c, t, m) }
            var r = Refusal(.wentBack, Measure(kind: .distance, value: m.value, threshold: Self.heldFraction * m.threshold,
                                               unit: m.unitText, setting: m.settingText), pxPerMM: mm)
            r.wanted = progress.value.direction
            return r
        }
        if c.source == .touchpadPinch { return Refusal(.touchpadPinch, measure(c)) }
        if c.fingerMotion == .apart { return Refusal(.fingersApart, measure(c)) }
        if let r = rule.broken(c, t) { return r }
        let (v, minimum) = measure(c)
        let dir = direction ?? Direction.cardinal(of: v)
        let along = v.dot(dir.vector)
        var r: Refusal
        if !c.liftedAny {
            // The only other failure: clearly another way.
            let other = Direction.cardinal(of: v)
            r = Refusal(.anotherWay, distance(v.dot(other.vector) - max(0, along), minimum, c), pxPerMM: mm)
            r.went = other
        } else {
            r = rule.atLift(progress.held, c, t, measure(c)) { why in
                switch why {
                case .swipeDistance:
                    // Its way, and (`other`) in all: a hand that went the other way travelled 0 px its way.
                    return Refusal(.swipeDistance, distance(max(0, along), minimum, c), other: v.length, pxPerMM: mm)
                case .offDirection:
                    return Refusal(.offDirection, Measure(kind: .angle, value: Angle.between(v, dir.vector),
                                                          threshold: maximumDeviation, unit: "°", atMost: true))
                case .travelDominance:
                    let (travel, spread, turn) = heldShape
                    let needed = max(Contact.travelPerShape * max(spread, turn),
                                     Contact.travelPerWholeShape * (spread + turn))
                    var r = Refusal(.travelDominance, Measure(kind: .distance, value: travel, threshold: needed, unit: "px"),
                                    other: spread + turn, pxPerMM: mm)
                    r.readings = Refusal.Readings(own: .travel, other: spread >= turn ? .spread : .turn)
                    return r
                case .tooSlow:
                    let elapsed = c.time - c.sessionStart
                    let speed = elapsed > 0 ? c.translation.length / elapsed : 0
                    return Refusal(.tooSlow, Measure(kind: .speed, value: speed, threshold: minimumVelocity, unit: "px/s",
                                                     setting: velocityIsSetting ? "swipe-min-velocity" : nil), pxPerMM: mm)
                default:
                    return nil
                }
            }
        }
        r.wanted = dir
        return r
    }

    /// The swipe's distance measure: `value` toward `minimum`, in its unit.
    private func distance(_ value: Double, _ minimum: Double, _ c: Contact) -> Measure {
        let m: Measure = measure(c)
        return Measure(kind: .distance, value: value, threshold: minimum, unit: m.unitText,
                       setting: distanceIsSetting ? m.settingText : nil)
    }
}
