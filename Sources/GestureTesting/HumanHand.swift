#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GestureCore
import GestureTraces

/// How a real hand performs a gesture, as public recordings of real devices
/// show it: fingers land apart (2–5-finger put-downs over 81–175 ms), the hand
/// waits a little before it moves, speeds up and slows down, the fingers wobble
/// and drift apart from a rigid path, they lift apart, and X may stamp one
/// hardware frame's updates on two adjacent milliseconds.
public struct Hand: Hashable, Sendable, CustomStringConvertible {
    /// From the first finger down to the last (each finger at a seeded moment in between).
    public var landingSpread: Seconds
    /// Still, after the last finger landed, before the hand moves.
    public var startDelay: Seconds
    /// Smoothstep speed: slow start, slow end (else constant speed).
    public var easing: Bool
    /// ± px of noise on every finger in every frame.
    public var jitter: Double
    /// px each finger wanders off the rigid path by the end of the motion.
    public var drift: Double
    /// From the first finger up to the last.
    public var liftSpread: Seconds
    /// The share of frames whose later half X stamps 1 ms after the first.
    public var splitFrames: Double

    public init(landingSpread: Seconds = 0, startDelay: Seconds = 0, easing: Bool = false, jitter: Double = 0,
                drift: Double = 0, liftSpread: Seconds = 0, splitFrames: Double = 0) {
        self.landingSpread = landingSpread
        self.startDelay = startDelay
        self.easing = easing
        self.jitter = jitter
        self.drift = drift
        self.liftSpread = liftSpread
        self.splitFrames = splitFrames
    }

    public var description: String {
        "landing \(Int(landingSpread * 1000)) ms, start +\(Int(startDelay * 1000)) ms"
            + (easing ? ", eased" : "") + ", jitter \(jitter) px, drift \(drift) px"
            + ", lifts \(Int(liftSpread * 1000)) ms, split \(Int(splitFrames * 100)) %"
    }
}

/// What the hand does once its fingers are down.
public enum HandMotion: Hashable, Sendable {
    /// Every finger moves by this much.
    case translate(Point)
    /// The fingers spread (> 1) or close (< 1) about their centroid.
    case pinch(Double)
    /// The fingers turn about their centroid, degrees clockwise on screen.
    case rotate(Double)
    /// The fingers stay where they landed (a tap, a press).
    case still
}

/// When the parts of a performed gesture happened (trace seconds).
public struct Performed: Hashable, Sendable {
    public var lastLanding: Seconds
    public var motionStart: Seconds
    public var motionEnd: Seconds
    public var firstLift: Seconds
    public var lastLift: Seconds

    /// When the rigid motion reached `fraction` of its whole (for easing,
    /// the smoothstep's inverse).
    public func moment(at fraction: Double, easing: Bool) -> Seconds {
        let f = min(max(fraction, 0), 1)
        var x = f
        if easing {
            var lo = 0.0, hi = 1.0
            for _ in 0..<50 {
                let mid = (lo + hi) / 2
                if mid * mid * (3 - 2 * mid) < f { lo = mid } else { hi = mid }
            }
            x = hi
        }
        return motionStart + (motionEnd - motionStart) * x
    }
}

extension TraceBuilder {
    /// A whole touchscreen gesture by a real hand: `count` fingers land in a
    /// row about `centre`, wait, do `motion` over `duration`, and lift.
    @discardableResult
    public mutating func perform(_ count: Int, at centre: Point, spacing: Double = 60, _ motion: HandMotion,
                                 over duration: Seconds, hand: Hand) -> Performed {
        let points = (0..<count).map { k in
            Point(x: centre.x + (Double(k) - Double(count - 1) / 2) * spacing, y: centre.y + (k % 2 == 0 ? 0 : 20))
        }
        let start = t
        // Landing moments: the first at once, the last at the full spread.
        var landings = [0.0]
        if count > 1 {
            var inner = (1..<(count - 1)).map { _ in uniform(0, hand.landingSpread) }
            inner.sort()
            landings += inner + [hand.landingSpread]
        }
        let base = fingerCount
        var k = 0
        // Land, with the fingers already down wobbling in frames between.
        while k < count {
            let due = start + landings[k]
            if due > t + frameInterval {
                wobbleFrame(hand, at: t + frameInterval)
                continue
            }
            setTime(due)
            land(at: [points[k]])
            k += 1
        }
        // Wait before moving.
        let moveAt = t + hand.startDelay
        while t + frameInterval < moveAt { wobbleFrame(hand, at: t + frameInterval) }
        setTime(moveAt)
        var done = Performed(lastLanding: t, motionStart: 0, motionEnd: 0, firstLift: 0, lastLift: 0)
        // Move: a rigid path, eased or not, plus each finger's drift and noise.
        let starts = positions.suffix(count)
        let c = starts.reduce(Point.zero, +) / Double(count)
        let drifts = (0..<count).map { _ -> Point in
            let a = uniform(0, 2 * Double.pi)
            return Point(x: cos(a), y: sin(a)) * hand.drift
        }
        let frames = max(1, Int((duration / frameInterval).rounded()))
        let moveStart = t
        done.motionStart = moveStart
        done.motionEnd = moveStart + duration
        for f in 1...frames {
            setTime(moveStart + duration * Double(f) / Double(frames))
            let x = Double(f) / Double(frames)
            let e = hand.easing ? x * x * (3 - 2 * x) : x
            var moved: [Point] = []
            for (i, p) in starts.enumerated() {
                var q: Point
                switch motion {
                case .translate(let d): q = p + d * e
                case .pinch(let s): q = c + (p - c) * (1 + (s - 1) * e)
                case .rotate(let deg):
                    let a = deg * e * Double.pi / 180, v = p - c
                    q = c + Point(x: v.x * cos(a) - v.y * sin(a), y: v.x * sin(a) + v.y * cos(a))
                case .still: q = p
                }
                moved.append(q + drifts[i] * e)
            }
            frame(moved, base: base, hand: hand)
        }
        // Lift apart, in a seeded order.
        var ids = Array(fingerIDs.suffix(count))
        for i in stride(from: count - 1, to: 0, by: -1) { ids.swapAt(i, Int(uniform(0, Double(i + 1))) % (i + 1)) }
        var lifts = (0..<count).map { $0 == 0 ? 0 : uniform(0, hand.liftSpread) }
        lifts.sort()
        if count > 1 { lifts[count - 1] = hand.liftSpread }
        let liftStart = t + frameInterval
        for (n, id) in ids.enumerated() {
            setTime(liftStart + lifts[n])
            liftTouch(id)
        }
        done.firstLift = liftStart
        done.lastLift = t
        return done
    }

    /// A touchpad swipe as libinput reports a real one: XI 2.4 updates every
    /// ~7 ms, slow at first and at the end when eased, with noise across.
    /// `delta` is the accelerated motion (px); each update also carries the
    /// unaccelerated motion (1000 dpi units) it came from, at
    /// `touchpadGain(unitsPerMS:)`.
    @discardableResult
    public mutating func touchpadSwipe(fingers n: Int, by delta: Point, over duration: Seconds, hand: Hand,
                                       at p: Point = Point(x: 960, y: 540)) -> Performed {
        setTime(t + hand.startDelay)
        var done = Performed(lastLanding: t, motionStart: t, motionEnd: t + duration, firstLift: 0, lastLift: 0)
        emit(.swipeBegin(device: device, fingers: n, at: p))
        let interval = 0.007
        let frames = max(1, Int((duration / interval).rounded()))
        var sent = Point.zero
        let begin = t
        for f in 1...frames {
            setTime(begin + duration * Double(f) / Double(frames))
            let x = Double(f) / Double(frames)
            let e = hand.easing ? x * x * (3 - 2 * x) : x
            var target = delta * e
            if hand.jitter > 0 && f < frames {
                target += Point(x: uniform(-hand.jitter, hand.jitter), y: uniform(-hand.jitter, hand.jitter))
            }
            let step = target - sent
            let gain = Self.touchpadGain(unitsPerMS: step.length / (interval * 1000))
            emit(.swipeUpdate(device: device, fingers: n, delta: step, unaccelerated: step / gain))
            sent = target
        }
        setTime(t + interval)
        emit(.swipeEnd(device: device, fingers: n, cancelled: false))
        done.firstLift = t
        done.lastLift = t
        return done
    }

    /// libinput's touchpad acceleration, accelerated px per unaccelerated
    /// unit, by speed: about 1 when slow, rising with the speed. Read off the
    /// E2E VM's recording of a real Apple touchpad's swipe
    /// (`Tests/Traces/real/apple-swipe-left-3-xi24.jsonl`): 12 units in 12 ms
    /// gave 12.2 px, 27 units in 12 ms 38 px.
    public static func touchpadGain(unitsPerMS v: Double) -> Double { min(2.5, max(1, 0.55 + 0.4 * v)) }

    // MARK: Private

    /// The fingers down hold still but wobble (only with jitter: X sends no
    /// update for a finger that does not move).
    private mutating func wobbleFrame(_ hand: Hand, at time: Seconds) {
        setTime(time)
        guard hand.jitter > 0, fingerCount > 0 else { return }
        let anchors = positions
        frame(anchors.map { $0 + Point(x: uniform(-hand.jitter, hand.jitter) / 2, y: uniform(-hand.jitter, hand.jitter) / 2) },
              base: 0, hand: Hand(jitter: 0, splitFrames: hand.splitFrames), keep: false)
    }

    /// One frame of updates for the fingers from `base` on; the later half
    /// stamped 1 ms late on a split frame. `keep`: the positions stay.
    private mutating func frame(_ points: [Point], base: Int, hand: Hand, keep: Bool = true) {
        let split = points.count > 1 && hand.splitFrames > 0 && uniform(0, 1) < hand.splitFrames
        let frameTime = t
        for (i, p) in points.enumerated() {
            if split && i == points.count / 2 { setTime(frameTime + 0.001) }
            var q = p
            if hand.jitter > 0 { q += Point(x: uniform(-hand.jitter, hand.jitter), y: uniform(-hand.jitter, hand.jitter)) }
            updateFinger(at: base + i, to: q, keep: keep)
        }
    }
}
