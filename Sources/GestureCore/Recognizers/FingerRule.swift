// Thresholds resolved to pixels and seconds, and the finger/edge rule every
// recognizer shares.

/// `[settings]` with lengths turned into pixels for one screen.
struct Thresholds: Sendable {
    var tapTimeout: Seconds
    var doubleTapTimeout: Seconds
    var longPress: Seconds
    var slop: Double
    var fingerLanding: Seconds
    var swipeDistance: Double
    var touchpadSwipeDistance: TouchpadDistance
    var swipeMinVelocity: Double
    var edgeWidth: Double
    var grabTimeout: Seconds
    var repeatDelay: Seconds
    var repeatInterval: Seconds
    var pxPerMM: Double

    init(_ s: Settings, pxPerMM: Double) {
        tapTimeout = s.tapTimeout
        doubleTapTimeout = s.doubleTapTimeout
        longPress = s.longPress
        slop = s.slop.pixels(pxPerMM: pxPerMM)
        fingerLanding = s.fingerLanding
        swipeDistance = s.swipeDistance.pixels(pxPerMM: pxPerMM)
        touchpadSwipeDistance = TouchpadDistance(s.touchpadSwipeDistance)
        swipeMinVelocity = s.swipeMinVelocity.perSecond.pixels(pxPerMM: pxPerMM)
        edgeWidth = s.edgeWidth.pixels(pxPerMM: pxPerMM)
        grabTimeout = s.grabTimeout
        repeatDelay = s.repeatDelay
        repeatInterval = s.repeatInterval
        self.pxPerMM = pxPerMM
    }

    func px(_ l: Length?, default d: Double) -> Double {
        l.map { $0.pixels(pxPerMM: pxPerMM) } ?? d
    }
}

/// A touchpad swipe's distance and the motion it is measured on: a length
/// in mm is the fingers' travel on the pad (`Contact.padTravel`), the same
/// on every pad and at every speed; one in px is the accelerated motion X
/// reports (`Contact.translation`), whose px grow with the speed.
struct TouchpadDistance: Sendable {
    var value: Double
    var onThePad: Bool

    init(_ l: Length) {
        switch l {
        case .mm(let v): value = v; onThePad = true
        case .px(let v): value = v; onThePad = false
        }
    }

    /// The motion this distance is measured on.
    func motion(_ c: Contact) -> Point { onThePad ? c.padTravel : c.translation }
}

/// Fingers of one gesture may land within `finger-landing`; an extra finger
/// fails a recognizer that wants fewer; `from:` wants every finger near an edge.
struct FingerRule: Sendable {
    let fingers: Int
    let edge: Edge?
    let edgeWidth: Double

    init(_ gesture: some LeafGesture, _ t: Thresholds) {
        fingers = max(1, gesture.common.fingers ?? gesture.defaultFingers)
        edge = gesture.common.from
        edgeWidth = t.px(gesture.common.edgeWidth, default: t.edgeWidth)
    }

    /// The contact can never be this gesture (in its current session).
    func violated(by c: Contact) -> Bool {
        if c.landed > fingers || c.roaming { return true }
        if c.settled && c.landed < fingers { return true }
        if let e = edge, !(c.edges[e] <= edgeWidth) { return true }
        return false
    }

    /// Exactly the wanted fingers are down and no more will land.
    func ready(_ c: Contact) -> Bool {
        c.settled && c.fingers == fingers
    }

    /// A gesture not yet recognized can still be: the rule holds and no finger
    /// has lifted (a lift before recognition fails every gesture but tap).
    func stillPossible(_ c: Contact) -> Bool {
        !violated(by: c) && c.lifted == 0 && !c.ended
    }
}

/// State, value and change flag of a continuous gesture, with the active phase
/// they all share: an extra finger or a cancelled touchpad gesture cancels it,
/// a lift ends it, otherwise its value follows the contact.
struct Progress: Sendable {
    private(set) var state = RecognizerState.possible
    var value = GestureValue()
    private(set) var changed = false

    mutating func fail() { state = .failed }
    mutating func cancel() { state = .cancelled }
    mutating func reset() { self = Progress() }

    mutating func begin(_ c: Contact, _ rule: FingerRule) {
        value = GestureValue(contact: c, fingers: rule.fingers)
        state = .active
    }

    /// One step of the active phase. `moved` says whether the value changed.
    mutating func follow(_ c: Contact, _ rule: FingerRule, moved: (GestureValue, GestureValue) -> Bool) {
        changed = false
        if c.landed > rule.fingers || c.cancelled {
            state = .cancelled
            return
        }
        let old = value
        value = GestureValue(contact: c, fingers: rule.fingers)
        if c.lifted > 0 || c.ended {
            state = .ended
        } else {
            changed = moved(old, value)
        }
    }

    mutating func clearChanged() { changed = false }
}

extension GestureValue {
    /// Equal in what moves (the clock alone does not make a change).
    func sameMotion(as o: GestureValue) -> Bool {
        translation == o.translation && location == o.location && scale == o.scale && angle == o.angle
            && fingers == o.fingers
    }
}
