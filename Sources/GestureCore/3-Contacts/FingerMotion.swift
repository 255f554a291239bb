// Swipe versus pinch, decided from the fingers' own motion at the start, the
// way libinput's touchpad gesture code decides (evdev-mt-touchpad-gestures.c,
// "detect motion gestures"): once every finger has moved a little, fingers
// moving the same way are a swipe, fingers moving different ways a pinch or
// a rotation. Only directions count: real touchscreens report each finger's
// motion in steps of their own (one finger 50 px, another 8 px by the same
// frame, the same way: a swipe), so how far each moved says little. The
// decision holds for the session: a pinch whose hand then drifts stays a
// pinch, a swipe whose fingers then spread stays a swipe.

/// How the fingers of a touchscreen hand move relative to each other.
public enum FingerMotion: UInt8, Hashable, Sendable {
    /// Fewer than two fingers, or not every finger has moved enough to say.
    case undecided
    /// Every two fingers move within 90° of each other: a swipe or a drag.
    case together
    /// Some two fingers move 90° or more apart: a pinch or a rotation.
    case apart
    /// A finger rests while another sets off (libinput's resting thumb):
    /// the hand is neither, for the session; what it does is judged by how
    /// far its fingers' shape changes against its travel, as undecided.
    case resting

    /// mm every finger must have moved before the hand is judged, for two
    /// fingers; each finger beyond two adds `minimumMovePerFinger`, as more
    /// fingers need more margin (libinput's figures for touchpads).
    static let minimumMove = 1.5
    static let minimumMovePerFinger = 0.5
    /// mm a finger may travel while another has not moved `minimumMove`
    /// before that other finger is judged resting, for two fingers; each
    /// finger beyond two adds `maximumMovePerFinger` (libinput's `max_move`,
    /// "a resting thumb": its touchpad code then makes no pinch of the two).
    static let maximumMove = 4.0
    static let maximumMovePerFinger = 2.0

    /// The hand's motion from the fingers down, each measured from where it
    /// was when the session's last finger landed (`TouchSlot.anchor`).
    ///
    /// A finger that has not moved `minimumMove` while another has travelled
    /// `maximumMove` rests (libinput's resting thumb): ts16's fourth finger,
    /// landing as the other three drag 70–110 px up-left, had moved 1 px
    /// when they passed 8 mm; it then wandered 13 px right, and, judged by
    /// directions, the hand was `apart` and the three fingers' drag past the
    /// resting one read as a 15° turn (`rotate4`).
    ///
    /// `down`: the fingers down (at least two); `least`: the least any of
    /// them has moved (the tracker's `movedSinceLanding`, measured once).
    static func judge(_ slots: [TouchSlot], down: Int, least: Double, pxPerMM: Double) -> FingerMotion {
        let extra = Double(down - 2)
        guard least >= (minimumMove + minimumMovePerFinger * extra) * pxPerMM else {
            let resting = (maximumMove + maximumMovePerFinger * extra) * pxPerMM
            for s in slots where s.down && (s.position - s.anchor).length >= resting { return .resting }
            return .undecided
        }
        for i in slots.indices where slots[i].down {
            let a = slots[i].position - slots[i].anchor
            for j in slots.indices where j > i && slots[j].down {
                if a.dot(slots[j].position - slots[j].anchor) <= 0 { return .apart }
            }
        }
        return .together
    }
}

extension Contact {
    /// mm from a touchpad pinch's centre to each finger, nominally: libinput
    /// reports a pinch's scale and angle but not how far apart the fingers
    /// are; it takes fingers 30 mm apart for a pinch at once.
    static let touchpadPinchRadius = 15.0

    /// libinput slows every motion a touchpad reports, its gestures' too,
    /// by this factor (filter-touchpad.c, `TP_MAGIC_SLOWDOWN`): 1 mm on the
    /// pad is 39.37 × 0.2968 ≈ 11.7 units of its 1000-dpi deltas, not 39.37.
    /// Measured in the E2E VM: the bcm5974's 3-finger swipe of 40 mm
    /// delivers 405 units (the first few mm go to libinput's own threshold);
    /// tp07's pinch centre, 4.1 mm on its pad in one frame, 43 px.
    /// `padTravel` counts the units as 1000-dpi ones (the touchpad swipe
    /// thresholds are set in those), so a spread or turn in mm on the pad
    /// weighs against it at this fraction.
    static let libinputTouchpadSlowdown = 0.2968

    /// The hand's travel against its fingers' own motion, judged on the
    /// whole hand since it landed. A swipe may begin when its travel is at
    /// least `travelPerShape` times its spread, and its turn, and
    /// `travelPerWholeShape` times the two together (`shapeMotion`): a
    /// twist and a spread made at once are one change of shape. Real
    /// swipes change shape by 0.05–0.2 of their travel (a 4-finger swipe
    /// converging ×0.69 over 300 px: 0.15); ts16's 4-finger drag, its
    /// fingers landing over 0.75 s, spreads ×1.35–1.6 as it travels 350 px
    /// (0.35, and 0.47 with its twist). Hands making two motions at once
    /// change shape by 0.4 and more (issue 51: 2 fingers turning 95° while
    /// dragging 530 px down, 0.41; a late pinch ×0.57 drifting 150 px down,
    /// 0.43; a 5-finger pinch ×0.75 twisting 37° as it drifts 225 px, 0.56).
    var travelDominates: Bool {
        let d = translation.length, s = spreadMotion, r = turnMotion
        return d >= Self.travelPerShape * max(s, r) && d >= Self.travelPerWholeShape * (s + r)
    }

    /// The fingers have turned `clearAngle`, and by `slop` at least (a
    /// narrow pair's angle is noise). Not a veto on a swipe: fingers that
    /// flicker as a hand drags shift the angle measured (ts22's 4-finger
    /// drag reads 37° of turn, a fifth of its travel).
    func turnIsClear(slop: Double) -> Bool { abs(angle) >= Self.clearAngle && turnMotion >= slop }

    static let travelPerShape = 2.5
    static let travelPerWholeShape = 2.0

    /// A pinch or a turn of fingers that set off the same way may begin
    /// only while their change of shape (spread and turn together) is at
    /// least `1 / shapeAgainstTravel` of their travel: the twist of a twisted pinch counts
    /// for the pinch, the spread of a turning drag for the turn.
    var shapeHolds: Bool { shapeMotion * Self.shapeAgainstTravel >= translation.length }

    static let shapeAgainstTravel = 3.0

    /// The spread may begin a magnify. Fingers that set off the same way
    /// (a swipe's) need a clear spread, and their shape must not be
    /// outweighed by their travel (`travelDominates`; the twist counts
    /// with the spread: a twisted pinch is a pinch). Fingers that landed
    /// apart (a finger rested or dragged, and another came later: hands
    /// put down one by one wobble by ×0.89–1.13) need a clear spread,
    /// however far the hand drags and whichever way the fingers set off
    /// (pinches while dragging 400–500 px). Otherwise the spread must
    /// outweigh the hand's travel, unless the fingers set off different
    /// ways.
    ///
    /// Fingers dragging past one that rests change their spread by the
    /// hand's travel alone, as they turn about it (`turnBegins`): with three
    /// fingers or more and one resting, the spread must outweigh the travel
    /// (issue 59: ts22's 4-finger drag, its first three fingers landing in
    /// another order, one resting while two dragged 81 px: ×0.56, 24 px of
    /// spread, `magnify3:in`; the same past a resting fourth finger,
    /// `magnify4:out` at 41 px of spread over 483 px of travel).
    ///
    /// A pair that landed apart with one finger resting pinches only once
    /// that finger too has moved by `slop`: with one finger still, the
    /// pair's spread, (d − d₀) / 2, is never more than its travel, m / 2
    /// (the moving finger's m ≥ |d − d₀|), so it says nothing the drag
    /// does not; libinput's pinches move both fingers (its resting thumb
    /// makes none). Issue 59: ts16 #2's finger dragging 184 px alone, a
    /// second landing 1.1 s later and resting (0 px) as the first dragged
    /// 52 px on, ×1.3 when the landing window closed at × 0.5–0.66 speed
    /// (`magnify2:out`). The real late-finger pinches move both fingers,
    /// the late one sometimes only after a while (ts15 #1's second finger
    /// still for 1.3 s as the first closed 19 px toward it, then both
    /// closing ×0.59 while dragging 499 px down).
    func spreadBegins(slop: Double) -> Bool {
        guard source == .touch else { return fingersOutweighHand(spread: true, slop: slop) }
        let pastRest = fingerMotion == .resting && fingers > 2
        if landedApart {
            guard spreadIsClear(slop: slop) && fingerMotion == .resting else { return spreadIsClear(slop: slop) }
            return fingers == 2 ? movedSinceLanding >= slop : spreadMotion >= translation.length
        }
        if fingerMotion == .together || fingerMotion == .resting && !pastRest {
            return spreadIsClear(slop: slop) && shapeHolds
        }
        return fingersOutweighHand(spread: true, slop: slop)
    }

    /// The turn may begin a rotation: it outweighs the fingers' spread on a
    /// touchscreen (a twist does not outvote a spread: tp18's ×1.36 spread
    /// turns 8° as it goes, 20 px of turn to 38 of spread, in the VM's
    /// recording), and is clear (`clearAngle` at least) where the fingers
    /// landed apart (hands put down one by one twist by 5–7°; late
    /// rotations turn 30–124°) or set off the same way, or are a pair with
    /// one resting (a turn while the hand drags: issue 51's 95° over 530 px,
    /// whose fingers both go down, the inner one a third as fast as the
    /// outer; a finger pivoting about a resting one turns by definition);
    /// those last need a shape not outweighed by their travel
    /// (`shapeHolds`). Three fingers dragging past a resting fourth turn
    /// only as the hand's centre moves (ts16): no rotation.
    /// Otherwise it outweighs the hand's travel.
    ///
    /// Three fingers or more that set off the same way turn only as their
    /// positions shift while the hand drags (a finger flickering, or
    /// lagging): their turn too must outweigh the travel (issue 59: ts16's
    /// 4-finger drag, slower, turned 15° over 223 px of travel, 50 px of
    /// turn: `rotate4:ccw`). A pair turning as it drags keeps the clear
    /// rule (issue 51's 95° over 530 px).
    func turnBegins(slop: Double) -> Bool {
        guard source == .touch else { return fingersOutweighHand(spread: false, slop: slop) }
        guard turnMotion >= spreadMotion else { return false }
        if (fingerMotion == .together || fingerMotion == .resting) && fingers == 2 {
            return turnIsClear(slop: slop) && shapeHolds
        }
        return fingersOutweighHand(spread: false, slop: slop) && (!landedApart || abs(angle) >= Self.clearAngle)
    }

    static let clearAngle = 15.0

    /// A spread no swipe's fingers make: the ratio past `clearScale` (or
    /// its inverse), by `slop` at least. Real two-finger swipes and scrolls
    /// (EP0430M09, Wacom ISDv4, touch_dev, Synaptics: ../shared/real-hands)
    /// keep their spread within ×0.88–1.09; real pinches reach ×1.36–3 or
    /// ×0.6–0.1, often while the hand drifts farther than the fingers spread
    /// and with the fingers' first millimetres the same way.
    func spreadIsClear(slop: Double) -> Bool {
        (scale >= Self.clearScale || scale <= 1 / Self.clearScale) && spreadMotion >= slop
    }

    static let clearScale = 1.25

    /// The fingers' own motion (their spread or their turn) outweighs the
    /// hand's, so a pinch or a rotation may begin. Touchscreens: the motion
    /// exceeds `slop` (a still hand wobbles) and, unless the fingers set off
    /// different ways (then the hand may drift as it likes), the fingers'
    /// travel together. Touchpads: the spread or turn, in mm on the pad at
    /// the nominal finger distance, at least the centre's travel on the pad,
    /// both in the same mm (`libinputTouchpadSlowdown`): a 2-finger scroll
    /// libinput took for a pinch (scale 1 ± a few %, the centre moving
    /// 10–30 mm), or a pad whose second contact stays put while the first
    /// runs (tp07, a semi-MT Synaptics played as a full multi-touch pad: one
    /// contact pinned outside the pad's axis range, the other running right,
    /// ×1.19–1.26 at its first update, ×1.48–1.88 within 90 ms, while the
    /// centre travels 3–15 mm, 1.2–2.1 times the spread). libinput itself
    /// makes no 2-finger pinch of one finger resting while the other moves
    /// (a resting thumb, or a one-finger scroll): its pinches move both
    /// fingers apart, the centre nearly still.
    func fingersOutweighHand(spread: Bool, slop: Double) -> Bool {
        switch source {
        case .touch:
            let own = spread ? spreadMotion : turnMotion
            return own >= slop && (fingerMotion == .apart || own >= translation.length)
        case .touchpadPinch:
            // The spread in libinput's units: the radius scaled by its slowdown.
            let r = Self.touchpadPinchRadius * Self.libinputTouchpadSlowdown
            return (spread ? self.spread(atRadius: r) : turn(atRadius: r)) >= padTravel.length
        case .touchpadSwipe:
            return false
        }
    }
}
