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
// it is nearly straight (a swipe or a scroll), when the closest shape has a
// corner and the path has none (a point cloud does not see corners: a
// slightly bent line came closest to a check, a circle to a triangle), or
// when its score is below `threshold`.

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
    /// chord is a line: a swipe or a scroll, never a shape. Negative: no path
    /// is a line, lines are shapes too (a stroke drawn with a button held is
    /// no swipe: easystroke's users draw back, forward and new tab as lines).
    public var straightness: Double = 0.08

    public init() {}
}

/// One example of a shape, normalized once when made.
public struct StrokeTemplate: Hashable, Sendable {
    public let name: String
    let cloud: [Point]
    /// Its sharpest turn, degrees (`StrokeCloud.sharpestTurn`).
    let sharpest: Double

    public init(name: String, path: [Point], options: StrokeOptions = StrokeOptions()) {
        self.name = name
        self.cloud = StrokeCloud.normalize(path, count: options.points)
        // A line taught (a stroke drawn with a button: back, forward) has no
        // corner to ask of the drawing; its hand's jitter is no corner either.
        let line = cloud.count >= 2 && StrokeCloud.isStraight(cloud, tolerance: StrokeOptions().straightness)
        self.sharpest = line ? 0 : cloud.withUnsafeBufferPointer { StrokeCloud.sharpestTurn($0) }
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
        case noCorner = "no corner where the shape has one"
    }
}

public struct StrokeMatcher: Sendable {
    public let templates: [StrokeTemplate]
    public let options: StrokeOptions

    public init(templates: [StrokeTemplate], options: StrokeOptions = StrokeOptions()) {
        self.templates = templates
        self.options = options
    }

    /// Exactly $P's greedy answer with a direction term, computed as $Q
    /// (Vatavu, Anthony and Wobbrock 2018) taught: templates normalized
    /// once when made, a lower bound that skips what cannot win, no
    /// allocation. Each (rotation, template) pair's distances are worked
    /// out once into a table (`StrokeDistance`); from its row and column
    /// minima comes a lower bound on every greedy pass; pairs are then
    /// matched in order of their bound, and once the best distance found is
    /// under the next pair's bound, the rest cannot win. The same best
    /// template and score as matching every template in full (the bounds
    /// are exact, not $Q's look-up-table estimates:
    /// `StrokeMatcherTests.sameAnswerAsTheFullMatch`).
    public func match(_ path: [Point]) -> StrokeMatch {
        guard path.count >= 2 else {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .tooFewPoints)
        }
        if StrokeCloud.diagonal(path) < options.minimumSize {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .tooSmall)
        }
        if options.straightness >= 0, StrokeCloud.isStraight(path, tolerance: options.straightness) {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: .straight)
        }
        let n = max(options.points, 1)
        let turns = options.rotationInvariant ? 8 : 1
        let pairs = turns * templates.count
        let (best, closest, sharpest) = withUnsafeTemporaryAllocation(of: Point.self, capacity: n * turns) { clouds in
            StrokeCloud.normalize(path, into: UnsafeMutableBufferPointer(rebasing: clouds[0..<n]))
            for k in 1..<turns {
                StrokeCloud.rotate(UnsafeBufferPointer(rebasing: clouds[0..<n]), eighths: k,
                                   into: UnsafeMutableBufferPointer(rebasing: clouds[k * n..<(k + 1) * n]))
            }
            let sharpest = StrokeCloud.sharpestTurn(UnsafeBufferPointer(rebasing: clouds[0..<n]))
            let (best, closest) = withUnsafeTemporaryAllocation(of: Double.self, capacity: StrokeDistance.scratch(n) + pairs) { doubles in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: pairs) { order in
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { matched in
                        var d = StrokeDistance(n: n, directionSensitive: options.directionSensitive,
                                               table: doubles.baseAddress!, matched: matched.baseAddress!)
                        return nearest(clouds: UnsafeBufferPointer(clouds), n: n, turns: turns, &d,
                                       bounds: doubles.baseAddress! + StrokeDistance.scratch(n), order: order)
                    }
                }
            }
            return (best, closest, sharpest)
        }
        guard let closest else {
            return StrokeMatch(name: nil, score: 0, closest: nil, rejection: nil)
        }
        let score = StrokeCloud.score(distance: best, count: n)
        // The shape's corner, where the drawing has none: the gentlest of the
        // shape's templates sets what it needs, half its sharpest turn (a
        // corner drawn round still turns most of its angle between chords a
        // fifteenth of the drawing long; a circle turns 46 degrees there, a
        // triangle's corner 107-117; `StrokeCloud.sharpestTurn`), and never
        // more than a turn no smooth curve makes (`cornerEnough`): a pen's
        // crisp corners taught, drawn round later, are still corners.
        let needed = templates.reduce(Double.infinity) { $1.name == templates[closest].name ? min($0, $1.sharpest) : $0 }
        if sharpest < min(needed * StrokeCloud.cornerKept, StrokeCloud.cornerEnough) {
            return StrokeMatch(name: nil, score: score, closest: templates[closest].name, rejection: .noCorner)
        }
        let accepted = score >= options.threshold
        return StrokeMatch(name: accepted ? templates[closest].name : nil, score: score, closest: templates[closest].name,
                           rejection: accepted ? nil : .belowThreshold)
    }

    /// The smallest distance over every (rotation, template) pair and its
    /// template; pair p is rotation p / templates.count of the candidate
    /// against template p % templates.count.
    private func nearest(clouds: UnsafeBufferPointer<Point>, n: Int, turns: Int, _ d: inout StrokeDistance,
                         bounds: UnsafeMutablePointer<Double>, order: UnsafeMutableBufferPointer<Int>) -> (Double, Int?) {
        var count = 0
        for p in 0..<turns * templates.count {
            let t = templates[p % templates.count]
            // A template made with another point count cannot be compared.
            guard t.cloud.count == n else { continue }
            t.cloud.withUnsafeBufferPointer { d.fill(UnsafeBufferPointer(rebasing: clouds[p / templates.count * n..<(p / templates.count + 1) * n]), $0) }
            bounds[p] = d.lowerBound()
            // Insertion sort by bound (a handful of pairs; the stdlib's sort may allocate).
            var k = count
            while k > 0, bounds[order[k - 1]] > bounds[p] { order[k] = order[k - 1]; k -= 1 }
            order[k] = p
            count += 1
        }
        var best = Double.infinity
        var closest: Int?
        for k in 0..<count {
            let p = order[k]
            // Sorted: no pair from here on can come under the best.
            if bounds[p] >= best { break }
            let t = p % templates.count
            templates[t].cloud.withUnsafeBufferPointer { d.fill(UnsafeBufferPointer(rebasing: clouds[p / templates.count * n..<(p / templates.count + 1) * n]), $0) }
            let distance = d.distance(bound: best)
            if distance < best { best = distance; closest = t }
        }
        return (best, closest)
    }
}

/// $P's greedy cloud distance between two clouds of n points, from a
/// table of every pair's distance: |a_i - b_j| plus, with direction,
/// |i - j| / n for drawing them at different places in the order. The
/// table costs n^2 square roots once; the greedy passes read it (both ways,
/// from every sqrt(n)/2-th start); each pass is skipped when the lower bound
/// its starting order gives (each point's nearest, matched or not) is
/// already at the best, and abandoned once its sum reaches it. Pointers
/// into the caller's scratch: no allocation.
struct StrokeDistance {
    let n: Int
    let order: Double
    /// n x n pair distances, then n row minima and n column minima.
    let table: UnsafeMutablePointer<Double>
    let matched: UnsafeMutablePointer<Bool>

    /// The Doubles `table` needs.
    static func scratch(_ n: Int) -> Int { n * n + 2 * n }

    init(n: Int, directionSensitive: Bool, table: UnsafeMutablePointer<Double>, matched: UnsafeMutablePointer<Bool>) {
        self.n = n
        self.order = directionSensitive ? 1 / Double(n) : 0
        self.table = table
        self.matched = matched
    }

    private var rowMin: UnsafeMutablePointer<Double> { table + n * n }
    private var columnMin: UnsafeMutablePointer<Double> { table + n * n + n }
    private var step: Int { max(1, Int(Double(n).squareRoot() * 0.5)) }

    /// The table for `a` against `b`, with its row and column minima.
    func fill(_ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>) {
        for j in 0..<n { columnMin[j] = .infinity }
        for i in 0..<n {
            let p = a[i]
            var low = Double.infinity
            for j in 0..<n {
                // The very expression the greedy pass used to compute (the
                // same Doubles: |b_j - a_i| squares the same as |a_i - b_j|).
                let d = (p - b[j]).length + Double(abs(i - j)) * order
                table[i * n + j] = d
                low = min(low, d)
                columnMin[j] = min(columnMin[j], d)
            }
            rowMin[i] = low
        }
    }

    /// What no greedy pass can come under: each pass's sum with every point's
    /// nearest in place of the nearest still free, the smallest over passes.
    func lowerBound() -> Double {
        var low = Double.infinity
        var start = 0
        while start < n {
            low = min(low, bound(rowMin, start: start, below: low), bound(columnMin, start: start, below: low))
            start += step
        }
        return low
    }

    /// A greedy pass's sum with `nearest` for each point's distance. Every
    /// term is at most the pass's own (the same weights, smaller or equal
    /// distances, in the same order), so the sum is too, in floating point.
    private func bound(_ nearest: UnsafeMutablePointer<Double>, start: Int, below: Double) -> Double {
        var sum = 0.0
        var i = start
        for weightIndex in 0..<n {
            sum += (1 - Double(weightIndex) / Double(n)) * nearest[i]
            if sum >= below { return sum }
            i = i + 1 == n ? 0 : i + 1
        }
        return sum
    }

    /// The smallest greedy pass over the table; at least `bound` when none
    /// comes under it.
    func distance(bound: Double) -> Double {
        var best = bound
        var start = 0
        while start < n {
            if self.bound(rowMin, start: start, below: best) < best {
                best = min(best, greedy(start: start, rowStride: n, columnStride: 1, bound: best))
            }
            if self.bound(columnMin, start: start, below: best) < best {
                best = min(best, greedy(start: start, rowStride: 1, columnStride: n, bound: best))
            }
            start += step
        }
        return best
    }

    /// $P's greedy pass: each point in turn from `start` takes the nearest
    /// point of the other cloud still free (a row of the table; the other
    /// way round, a column), weighted down as the pass goes; it stops once
    /// its sum reaches `bound` (it can only grow).
    private func greedy(start: Int, rowStride: Int, columnStride: Int, bound: Double) -> Double {
        for k in 0..<n { matched[k] = false }
        var sum = 0.0
        var i = start
        for weightIndex in 0..<n {
            var minD = Double.infinity
            var index = 0
            let row = table + i * rowStride
            for j in 0..<n where !matched[j] {
                let d = row[j * columnStride]
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
        [Point](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            normalize(path, into: buffer)
            initialized = buffer.count
        }
    }

    /// `path` resampled to `out.count` points, scaled so the larger side is
    /// 1 (shape kept), then centred on its centroid.
    static func normalize(_ path: [Point], into out: UnsafeMutableBufferPointer<Point>) {
        resample(path, into: out)
        var lo = out[0], hi = out[0]
        for p in out {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        let size = max(hi.x - lo.x, hi.y - lo.y, 1e-9)
        var centroid = Point.zero
        for k in out.indices {
            out[k] = (out[k] - lo) / size
            centroid = centroid + out[k]
        }
        centroid = centroid / Double(out.count)
        for k in out.indices { out[k] = out[k] - centroid }
    }

    static func resample(_ path: [Point], count: Int) -> [Point] {
        [Point](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            resample(path, into: buffer)
            initialized = buffer.count
        }
    }

    /// `path` as `out.count` points evenly spaced along it.
    static func resample(_ path: [Point], into out: UnsafeMutableBufferPointer<Point>) {
        let count = out.count
        let total = length(path)
        guard count > 1, total > 0 else {
            out.initialize(repeating: path.first ?? .zero)
            return
        }
        let interval = total / Double(count - 1)
        out[0] = path[0]
        var made = 1
        var carried = 0.0
        var previous = path[0]
        var k = 1
        while k < path.count {
            let current = path[k]
            let d = (current - previous).length
            if d > 0, carried + d >= interval {
                let t = (interval - carried) / d
                let q = previous + (current - previous) * t
                out[made] = q
                made += 1
                previous = q
                carried = 0
                if made == count { break }
                continue
            }
            carried += d
            previous = current
            k += 1
        }
        while made < count { out[made] = path[path.count - 1]; made += 1 }
    }

    /// A cloud's turn is measured between chords of this many of its
    /// segments (2 of 31: a fifteenth of the drawing each), so a finger's
    /// tremor on a small drawing does not read as a corner.
    static let cornerSpan = 2
    /// The part of the shape's sharpest turn a drawing must have.
    static let cornerKept = 0.5
    /// A turn this sharp is a corner whatever the templates turn, degrees:
    /// a circle turns 46 at most, real hands' bent strokes and circles 40-43
    /// (docs/strokes.md, "Risks"). Without it a template with crisp corners
    /// (a pen's V or 7 turns 137-160) asked 70-80 of every drawing, and a
    /// person's own 7 drawn round (64) was refused (3DMadLabSD;
    /// docs/strokes-evaluation.md).
    static let cornerEnough = 55.0

    /// The sharpest turn of a resampled path, degrees (0...180): the largest
    /// angle between the chord that comes into a point and the chord that
    /// leaves it, each `cornerSpan` segments long. Points are evenly spaced
    /// along the path, so the span is a fixed part of the drawing whatever
    /// its size; turning the cloud changes nothing. A corner turns its full
    /// angle (a triangle 107-117 degrees, a check 108, an L 90), a circle
    /// 360 x 2 x 2/31 = 46 at most.
    static func sharpestTurn(_ cloud: UnsafeBufferPointer<Point>) -> Double {
        let n = cloud.count, w = cornerSpan
        guard n > 2 * w else { return 0 }
        var sharpest = 0.0
        for k in w..<(n - w) {
            let a = cloud[k] - cloud[k - w], b = cloud[k + w] - cloud[k]
            guard a.length > 0, b.length > 0 else { continue }
            sharpest = max(sharpest, Angle.between(a, b))
        }
        return sharpest
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
    static func rotate(_ cloud: UnsafeBufferPointer<Point>, eighths k: Int, into out: UnsafeMutableBufferPointer<Point>) {
        let r = 0.70710678118654752
        let (c, s): (Double, Double)
        switch k % 8 {
        case 0: (c, s) = (1, 0)
        case 1: (c, s) = (r, r)
        case 2: (c, s) = (0, 1)
        case 3: (c, s) = (-r, r)
        case 4: (c, s) = (-1, 0)
        case 5: (c, s) = (-r, -r)
        case 6: (c, s) = (0, -1)
        default: (c, s) = (r, -r)
        }
        for i in cloud.indices { out[i] = Point(x: cloud[i].x * c - cloud[i].y * s, y: cloud[i].x * s + cloud[i].y * c) }
    }
}
