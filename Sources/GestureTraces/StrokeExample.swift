import GestureCore

/// A drawn attempt as `teach` reads it from a trace: the path the stroke
/// recognizer would match (touchscreens: the mean travel of the fingers
/// down since each landed; touchpads: the swipe's motion, summed) and how
/// many fingers drew it.
public struct StrokeExample: Sendable {
    public var path: [Point]
    public var fingers: Int
    public var touchpad: Bool

    /// The first drawing in `trace` (one attempt: `Trace.attempts`); nil
    /// when it holds no touches and no touchpad swipe.
    public init?(_ trace: Trace) {
        var landed: [TouchID: Point] = [:], now: [TouchID: Point] = [:]
        var path: [Point] = [], padTravel = Point.zero
        var fingers = 0, touchpad = false
        for e in trace.events {
            switch e.input {
            case .touchBegin(_, let id, let p):
                landed[id] = p
                now[id] = p
                fingers = max(fingers, now.count)
            case .touchUpdate(_, let id, let p):
                guard landed[id] != nil else { continue }
                now[id] = p
                let travel = now.keys.reduce(Point.zero) { $0 + (now[$1]! - landed[$1]!) } / Double(now.count)
                path.append(travel)
            case .touchEnd(_, let id, _):
                now[id] = nil
            case .swipeBegin(_, let n, _):
                touchpad = true
                fingers = max(fingers, n)
                padTravel = .zero
                path = [.zero]
            case .swipeUpdate(_, _, let delta, _):
                padTravel = padTravel + delta
                path.append(padTravel)
            default:
                continue
            }
        }
        guard fingers > 0, path.count >= 2 else { return nil }
        self.path = touchpad ? path : [.zero] + path
        self.fingers = fingers
        self.touchpad = touchpad
    }
}
