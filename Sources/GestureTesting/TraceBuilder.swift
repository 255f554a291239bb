#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GestureCore
import GestureTraces

/// Builds traces that read like the gesture: "three fingers land 20 ms apart,
/// swipe left 200 px in 250 ms with 1.5 px of jitter, lift". Deterministic:
/// jitter comes from a seeded generator.
public struct TraceBuilder: Sendable {
    public var header: TraceHeader
    public private(set) var events: [TraceEvent] = []
    /// The current trace time (events are stamped with it to the microsecond).
    public private(set) var t: Seconds = 0
    /// Time between frames of a movement (hardware reports ~100 Hz).
    public var frameInterval: Seconds = 0.010
    public var device: DeviceID

    private var nextTouch: TouchID = 1
    private var fingers: [(id: TouchID, position: Point)] = []
    private var rng: SplitMix64

    public init(header: TraceHeader, device: DeviceID? = nil, seed: UInt64 = 1) {
        self.header = header
        self.device = device ?? header.devices.first?.id ?? 0
        rng = SplitMix64(seed: seed)
    }

    public static let touchscreenID: DeviceID = 11
    public static let touchpadID: DeviceID = 12

    /// A 1920×1080 screen with one touchscreen (id 11) and one touchpad (id 12).
    public static func standard(device kind: DeviceKind = .touchscreen, seed: UInt64 = 1,
                                outputs: [Output] = []) -> TraceBuilder {
        let h = TraceHeader(
            screen: Screen(width: 1920, height: 1080, pxPerMM: 3.78, outputs: outputs),
            devices: [Device(id: touchscreenID, name: "virtual touchscreen", kind: .touchscreen),
                      Device(id: touchpadID, name: "virtual touchpad", kind: .touchpad)])
        return TraceBuilder(header: h, device: kind == .touchpad ? touchpadID : touchscreenID, seed: seed)
    }

    public var trace: Trace { Trace(header: header, events: events) }

    /// Where the fingers are now.
    public var positions: [Point] { fingers.map(\.position) }

    // MARK: Touchscreen

    /// Fingers land in a row centred on `at`, `spacing` apart, the k-th
    /// `stagger` after the first (0: all in one frame).
    public mutating func land(_ count: Int, at center: Point, spacing: Double = 60, stagger: Seconds = 0) {
        let points = (0..<count).map { k in
            Point(x: center.x + (Double(k) - Double(count - 1) / 2) * spacing, y: center.y + (k % 2 == 0 ? 0 : 20))
        }
        land(at: points, stagger: stagger)
    }

    public mutating func land(at points: [Point], stagger: Seconds = 0) {
        for (k, p) in points.enumerated() {
            if k > 0 { t += stagger }
            let id = nextTouch
            nextTouch += 1
            fingers.append((id, p))
            emit(.touchBegin(device: device, touch: id, at: p))
        }
    }

    /// Every finger moves by `delta` over `duration`, in frames. `curve` bows the
    /// path sideways by that many px at its middle; `jitter` adds ± that much noise.
    public mutating func move(by delta: Point, over duration: Seconds, jitter: Double = 0, curve: Double = 0) {
        let length = delta.length
        let side = length > 0 ? Point(x: -delta.y / length, y: delta.x / length) : .zero
        transform(over: duration, jitter: jitter) { f, start, _, _ in
            start + delta * f + side * (curve * sin(Double.pi * f))
        }
    }

    /// Each finger moves by its own delta (in landing order) over
    /// `duration`: a hand whose fingers go their own ways, as real ones do
    /// (one finger up, the other left: a spread on a small pad).
    public mutating func moveEach(by deltas: [Point], over duration: Seconds, jitter: Double = 0) {
        transform(over: duration, jitter: jitter) { f, start, _, i in
            start + (i < deltas.count ? deltas[i] : .zero) * f
        }
    }

    /// The fingers spread (scale > 1) or close (< 1) about their centroid.
    public mutating func pinch(to scale: Double, over duration: Seconds, jitter: Double = 0) {
        transform(over: duration, jitter: jitter) { f, start, c, _ in
            c + (start - c) * (1 + (scale - 1) * f)
        }
    }

    /// The fingers turn about their centroid, degrees clockwise on screen.
    public mutating func rotate(by degrees: Double, over duration: Seconds, jitter: Double = 0) {
        transform(over: duration, jitter: jitter) { f, start, c, _ in
            let a = degrees * f * Double.pi / 180
            let v = start - c
            return c + Point(x: v.x * cos(a) - v.y * sin(a), y: v.x * sin(a) + v.y * cos(a))
        }
    }

    /// The whole hand at once: the fingers spread to `scale` and turn
    /// `degrees` clockwise about their centroid while it travels by `drift`
    /// (real hands make two motions at once: a turn while dragging, a
    /// twisted pinch).
    public mutating func transform(scale: Double, degrees: Double, drift: Point, over duration: Seconds,
                                   jitter: Double = 0) {
        transform(over: duration, jitter: jitter) { f, start, c, _ in
            let a = degrees * f * Double.pi / 180, s = 1 + (scale - 1) * f
            let v = (start - c) * s
            return c + drift * f + Point(x: v.x * cos(a) - v.y * sin(a), y: v.x * sin(a) + v.y * cos(a))
        }
    }

    /// `steps` steps of `shape` (the fingers pinch or turn a little), each
    /// followed by the hand drifting: nothing for the first `setOff` steps,
    /// then more each step (as k²), `drift` in all. A hand that sets off
    /// into its gesture and drifts faster and faster as it goes.
    public mutating func whileDrifting(by drift: Point, steps: Int, setOff: Int = 0, stepTime: Seconds,
                                       jitter: Double, _ shape: (inout TraceBuilder) -> Void) {
        let squares = Double((1...max(1, steps - setOff)).reduce(0) { $0 + $1 * $1 })
        for k in 1...steps {
            shape(&self)
            let m = max(0, k - setOff)
            move(by: drift * (Double(m * m) / squares), over: stepTime, jitter: jitter)
        }
    }

    /// Fingers stay still for `duration` (no events: X sends none).
    public mutating func wait(_ duration: Seconds) { t += duration }

    /// Fingers lift, the k-th `stagger` after the first, the first one frame from now.
    public mutating func lift(stagger: Seconds = 0) {
        t += frameInterval
        for (k, f) in fingers.enumerated() {
            if k > 0 { t += stagger }
            emit(.touchEnd(device: device, touch: f.id, at: f.position))
        }
        fingers.removeAll()
    }

    /// Lifts only the last `count` fingers to land.
    public mutating func liftLast(_ count: Int) {
        t += frameInterval
        for f in fingers.suffix(count) { emit(.touchEnd(device: device, touch: f.id, at: f.position)) }
        fingers.removeLast(count)
    }

    public mutating func tap(_ count: Int = 1, at p: Point, holding: Seconds = 0.06, spacing: Double = 60) {
        land(count, at: p, spacing: spacing)
        wait(holding)
        lift()
    }

    public mutating func window(class c: String, instance: String = "", title: String? = nil) {
        emit(.window(WindowContext(windowClass: c, instance: instance, title: title)))
    }

    /// The screen or its monitors changed (RandR), now.
    public mutating func screen(_ s: Screen) {
        emit(.screenChanged(s))
    }

    // MARK: Touchpad (XI 2.4 gesture events)

    /// `unaccelerated`: the same motion before acceleration (libinput's
    /// 1000-dpi units), written as X gives it; nil writes none.
    public mutating func touchpadSwipe(fingers n: Int, by delta: Point, over duration: Seconds,
                                       cancelled: Bool = false, at p: Point = Point(x: 960, y: 540),
                                       unaccelerated: Point? = nil) {
        emit(.swipeBegin(device: device, fingers: n, at: p))
        let frames = max(1, Int((duration / frameInterval).rounded()))
        for _ in 0..<frames {
            t += duration / Double(frames)
            emit(.swipeUpdate(device: device, fingers: n, delta: delta / Double(frames),
                              unaccelerated: unaccelerated.map { $0 / Double(frames) }))
        }
        t += frameInterval
        emit(.swipeEnd(device: device, fingers: n, cancelled: cancelled))
    }

    public mutating func touchpadPinch(fingers n: Int, to scale: Double, rotating degrees: Double = 0,
                                       over duration: Seconds, cancelled: Bool = false,
                                       at p: Point = Point(x: 960, y: 540)) {
        emit(.pinchBegin(device: device, fingers: n, at: p))
        let frames = max(1, Int((duration / frameInterval).rounded()))
        for k in 1...frames {
            t += duration / Double(frames)
            let f = Double(k) / Double(frames)
            emit(.pinchUpdate(device: device, fingers: n, delta: .zero, scale: 1 + (scale - 1) * f,
                              angleDelta: degrees / Double(frames)))
        }
        t += frameInterval
        emit(.pinchEnd(device: device, fingers: n, cancelled: cancelled))
    }

    // MARK: Private

    private mutating func transform(over duration: Seconds, jitter: Double,
                                    _ position: (Double, Point, Point, Int) -> Point) {
        let frames = max(1, Int((duration / frameInterval).rounded()))
        let starts = fingers.map(\.position)
        let centre = starts.reduce(Point.zero, +) / Double(max(1, starts.count))
        for k in 1...frames {
            t += duration / Double(frames)
            let f = Double(k) / Double(frames)
            for i in fingers.indices {
                var p = position(f, starts[i], centre, i)
                if jitter > 0 { p += Point(x: rng.uniform(-jitter, jitter), y: rng.uniform(-jitter, jitter)) }
                fingers[i].position = p
                emit(.touchUpdate(device: device, touch: fingers[i].id, at: p))
            }
        }
    }

    public mutating func emit(_ input: Input) {
        events.append(TraceEvent(t: TraceEvent.microseconds(t), input: input))
    }

    // For HumanHand: fingers by index, the seeded generator, the clock.

    var fingerCount: Int { fingers.count }
    var fingerIDs: [TouchID] { fingers.map(\.id) }
    var fingerPositions: [Point] { fingers.map(\.position) }

    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { rng.uniform(lo, hi) }

    /// Moves the clock to `time` (never back).
    mutating func setTime(_ time: Seconds) { t = max(t, time) }

    /// An update of the finger at `index`; `keep`: it stays there.
    mutating func updateFinger(at index: Int, to p: Point, keep: Bool) {
        if keep { fingers[index].position = p }
        emit(.touchUpdate(device: device, touch: fingers[index].id, at: p))
    }

    /// The finger with this touch id lifts where it is.
    mutating func liftTouch(_ id: TouchID) {
        guard let i = fingers.firstIndex(where: { $0.id == id }) else { return }
        emit(.touchEnd(device: device, touch: id, at: fingers[i].position))
        fingers.remove(at: i)
    }
}

/// A small seeded generator (SplitMix64), so generated traces never change.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}
