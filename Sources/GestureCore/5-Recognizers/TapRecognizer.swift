/// `tap(count:, fingers:)`: discrete; value: location (of the last tap).
///
/// | state    | input                                                     | next     |
/// |----------|-----------------------------------------------------------|----------|
/// | possible | not touches, finger rule broken, moved > slop, or moved    | failed   |
/// |          | together > slop × strokeTravel (a short stroke) before     |          |
/// |          | the first lift,                                            |          |
/// |          | down ≥ tap-timeout after its last finger landed (fingers   |          |
/// |          | land apart) or after its first finger lifted, next tap    |          |
/// |          | later than double-tap-timeout,                             |          |
/// |          | a finger that landed after the landing window closed       |          |
/// |          | (fingers put down one by one are no tap)                   |          |
/// | possible | all lift, the fingers down together too briefly            | failed   |
/// |          | (`Contact.fingersDownTogether`: quick single taps)         |          |
/// | possible | all lift: taps + 1 == count                                | ended    |
/// | possible | all lift: taps + 1 < count (wait for the next tap)         | possible |
struct TapRecognizer: LeafRecognizer, Sendable {
    /// Of `slop`: fingers that travel together this far made a stroke, short
    /// as it is (a tap's fingers wobble and roll, but stay).
    static let strokeTravel = 0.75

    let count: Int
    let rule: FingerRule
    let slop: Double
    let tapTimeout: Seconds
    let doubleTapTimeout: Seconds

    private(set) var state = RecognizerState.possible
    /// Discrete: its value never "changes", it is there when it ends.
    var changed: Bool { false }
    private(set) var value = GestureValue()
    private(set) var deadline: Seconds?
    private var taps = 0
    private var countedSession = 0
    private var lastLift: Seconds = 0

    init(_ s: TapSpec, _ t: Thresholds) {
        count = max(1, s.count)
        rule = FingerRule(s, t)
        slop = t.slop
        tapTimeout = t.tapTimeout
        doubleTapTimeout = t.doubleTapTimeout
    }

    mutating func reset() {
        state = .possible
        value = GestureValue()
        deadline = nil
        taps = 0
        countedSession = 0
        lastLift = 0
    }

    mutating func step(_ c: Contact) {
        guard state == .possible else { return }
        guard c.source == .touch else { return fail() }
        if c.session > countedSession && c.landed > 0 {
            // Inside a tap (or its lift).
            if taps > 0 && c.sessionStart >= lastLift + doubleTapTimeout { return fail() }
            // Travel counts until the first lift: as a finger lifts, a panel
            // may move the others' contacts (the E4 panel's 4-finger tap: 29 px).
            let moved = c.lifted == 0 && (c.maxTravel > slop || c.translation.length > Self.strokeTravel * slop)
            // Its time runs from its last landing to its first lift; then the
            // fingers lift within tap-timeout (ts22's four lift over 0.1 s).
            let due = (c.firstLift.isFinite ? c.firstLift : c.lastLanding) + tapTimeout
            if rule.violated(by: c) || moved || c.time >= due || c.landedApart {
                return fail()
            }
            guard c.ended else {
                deadline = due
                return
            }
            if c.landed != rule.fingers || !c.fingersDownTogether { return fail() }
            taps += 1
            countedSession = c.session
            lastLift = c.time
            value = GestureValue(contact: c, fingers: rule.fingers)
            value.location = c.start
            value.count = taps
            if taps == count {
                state = .ended
                deadline = nil
            } else {
                deadline = lastLift + doubleTapTimeout
            }
        } else if taps > 0 && c.time >= lastLift + doubleTapTimeout {
            // Waiting for the next tap, and it did not come.
            fail()
        }
    }

    private mutating func fail() {
        state = .failed
        deadline = nil
    }
}


extension Contact {
    /// The fingers of a multi-finger tap are down together for
    /// `tapTogether`, or half the time they took to land if that is less:
    /// one finger tapping as another comes down (single taps in quick
    /// succession, a drumming hand: 0–15 ms together) is no multi-finger
    /// tap; fingers landing over 200 ms and resting 40 ms are one.
    var fingersDownTogether: Bool {
        firstLift - lastLanding >= min(Self.tapTogether, 0.5 * (lastLanding - sessionStart))
    }

    public static let tapTogether: Seconds = 0.025
}

// How far it is toward its threshold, for people watching (Measure.swift).
extension TapRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .time, value: max(0, c.time - c.lastLanding) * 1000, threshold: tapTimeout * 1000, unit: "ms",
                atMost: true, setting: "tap-timeout").counting(rule, c)
    }
}

// Why it failed, for people asking (Refusal.swift): `step`'s failures in its
// order, on the contact of the failing step (a tap fails at once, never held).
extension TapRecognizer {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        func ms(_ s: Seconds) -> Double { max(0, s) * 1000 }
        let mm = c.mm(t)
        guard c.source == .touch else { return Refusal(.notTouches, measure(c)) }
        guard c.session > countedSession && c.landed > 0 else {
            // Waiting for the next tap, and it did not come.
            return Refusal(.nextTapLate, Measure(kind: .time, value: ms(c.time - lastLift), threshold: ms(doubleTapTimeout),
                                                 unit: "ms", atMost: true, setting: "double-tap-timeout"))
        }
        if taps > 0 && c.sessionStart >= lastLift + doubleTapTimeout {
            return Refusal(.nextTapLate, Measure(kind: .time, value: ms(c.sessionStart - lastLift),
                                                 threshold: ms(doubleTapTimeout), unit: "ms", atMost: true,
                                                 setting: "double-tap-timeout"))
        }
        if let r = rule.broken(c, t) { return r }
        if c.lifted == 0 && c.maxTravel > slop {
            return Refusal(.tapMoved, Measure(kind: .distance, value: c.maxTravel, threshold: slop, unit: "px", atMost: true,
                                              setting: "slop"), pxPerMM: mm)
        }
        if c.lifted == 0 && c.translation.length > Self.strokeTravel * slop {
            return Refusal(.tapStroke, Measure(kind: .distance, value: c.translation.length, threshold: Self.strokeTravel * slop,
                                               unit: "px", atMost: true, setting: "slop"), pxPerMM: mm)
        }
        let start = c.firstLift.isFinite ? c.firstLift : c.lastLanding
        if c.time >= start + tapTimeout {
            // Down too long after its last landing, or (`atLift`) lifting too long after its first lift.
            var r = Refusal(.tapTooLong, Measure(kind: .time, value: ms(c.time - start), threshold: ms(tapTimeout),
                                                 unit: "ms", atMost: true, setting: "tap-timeout"))
            r.atLift = c.firstLift.isFinite
            return r
        }
        if c.landedApart {
            // The late finger began the attempt anew: how late it was is gone; the window it missed is said.
            return Refusal(.landedApart, Measure(kind: .count, value: Double(c.landed), threshold: Double(rule.fingers),
                                                 unit: "fingers", setting: "finger-landing"), other: ms(t.fingerLanding))
        }
        if c.landed != rule.fingers { return rule.refusal(.fewerFingers, c, t) }
        return Refusal(.notTogether, Measure(kind: .time, value: ms(c.firstLift - c.lastLanding),
                                             threshold: ms(min(Contact.tapTogether, 0.5 * (c.lastLanding - c.sessionStart))),
                                             unit: "ms"))
    }
}
