// A refusal in words, for `replay --explain`, `watch` and `tune`: worked out
// only when asked, never while the engine steps. Each rule says its name,
// what sets its threshold (a `[settings]` key, an argument of the binding,
// or the engine) and, where no setting reaches it, why not, so `tune` can
// say it of an attempt no change recognizes.

extension Refusal.Rule {
    /// Its name, as explain and tune say it: the setting's key where one
    /// setting alone is its threshold.
    public var name: String { nameText.description }
    /// The `[settings]` key that sets its threshold (unless the binding
    /// writes `argument`); nil: none does.
    public var setting: String? { settingText?.description }
    /// The argument of a binding that sets its threshold, if one does.
    public var argument: String? { argumentText?.description }

    // Static text, in switches: a new rule cannot go without, and saying
    // one (the monitor says every failure while a client watches) makes
    // no string it does not print.
    var nameText: StaticString {
        switch self {
        case .lifted: "lifted"
        case .extraFinger: "extra-finger"
        case .tooManyFingers: "too-many-fingers"
        case .tooFewFingers: "too-few-fingers"
        case .fewerFingers: "fewer-fingers"
        case .countNotSettled: "count-not-settled"
        case .handGrowing: "growing-hand"
        case .fingersDown: "fingers-down"
        case .notNearEdge: "edge-width"
        case .notTouches: "touchscreen-only"
        case .touchpadPinch: "pinch-events"
        case .touchpadSwipe: "swipe-events"
        case .touchpadCancelled: "touchpad-cancelled"
        case .swipeDistance: "swipe-distance"
        case .anotherWay: "another-way"
        case .offDirection: "maximum-deviation"
        case .travelDominance: "travel-dominance"
        case .tooSlow: "swipe-min-velocity"
        case .fingersApart: "fingers-apart"
        case .wentBack: "went-back"
        case .dragDistance: "drag-distance"
        case .tapMoved: "tap-slop"
        case .tapStroke: "tap-stroke"
        case .tapTooLong: "tap-timeout"
        case .landedApart: "landed-apart"
        case .notTogether: "down-together"
        case .nextTapLate: "double-tap-timeout"
        case .pressMoved: "press-slop"
        case .pressTooShort: "long-press"
        case .scaleTooSmall: "minimum-scale-delta"
        case .angleTooSmall: "minimum-angle-delta"
        case .shapeNotClear: "pinch-against-travel"
        case .strokeShape: "stroke-against-shape"
        }
    }

    var settingText: StaticString? {
        switch self {
        case .tooFewFingers: "finger-landing"
        case .countNotSettled: "finger-landing"
        case .notNearEdge: "edge-width"
        case .swipeDistance: "swipe-distance"
        case .tooSlow: "swipe-min-velocity"
        case .tapMoved: "slop"
        case .tapStroke: "slop"
        case .tapTooLong: "tap-timeout"
        case .landedApart: "finger-landing"
        case .nextTapLate: "double-tap-timeout"
        case .pressMoved: "slop"
        case .pressTooShort: "long-press"
        default: nil
        }
    }

    var argumentText: StaticString? {
        switch self {
        case .extraFinger: "fingers"
        case .tooFewFingers: "fingers"
        case .fewerFingers: "fingers"
        case .notNearEdge: "edgeWidth"
        case .swipeDistance: "minimumDistance"
        case .offDirection: "maximumDeviation"
        case .tooSlow: "minimumVelocity"
        case .dragDistance: "minimumDistance"
        case .pressMoved: "maximumDistance"
        case .pressTooShort: "minimumDuration"
        case .scaleTooSmall: "minimumScaleDelta"
        case .angleTooSmall: "minimumAngleDelta"
        default: nil
        }
    }

    /// Why no setting reaches it; nil where one does (a test holds that
    /// every rule has one or the other, and that each setting named is one
    /// `tune` varies: SettingTable.swift).
    public var fixedBecause: String? {
        switch self {
        case .lifted:
            return "a gesture not recognized when a finger lifts is over"
        case .extraFinger:
            return "the binding's fingers: says how many it takes; another binding takes more"
        case .tooManyFingers:
            return "more fingers than any binding wants are a palm or two hands resting, never a gesture"
        case .fewerFingers:
            return "the binding's fingers: says how many it takes; another binding takes fewer"
        case .handGrowing:
            return "a hand put down finger by finger has no count until no finger has landed for "
                + "\(Measure.number(Contact.growingHandWait * 1000)) ms, or twice its slowest gap between fingers "
                + "(issue 51: ten fingers put down over 3 s fired three swipes)"
        case .fingersDown:
            return "a gesture begins only with every finger it wants down"
        case .notTouches:
            return "taps, presses and holds are read from touchscreen touches; touchpads report gestures"
        case .touchpadPinch:
            return "libinput decided the touchpad's fingers pinched"
        case .touchpadSwipe:
            return "libinput decided the touchpad's fingers swiped"
        case .touchpadCancelled:
            return "libinput cancelled the touchpad gesture"
        case .anotherWay:
            return "the hand went another way by a whole swipe-distance: that is the other way's swipe"
        case .offDirection:
            return "the binding's maximumDeviation: (\(Measure.number(SwipeRecognizer.defaultMaximumDeviation))° "
                + "by default) sets it, no setting"
        case .travelDominance:
            return "a swipe's travel must be \(Contact.travelPerShape) times its fingers' spread and "
                + "their turn, and \(Measure.number(Contact.travelPerWholeShape)) times both, or pinches "
                + "and turns that drift would swipe (issue 51)"
        case .fingersApart:
            return "fingers that set off different ways pinch or turn, as libinput decides swipe or pinch"
        case .wentBack:
            return "a swipe that goes back under \(SwipeRecognizer.heldFraction) of its distance before it "
                + "wins was a wobble"
        case .dragDistance:
            return "the binding's minimumDistance: (\(Measure.number(DragRecognizer.defaultMinimumDistance)) px "
                + "by default, as SwiftUI's; on touchscreens as many mm as that is at 96 dpi) sets it, no setting"
        case .notTogether:
            return "fingers down together under \(Measure.number(Contact.tapTogether * 1000)) ms (or half "
                + "the time they took to land) are single taps in quick succession"
        case .scaleTooSmall:
            return "the binding's minimumScaleDelta: "
                + "(\(Measure.number(PinchRecognizer.defaultMinimumScaleDelta * 100)) % by default) sets it, "
                + "no setting"
        case .angleTooSmall:
            return "the binding's minimumAngleDelta: "
                + "(\(Measure.number(PinchRecognizer.defaultMinimumAngleDelta))° by default) sets it, no setting"
        case .shapeNotClear:
            return "a pinch or turn must outweigh the hand's travel and slop, or be clear "
                + "(×\(Contact.clearScale), \(Measure.number(Contact.clearAngle))°) where the fingers move "
                + "as one, or drags would pinch"
        case .strokeShape:
            return "fingers that spread or turn by half the drawing pinch or turn: their centre's path "
                + "is no drawing"
        default:
            return nil
        }
    }
}

/// Where words are written, byte by byte: a String's bytes (`said`), or
/// the monitor stream's JSON buffer, so a failure said to a `watch` client
/// makes no String (the monitor says every failure while one listens).
/// Refusals write only our own words: no `"`, `\` or control character.
public protocol WordSink {
    mutating func raw(_ s: StaticString)
    mutating func byte(_ b: UInt8)
}

extension WordSink {
    /// Whole numbers from 100, one decimal under it unless it is 0 (a
    /// threshold of 13.5 px is said so, a travel of 63.0 px as 63).
    mutating func figure(_ x: Double) {
        guard x.isFinite, abs(x) < 1e15 else { return raw("?") }
        let tenths = Int((x * 10).rounded())
        if abs(x) >= 100 || tenths % 10 == 0 { return whole(Int(x.rounded())) }
        decimal(tenths)
    }

    /// One decimal always (mm beside px).
    mutating func tenth(_ x: Double) {
        guard x.isFinite, abs(x) < 1e15 else { return raw("?") }
        decimal(Int((x * 10).rounded()))
    }

    /// An engine constant, to two decimals at most (0.75, 2.5, 15).
    mutating func constant(_ x: Double) {
        let h = Int((x * 100).rounded())
        whole(h / 100)
        guard h % 100 != 0 else { return }
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") + UInt8(h % 100 / 10))
        if h % 10 != 0 { byte(UInt8(ascii: "0") + UInt8(h % 10)) }
    }

    private mutating func decimal(_ tenths: Int) {
        if tenths < 0 { byte(UInt8(ascii: "-")) }
        whole(abs(tenths) / 10)
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") + UInt8(abs(tenths) % 10))
    }

    mutating func whole(_ n: Int) {
        if n < 0 { byte(UInt8(ascii: "-")) }
        let m = n.magnitude
        var p: UInt = 1
        while p <= m / 10 { p *= 10 }
        while p > 0 {
            byte(UInt8(ascii: "0") + UInt8(m / p % 10))
            p /= 10
        }
    }
}

/// A String's bytes, for `Refusal.said`.
struct WordBytes: WordSink {
    var bytes: [UInt8] = []
    init() { bytes.reserveCapacity(160) }
    mutating func raw(_ s: StaticString) { s.withUTF8Buffer { bytes.append(contentsOf: $0) } }
    mutating func byte(_ b: UInt8) { bytes.append(b) }
}

extension Refusal {
    /// In words: the rule's measure and threshold, and its name ("travelled
    /// 63 px (16.7 mm) of the 80 px swipe-distance"), said once in brackets
    /// unless the setting said is its name.
    public var said: String {
        var out = WordBytes()
        write(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The words without the rule's name (`tune` names it before them).
    public var measured: String {
        var out = WordBytes()
        words(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `said`, into `out`.
    public func write<S: WordSink>(_ out: inout S) {
        words(&out)
        if let s = measure.settingText, Self.same(s, rule.nameText) { return }
        out.raw(" (")
        out.raw(rule.nameText)
        out.byte(UInt8(ascii: ")"))
    }

    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        a.withUTF8Buffer { x in b.withUTF8Buffer { y in x.elementsEqual(y) } }
    }

    /// A figure in the measure's unit; a length or speed in px with mm
    /// beside it where the screen's px per mm is known.
    private func amount<S: WordSink>(_ x: Double, _ o: inout S) {
        o.figure(x)
        switch measure.kind {
        case .distance where pxPerMM > 0 && x != 0:
            o.raw(" px (")
            o.tenth(x / pxPerMM)
            o.raw(" mm)")
        case .speed where pxPerMM > 0 && x != 0:
            o.raw(" px/s (")
            o.tenth(x / pxPerMM)
            o.raw(" mm/s)")
        case .count:
            break
        case .scale:
            o.raw(" %")
        case .angle:
            o.raw("°")
        default:
            o.byte(UInt8(ascii: " "))
            o.raw(measure.unitText)
        }
    }

    private func value<S: WordSink>(_ o: inout S) { amount(measure.value, &o) }

    /// "could not tell travel from spread: ", the two readings of one
    /// motion that held it back (issue 59: an ambiguous motion fires
    /// nothing, and says which two it could not tell apart).
    private func ambiguity<S: WordSink>(_ o: inout S) {
        guard let r = readings else { return }
        o.raw("could not tell ")
        o.raw(Self.readingName(r.own))
        o.raw(" from ")
        o.raw(Self.readingName(r.other))
        o.raw(": ")
    }

    private static func readingName(_ r: Reading) -> StaticString {
        switch r {
        case .travel: "travel"
        case .spread: "spread"
        case .turn: "turn"
        }
    }
    /// A threshold is said in its unit alone (the measure has the mm): the
    /// words stay short enough for a `watch` line.
    private func threshold<S: WordSink>(_ o: inout S) {
        var plain = self
        plain.pxPerMM = 0
        plain.amount(measure.threshold, &o)
    }

    /// The threshold with what sets it: "the 80 px swipe-distance", "its
    /// 60 px minimumDistance", or the figure alone.
    private func limit<S: WordSink>(_ o: inout S) {
        if let s = measure.settingText {
            o.raw("the ")
            threshold(&o)
            o.byte(UInt8(ascii: " "))
            o.raw(s)
        } else if let a = rule.argumentText {
            o.raw("its ")
            threshold(&o)
            o.byte(UInt8(ascii: " "))
            o.raw(a)
        } else {
            threshold(&o)
        }
    }

    /// "3 fingers", "1 finger".
    private static func fingers<S: WordSink>(_ n: Double, _ o: inout S) {
        o.figure(n)
        o.raw(n == 1 ? " finger" : " fingers")
    }

    private func words<S: WordSink>(_ o: inout S) {
        let v = measure.value, th = measure.threshold
        switch rule {
        case .lifted:
            o.raw("a finger lifted before it was recognized")
        case .extraFinger, .fewerFingers:
            Self.fingers(v, &o)
            o.raw(" landed; it wants ")
            o.figure(th)
        case .tooManyFingers:
            Self.fingers(v, &o)
            o.raw(" landed, more than any binding wants: nothing until every finger lifts")
        case .tooFewFingers:
            Self.fingers(v, &o)
            o.raw(" landed within the ")
            o.figure(other)
            o.raw(" ms finger-landing; it wants ")
            o.figure(th)
        case .countNotSettled:
            o.raw("lifted ")
            value(&o)
            o.raw(" after the last finger landed, before ")
            limit(&o)
            o.raw(" settled the count")
        case .handGrowing:
            o.raw("the hand was still growing finger by finger: its last finger landed ")
            value(&o)
            o.raw(" before, and it waits ")
            threshold(&o)
            o.raw(" with no landing")
        case .fingersDown:
            o.figure(v)
            o.raw(" of its ")
            Self.fingers(th, &o)
            o.raw(" were down")
        case .notNearEdge:
            o.raw("a finger landed ")
            value(&o)
            o.raw(" from the ")
            o.raw(edge.map(Self.edgeName) ?? "")
            o.raw(" edge, farther than ")
            limit(&o)
        case .notTouches:
            o.raw("a touchpad gesture: it takes touchscreen touches")
        case .touchpadPinch:
            o.raw("the touchpad reported a pinch")
        case .touchpadSwipe:
            o.raw("the touchpad reported a swipe")
        case .touchpadCancelled:
            o.raw("libinput cancelled the touchpad gesture")
        case .swipeDistance:
            o.raw("travelled ")
            value(&o)
            if other > v + 0.5, let w = wanted {
                // Not all of it its way: how much in all.
                o.byte(UInt8(ascii: " "))
                o.raw(Self.directionName(w))
                o.raw(" (")
                var plain = self
                plain.pxPerMM = 0
                plain.amount(other, &o)
                o.raw(" in all)")
            }
            o.raw(" of ")
            limit(&o)
        case .anotherWay:
            o.raw("went ")
            if let w = went {
                o.raw(Self.directionName(w))
                o.byte(UInt8(ascii: " "))
            }
            value(&o)
            o.raw(" more than ")
            o.raw(wanted.map(Self.directionName) ?? "its way")
            o.raw(": clearly another way, by ")
            limit(&o)
        case .offDirection:
            o.raw("moved ")
            value(&o)
            o.raw(" off ")
            o.raw(wanted.map(Self.directionName) ?? "its direction")
            o.raw(", over ")
            limit(&o)
        case .travelDominance:
            ambiguity(&o)
            o.raw("the fingers' spread and turn, ")
            amount(other, &o)
            o.raw(", outweigh their travel, ")
            value(&o)
            o.raw(": a swipe needs its travel ≥ ")
            o.constant(Contact.travelPerShape)
            o.raw(" × either and ")
            o.constant(Contact.travelPerWholeShape)
            o.raw(" × both, ")
            threshold(&o)
            o.raw(" here")
        case .tooSlow:
            o.raw("moved at ")
            value(&o)
            o.raw(", under ")
            limit(&o)
        case .fingersApart:
            o.raw("the fingers set off different ways: a pinch or a turn")
        case .wentBack:
            o.raw("went back to ")
            value(&o)
            o.raw(", under ")
            o.constant(SwipeRecognizer.heldFraction)
            o.raw(" of its distance (")
            threshold(&o)
            o.raw("), before it won")
        case .dragDistance:
            o.raw("moved ")
            value(&o)
            o.raw(" of ")
            limit(&o)
        case .tapMoved, .pressMoved:
            o.raw("a finger moved ")
            value(&o)
            o.raw(", over ")
            limit(&o)
        case .tapStroke:
            o.raw("the fingers moved together ")
            value(&o)
            o.raw(", over ")
            o.constant(TapRecognizer.strokeTravel)
            o.raw(" of the slop (")
            threshold(&o)
            o.raw("): a short stroke")
        case .tapTooLong:
            o.raw(atLift ? "its fingers took " : "down ")
            value(&o)
            o.raw(atLift ? " to lift, over " : " after its last finger landed, over ")
            limit(&o)
        case .landedApart:
            o.raw("a finger landed after the ")
            o.figure(other)
            o.raw(" ms finger-landing had closed: fingers put down one by one are no tap")
        case .notTogether:
            o.raw("its fingers were down together ")
            value(&o)
            o.raw(" of the ")
            threshold(&o)
            o.raw(" a tap needs")
        case .nextTapLate:
            o.raw("no next tap within ")
            limit(&o)
            o.raw(" (")
            value(&o)
            o.raw(" after the lift)")
        case .pressTooShort:
            o.raw("lifted after ")
            value(&o)
            o.raw(" of ")
            limit(&o)
        case .scaleTooSmall:
            o.raw("the spread changed ")
            value(&o)
            o.raw(" of ")
            limit(&o)
        case .angleTooSmall:
            o.raw("the fingers turned ")
            value(&o)
            o.raw(" of ")
            limit(&o)
        case .shapeNotClear:
            // `other`: 1 where the shape also had to be clear.
            ambiguity(&o)
            o.raw("the fingers' own motion, ")
            value(&o)
            o.raw(", was under the ")
            threshold(&o)
            o.raw(" it needed against the hand's travel and slop")
            guard other > 0 else { return }
            o.raw(", or not clear (×")
            o.constant(Contact.clearScale)
            o.raw(", ")
            o.constant(Contact.clearAngle)
            o.raw("°)")
        case .strokeShape:
            o.raw("the fingers spread or turned ")
            value(&o)
            o.raw(", over half the drawing (")
            threshold(&o)
            o.byte(UInt8(ascii: ")"))
        }
    }

    private static func edgeName(_ e: Edge) -> StaticString {
        switch e {
        case .leftEdge: "left"
        case .rightEdge: "right"
        case .topEdge: "top"
        case .bottomEdge: "bottom"
        }
    }

    private static func directionName(_ d: Direction) -> StaticString {
        switch d {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .upLeft: "upLeft"
        case .upRight: "upRight"
        case .downLeft: "downLeft"
        case .downRight: "downRight"
        }
    }
}
