import GestureCore

/// What the settings app says of a shape drawn (the form's "Draw a shape"
/// canvas, Try It): matched as the daemon matches a stroke at the lift
/// (`StrokeSet.match`: every shape taught competes, the closest must score
/// its threshold), in words.
public enum DrawnShape {
    /// The matcher's options for a shape drawn with `button` held (nil: the
    /// fingers): with a button a line is a shape, not a swipe, as the daemon
    /// matches a button's drawing (docs/pointer-strokes.md, "Matching a drawn path").
    public static func options(button: Int?) -> StrokeOptions {
        var o = StrokeOptions()
        if button != nil { o.straightness = -1 }
        return o
    }

    /// "matches L, 0.92", "no match, closest L 0.61 of 0.80", or why it was
    /// no shape at all (too small, a straight line).
    public static func verdict(_ path: [Point], in set: StrokeSet, options: StrokeOptions = StrokeOptions()) -> String {
        guard !set.shapes.isEmpty else { return L("no shape taught yet: nothing to match against") }
        // Kept as the recognizer keeps a drawn path (`StrokePath`), whoever drew it.
        let m = set.match(StrokePath(path).points, with: set.matcher(options))
        if let name = m.name {
            // TRANSLATORS: a drawn shape recognized: {shape} its name, {score} 0.00 to 1.00.
            return L("matches {shape}, {score}", ["shape": name, "score": StrokeVerdict.hundredths(m.score)])
        }
        switch m.rejection {
        case .tooSmall?: return L("too small to be a shape: draw it bigger")
        case .straight?: return L("a straight line: that is a swipe, not a shape")
        case .tooFewPoints?: return L("too few points to be a shape")
        default: break
        }
        guard let closest = m.closest else { return L("no match") }
        // TRANSLATORS: a drawn shape not recognized: the closest shape, its score and the score it needs.
        return L("no match, closest {shape} {score} of {needed}",
                 ["shape": closest, "score": StrokeVerdict.hundredths(m.score),
                  "needed": StrokeVerdict.hundredths(set[closest]?.needed ?? StrokeShape.defaultThreshold)])
    }
}

/// A path drawn by fingers that come and go, from the positions alone (the
/// monitor's frames give no touch ids): the fingers' centroid, moved back
/// by what a finger landing shifted it, so a second finger landing does not
/// draw a jump (as the stroke recognizer's mean travel), until the first
/// finger lifts: the recognizer matches there, and so does Try It. Kept as
/// the recognizer keeps its path (`StrokePath`: a point per 2 px, at most
/// 128), so Try It's verdict is the daemon's (issue 58: one drawn path).
public struct CentroidPath: Sendable {
    private var kept = StrokePath()
    private var fingers = 0
    private var shift = Point.zero
    private var last = Point.zero
    private var lifted = false

    public init() {}

    public var points: [Point] { kept.points }

    /// One frame's fingers; fewer than the frame before: the first lift,
    /// the drawing ends (the caller says when the attempt is over).
    public mutating func add(_ fingers: [Point]) {
        guard !lifted else { return }
        guard !fingers.isEmpty, fingers.count >= self.fingers else { lifted = !kept.points.isEmpty; return }
        let c = fingers.reduce(Point.zero, +) / Double(fingers.count)
        if fingers.count != self.fingers && !kept.points.isEmpty { shift = last - c }
        self.fingers = fingers.count
        last = c + shift
        kept.add(last)
    }
}
