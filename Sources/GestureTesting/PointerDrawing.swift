import GestureCore
import GestureTraces

/// A drawing played as a mouse or pen trace (trace-format.md's pointer
/// records): the button pressed at its first point, a `motion` at each
/// point after, released at its last, each at its own time. For tests and
/// benchmarks that replay real people's drawings through `teach` and
/// `replay` as the daemon would see them drawn with a button held.
public enum PointerDrawing {
    public static let device: DeviceID = 13

    /// The header of a trace from one pointer (`kind`: .mouse or .pen).
    public static func header(kind: DeviceKind = .mouse) -> TraceHeader {
        TraceHeader(screen: Screen(width: 1920, height: 1080),
                    devices: [Device(id: device, name: kind == .pen ? "Wacom Intuos Pen stylus" : "USB mouse", kind: kind)])
    }

    /// `points` with their times (seconds from the press), drawn with
    /// `button` from `start` seconds into the trace.
    public static func events(_ points: [(at: Point, t: Seconds)], button: Int = 3, from start: Seconds = 0) -> [TraceEvent] {
        guard let first = points.first, let last = points.last else { return [] }
        var out = [TraceEvent(t: start + first.t, input: .buttonPress(device: device, button: button, at: first.at))]
        for p in points.dropFirst() {
            out.append(TraceEvent(t: TraceEvent.microseconds(start + p.t), input: .pointerMotion(device: device, at: p.at)))
        }
        out.append(TraceEvent(t: TraceEvent.microseconds(start + last.t + 0.008),
                              input: .buttonRelease(device: device, button: button, at: last.at)))
        return out
    }

    /// `path` (no times) drawn at a mouse's 125 Hz, 8 ms a point.
    public static func timed(_ path: [Point], interval: Seconds = 0.008) -> [(at: Point, t: Seconds)] {
        path.enumerated().map { ($0.element, Double($0.offset) * interval) }
    }

    /// `path` scaled so that the larger side of its bounding box is `size`
    /// px, centred on `centre`: a drawing made the size a mouse makes it.
    public static func scaled(_ path: [Point], to size: Double, centre: Point = Point(x: 960, y: 540)) -> [Point] {
        guard let first = path.first else { return [] }
        var lo = first, hi = first
        for p in path {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        let side = max(hi.x - lo.x, hi.y - lo.y, 1e-9)
        let mid = (lo + hi) / 2
        return path.map { centre + ($0 - mid) * (size / side) }
    }

    /// A right-click as a hand makes one: press, a px or two of motion, release.
    public static func click(button: Int = 3, at p: Point = Point(x: 700, y: 400), from start: Seconds = 0) -> [TraceEvent] {
        events([(p, 0), (p + Point(x: 1, y: 1), 0.04), (p + Point(x: 2, y: 1), 0.08)], button: button, from: start)
    }

    /// A whole trace: the events' header, then the events.
    public static func trace(_ events: [TraceEvent], kind: DeviceKind = .mouse) -> Trace {
        Trace(header: header(kind: kind), events: events)
    }
}
