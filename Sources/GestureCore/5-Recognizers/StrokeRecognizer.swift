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
/// | possible | movement: the path grows (at most `maximumPoints` points)    | possible |
/// | possible | a lift / touchpad gesture end, its shape the closest and     | ended  |
/// |          | scoring its threshold                                        |        |
/// | possible | a lift / end otherwise (too small, a line, another shape,    | failed |
/// |          | too low a score: `verdict` says which)                       |        |
struct StrokeRecognizer: LeafRecognizer, Sendable {
    /// px: a bounding-box diagonal under this is a tap or a wobble.
    static let defaultMinimumSize = 60.0
    /// Points kept of a path: past it, every other point is dropped and the
    /// spacing doubles, so each event costs at most this many moves and the
    /// match at the lift always reads a bounded path.
    static let maximumPoints = 128
    /// The spacing between kept points to begin with, px.
    static let initialSpacing = 2.0

    let rule: FingerRule
    let shape: String
    let minimumSize: Double
    let strokes: StrokeSet
    let matcher: StrokeMatcher
    private(set) var state = RecognizerState.possible
    private(set) var value = GestureValue()
    var changed: Bool { false }
    var deadline: Seconds? { nil }
    /// The centroid's path since the fingers landed (relative to the landing).
    private var path: [Point] = []
    private var spacing = StrokeRecognizer.initialSpacing
    /// The bounding box of the path, kept as it grows (for `measure`).
    private var lo = Point.zero, hi = Point.zero
    var pointsKept: Int { path.count }
    /// The match at the lift, for `--explain` and people watching.
    private(set) var verdict: StrokeMatch?

    init(_ s: StrokeSpec, _ t: Thresholds) {
        rule = FingerRule(s, t)
        shape = s.shape
        minimumSize = t.px(s.minimumSize, default: Self.defaultMinimumSize)
        strokes = t.strokes
        var options = StrokeOptions()
        options.directionSensitive = s.directionSensitive
        options.rotationInvariant = !s.rotationSensitive
        options.minimumSize = minimumSize
        options.threshold = 0   // each shape's own (`StrokeSet.match`)
        matcher = t.strokes.matcher(options)
        path.reserveCapacity(Self.maximumPoints)
    }

    mutating func reset() {
        state = .possible
        value = GestureValue()
        path.removeAll(keepingCapacity: true)
        spacing = Self.initialSpacing
        lo = .zero
        hi = .zero
        verdict = nil
    }

    mutating func step(_ c: Contact) {
        guard state == .possible else { return }
        guard c.source != .touchpadPinch, !c.cancelled, c.fingerMotion != .apart, !rule.violated(by: c) else {
            state = .failed
            return
        }
        follow(c.translation)
        if c.lifted > 0 || c.ended { finish(c) }
    }

    /// One more point of the path, if it moved by the spacing.
    private mutating func follow(_ p: Point) {
        if let last = path.last, (p - last).length < spacing { return }
        if path.count == Self.maximumPoints {
            var k = 0
            for i in stride(from: 0, to: path.count, by: 2) {
                path[k] = path[i]
                k += 1
            }
            path.removeLast(path.count - k)
            spacing *= 2
        }
        path.append(p)
        lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
        hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
    }

    /// The match, once, at the lift.
    private mutating func finish(_ c: Contact) {
        guard c.landed == rule.fingers else {
            state = .failed
            return
        }
        let m = strokes.match(path, with: matcher)
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
        return StrokeVerdict(shape: shape, closest: m.closest, score: m.score,
                             needed: m.closest.flatMap { strokes[$0]?.needed } ?? strokes[shape]?.needed
                                 ?? StrokeShape.defaultThreshold,
                             why: m.rejection?.rawValue)
    }
}

/// A stroke that was not its shape: the closest shape and its score
/// ("closest: L, score 0.71 of 0.80 needed").
public struct StrokeVerdict: Hashable, Sendable {
    public var shape: String
    public var closest: String?
    public var score: Double
    public var needed: Double
    /// "too small", "a straight line", "below threshold"...
    public var why: String?

    public var said: String {
        guard let closest else { return "\(why ?? "no shape taught"), so not \(shape)" }
        let s = "closest: \(closest), score \(Self.hundredths(score)) of \(Self.hundredths(needed)) needed"
        return closest == shape ? s : s + " (not \(shape))"
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
        Measure(kind: .distance, value: (hi - lo).length, threshold: minimumSize, unit: "px").counting(rule, c)
    }
}
