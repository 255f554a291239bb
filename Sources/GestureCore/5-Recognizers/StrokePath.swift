/// A stroke's path as the recognizer keeps it, bounded: a point once the
/// fingers moved `spacing` from the last one kept; past `maximumPoints`
/// every other point is dropped and the spacing doubles. So each event
/// costs at most `maximumPoints` moves (once in a while; one compare
/// otherwise) and the match at the lift reads at most that many points.
/// The 3DTCGS harness keeps its paths through this too.
public struct StrokePath: Sendable {
    public static let maximumPoints = 128
    /// The spacing between kept points to begin with, px.
    public static let initialSpacing = 2.0

    public private(set) var points: [Point] = []
    private var spacing = StrokePath.initialSpacing
    /// The bounding box of the points kept.
    public private(set) var lo = Point.zero, hi = Point.zero

    public init() { points.reserveCapacity(Self.maximumPoints) }

    /// `points` kept as a stroke's path is, point by point: the one way a
    /// drawn path is kept, for the finger recognizer, `teach`
    /// (`StrokeExample`), Try It (`CentroidPath`) and a pointer button's
    /// stroke (`PointerStrokeBindings.recognize`), so they match the same
    /// points (issue 58: one drawn path).
    public init(_ points: [Point]) {
        self.init()
        for p in points { add(p) }
    }

    /// Empty again, keeping its storage (a new attempt allocates nothing).
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        spacing = Self.initialSpacing
        lo = .zero
        hi = .zero
    }

    /// One more point, if it moved by the spacing.
    public mutating func add(_ p: Point) {
        if let last = points.last, (p - last).length < spacing { return }
        if points.isEmpty { lo = p; hi = p }
        if points.count == Self.maximumPoints {
            var k = 0
            for i in stride(from: 0, to: points.count, by: 2) {
                points[k] = points[i]
                k += 1
            }
            points.removeLast(points.count - k)
            spacing *= 2
        }
        points.append(p)
        lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
        hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
    }
}
