#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GestureCore
import GestureTraces

// The invariance harness's transforms (issue 59): one recorded hand turned
// into the same hand on another panel, faster or slower, turned, mirrored,
// its fingers landing and lifting in another order, with sensor noise, its
// frames split across reads. Pure and seeded: the same hand and variant give
// the same trace. Tests/GestureBridgeTests/RealHandsInvarianceTests.swift
// scores them; docs/real-hands.md, "Invariance".

/// One touch sequence of a trace (from the first finger down to the last
/// up) as its fingers' tracks.
public struct RecordedHand: Sendable {
    public struct Sample: Hashable, Sendable {
        public var t: Seconds
        public var p: Point
        /// Where the event stood in the source trace: orders equal times.
        public var order: Int
    }

    public struct Track: Hashable, Sendable {
        public var id: TouchID
        public var device: DeviceID
        /// The landing first, then the updates, then (when `lifted`) the lift.
        public var samples: [Sample]
        public var lifted: Bool

        public var landing: Sample { samples[0] }
        /// The lift, or the last sample of a finger still down at the end.
        public var lift: Sample { samples[samples.count - 1] }
        public var updateCount: Int { samples.count - 1 - (lifted ? 1 : 0) }
    }

    public var header: TraceHeader
    /// In landing order.
    public var tracks: [Track]

    /// The density its touches are judged at (its device's, else the screen's).
    public var pxPerMM: Double {
        guard let id = tracks.first?.device, let d = header.devices.first(where: { $0.id == id }) else {
            return header.screen.pxPerMM
        }
        return header.screen.pxPerMM(of: d)
    }

    public var start: Seconds { tracks.map(\.landing.t).min() ?? 0 }
    public var end: Seconds { tracks.map(\.lift.t).max() ?? 0 }
    public var updateCount: Int { tracks.reduce(0) { $0 + $1.updateCount } }
    public var eventCount: Int { tracks.reduce(0) { $0 + $1.samples.count } }

    public init(header: TraceHeader, tracks: [Track]) {
        self.header = header
        self.tracks = tracks
    }

    /// Every touch sequence of a trace, in order. Other inputs (windows,
    /// devices, touchpad gestures) are not kept; an update of a touch that is
    /// not down is not either.
    public static func split(_ trace: Trace) -> [RecordedHand] {
        var hands: [RecordedHand] = []
        var current: [Track] = []
        var open: [TouchID: Int] = [:]
        for (n, e) in trace.events.enumerated() {
            switch e.input {
            case .touchBegin(let d, let id, let p):
                open[id] = current.count
                current.append(Track(id: id, device: d, samples: [Sample(t: e.t, p: p, order: n)], lifted: false))
            case .touchUpdate(_, let id, let p):
                if let i = open[id] { current[i].samples.append(Sample(t: e.t, p: p, order: n)) }
            case .touchEnd(_, let id, let p):
                guard let i = open.removeValue(forKey: id) else { continue }
                current[i].samples.append(Sample(t: e.t, p: p, order: n))
                current[i].lifted = true
                if open.isEmpty {
                    hands.append(RecordedHand(header: trace.header, tracks: current))
                    current = []
                }
            default: continue
            }
        }
        if !current.isEmpty { hands.append(RecordedHand(header: trace.header, tracks: current)) }
        return hands
    }

    /// The hand as a trace: each sample an event, in time order (equal times
    /// as in the source).
    public var trace: Trace {
        var out: [(t: Seconds, order: Int, input: Input)] = []
        out.reserveCapacity(eventCount)
        for track in tracks {
            for (k, s) in track.samples.enumerated() {
                let input: Input = k == 0 ? .touchBegin(device: track.device, touch: track.id, at: s.p)
                    : k == track.samples.count - 1 && track.lifted ? .touchEnd(device: track.device, touch: track.id, at: s.p)
                    : .touchUpdate(device: track.device, touch: track.id, at: s.p)
                out.append((TraceEvent.microseconds(s.t), s.order, input))
            }
        }
        out.sort { ($0.t, $0.order) < ($1.t, $1.order) }
        return Trace(header: header, events: out.map { TraceEvent(t: $0.t, input: $0.input) })
    }

    /// The fingers that land first, together: those landing within
    /// `window` of the first, less any that lifts before the last of them
    /// lands. Indices into `tracks`, in landing order.
    public func landingGroup(window: Seconds) -> [Int] {
        let first = start
        var group = tracks.indices.filter { tracks[$0].landing.t <= first + window }
        while true {
            let last = group.map { tracks[$0].landing.t }.max() ?? first
            let kept = group.filter { !tracks[$0].lifted || tracks[$0].lift.t > last }
            if kept.count == group.count { return group }
            group = kept
        }
    }

    /// The fingers that lift last, together: those lifting within `window`
    /// of the last lift, less any that lands after the first of them lifts.
    /// Indices into `tracks`, in lifting order.
    public func liftGroup(window: Seconds) -> [Int] {
        let last = end
        var group = tracks.indices.filter { tracks[$0].lifted && tracks[$0].lift.t >= last - window }
            .sorted { (tracks[$0].lift.t, $0) < (tracks[$1].lift.t, $1) }
        while true {
            let first = group.map { tracks[$0].lift.t }.min() ?? last
            let kept = group.filter { tracks[$0].landing.t < first }
            if kept.count == group.count { return group }
            group = kept
        }
    }
}

/// A display the same hand touches: its diagonal, its pixels, and whether
/// its touchscreen declares its size (its axes' resolution: the trace
/// header's `width_mm` and `height_mm`). The screen itself says 96 dpi, as
/// Xorg says of every monitor by default; a touchscreen that declares no
/// size is read there, at 3.78 px/mm, whatever its real density (the
/// engine's documented estimate: `Screen.pxPerMM(of:)`).
public struct Panel: Hashable, Sendable, CustomStringConvertible {
    public var inches: Double
    public var width: Int
    public var height: Int
    public var declared: Bool

    public init(inches: Double, width: Int, height: Int, declared: Bool = true) {
        self.inches = inches
        self.width = width
        self.height = height
        self.declared = declared
    }

    /// Its real density: the diagonal's pixels over its millimetres.
    public var pxPerMM: Double {
        (Double(width * width + height * height)).squareRoot() / (inches * 25.4)
    }

    /// What the engine is told of the screen: its pixels, at X's default 96 dpi.
    public var screen: Screen { Screen(width: Double(width), height: Double(height)) }

    /// Its surface in mm: the diagonal's share along each side.
    public var sizeMM: Size {
        let diagonal = (Double(width * width + height * height)).squareRoot()
        return Size(width: inches * 25.4 * Double(width) / diagonal, height: inches * 25.4 * Double(height) / diagonal)
    }

    /// `device` as this panel's touchscreen: its size where it declares one.
    public func touchscreen(_ device: Device) -> Device {
        var d = device
        d.sizeMM = declared && d.kind == .touchscreen ? sizeMM : nil
        return d
    }

    public var description: String {
        "\(VariantFormat.number(inches, 1))\" \(width)×\(height)"
            + (declared ? "" : ", no size (\(VariantFormat.number(screen.pxPerMM, 2)) px/mm assumed)")
    }

    /// 10" to 32", 2.7 to 8.8 px/mm.
    public static let all: [Panel] = [
        Panel(inches: 10.1, width: 1920, height: 1200), Panel(inches: 11.6, width: 1366, height: 768),
        Panel(inches: 13.3, width: 1920, height: 1080), Panel(inches: 15.6, width: 1366, height: 768),
        Panel(inches: 21.5, width: 1920, height: 1080), Panel(inches: 27, width: 2560, height: 1440),
        Panel(inches: 32, width: 1920, height: 1080), Panel(inches: 32, width: 3840, height: 2160),
    ]
    /// The densest, a laptop's and the sparsest, declaring no size.
    public static let undeclared: [Panel] = [
        Panel(inches: 10.1, width: 1920, height: 1200, declared: false),
        Panel(inches: 13.3, width: 1920, height: 1080, declared: false),
        Panel(inches: 32, width: 1920, height: 1080, declared: false),
    ]
}

/// How far a hand's speed may change and keep its label: the rule its kind
/// is judged by (labels.json's `kind`).
public enum TimingRule: String, Sendable, CaseIterable {
    /// No timing rule (a swipe, a pinch, a rotation, a drag): × 0.5 to × 2.
    case free
    /// A hand judged by `tap-timeout` (a tap, a touch and release, a short
    /// one-finger stroke that may be a tap when quicker): the time its
    /// fingers are all down, from the last landing to the first lift, stays
    /// on its side of `tap-timeout`, and of the fingers' least time down
    /// together (`Contact.tapTogether`); gaps between landings too, of `finger-landing`.
    case tapTimeout
    /// Fingers put down one by one, or all at once: gaps within
    /// `finger-landing` stay within it, those beyond stay beyond.
    case landings
    /// A kind this table does not know: as recorded.
    case fixed

    public static let byKind: [String: TimingRule] = [
        "swipe": .free, "pinch": .free, "rotate": .free, "drag": .free, "circle": .free,
        "tap": .tapTimeout, "press": .tapTimeout, "stroke": .tapTimeout, "multi": .landings,
    ]

    public static func of(kind: String) -> TimingRule { byKind[kind] ?? .fixed }

    /// The speeds (× recorded) that keep the hand on its side of the rule's
    /// edges, within × 0.5 to × 2; always holds 1. Margins: 10 % inside an
    /// edge the hand is inside of, 10 % beyond one it is beyond.
    public func speeds(_ hand: RecordedHand, _ e: TimingEdges) -> ClosedRange<Double> {
        var lo = 0.5, hi = 2.0
        switch self {
        case .free: return lo...hi
        case .fixed: return 1...1
        case .tapTimeout:
            let firstLift = hand.tracks.filter(\.lifted).map(\.lift.t).min() ?? hand.end
            let lastLanding = hand.tracks.map(\.landing.t).filter { $0 <= firstLift }.max() ?? hand.start
            let held = firstLift - lastLanding
            if held < e.tapTimeout { lo = max(lo, held / (0.9 * e.tapTimeout)) } else { hi = min(hi, held / (1.1 * e.tapTimeout)) }
            // Fingers down together `Contact.tapTogether` or longer stay so:
            // quicker, they are fingers tapping one after another, not one
            // tap (ts22 #2's 4-finger tap, together 40 ms, at × 2 was
            // together 20 ms, a drumming hand's 0–15 ms by the engine's rule).
            if hand.tracks.count > 1 && held >= Contact.tapTogether { hi = min(hi, held / (1.1 * Contact.tapTogether)) }
        case .landings: break
        }
        let landings = hand.tracks.map(\.landing.t).sorted()
        let gaps = zip(landings.dropFirst(), landings).map { $0 - $1 }
        let together = gaps.filter { $0 < e.fingerLanding }.max() ?? 0
        let apart = gaps.filter { $0 >= e.fingerLanding }.min() ?? .infinity
        lo = max(lo, together / (0.9 * e.fingerLanding))
        hi = min(hi, apart / (1.1 * e.fingerLanding))
        return min(lo, 1)...max(hi, 1)
    }
}

/// The settings whose edges the timing rules keep to.
public struct TimingEdges: Hashable, Sendable {
    public var tapTimeout: Seconds
    public var fingerLanding: Seconds

    public init(_ s: Settings) {
        tapTimeout = s.tapTimeout
        fingerLanding = s.fingerLanding
    }
}

/// The order fingers land or lift in, re-timed over `spread` (evenly, the
/// first at once).
public struct Reorder: Hashable, Sendable {
    public enum Order: Hashable, Sendable {
        /// The `n`-th of the fingers' orders (lexicographic, modulo their count's factorial).
        case index(Int)
        /// Shuffled by the variant's seed.
        case shuffled
    }

    public var order: Order
    public var spread: Seconds

    public init(_ order: Order, over spread: Seconds) {
        self.order = order
        self.spread = spread
    }

    /// `count` fingers' order: the k-th to land (or lift) is the
    /// `permutation[k]`-th as recorded.
    func permutation(_ count: Int, _ rng: inout SplitMix64) -> [Int] {
        switch order {
        case .index(let n): return Self.permutation(count, index: n)
        case .shuffled:
            var p = Array(0..<count)
            for i in stride(from: count - 1, to: 0, by: -1) { p.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            return p
        }
    }

    /// The `index`-th permutation of 0..<count in lexicographic order (index modulo count!).
    public static func permutation(_ count: Int, index: Int) -> [Int] {
        var left = Array(0..<count), out: [Int] = []
        var factorial = (1..<max(count, 1)).reduce(1) { $0 * $1 }
        var rest = count > 0 ? index % (factorial * count) : 0
        for k in stride(from: count - 1, through: 0, by: -1) {
            let i = rest / factorial
            out.append(left.remove(at: i))
            rest %= factorial
            if k > 0 { factorial /= k }
        }
        return out
    }

    /// How many distinct orders `count` fingers have, up to `cap`.
    public static func orders(_ count: Int, cap: Int) -> Int {
        var n = 1
        for k in stride(from: 2, through: max(count, 1), by: 1) {
            n *= k
            if n >= cap { return cap }
        }
        return n
    }
}

/// One way to change a recorded hand. The identity by default (Swift's
/// memberwise init, internal: the tests import this module `@testable`).
public struct TraceVariant: Hashable, Sendable {
    /// The same motion in mm on this panel; nil: as recorded.
    public var panel: Panel? = nil
    /// × recorded (2 = twice as fast), kept within the hand's timing rule.
    public var speed: Double = 1
    /// The hand's motion turned about its start, clockwise on screen.
    public var degrees: Double = 0
    /// Left and right swapped about the hand's start.
    public var mirrored: Bool = false
    public var landing: Reorder? = nil
    public var lifting: Reorder? = nil
    /// ± this many mm (uniform, x and y) on every update.
    public var noiseMM: Double = 0
    /// The share of frames (touch events at one time) whose later half is
    /// stamped 1 ms after the first, as Xorg reads one frame in two.
    public var splitFrames: Double = 0
    public var seed: UInt64 = 1

    /// The hand changed, and what was changed, in words.
    public struct Applied: Sendable {
        /// Before its frames were split.
        public var hand: RecordedHand
        public var trace: Trace
        /// "32\" 1920×1080, ×0.5 speed, +12°, landing 3-1-2 over 120 ms":
        /// what was done (a speed kept within its rule says so), or "as recorded".
        public var description: String
        /// Updates left out by re-timing: a finger landing later than it did
        /// has no motion before it lands, one lifting earlier none after.
        public var droppedUpdates: Int
        public var isIdentity: Bool { description == VariantFormat.identity }
    }

    /// Speed first (kept within `rule` at `edges`), then the landings and
    /// lifts re-timed (fingers within `edges.fingerLanding` of each other land
    /// or lift together), the turn and mirror about where the hand's first
    /// fingers landed, the noise, the panel, and last the frames split.
    public func apply(to source: RecordedHand, rule: TimingRule, edges: TimingEdges) -> Applied {
        var hand = source
        var rng = SplitMix64(seed: seed)
        var words: [String] = []
        var dropped = 0

        // Speed, about the first landing.
        let range = rule.speeds(source, edges)
        let s = min(max(speed, range.lowerBound), range.upperBound)
        if s != 1 {
            let t0 = source.start
            for i in hand.tracks.indices {
                for k in hand.tracks[i].samples.indices {
                    hand.tracks[i].samples[k].t = TraceEvent.microseconds(t0 + (hand.tracks[i].samples[k].t - t0) / s)
                }
            }
            words.append("×\(VariantFormat.number(s, 2)) speed" + (s != speed ? " (×\(VariantFormat.number(speed, 2)) asked)" : ""))
        }

        // Where the hand starts: its first fingers' landing.
        let first = source.landingGroup(window: edges.fingerLanding)
        let centre = first.map { source.tracks[$0].landing.p }.reduce(Point.zero, +) / Double(max(first.count, 1))

        // Landings re-timed, then lifts.
        if let landing {
            let group = hand.landingGroup(window: edges.fingerLanding)
            if group.count >= 2 { words.append(Self.retime(&hand, group, landing, lifts: false, &rng, &dropped)) }
        }
        if let lifting {
            let group = hand.liftGroup(window: edges.fingerLanding)
            if group.count >= 2 { words.append(Self.retime(&hand, group, lifting, lifts: true, &rng, &dropped)) }
        }
        // Nothing before the trace's zero.
        if hand.start < 0 {
            let shift = TraceEvent.microseconds(-hand.start)
            for i in hand.tracks.indices {
                for k in hand.tracks[i].samples.indices { hand.tracks[i].samples[k].t += shift }
            }
        }

        // Turned and mirrored about the start, then the noise, in the source's px.
        if degrees != 0 || mirrored {
            let a = degrees * Double.pi / 180, c = cos(a), sn = sin(a)
            for i in hand.tracks.indices {
                for k in hand.tracks[i].samples.indices {
                    let v = hand.tracks[i].samples[k].p - centre
                    var q = Point(x: v.x * c - v.y * sn, y: v.x * sn + v.y * c)
                    if mirrored { q.x = -q.x }
                    hand.tracks[i].samples[k].p = centre + q
                }
            }
            if degrees != 0 { words.append((degrees > 0 ? "+" : "−") + VariantFormat.number(abs(degrees), 1) + "°") }
            if mirrored { words.append("mirrored") }
        }
        if noiseMM > 0 {
            let a = noiseMM * source.pxPerMM
            for i in hand.tracks.indices {
                let updates = 1..<(hand.tracks[i].samples.count - (hand.tracks[i].lifted ? 1 : 0))
                for k in updates {
                    hand.tracks[i].samples[k].p += Point(x: rng.uniform(-a, a), y: rng.uniform(-a, a))
                }
            }
            words.append("±\(VariantFormat.number(noiseMM, 2)) mm noise (seed \(seed))")
        }

        // The panel first in the words, where the motion fits on it.
        if let panel, Self.place(&hand, on: panel) { words.insert(panel.description, at: 0) }

        var trace = hand.trace
        if splitFrames > 0 {
            let split = Self.splitFrames(&trace, share: splitFrames, &rng)
            if split > 0 { words.append("\(split) frames split (\(VariantFormat.number(splitFrames * 100, 0)) %, seed \(seed))") }
        }
        return Applied(hand: hand, trace: trace,
                       description: words.isEmpty ? VariantFormat.identity : words.joined(separator: ", "),
                       droppedUpdates: dropped)
    }

    /// The group's fingers land (or lift) in `reorder`'s order, evenly over
    /// its spread. Landings end when the last landed (a finger landing
    /// sooner is still until it moves as recorded; a tap is held as long)
    /// and begin no later than the first did (one of them is down from then:
    /// still one touch sequence); lifts begin when the first lifted (a finger
    /// lifting later is still where its motion ended) and end no sooner
    /// than the last did. At one time, they come in this order too.
    /// Returns the words for it.
    static func retime(_ hand: inout RecordedHand, _ group: [Int], _ reorder: Reorder, lifts: Bool,
                       _ rng: inout SplitMix64, _ dropped: inout Int) -> String {
        let order = reorder.permutation(group.count, &rng)
        let times = group.map { lifts ? hand.tracks[$0].lift.t : hand.tracks[$0].landing.t }
        let first = times.min()!, last = times.max()!
        let spread = max(reorder.spread, last - first)
        let from = lifts ? first : last - spread
        let keys = group.map { lifts ? hand.tracks[$0].lift.order : hand.tracks[$0].landing.order }.sorted()
        for (k, rank) in order.enumerated() {
            let at = from + spread * Double(k) / Double(group.count - 1)
            if lifts {
                hand.tracks[group[rank]].samples[hand.tracks[group[rank]].samples.count - 1].order = keys[k]
                dropped += lift(&hand.tracks[group[rank]], at: at)
            } else {
                hand.tracks[group[rank]].samples[0].order = keys[k]
                dropped += land(&hand.tracks[group[rank]], at: at)
            }
        }
        return "\(lifts ? "lifting" : "landing") \(VariantFormat.order(order)) over \(VariantFormat.ms(spread))"
    }

    /// The finger lands at `t`: later, where it had got to by then (its
    /// motion before is dropped); earlier, where it landed. Returns the
    /// updates dropped.
    static func land(_ track: inout RecordedHand.Track, at time: Seconds) -> Int {
        let t = TraceEvent.microseconds(time)
        guard t > track.landing.t else {
            track.samples[0].t = t
            return 0
        }
        let updates = track.samples.count - (track.lifted ? 1 : 0)
        var k = 1
        while k < updates && track.samples[k].t <= t { k += 1 }
        let gone = k - 1
        if gone > 0 { track.samples[0].p = track.samples[gone].p }
        track.samples.removeSubrange(1..<k)
        track.samples[0].t = t
        return gone
    }

    /// The finger lifts at `t`: earlier, where it was then (its motion after
    /// is dropped); later, where it lifted. Returns the updates dropped.
    static func lift(_ track: inout RecordedHand.Track, at time: Seconds) -> Int {
        let t = TraceEvent.microseconds(time)
        let n = track.samples.count
        guard t < track.lift.t else {
            track.samples[n - 1].t = t
            return 0
        }
        var k = n - 1
        while k > 1 && track.samples[k - 1].t >= t { k -= 1 }
        let gone = n - 1 - k
        track.samples.removeSubrange(k..<(n - 1))
        track.samples[k].t = t
        track.samples[k].p = track.samples[k - 1].p
        return gone
    }

    /// The hand's mm kept on `panel`: scaled by the densities' ratio about
    /// its middle, which goes to the same share of the panel, moved the
    /// least that keeps it on the panel. False, and the hand as it was,
    /// where its motion is larger than the panel: a touchscreen reports no
    /// touch beyond its surface, so that motion cannot be made there (ts14
    /// #3's two hands span 418 × 231 mm at its trace's 3.78 px/mm; a 13.3"
    /// panel is 294 × 166 mm, and placed there its touches ran from −549
    /// to 2,469 px on a 1,920 px screen).
    static func place(_ hand: inout RecordedHand, on panel: Panel) -> Bool {
        let source = hand.header.screen
        let k = panel.pxPerMM / hand.pxPerMM
        let points = hand.tracks.flatMap { $0.samples.map(\.p) }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max(),
              (maxX - minX) * k <= Double(panel.width), (maxY - minY) * k <= Double(panel.height) else { return false }
        let middle = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        func fit(_ share: Double, _ half: Double, _ size: Double) -> Double {
            min(max(share * size, half), size - half)
        }
        let target = Point(x: fit(middle.x / source.width, (maxX - minX) * k / 2, Double(panel.width)),
                           y: fit(middle.y / source.height, (maxY - minY) * k / 2, Double(panel.height)))
        for i in hand.tracks.indices {
            for j in hand.tracks[i].samples.indices {
                hand.tracks[i].samples[j].p = target + (hand.tracks[i].samples[j].p - middle) * k
            }
        }
        hand.header.screen = panel.screen
        hand.header.devices = hand.header.devices.map(panel.touchscreen)
        return true
    }

    /// A share of the frames with more than one touch event: their later
    /// half 1 ms late (or halfway to the next frame, if that is nearer).
    /// Returns how many were split.
    static func splitFrames(_ trace: inout Trace, share: Double, _ rng: inout SplitMix64) -> Int {
        var split = 0, i = 0
        let events = trace.events
        while i < events.count {
            var j = i
            while j < events.count && events[j].t == events[i].t { j += 1 }
            if j - i > 1 && rng.uniform(0, 1) < share {
                let next = j < events.count ? events[j].t : .infinity
                let late = TraceEvent.microseconds(min(events[i].t + 0.001, (events[i].t + next) / 2))
                if late > events[i].t && late < next {
                    for k in (i + (j - i + 1) / 2)..<j { trace.events[k].t = late }
                    split += 1
                }
            }
            i = j
        }
        return split
    }
}

extension TraceVariant {
    /// One change at a time, at its edges: every panel, four speeds, four
    /// turns, the mirror, every landing and lifting order of the hand's
    /// fingers over 150 ms (24 shuffled ones of 5 or more), and one all at
    /// once, noise with three seeds, split frames.
    public static func grid(for hand: RecordedHand, window: Seconds) -> [TraceVariant] {
        var out: [TraceVariant] = (Panel.all + Panel.undeclared).map { TraceVariant(panel: $0) }
        out += [0.5, 0.7, 1.4, 2].map { TraceVariant(speed: $0) }
        out += [-15, -7.5, 7.5, 15].map { TraceVariant(degrees: $0) }
        out.append(TraceVariant(mirrored: true))
        // Up to 4 fingers, every order; more, 24 shuffled ones.
        func orders(_ fingers: Int) -> [(Reorder.Order, UInt64)] {
            let n = Reorder.orders(fingers, cap: 25)
            return n <= 24 ? (0..<n).map { (.index($0), 1) } : (1...24).map { (.shuffled, UInt64($0)) }
        }
        let landing = orders(hand.landingGroup(window: window).count)
        out += landing.map { TraceVariant(landing: Reorder($0.0, over: 0.150), seed: $0.1) }
        out.append(TraceVariant(landing: Reorder(landing[landing.count - 1].0, over: 0), seed: landing[landing.count - 1].1))
        let lifting = orders(hand.liftGroup(window: window).count)
        out += lifting.map { TraceVariant(lifting: Reorder($0.0, over: 0.150), seed: $0.1) }
        out.append(TraceVariant(lifting: Reorder(lifting[lifting.count - 1].0, over: 0), seed: lifting[lifting.count - 1].1))
        out += (1...3).map { TraceVariant(noiseMM: 0.5, seed: UInt64($0)) }
        out += [0.5, 1].map { TraceVariant(splitFrames: $0, seed: 7) }
        return out
    }

    /// `count` variants with every change at once, seeded: a panel (or as
    /// recorded), a speed from × 0.5 to × 2, a turn within ± 15°, mirrored
    /// or not, shuffled landings and lifts over 0 to 150 ms, ± 0.5 mm of
    /// noise, split frames.
    public static func random(_ count: Int, seed: UInt64) -> [TraceVariant] {
        var rng = SplitMix64(seed: seed)
        let panels = Panel.all + Panel.undeclared
        return (0..<count).map { _ in
            let p = Int(rng.next() % UInt64(panels.count + 2))
            return TraceVariant(
                panel: p < panels.count ? panels[p] : nil, speed: pow(2, rng.uniform(-1, 1)),
                degrees: (rng.uniform(-15, 15) * 10).rounded() / 10, mirrored: rng.next() % 2 == 0,
                landing: Reorder(.shuffled, over: (rng.uniform(0, 0.150) * 1000).rounded() / 1000),
                lifting: Reorder(.shuffled, over: (rng.uniform(0, 0.150) * 1000).rounded() / 1000),
                noiseMM: 0.5, splitFrames: [0, 0.5, 1][Int(rng.next() % 3)], seed: rng.next() % 1_000_000)
        }
    }

    /// A name the labels use, as the mirror sees it: left and right swap,
    /// and a turn's direction (`rotate2:cw` ↔ `rotate2:ccw`).
    public static func mirrored(_ name: String) -> String {
        if name.hasSuffix(":cw") { return String(name.dropLast(3)) + ":ccw" }
        if name.hasSuffix(":ccw") { return String(name.dropLast(4)) + ":cw" }
        if name.contains("left") { return name.replacing("left", with: "right", maxReplacements: 1) }
        if name.contains("right") { return name.replacing("right", with: "left", maxReplacements: 1) }
        return name
    }
}

/// What a variant trace must still be: the same fingers, each landing once
/// and lifting once with its updates between, in time order from 0, one
/// touch sequence; its updates those of the source less those re-timing
/// dropped; its screen one the engine takes. Each problem in words (none:
/// the variant is sound).
public enum VariantCheck {
    /// `readBack`: also written as a trace file and read back (slower).
    public static func problems(source: RecordedHand, variant: TraceVariant.Applied, readBack: Bool = true) -> [String] {
        var out: [String] = []
        let events = variant.trace.events
        if zip(events, events.dropFirst()).contains(where: { !($0.t <= $1.t) }) { out.append("times go back") }
        if let first = events.first, !(first.t >= 0) { out.append("the first event at \(first.t) s") }
        let screen = variant.trace.header.screen
        if !(screen.width > 0 && screen.height > 0 && screen.pxPerMM > 0 && screen.pxPerMM.isFinite) {
            out.append("a screen of \(screen.width)×\(screen.height) at \(screen.pxPerMM) px/mm")
        }
        var state: [TouchID: Int] = [:]   // 1 down, 2 lifted
        var begins = 0, updates = 0, ends = 0, down = 0, sequences = 0
        for e in events {
            switch e.input {
            case .touchBegin(_, let id, let p):
                if state[id] != nil { out.append("touch \(id) lands twice") }
                if !p.isFinite { out.append("touch \(id) lands at \(p)") }
                state[id] = 1
                begins += 1
                if down == 0 { sequences += 1 }
                down += 1
            case .touchUpdate(_, let id, let p):
                if state[id] != 1 { out.append("touch \(id) moves while not down") }
                if !p.isFinite { out.append("touch \(id) moves to \(p)") }
                updates += 1
            case .touchEnd(_, let id, let p):
                if state[id] != 1 { out.append("touch \(id) lifts while not down") }
                if !p.isFinite { out.append("touch \(id) lifts at \(p)") }
                state[id] = 2
                ends += 1
                down -= 1
            default: out.append("an input that is not a touch")
            }
        }
        let ids = Set(source.tracks.map(\.id))
        if Set(state.keys) != ids { out.append("fingers \(ids.sorted()) became \(state.keys.sorted())") }
        let lifted = source.tracks.filter(\.lifted).count
        if begins != source.tracks.count || ends != lifted {
            out.append("\(begins) landings and \(ends) lifts, \(source.tracks.count) and \(lifted) recorded")
        }
        if updates + variant.droppedUpdates != source.updateCount {
            out.append("\(updates) updates + \(variant.droppedUpdates) dropped, \(source.updateCount) recorded")
        }
        if sequences != 1 { out.append("\(sequences) touch sequences, not one") }
        guard readBack else { return out }
        let lines = events.compactMap { TraceWriter.line($0) }
        do {
            let back = try TraceReader.parse(([TraceWriter.header(variant.trace.header)] + lines).joined(separator: "\n"))
            if back.events != events { out.append("\(back.events.count) events read back of \(events.count), or others") }
            if back.header.screen != screen { out.append("the screen reads back otherwise") }
        } catch {
            out.append("does not read back: \(error)")
        }
        return out
    }
}

/// Numbers in the variants' words, without Foundation.
enum VariantFormat {
    static let identity = "as recorded"

    /// `v` to `decimals` places, trailing zeros dropped.
    static func number(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((abs(v) * scale).rounded())
        var s = String(n / Int(scale))
        var frac = decimals > 0 ? String(n % Int(scale)) : ""
        while frac.count < decimals { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        if !frac.isEmpty { s += "." + frac }
        return (v < 0 && n > 0 ? "-" : "") + s
    }

    static func ms(_ s: Seconds) -> String { "\(Int((s * 1000).rounded())) ms" }

    /// 1-based, as recorded: "3-1-2" (the third finger first).
    static func order(_ p: [Int]) -> String { p.map { String($0 + 1) }.joined(separator: "-") }
}
