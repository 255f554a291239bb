/// `stroke("L", fingers:, directionSensitive:, rotationSensitive:, minimumSize:)`:
/// discrete; a shape drawn, matched once, when the fingers lift, against
/// every shape taught (`StrokeSet`): it is recognized when `shape` is the
/// closest and scores its threshold. Touchscreens: the path of the fingers'
/// centroid, any number of fingers; touchpads: the XI 2.4 swipe's motion.
/// Recognized at the lift, never earlier: a shape is only known once drawn
/// (so in `a.sequenced(before: stroke("L"))` the stroke is drawn after `a`
/// ends, and `stroke(...).sequenced(before: b)` can never go on to `b`).
///
/// | state    | input                                                        | next   |
/// |----------|--------------------------------------------------------------|--------|
/// | possible | pinch events, finger rule broken, fingers moving apart,      | failed |
/// |          | touchpad gesture cancelled                                   |        |
/// | possible | movement: the path grows (`StrokePath`: at most 128 points)   | possible |
/// | possible | a lift / touchpad gesture end, its shape the closest and     | ended  |
/// |          | scoring its threshold                                        |        |
/// | possible | a lift / end otherwise (too small, a line, another shape,    | failed |
/// |          | the fingers spread or turned by half the drawing,             |        |
/// |          | too low a score: `verdict` says which)                       |        |
struct StrokeRecognizer: LeafRecognizer, Sendable {
    /// px: a bounding-box diagonal under this is a tap or a wobble, on a
    /// touchpad (the pointer's px, as the path is drawn in).
    static let defaultMinimumSize = 60.0
    /// On a touchscreen the same 60 px at 96 dpi (3.78 px/mm), in mm so that
    /// a drawing is one size on every panel (issue 59).
    static let defaultTouchMinimumSize = Length.mm(15.87)
    /// The drawing must be this many times the fingers' spread or turn.
    static let dominance = 2.0

    let rule: FingerRule
    let shape: String
    /// px on a touchscreen, and on a touchpad (they differ only by default).
    let minimumSize: Double
    let padMinimumSize: Double
    let strokes: StrokeSet
    let matcher: StrokeMatcher
    /// One match per lift for every stroke binding (`StrokeMatchMemo`).
    let memo: StrokeMatchMemo
    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    var changed: Bool { false }
    var deadline: Seconds? { nil }
    /// The centroid's path since the fingers landed (relative to the landing).
    private var path = StrokePath()
    var pointsKept: Int { path.points.count }
    /// Where the path starts on the screen (the contact's `start`: the
    /// landing's centroid, or where a sequence's first part ended), and
    /// whether a touchscreen draws it: for the trail (`drawing`).
    private var origin = Point.zero
    private var onTouchscreen = false
    /// The match at the lift, for `--explain` and people watching.
    private(set) var verdict: StrokeMatch?
    /// The most the fingers spread or turned while all were down, px: at
    /// the lift the fingers are up and their radius is 0, so the spread
    /// and turn read there are 0 (real hands: a 4-finger pinch in and out
    /// drew a check at its lift).
    private var shapeSeen = 0.0

    init(_ s: StrokeSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        shape = s.shape
        minimumSize = t.px(s.minimumSize, default: Self.defaultTouchMinimumSize.pixels(pxPerMM: t.pxPerMM))
        padMinimumSize = t.px(s.minimumSize, default: Self.defaultMinimumSize)
        strokes = s.taught?.set ?? StrokeSet()
        var options = StrokeOptions()
        options.directionSensitive = s.directionSensitive
        options.rotationInvariant = !s.rotationSensitive
        // The matcher refuses under the smaller; `finish` under the source's own.
        options.minimumSize = min(minimumSize, padMinimumSize)
        options.threshold = 0   // each shape's own (`StrokeSet.match`)
        matcher = strokes.matcher(options)
        memo = s.taught?.memo ?? StrokeMatchMemo()
    }

    mutating func reset() {
        state = .possible
        value = GestureValue()
        path.removeAll()
        verdict = nil
        shapeSeen = 0
        onTouchscreen = false
    }

    mutating func step(_ c: Contact) {
        guard state == .possible else { return }
        guard c.source != .touchpadPinch, !c.cancelled, c.fingerMotion != .apart, !rule.violated(by: c) else {
            state = .failed
            return
        }
        path.add(c.translation)
        origin = c.start
        onTouchscreen = c.source == .touch
        if c.lifted == 0 { shapeSeen = max(shapeSeen, c.spreadMotion, c.turnMotion) }
        if c.lifted > 0 || c.ended { finish(c) }
    }

    /// The match, once, at the lift.
    private mutating func finish(_ c: Contact) {
        // Fingers that spread or turned, at any time while down, as much as
        // half the drawing pinched or rotated: their centroid's path is no
        // drawing (real hands: a two-finger turn's centroid drew an L).
        let size = (path.hi - path.lo).length
        guard c.landed == rule.fingers, max(shapeSeen, c.spreadMotion, c.turnMotion) * Self.dominance <= size else {
            state = .failed
            return
        }
        let m = size < needed(c) && path.points.count >= 2 ? StrokeMatch(name: nil, score: 0, closest: nil, rejection: .tooSmall)
            : strokes.match(path.points, with: matcher, memo: memo)
        verdict = m
        if m.name == shape && !shape.isEmpty {
            value = GestureValue(contact: c, fingers: rule.fingers)
            state = .ended
        } else {
            state = .failed
        }
    }

    /// Why the last attempt was not this shape, for `--explain`.
    var rejection: StrokeVerdict? {
        guard state == .failed, let m = verdict else { return nil }
        let closest = m.closest.flatMap { c in strokes.shapes.firstIndex { $0.name == c } } ?? -1
        return StrokeVerdict(shape: strokes.shapes.firstIndex { $0.name == shape } ?? -1, closest: closest, score: m.score,
                             needed: closest >= 0 ? strokes.shapes[closest].needed
                                 : strokes[shape]?.needed ?? StrokeShape.defaultThreshold,
                             why: m.rejection)
    }
}

/// A stroke that was not its shape: the closest shape and its score
/// ("closest: L, score 0.71 of 0.80 needed"). Packed in one word (shapes
/// by their place in `StrokeSet.shapes`, scores in 1/10,000): an effect
/// carrying it stays as small and as plain as before strokes (effects are
/// copied on every input's path).
public struct StrokeVerdict: Hashable, Sendable {
    private let bits: UInt64

    /// `shape`, `closest`: places in the shapes taught, -1 for none (not
    /// taught; rejected before scoring), at most 32,766.
    public init(shape: Int, closest: Int, score: Double, needed: Double, why: StrokeMatch.Rejection?) {
        func place(_ i: Int) -> UInt64 { UInt64(min(max(i + 1, 0), 0xFFFF)) }
        func ten000(_ x: Double) -> UInt64 { UInt64(min(max((x * 10_000).rounded(), 0), 10_000)) }
        let code: UInt64 = why.map { w in UInt64(StrokeVerdict.rejections.firstIndex(of: w)! + 1) } ?? 0
        bits = place(shape) | place(closest) << 16 | ten000(score) << 32 | ten000(needed) << 46 | code << 60
    }

    static let rejections: [StrokeMatch.Rejection] = [.tooSmall, .straight, .tooFewPoints, .belowThreshold, .noCorner]

    public var shape: Int { Int(bits & 0xFFFF) - 1 }
    public var closest: Int { Int(bits >> 16 & 0xFFFF) - 1 }
    public var score: Double { Double(bits >> 32 & 0x3FFF) / 10_000 }
    public var needed: Double { Double(bits >> 46 & 0x3FFF) / 10_000 }
    public var why: StrokeMatch.Rejection? {
        let code = Int(bits >> 60)
        return code == 0 ? nil : Self.rejections[code - 1]
    }

    /// In words, with the names of the shapes taught.
    public func said(_ names: [String]) -> String {
        func name(_ i: Int) -> String { i >= 0 && i < names.count ? names[i] : "a shape taught" }
        let mine = shape >= 0 ? name(shape) : "its shape"
        guard closest >= 0 else { return "\(why?.rawValue ?? "no shape taught"), so not \(mine)" }
        let s = "closest: \(name(closest)), score \(Self.hundredths(score)) of \(Self.hundredths(needed)) needed"
            + (why == .noCorner ? ", but \(StrokeMatch.Rejection.noCorner.rawValue)" : "")
        return closest == shape ? s : s + " (not \(mine))"
    }

    public static func hundredths(_ x: Double) -> String {
        let h = Int((x * 100).rounded())
        return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
    }
}

// How far it is toward its threshold, for people watching (Measure.swift):
// the size drawn so far against `minimumSize` (the score is known at the lift).
extension StrokeRecognizer {
    func measure(_ c: Contact) -> Measure {
        Measure(kind: .distance, value: (path.hi - path.lo).length, threshold: needed(c), unit: "px").counting(rule, c)
    }

    func needed(_ c: Contact) -> Double { c.source == .touch ? minimumSize : padMinimumSize }

    /// The path on the screen while a touchscreen's fingers draw it, from
    /// when it passes `minimumSize` until it fires, fails or the fingers
    /// lift (`GestureEngine.strokeBeingDrawn`: the trail). Touchpads: never
    /// (their path is the pad's, not the screen's).
    var drawing: (origin: Point, points: [Point])? {
        guard state == .possible, onTouchscreen, (path.hi - path.lo).length >= minimumSize else { return nil }
        return (origin, path.points)
    }
}

// Why it failed, for people asking (Refusal.swift): `step`'s and `finish`'s
// guards in their order, on the contact of the failing step. A drawing that
// was matched and was not its shape says so in `rejection` instead.
extension StrokeRecognizer {
    func refusal(_ c: Contact, _ t: Thresholds) -> Refusal {
        if c.source == .touchpadPinch { return Refusal(.touchpadPinch, measure(c)) }
        if c.cancelled { return Refusal(.touchpadCancelled, measure(c)) }
        if c.fingerMotion == .apart { return Refusal(.fingersApart, measure(c)) }
        if let r = rule.broken(c, t) { return r }
        var r: Refusal
        if c.landed != rule.fingers {
            r = rule.refusal(.fewerFingers, c, t)
        } else {
            let size = (path.hi - path.lo).length
            r = Refusal(.strokeShape, Measure(kind: .distance, value: max(shapeSeen, c.spreadMotion, c.turnMotion),
                                              threshold: size / Self.dominance, unit: "px", atMost: true),
                        other: size, pxPerMM: c.mm(t))
        }
        r.atLift = true
        return r
    }
}
