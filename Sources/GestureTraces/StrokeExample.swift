import GestureCore

/// A drawn attempt as `teach` reads it from a trace: the path the stroke
/// recognizer would match (touchscreens: the mean travel of the fingers
/// down since each landed, until the first lifts, where the recognizer
/// matches; touchpads: the swipe's motion, summed), kept as the
/// recognizer keeps it (`StrokePath`: a point per 2 px, at most 128), and
/// how many fingers drew it. Before, it went on drawing after the first
/// finger lifted, with the fingers left (issue 58: one drawn path;
/// StrokeRecognizerTests.teachTakesThePathTheRecognizerMatches).
public struct StrokeExample: Sendable {
    public var path: [Point]
    public var fingers: Int
    public var touchpad: Bool

    /// The first drawing in `trace` (one attempt: `Trace.attempts`); nil
    /// when it holds no touches and no touchpad swipe.
    public init?(_ trace: Trace) {
        var landed: [TouchID: Point] = [:], now: [TouchID: Point] = [:]
        var path = StrokePath(), padTravel = Point.zero
        var fingers = 0, touchpad = false, lifted = false
        for e in trace.events {
            switch e.input {
            case .touchBegin(_, let id, let p):
                guard !lifted else { continue }
                if now.isEmpty { path.add(.zero) }
                landed[id] = p
                now[id] = p
                fingers = max(fingers, now.count)
            case .touchUpdate(_, let id, let p):
                guard !lifted, landed[id] != nil else { continue }
                now[id] = p
                path.add(now.keys.reduce(Point.zero) { $0 + (now[$1]! - landed[$1]!) } / Double(now.count))
            case .touchEnd(_, let id, _):
                // The recognizer matches at the first lift: the drawing ends there.
                if now[id] != nil { lifted = true }
            case .swipeBegin(_, let n, _):
                touchpad = true
                fingers = max(fingers, n)
                padTravel = .zero
                path.removeAll()
                path.add(.zero)
            case .swipeUpdate(_, _, let delta, _):
                padTravel = padTravel + delta
                path.add(padTravel)
            default:
                continue
            }
        }
        guard fingers > 0, path.points.count >= 2 else { return nil }
        self.path = path.points
        self.fingers = fingers
        self.touchpad = touchpad
    }
}
