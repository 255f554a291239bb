import GestureCore

/// A drawn attempt as `teach` reads it from a trace: the path the stroke
/// recognizer would match (touchscreens: the mean travel of the fingers
/// down since each landed, until the first lifts, where the recognizer
/// matches; touchpads: the swipe's motion, summed; a mouse or pen: the path
/// PointerStrokeMachine hands the daemon at the release, from the press),
/// kept as the recognizer keeps it (`StrokePath`: a point per 2 px, at most
/// 128), and how many fingers drew it. Before, it went on drawing after the
/// first finger lifted, with the fingers left (issue 58: one drawn path;
/// StrokeRecognizerTests.teachTakesThePathTheRecognizerMatches).
public struct StrokeExample: Sendable {
    public var path: [Point]
    public var fingers: Int
    public var touchpad: Bool
    /// The pointer button held while drawing (nil: fingers drew it).
    public var button: Int?

    /// The first drawing in `trace` (one attempt: `Trace.attempts`); nil
    /// when it holds no touches and no touchpad swipe.
    public init?(_ trace: Trace) {
        var landed: [TouchID: Point] = [:], now: [TouchID: Point] = [:]
        var path = StrokePath(), padTravel = Point.zero
        var fingers = 0, touchpad = false, lifted = false
        // A pointer's drawing: the daemon's machine, with the daemon's
        // `minimumSize` (less is a click, never an example), and no hold (a
        // slow start is still the shape being taught).
        var machine = PointerStrokeMachine(minimumSize: PointerStrokeBindings.defaultMinimumSize, hold: 0)
        var drawn: (button: Int, path: [Point])? = nil
        for e in trace.events {
            var requests: [PointerStrokeMachine.Request] = []
            switch e.input {
            case .buttonPress(let d, let b, let p):
                guard drawn == nil else { continue }
                requests = machine.state == .idle
                    ? machine.on(.press(PointerStrokeMachine.Press(button: b, device: Int(d), at: p, time: e.t, modifiers: 0, window: 0),
                                        bound: true))
                    : machine.on(.otherButton(b, at: e.t))
            case .pointerMotion(_, let p):
                requests = machine.on(.motion(p, at: e.t))
            case .buttonRelease(_, let b, let p):
                requests = machine.on(.release(button: b, at: p, time: e.t))
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
            for case .recognize(let press, let points) in requests where drawn == nil {
                drawn = (press.button, points.map { $0 - press.at })
            }
        }
        if fingers == 0, let drawn {
            self.path = StrokePath(drawn.path).points   // as PointerStrokeBindings.recognize keeps it
            self.fingers = 1
            self.touchpad = false
            self.button = drawn.button
            return
        }
        guard fingers > 0, path.points.count >= 2 else { return nil }
        self.path = path.points
        self.fingers = fingers
        self.touchpad = touchpad
    }
}
