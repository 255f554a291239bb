import GestureCore

/// Generated shapes, for unit tests only (real hands are measured on
/// 3DTCGS: docs/strokes-evaluation.md), and a hand that draws them.
public enum StrokeShapes {
    public static func line(_ a: Point, _ b: Point, _ n: Int = 20) -> [Point] {
        (0...n).map { a + (b - a) * (Double($0) / Double(n)) }
    }
    public static func ell(_ s: Double = 200, at o: Point = .zero) -> [Point] {
        line(o, o + Point(x: 0, y: s)) + line(o + Point(x: 0, y: s), o + Point(x: s * 0.6, y: s)).dropFirst()
    }
    public static func circle(_ r: Double = 100, clockwise: Bool, wobble: Double = 0) -> [Point] {
        (0...64).map { k in
            let a = Double(k) / 64 * 2 * Double.pi * (clockwise ? 1 : -1)
            let rr = r * (1 + wobble * (k % 2 == 0 ? 1 : -1))
            return Point(x: rr * cosine(a), y: rr * sine(a))
        }
    }
    public static func check(_ s: Double = 150) -> [Point] {
        line(.zero, Point(x: s * 0.3, y: s * 0.4)) + line(Point(x: s * 0.3, y: s * 0.4), Point(x: s, y: -s * 0.6)).dropFirst()
    }
    public static func zigzag(_ s: Double = 200) -> [Point] {
        var p: [Point] = []
        for k in 0..<4 {
            let a = Point(x: Double(k) * s / 4, y: k % 2 == 0 ? 0 : s / 2)
            let b = Point(x: Double(k + 1) * s / 4, y: k % 2 == 0 ? s / 2 : 0)
            p += line(a, b, 8).dropFirst(k == 0 ? 0 : 1)
        }
        return p
    }
    /// A V: down-right then up-right.
    public static func vee(_ s: Double = 160) -> [Point] {
        line(.zero, Point(x: s / 2, y: s)) + line(Point(x: s / 2, y: s), Point(x: s, y: 0)).dropFirst()
    }
    /// A triangle, closed.
    public static func triangle(_ s: Double = 160) -> [Point] {
        let a = Point(x: s / 2, y: 0), b = Point(x: s, y: s), c = Point(x: 0, y: s)
        return line(a, b) + line(b, c).dropFirst() + line(c, a).dropFirst()
    }
    // Taylor series: no libm.
    public static func sine(_ x: Double) -> Double {
        var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for n in 1..<12 { term *= -x * x / Double((2 * n) * (2 * n + 1)); sum += term }
        return sum
    }
    public static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}

extension TraceBuilder {
    /// Every finger down follows `path` (offsets from where it is), evenly
    /// over `duration`, in frames.
    public mutating func draw(_ path: [Point], over duration: Seconds) {
        guard let first = path.first, fingerCount > 0 else { return }
        let starts = fingerPositions
        let frames = max(1, Int((duration / frameInterval).rounded()))
        let points = StrokeSet.resampled(path, count: frames + 1)
        for k in 1...frames {
            setTime(t + duration / Double(frames))
            for i in starts.indices {
                updateFinger(at: i, to: starts[i] + points[k] - first, keep: true)
            }
        }
    }

    /// A touchpad swipe of `n` fingers whose motion follows `path`.
    public mutating func touchpadDraw(fingers n: Int, _ path: [Point], over duration: Seconds,
                                      at p: Point = Point(x: 960, y: 540)) {
        emit(.swipeBegin(device: device, fingers: n, at: p))
        let frames = max(1, Int((duration / frameInterval).rounded()))
        let points = StrokeSet.resampled(path, count: frames + 1)
        for k in 1...frames {
            setTime(t + duration / Double(frames))
            emit(.swipeUpdate(device: device, fingers: n, delta: points[k] - points[k - 1], unaccelerated: nil))
        }
        setTime(t + frameInterval)
        emit(.swipeEnd(device: device, fingers: n, cancelled: false))
    }
}
