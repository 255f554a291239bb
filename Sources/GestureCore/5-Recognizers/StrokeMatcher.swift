// A point-cloud stroke matcher in the style of Vatavu, Anthony and Wobbrock's
// $P (greedy cloud matching), written from the algorithm, with a direction
// term so a circle drawn clockwise can differ from one drawn anticlockwise.
// Pure: no Foundation, no engine state; the stroke kind and `teach` build on it.
//
// API (stable):
//   let t = StrokeTemplate(name: "L", path: points)        // templates in
//   let m = StrokeMatcher(templates: [t, ...], options: .init())
//   let r = m.match(path)                                   // a path in
//   r.name / r.score / r.closest                            // (name, score, closest) out
// `name` is the accepted shape or nil (rejected); `closest` is always the best
// template's name (nil only without templates); `score` is in 0...1, 1 = same
// cloud. A path is rejected when it is smaller than `minimumSize` (a tap), when
// it is nearly straight (a swipe or a scroll), or when its score is below
// `threshold`.

/// Options of a stroke match.
public struct StrokeOptions: Hashable, Sendable {
    /// Points each path is resampled to ($P uses 32).
    public var points: Int = 32
    /// Whether the order of drawing counts (a circle clockwise vs anticlockwise).
    public var directionSensitive: Bool = true
    /// Whether a shape drawn rotated still matches (each template is tried at
    /// 8 rotations; off by default: an L rotated is another shape).
    public var rotationInvariant: Bool = false
    /// The smallest bounding-box diagonal, in pixels, a stroke must have.
    public var minimumSize: Double = 60
    /// The score a stroke needs to be accepted.
    public var threshold: Double = 0.80
    /// A path whose points all lie within this fraction of its length from its
    /// chord is a line: a swipe or a scroll, never a shape.
    public var straightness: Double = 0.08

    public init() {}
}

/// One example of a shape, normalized once when made.
public struct StrokeTemplate: Hashable, Sendable {
    public let name: String
    let cloud: [Point]

    public init(name: String, path: [Point], options: StrokeOptions = StrokeOptions()) {
        self.name = name
        self.cloud = StrokeCloud.normalize(path, count: options.points)
    }
}

/// The outcome of a match.
public struct StrokeMatch: Hashable, Sendable {
    /// The accepted shape, or nil when rejected.
    public var name: String?
    /// The best template's score, 0...1.
    public var score: Double
    /// The best template's name, accepted or not.
    public var closest: String?
    /// Why a stroke was rejected before scoring, if it was.
    public var rejection: Rejection?

    public enum Rejection: String, Hashable, Sendable {
        case tooSmall = "too small"
        case straight = "a straight line"
        case tooFewPoints = "too few points"
        case belowThreshold = "below threshold"
    }
}

public struct StrokeMatcher: Sendable {
    public let templates: [StrokeTemplate]
    public let options: StrokeOptions

    public init(templates: [StrokeTemplate], options: StrokeOptions = StrokeOptions()) {
        self.templates = templates
        self.options = options
    }

    public func match(_ path: [Point]) -> StrokeMatch {
        guard path.count >= 2 else {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .tooFewPoints)
        }
        if StrokeCloud.diagonal(path) < options.minimumSize {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .tooSmall)
        }
        if StrokeCloud.isStraight(path, tolerance: options.straightness) {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .straight)
        }
        let cloud = StrokeCloud.normalize(path, count: options.points)
        var best = Double.infinity
        var closest: String?
        for template in templates where template.cloud.count == cloud.count {
            // Abandoned as soon as it cannot beat the best so far: the same
            // answer, most templates given up on early.
            let d = distance(cloud, template.cloud, bound: best)
            if d < best { best = d; closest = template.name }
        }
        guard closest != nil else {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: nil)
        }
        let score = StrokeCloud.score(distance: best, count: cloud.count)
        let accepted = score >= options.threshold
        return StrokeMatch(name: accepted ? closest : nil, score: score, closest: closest,
                           rejection: accepted ? nil : .belowThreshold)
    }

    /// The smallest cloud distance over the rotations tried; at least
    /// `bound` when it is not under it.
    func distance(_ a: [Point], _ b: [Point], bound: Double = .infinity) -> Double {
        guard options.rotationInvariant else { return cloudDistance(a, b, bound: bound) }
        var best = bound
        for k in 0..<8 {
            let r = StrokeCloud.rotated(a, eighths: k)
            best = min(best, cloudDistance(r, b, bound: best))
        }
        return best
    }

    /// $P's greedy matching, both ways, from several starts; with direction,
    /// each pair also pays for the difference of its points' places in the order.
    func cloudDistance(_ a: [Point], _ b: [Point], bound: Double = .infinity) -> Double {
        let n = a.count
        let step = max(1, Int(Double(n).squareRoot() * 0.5))
        var best = bound
        var start = 0
        // One scratch array for every run (no allocation per greedy pass).
        var matched = [Bool](repeating: false, count: n)
        while start < n {
            best = min(best, greedy(a, b, start: start, bound: best, &matched))
            best = min(best, greedy(b, a, start: start, bound: best, &matched))
            start += step
        }
        return best
    }

    /// $P's greedy pass; stops once its sum reaches `bound` (it can only grow).
    private func greedy(_ a: [Point], _ b: [Point], start: Int, bound: Double, _ matched: inout [Bool]) -> Double {
        let n = a.count
        for k in 0..<n { matched[k] = false }
        let order = options.directionSensitive ? 1 / Double(n) : 0
        var sum = 0.0
        var i = start
        for weightIndex in 0..<n {
            var minD = Double.infinity
            var index = 0
            let p = a[i]
            for j in 0..<n where !matched[j] {
                let d = (p - b[j]).length + Double(abs(i - j)) * order
                if d < minD { minD = d; index = j }
            }
            matched[index] = true
            let weight = 1 - Double(weightIndex) / Double(n)
            sum += weight * minD
            if sum >= bound { return sum }
            i = (i + 1) % n
        }
        return sum
    }
}

/// Resampling, normalization and the shape checks.
enum StrokeCloud {
    static func normalize(_ path: [Point], count: Int) -> [Point] {
        let resampled = resample(path, count: count)
        // Scale so the larger side is 1 (shape kept), then centre on the centroid.
        let (lo, hi) = bounds(resampled)
        let size = max(hi.x - lo.x, hi.y - lo.y, 1e-9)
        var scaled = resampled.map { ($0 - lo) / size }
        let centroid = scaled.reduce(Point.zero, +) / Double(scaled.count)
        for k in scaled.indices { scaled[k] = scaled[k] - centroid }
        return scaled
    }

    static func resample(_ path: [Point], count: Int) -> [Point] {
        let total = length(path)
        guard count > 1, total > 0 else {
            return [Point](repeating: path.first ?? .zero, count: max(count, 1))
        }
        let interval = total / Double(count - 1)
        var result = [path[0]]
        result.reserveCapacity(count)
        var carried = 0.0
        var previous = path[0]
        var k = 1
        while k < path.count {
            let current = path[k]
            let d = (current - previous).length
            if d > 0, carried + d >= interval {
                let t = (interval - carried) / d
                let q = previous + (current - previous) * t
                result.append(q)
                previous = q
                carried = 0
                if result.count == count { break }
                continue
            }
            carried += d
            previous = current
            k += 1
        }
        while result.count < count { result.append(path[path.count - 1]) }
        return result
    }

    static func length(_ path: [Point]) -> Double {
        var total = 0.0
        for k in 1..<max(path.count, 1) { total += (path[k] - path[k - 1]).length }
        return total
    }

    static func bounds(_ path: [Point]) -> (Point, Point) {
        var lo = path[0], hi = path[0]
        for p in path {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return (lo, hi)
    }

    static func diagonal(_ path: [Point]) -> Double {
        let (lo, hi) = bounds(path)
        return (hi - lo).length
    }

    /// Every point within `tolerance` x the path's length of the first-to-last chord.
    static func isStraight(_ path: [Point], tolerance: Double) -> Bool {
        let a = path[0], b = path[path.count - 1]
        let chord = b - a
        let chordLength = chord.length
        let total = length(path)
        guard total > 0, chordLength > 0.9 * total else { return false }
        let limit = tolerance * total
        for p in path {
            let v = p - a
            let off = abs(v.x * chord.y - v.y * chord.x) / chordLength
            if off > limit { return false }
        }
        return true
    }

    /// A distance turned into 0...1: the greedy sum's weights add up to about
    /// n/2, and two clouds in the unit square differ by at most ~1 per pair.
    static func score(distance: Double, count: Int) -> Double {
        let worst = Double(count + 1) / 2
        return max(0, 1 - distance / worst)
    }

    /// Rotated by k x 45 degrees about the origin (the cloud's centroid).
    static func rotated(_ cloud: [Point], eighths k: Int) -> [Point] {
        let r = 0.70710678118654752
        let (c, s): (Double, Double) = [(1, 0), (r, r), (0, 1), (-r, r),
                                        (-1, 0), (-r, -r), (0, -1), (r, -r)][k % 8]
        return cloud.map { Point(x: $0.x * c - $0.y * s, y: $0.x * s + $0.y * c) }
    }
}
