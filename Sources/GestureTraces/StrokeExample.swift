import GestureCore

/// A drawn attempt as `teach` reads it from a trace: the path the stroke
/// recognizer would match (touchscreens: the mean travel of the fingers
/// down since each landed; touchpads: the swipe's motion, summed; a mouse
/// or pen: the path PointerStrokeMachine hands the daemon at the release,
/// from the press) and how many fingers drew it.
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
        var path: [Point] = [], padTravel = Point.zero
        var fingers = 0, touchpad = false
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
            for case .recognize(let press, let points) in requests where drawn == nil {
                drawn = (press.button, points.map { $0 - press.at })
            }
        }
        if fingers == 0, let drawn {
            self.path = drawn.path
            self.fingers = 1
            self.touchpad = false
            self.button = drawn.button
            return
        }
        guard fingers > 0, path.count >= 2 else { return nil }
        self.path = touchpad ? path : [.zero] + path
        self.fingers = fingers
        self.touchpad = touchpad
    }
}
