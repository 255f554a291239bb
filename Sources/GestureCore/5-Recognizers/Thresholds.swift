// Thresholds resolved to pixels and seconds for one screen: what every
// recognizer is built from.

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
/// in mm is of libinput's unaccelerated motion (`Contact.padTravel`), the
/// same on every pad and at every speed (it carries libinput's touchpad
/// slowdown: the fingers travel 1/0.2968 times as far); one in px is the accelerated motion X
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
