// The contact summary recognizers read: one value per frame, computed once per
// device, so every recognizer judges the same numbers (after the whole frame).

public enum ContactSource: UInt8, Hashable, Sendable {
    /// XI 2.2 touches (touchscreens).
    case touch
    /// XI 2.4 swipe gesture events (touchpads): feed swipe and drag.
    case touchpadSwipe
    /// XI 2.4 pinch gesture events (touchpads): feed magnify and rotate.
    case touchpadPinch
}

/// Distances from the landing points to each edge of their output: for each
/// edge, the largest over the fingers that landed (so "every finger within the
/// width" is one comparison). Infinite where edges do not apply (touchpads).
public struct EdgeDistances: Hashable, Sendable {
    var values: (Double, Double, Double, Double) = (.infinity, .infinity, .infinity, .infinity)

    static let none = EdgeDistances()

    subscript(edge: Edge) -> Double {
        get {
            switch edge.index {
            case 0: return values.0
            case 1: return values.1
            case 2: return values.2
            default: return values.3
            }
        }
        set {
            switch edge.index {
            case 0: values.0 = newValue
            case 1: values.1 = newValue
            case 2: values.2 = newValue
            default: values.3 = newValue
            }
        }
    }

    public static func == (a: EdgeDistances, b: EdgeDistances) -> Bool {
        a.values == b.values
    }

    public func hash(into h: inout Hasher) {
        h.combine(values.0); h.combine(values.1); h.combine(values.2); h.combine(values.3)
    }
}

/// What the fingers of one device are doing, as of one frame or timer tick.
public struct Contact: Hashable, Sendable {
    public var time: Seconds = 0
    public var source: ContactSource = .touch
    // The one-byte fields together: the contact is copied for every
    // recognizer step, and packed it stays under 256 bytes (memcpy's
    // cheap path; spread out among the Doubles, 272).
    /// No more fingers will count as landing together (finger-landing passed,
    /// or as many landed as any candidate wants).
    public var settled: Bool = false
    /// The session is over: every finger lifted (touchpads: gesture end).
    public var ended: Bool = false
    /// Touchpads: the gesture end said cancelled.
    public var cancelled: Bool = false
    /// A finger landed after the landing window had closed, and this attempt
    /// began anew with every finger down: those fingers did not land
    /// together (a finger rested, another came a second later).
    public var landedApart: Bool = false
    /// More fingers landed in this attempt than any binding wants (a palm,
    /// both hands resting): no gesture, until every finger lifts, even when
    /// some lift and land again.
    public var tooManyFingers: Bool = false
    /// Whether the fingers move alike or apart, decided once per session from
    /// each finger's own motion, as libinput decides swipe versus pinch.
    public var fingerMotion: FingerMotion = .undecided
    /// Times a finger landing late (after the landing window closed) made
    /// the hand bigger than it had been, across the attempts it began
    /// anew: a hand put down one by one. A finger that lifts and lands
    /// again (a flicker, a re-grip: ts14, ts22, ts26) does not count.
    public var lateGrowths: UInt8 = 0
    /// A finger landed late `oneByOneGap` or more after the one before and
    /// made the hand bigger: a hand put down finger by finger, which may
    /// bring its next finger in any frame (`ContactTracker.frameJoin(for:)`).
    public var grewOneByOne: Bool = false
    /// The most fingers this hand had landed, in any of its attempts.
    public var mostFingers: UInt8 = 0
    /// The most fingers this hand has had down at once, in any of its
    /// attempts (fingers that lifted and landed again counted once):
    /// no gesture of fewer fingers is its (`FingerRule.violated`).
    public var mostDown: UInt8 = 0
    /// The slowest a hand put down one by one has grown: the longest gap
    /// from a landing to the late finger after it that made the hand
    /// bigger, in 10 ms (at most 2.55 s). One byte, beside the others:
    /// `growingWait` reads it.
    public var slowestGrowth: UInt8 = 0
    /// Fingers down now (touchpads: the event's finger count).
    public var fingers: Int = 0
    /// Fingers that landed in this session.
    public var landed: Int = 0
    /// Fingers that lifted in this session.
    public var lifted: Int = 0
    /// Sessions seen in this attempt, 1-based (a double tap has two).
    public var session: Int = 0
    /// When this session's first finger landed, and its last.
    public var sessionStart: Seconds = 0
    public var lastLanding: Seconds = 0
    /// When the session's first finger lifted (infinity while none has): the
    /// fingers of a tap are down together at least as long as they took to land.
    public var firstLift: Seconds = .infinity
    /// Centroid of the landing points, and of the fingers now.
    public var start: Point = .zero
    public var location: Point = .zero
    /// Mean movement of the fingers since they landed (robust to staggered landing).
    public var translation: Point = .zero
    /// Touchpad gestures: how far the fingers moved on the pad, mm of
    /// libinput's 1000-dpi units (which carry its touchpad slowdown:
    /// `Contact.libinputTouchpadSlowdown`). XI 2.4's
    /// unaccelerated motion is libinput's, normalized to 1000 dpi; where an
    /// update lacks it (a trace without `udx`/`udy`; every pinch update, as
    /// `Input.pinchUpdate` carries none), the accelerated motion stands in, as
    /// for the Touchégg protocol's percentages: libinput accelerates gesture
    /// motion little (×1–1.4 on the bcm5974's swipe in the E2E VM).
    public var padTravel: Point = .zero
    /// The least any finger down has moved since the last finger landed: once
    /// every finger has moved by `slop` (together, apart or around), the hand
    /// has started its gesture and the landing window closes.
    public var movedSinceLanding: Double = 0
    /// Mean distance of the fingers down from their centroid (0 for one
    /// finger; touchpads: 0): what turns a change of scale or angle into px.
    public var radius: Double = 0
    /// The farthest any finger has moved from where it landed.
    public var maxTravel: Double = 0
    /// Spread ratio (touchpad: the event's scale), 1 at landing.
    public var scale: Double = 1
    /// Rotation since landing, degrees, clockwise.
    public var angle: Double = 0
    /// px/s, over the last ~100 ms.
    public var velocity: Point = .zero
    public var edges = EdgeDistances.none

    public init() {}

    /// px the fingers moved apart or together (spread) and around their
    /// centroid (turn) since landing: set against `translation`, they say which
    /// motion dominates (a swipe's fingers are never perfectly rigid).
    public var spreadMotion: Double { spread(atRadius: radius) }
    public var turnMotion: Double { turn(atRadius: radius) }
    /// The fingers' own motion, px: their spread and their turn together,
    /// the whole change of the hand's shape, set against its travel.
    public var shapeMotion: Double { spreadMotion + turnMotion }

    /// A hand put down one by one (it grew late twice or more) is
    /// still growing until no finger has landed for `growingHandWait`:
    /// until then its count is not yet the gesture's, and nothing that
    /// depends on it begins (issue 51: ten fingers put down over 3 s, with
    /// moves of 3 and 5 on the way, fired three swipes). One late finger
    /// is not enough: a pinch's second finger often lands late, and the
    /// pinch must begin as fast as any.
    public var growing: Bool { lateGrowths >= 2 && time < lastLanding + growingWait }

    /// s without a landing before a hand put down one by one has its count:
    /// `growingHandWait`, or `growingPace` times its slowest growth so far,
    /// whichever is longer. The same hand put down at half the pace waits
    /// twice as long (issue 59: ts17 #2, 1→6 fingers over 3.5 s, 0.53–0.9 s
    /// apart, at × 0.7 and × 0.5 came 0.76–1.8 s apart, past a fixed 1 s,
    /// and its 3- and 4-finger stages fired `rotate3` and `magnify4` before
    /// the next finger landed); a hand growing within 0.5 s a finger waits
    /// as before.
    var growingWait: Seconds {
        max(Self.growingHandWait, Self.growingPace * Double(slowestGrowth) / 100)
    }

    /// s without a landing before a hand put down one by one has its count,
    /// at least: fingers put down one by one come 0.3–0.7 s apart (ts17:
    /// 1→6 over 3.5 s; the ten over 3 s); a flickering finger (ts22's
    /// E4 panel) comes back within 0.1 s, so a real drag waits little more.
    static let growingHandWait: Seconds = 1.0
    /// A hand that took g for a finger may take up to twice as long for the
    /// next: ts17 #2's gaps range over ×1.7 (0.53–0.9 s).
    static let growingPace = 2.0

    /// s from a landing to the late finger after it that make a hand put
    /// down one by one: past `finger-landing` (0.2 s) and a pinch's late
    /// second finger (ts-samus: 0.16 s, under emulation up to 0.217 s);
    /// fingers put down one by one come 0.3–0.7 s apart.
    static let oneByOneGap: Seconds = 0.3

    /// The spread and the turn as px (or mm) for fingers `r` from their centre.
    func spread(atRadius r: Double) -> Double { scale > 0 ? r * abs(1 - 1 / scale) : 0 }
    func turn(atRadius r: Double) -> Double { r * abs(angle) * Double.pi / 180 }

    /// The contact as seen by the second gesture of a sequence, which starts
    /// when the first succeeds and measures from there.
    func relative(to base: Contact) -> Contact {
        var c = self
        c.sessionStart = base.time
        c.lastLanding = max(lastLanding, base.time)
        c.start = base.location
        c.translation = translation - base.translation
        c.padTravel = padTravel - base.padTravel
        c.maxTravel = c.translation.length
        c.scale = base.scale != 0 ? scale / base.scale : scale
        c.angle = angle - base.angle
        return c
    }
}
