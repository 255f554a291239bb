// gesture-bench strokes DIR [--rounds R] [--templates T] [--seed N] [--ours | --accept] [--mouse SIDE]
//
// Drawn shapes recognized from examples, measured on real people's drawings
// (docs/strokes-evaluation.md): DIR is Mehous/TestingFramework's
// src/datasets (Benchmarks/strokes-3dtcgs.sh extracts it from the fetched
// mirror; the data is never committed here).
//
// - 3DTCGS: 13 people x 26 shapes, each drawn once in the air (a Leap
//   Motion, mm, y up). Each trajectory's x/y plane is played as a touchscreen
//   stroke: y turned down, scaled so its larger side is a hand's drawing on
//   the screen (80 mm at the engine's 3.78 px/mm), at the recorded times.
//   User-independent: each round, per shape one person's drawing is the
//   candidate and 3 drawings by other people are the templates (the
//   TestingFramework's protocol, its R = 100 rounds); top-1 per shape.
// - 3DMadLabSD: 10 people x 4 domains x 10 shapes x 10 repetitions, the one
//   set where a person drew a shape more than once: user-dependent, a
//   candidate and 3 templates per shape from the same person's other
//   repetitions.
//
// Recognizers: $1 (Wobbrock, Wilson and Li 2007: resampling to 64 points,
// rotation to the indicative angle, golden-section search over ±45°), the
// same without rotation, $P (Vatavu, Anthony and Wobbrock 2012: point
// clouds), and the project's own matcher where it is built.
#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureTraces

/// A point of a played stroke: screen px, seconds from its first sample.
import GestureCore

struct TimedPoint { var x, y, t: Double }

struct Drawing {
    var shape: String
    var person: String
    var points: [TimedPoint]
}

/// Something that learns shapes from examples and names the closest.
protocol ShapeRecognizer {
    var name: String { get }
    mutating func reset()
    mutating func add(_ shape: String, _ points: [TimedPoint])
    /// The closest shape and its score (higher is closer), nil with no templates.
    func recognize(_ points: [TimedPoint]) -> (shape: String, score: Double)?
}

/// A recognizer of the $-family: each drawing normalized once, the closest
/// template by the recognizer's distance.
protocol NearestTemplate: ShapeRecognizer {
    var templates: [(String, [TimedPoint])] { get set }
    func normalize(_ points: [TimedPoint]) -> [TimedPoint]
    func distance(_ candidate: [TimedPoint], _ template: [TimedPoint]) -> Double
    func score(_ distance: Double) -> Double
}

extension NearestTemplate {
    mutating func reset() { templates.removeAll(keepingCapacity: true) }
    mutating func add(_ shape: String, _ points: [TimedPoint]) { templates.append((shape, normalize(points))) }

    func recognize(_ points: [TimedPoint]) -> (shape: String, score: Double)? {
        let c = normalize(points)
        var best: (String, Double)? = nil
        for (shape, t) in templates {
            let d = distance(c, t)
            if best == nil || d < best!.1 { best = (shape, d) }
        }
        return best.map { ($0.0, score($0.1)) }
    }
}

func strokes(_ arguments: [String]) -> Int32 {
    var args = arguments[...]
    var dir: String? = nil, rounds = 100, templates = 3, seed: UInt64 = 1, oursOnly = false, accept = false
    while let a = args.popFirst() {
        switch a {
        case "--rounds": rounds = Int(args.popFirst() ?? "") ?? rounds
        case "--templates": templates = Int(args.popFirst() ?? "") ?? templates
        case "--seed": seed = UInt64(args.popFirst() ?? "") ?? seed
        case "--ours": oursOnly = true   // the project's matcher only (the others' figures do not change with it)
        case "--accept": accept = true   // what fires, per person (StrokeAcceptance.swift)
        // Played as a pointer's trace: the larger side this many px, each
        // point at a whole px (a mouse's or a pen's as X reports it).
        case "--mouse": played = Played(side: Double(args.popFirst() ?? "") ?? played.side, wholePixels: true)
        default:
            guard !a.hasPrefix("-"), dir == nil else {
                print("usage: gesture-bench strokes DATASETS-DIR [--rounds R] [--templates T] [--seed N] [--ours | --accept] [--mouse SIDE]")
                return 2
            }
            dir = a
        }
    }
    guard let dir else {
        print("usage: gesture-bench strokes DATASETS-DIR [--rounds R] [--templates T] [--seed N] [--ours | --accept] [--mouse SIDE]")
        return 2
    }
    if accept {
        do throws(DatasetError) {
            try acceptance(dir, rounds: rounds, templates: templates, seed: seed)
            return 0
        } catch {
            print("gesture-bench strokes: \(error.text)")
            return 1
        }
    }
    let recognizers: [any ShapeRecognizer] = (oursOnly ? [] : [DollarOne(rotationInvariant: true), DollarOne(rotationInvariant: false), DollarP()])
        + ownMatchers()
    do {
        let tcgs = try loadTCGS(dir + "/3DTCGS")
        let shapes = Array(Set(tcgs.map(\.shape))).sorted()
        print("3DTCGS: \(tcgs.count) drawings, \(Set(tcgs.map(\.person)).count) people, \(shapes.count) shapes; "
            + "user-independent, \(templates) templates per shape from other people, \(rounds) rounds (seed \(seed))")
        var table: [[String]] = [["shape", "drawings"] + recognizers.map(\.name)]
        var perShape: [[String: (hits: Int, tries: Int)]] = []
        var timings: [Double] = []
        for var r in recognizers {
            let (scores, perMatch) = userIndependent(tcgs, &r, rounds: rounds, templates: templates, seed: seed)
            perShape.append(scores)
            timings.append(perMatch)
        }
        for s in shapes {
            table.append([s, String(tcgs.filter { $0.shape == s }.count)] + perShape.map { percent($0[s]!) })
        }
        table.append(["**all**", String(tcgs.count)] + perShape.map { percent(total($0)) })
        table.append(["ms per match", ""] + timings.map { fixed($0 * 1000, 3) })
        printTable(table)

        print("\n3DMadLabSD: user-dependent, \(templates) templates per shape from the same person's other repetitions, \(rounds) rounds")
        var ud: [[String]] = [["domain", "people", "shapes", "drawings"] + recognizers.map(\.name)]
        for domain in 1...4 {
            let set = try loadMadLab(dir + "/3DMadLabSD/Domain\(domain)")
            guard !set.isEmpty else { continue }
            var row = ["Domain\(domain)", String(Set(set.map(\.person)).count), String(Set(set.map(\.shape)).count), String(set.count)]
            for var r in recognizers {
                row.append(percent(total(userDependent(set, &r, rounds: rounds, templates: templates, seed: seed))))
            }
            ud.append(row)
        }
        printTable(ud)
        return 0
    } catch {
        print("gesture-bench strokes: \(error.text)")
        return 1
    }
}

struct DatasetError: Error { var text: String }

/// 3DTCGS: DIR/uNN/SHAPE1.json, `strokes` of {x, y, z, t (ms)}.
func loadTCGS(_ dir: String) throws(DatasetError) -> [Drawing] {
    var out: [Drawing] = []
    for person in FileSystem.list(dir).sorted() where person.hasPrefix("u") {
        for file in FileSystem.list(dir + "/" + person).sorted() where file.hasSuffix(".json") {
            // The shape by its file's name (SHAPE1.json): one person's JSON
            // spells a name differently (curly-bracket-left).
            let (_, points) = try readDrawing(dir + "/" + person + "/" + file, timeUnit: 0.001)
            let shape = String(file.dropLast(".json".count).reversed().drop { $0.isNumber }.reversed())
            out.append(Drawing(shape: shape, person: person, points: points))
        }
    }
    guard !out.isEmpty else { throw DatasetError(text: "\(dir): no drawings (uNN/*.json)") }
    return out
}

/// 3DMadLabSD: DIR/SubjectN/SHAPE-N-REP.json.
func loadMadLab(_ dir: String) throws(DatasetError) -> [Drawing] {
    var out: [Drawing] = []
    for person in FileSystem.list(dir).sorted() where person.hasPrefix("Subject") {
        for file in FileSystem.list(dir + "/" + person).sorted() where file.hasSuffix(".json") {
            let (shape, points) = try readDrawing(dir + "/" + person + "/" + file, timeUnit: 0.001)
            out.append(Drawing(shape: shape, person: person, points: points))
        }
    }
    return out
}

/// One drawing of the TestingFramework's unified JSON, played on a screen:
/// its x/y plane, y turned down (the sensors' y is up), the larger side of
/// its bounding box made 80 mm at 3.78 px/mm, centred on a 1920x1080 screen,
/// times from the first sample.
func readDrawing(_ path: String, timeUnit: Double) throws(DatasetError) -> (String, [TimedPoint]) {
    guard case .success(let text) = FileSystem.read(path) else { throw DatasetError(text: "\(path): cannot read") }
    let json: JSONValue
    do { json = try JSONValue.parse(Substring(text)) } catch { throw DatasetError(text: "\(path):\(error.column): \(error.message)") }
    guard let name = json["name"]?.string, let samples = json["strokes"]?.array, samples.count >= 2 else {
        throw DatasetError(text: "\(path): expected name and strokes")
    }
    var raw: [TimedPoint] = []
    for s in samples {
        guard let x = s["x"]?.number, let y = s["y"]?.number, let t = s["t"]?.number else {
            throw DatasetError(text: "\(path): a sample without x, y or t")
        }
        raw.append(TimedPoint(x: x, y: -y, t: t * timeUnit))
    }
    let (minX, maxX) = (raw.map(\.x).min()!, raw.map(\.x).max()!)
    let (minY, maxY) = (raw.map(\.y).min()!, raw.map(\.y).max()!)
    let side = max(maxX - minX, maxY - minY, 1e-9)
    let scale = played.side / side
    let t0 = raw[0].t
    func px(_ v: Double) -> Double { played.wholePixels ? v.rounded() : v }
    return (name, raw.map {
        TimedPoint(x: px(960 + ($0.x - (minX + maxX) / 2) * scale), y: px(540 + ($0.y - (minY + maxY) / 2) * scale), t: $0.t - t0)
    })
}

/// How drawings are played: the larger side in px (a finger's 80 mm at
/// 3.78 px/mm by default), at whole px or not (`--mouse SIDE`).
struct Played { var side = 80 * 3.78, wholePixels = false }
nonisolated(unsafe) var played = Played()

/// A deterministic generator (SplitMix64): the same rounds on every run.
struct SplitMix {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// Per shape: each round one candidate per shape, `templates` of every shape
/// drawn by people other than that candidate's, top-1 counted. Returns hits
/// per shape and the mean time of one recognition (s).
func userIndependent(_ set: [Drawing], _ r: inout any ShapeRecognizer, rounds: Int, templates: Int, seed: UInt64)
    -> ([String: (hits: Int, tries: Int)], Double) {
    var rng = SplitMix(state: seed)
    let byShape = Dictionary(grouping: set, by: \.shape)
    let shapes = byShape.keys.sorted()
    var scores: [String: (hits: Int, tries: Int)] = [:]
    var time = 0.0, matches = 0
    for _ in 0..<rounds {
        for s in shapes {
            let drawings = byShape[s]!
            let candidate = drawings[rng.next(drawings.count)]
            r.reset()
            for t in shapes {
                var pool = byShape[t]!.filter { $0.person != candidate.person }
                for _ in 0..<min(templates, pool.count) { r.add(t, pool.remove(at: rng.next(pool.count)).points) }
            }
            let start = now()
            let got = r.recognize(candidate.points)
            time += now() - start
            matches += 1
            var score = scores[s] ?? (0, 0)
            score.tries += 1
            if got?.shape == s { score.hits += 1 }
            scores[s] = score
        }
    }
    return (scores, time / Double(max(matches, 1)))
}

/// Per person, per shape: a candidate and `templates` of each shape from the
/// same person's other drawings.
func userDependent(_ set: [Drawing], _ r: inout any ShapeRecognizer, rounds: Int, templates: Int, seed: UInt64)
    -> [String: (hits: Int, tries: Int)] {
    var rng = SplitMix(state: seed)
    var scores: [String: (hits: Int, tries: Int)] = [:]
    for (_, mine) in Dictionary(grouping: set, by: \.person).sorted(by: { $0.key < $1.key }) {
        let byShape = Dictionary(grouping: mine, by: \.shape)
        let shapes = byShape.keys.sorted()
        for _ in 0..<rounds {
            for s in shapes where byShape[s]!.count > templates {
                var own = byShape[s]!
                let candidate = own.remove(at: rng.next(own.count))
                r.reset()
                for t in shapes {
                    var pool = t == s ? own : byShape[t]!
                    for _ in 0..<min(templates, pool.count) { r.add(t, pool.remove(at: rng.next(pool.count)).points) }
                }
                var score = scores[s] ?? (0, 0)
                score.tries += 1
                if r.recognize(candidate.points)?.shape == s { score.hits += 1 }
                scores[s] = score
            }
        }
    }
    return scores
}

func total(_ scores: [String: (hits: Int, tries: Int)]) -> (hits: Int, tries: Int) {
    scores.values.reduce((0, 0)) { ($0.0 + $1.hits, $0.1 + $1.tries) }
}

func percent(_ s: (hits: Int, tries: Int)) -> String {
    s.tries == 0 ? "–" : fixed(100 * Double(s.hits) / Double(s.tries), 1) + " %"
}

func fixed(_ v: Double, _ digits: Int) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let n = Int((v * p).rounded())
    let whole = String(n / Int(p)), part = String(abs(n) % Int(p))
    return digits == 0 ? whole : whole + "." + String(repeating: "0", count: digits - part.count) + part
}

/// A markdown table, the form docs/strokes-evaluation.md carries.
func printTable(_ rows: [[String]]) {
    for (i, row) in rows.enumerated() {
        print("| " + row.joined(separator: " | ") + " |")
        if i == 0 { print("|" + String(repeating: "---|", count: row.count)) }
    }
}

/// $1 (Wobbrock, Wilson and Li, UIST 2007), as its paper's pseudocode:
/// resample to 64 points along the path, rotate so the centroid-to-first
/// point angle is 0 (rotation-invariant; the variant without keeps the
/// drawing's own angle), scale non-uniformly to a 250 px square, translate
/// the centroid to the origin; the distance at the best angle within ±45°
/// (golden-section search to 2°), score 1 − d / (½·√(250² + 250²)).
struct DollarOne: NearestTemplate {
    let rotationInvariant: Bool
    var templates: [(String, [TimedPoint])] = []
    var name: String { rotationInvariant ? "$1" : "$1 (no rotation)" }
    static let n = 64, size = 250.0

    init(rotationInvariant: Bool) { self.rotationInvariant = rotationInvariant }

    func distance(_ c: [TimedPoint], _ t: [TimedPoint]) -> Double {
        rotationInvariant ? distanceAtBestAngle(c, t, -.pi / 4, .pi / 4, 2 * .pi / 180) : pathDistance(c, t)
    }

    func score(_ d: Double) -> Double { 1 - d / (0.5 * (2 * Self.size * Self.size).squareRoot()) }

    func normalize(_ points: [TimedPoint]) -> [TimedPoint] {
        var p = resample(points, Self.n)
        if rotationInvariant {
            let c = centroid(p)
            p = rotate(p, by: -atan2(p[0].y - c.y, p[0].x - c.x))
        }
        let (minX, maxX, minY, maxY) = (p.map(\.x).min()!, p.map(\.x).max()!, p.map(\.y).min()!, p.map(\.y).max()!)
        let w = max(maxX - minX, 1e-9), h = max(maxY - minY, 1e-9)
        p = p.map { TimedPoint(x: $0.x * Self.size / w, y: $0.y * Self.size / h, t: $0.t) }
        let c = centroid(p)
        return p.map { TimedPoint(x: $0.x - c.x, y: $0.y - c.y, t: $0.t) }
    }

    func distanceAtBestAngle(_ a: [TimedPoint], _ b: [TimedPoint], _ from: Double, _ to: Double, _ threshold: Double) -> Double {
        let phi = 0.5 * (-1 + 5.0.squareRoot())
        var (lo, hi) = (from, to)
        var x1 = phi * lo + (1 - phi) * hi, f1 = pathDistance(rotate(a, by: x1), b)
        var x2 = (1 - phi) * lo + phi * hi, f2 = pathDistance(rotate(a, by: x2), b)
        while abs(hi - lo) > threshold {
            if f1 < f2 {
                hi = x2; x2 = x1; f2 = f1
                x1 = phi * lo + (1 - phi) * hi; f1 = pathDistance(rotate(a, by: x1), b)
            } else {
                lo = x1; x1 = x2; f1 = f2
                x2 = (1 - phi) * lo + phi * hi; f2 = pathDistance(rotate(a, by: x2), b)
            }
        }
        return min(f1, f2)
    }
}

func resample(_ points: [TimedPoint], _ n: Int) -> [TimedPoint] {
    var length = 0.0
    for i in 1..<points.count { length += euclid(points[i - 1], points[i]) }
    let interval = length / Double(n - 1)
    guard interval > 0 else { return Array(repeating: points[0], count: n) }
    var out = [points[0]]
    var pts = points, D = 0.0, i = 1
    while i < pts.count {
        let d = euclid(pts[i - 1], pts[i])
        if D + d >= interval, d > 0 {
            let k = (interval - D) / d
            let q = TimedPoint(x: pts[i - 1].x + k * (pts[i].x - pts[i - 1].x), y: pts[i - 1].y + k * (pts[i].y - pts[i - 1].y),
                               t: pts[i - 1].t + k * (pts[i].t - pts[i - 1].t))
            out.append(q)
            pts.insert(q, at: i)
            D = 0
        } else {
            D += d
        }
        i += 1
    }
    while out.count < n { out.append(points[points.count - 1]) }
    return Array(out.prefix(n))
}

func centroid(_ p: [TimedPoint]) -> (x: Double, y: Double) {
    (p.reduce(0) { $0 + $1.x } / Double(p.count), p.reduce(0) { $0 + $1.y } / Double(p.count))
}

func rotate(_ p: [TimedPoint], by angle: Double) -> [TimedPoint] {
    let c = centroid(p), cs = cos(angle), sn = sin(angle)
    return p.map { TimedPoint(x: ($0.x - c.x) * cs - ($0.y - c.y) * sn + c.x, y: ($0.x - c.x) * sn + ($0.y - c.y) * cs + c.y, t: $0.t) }
}

func pathDistance(_ a: [TimedPoint], _ b: [TimedPoint]) -> Double {
    var d = 0.0
    for i in 0..<min(a.count, b.count) { d += euclid(a[i], b[i]) }
    return d / Double(min(a.count, b.count))
}

func euclid(_ a: TimedPoint, _ b: TimedPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

/// $P (Vatavu, Anthony and Wobbrock, ICMI 2012): the drawing as a cloud of
/// 32 points (resampled along the path, scaled uniformly, centred), matched
/// to each template by the greedy cloud match from ⌈n^0.5⌉ starting points,
/// both ways, weighted by the order of the match; direction and order of
/// drawing do not count, rotation does.
struct DollarP: NearestTemplate {
    var templates: [(String, [TimedPoint])] = []
    var name: String { "$P" }
    static let n = 32

    func distance(_ c: [TimedPoint], _ t: [TimedPoint]) -> Double { min(cloudDistance(c, t), cloudDistance(t, c)) }

    func score(_ d: Double) -> Double { max((2.0 - d) / 2.0, 0) }

    func normalize(_ points: [TimedPoint]) -> [TimedPoint] {
        let p = resample(points, Self.n)
        let (minX, maxX, minY, maxY) = (p.map(\.x).min()!, p.map(\.x).max()!, p.map(\.y).min()!, p.map(\.y).max()!)
        let size = max(maxX - minX, maxY - minY, 1e-9)
        let scaled = p.map { TimedPoint(x: ($0.x - minX) / size, y: ($0.y - minY) / size, t: $0.t) }
        let c = centroid(scaled)
        return scaled.map { TimedPoint(x: $0.x - c.x, y: $0.y - c.y, t: $0.t) }
    }

    func cloudDistance(_ a: [TimedPoint], _ b: [TimedPoint]) -> Double {
        let n = a.count
        let step = max(1, Int(Double(n).squareRoot()))
        var best = Double.infinity
        for start in stride(from: 0, to: n, by: step) {
            var matched = [Bool](repeating: false, count: n)
            var sum = 0.0, i = start
            for k in 0..<n {
                var min = Double.infinity, index = 0
                for j in 0..<n where !matched[j] {
                    let d = euclid(a[i], b[j])
                    if d < min { min = d; index = j }
                }
                matched[index] = true
                sum += (1 - Double(k) / Double(n)) * min
                i = (i + 1) % n
            }
            best = Swift.min(best, sum)
        }
        return best
    }
}

/// The project's own matcher, as the stroke recognizer uses it: the path
/// kept as `StrokePath` keeps it (spaced, at most 128 points), matched by
/// `StrokeSet` against every shape's templates, with its rejections (too
/// small, a straight line) counted as misses. The closest shape is the
/// answer (top-1); thresholds are `teach`'s business.
func ownMatchers() -> [any ShapeRecognizer] {
    [OwnMatcher(directionSensitive: true), OwnMatcher(directionSensitive: false)]
}

struct OwnMatcher: ShapeRecognizer {
    let directionSensitive: Bool
    /// Normalized once as added, as the recognizer's are when its config loads.
    var templates: [StrokeTemplate] = []

    var name: String { directionSensitive ? "ours" : "ours, any direction" }

    var options: StrokeOptions {
        var o = StrokeOptions()
        o.directionSensitive = directionSensitive
        o.threshold = 0   // top-1: the closest shape, whatever its score
        return o
    }

    static func path(_ points: [TimedPoint]) -> [Point] {
        var p = StrokePath()
        guard let first = points.first else { return [] }
        // Relative to the landing, as the recognizer's contact translation is.
        for q in points { p.add(Point(x: q.x - first.x, y: q.y - first.y)) }
        return p.points
    }

    mutating func reset() { templates.removeAll() }

    mutating func add(_ shape: String, _ points: [TimedPoint]) {
        templates.append(StrokeTemplate(name: shape, path: Self.path(points), options: options))
    }

    func recognize(_ points: [TimedPoint]) -> (shape: String, score: Double)? {
        let m = StrokeMatcher(templates: templates, options: options).match(Self.path(points))
        // A rejection (too small, a line, no corner) is a miss (threshold 0: never below it).
        guard m.rejection == nil else { return nil }
        return m.closest.map { ($0, m.score) }
    }
}
