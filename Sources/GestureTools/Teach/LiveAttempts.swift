import GestureCore

/// `teach --live`'s count: an attempt is done when its last finger lifts
/// (touchscreens), its touchpad swipe ends, or the pointer button is let go
/// of after a drawing (a press that travelled `minimumSize`: a click is
/// no attempt).
public struct LiveAttempts: Sendable {
    public let wanted: Int
    public private(set) var done = 0
    private var down = 0
    /// The pointer's press and how far it went from it.
    private var pressed: (at: Point, farthest: Double)? = nil

    public init(wanted: Int) { self.wanted = max(1, wanted) }

    /// True when `input` finished an attempt.
    public mutating func see(_ input: Input) -> Bool {
        switch input {
        case .touchBegin: down += 1
        case .touchEnd:
            down = max(0, down - 1)
            if down == 0 { done += 1; return true }
        case .swipeEnd:
            done += 1
            return true
        case .buttonPress(_, _, let p):
            pressed = (p, 0)
        case .pointerMotion(_, let p):
            if let q = pressed { pressed!.farthest = max(q.farthest, (p - q.at).length) }
        case .buttonRelease:
            defer { pressed = nil }
            if let q = pressed, q.farthest >= PointerStrokeBindings.defaultMinimumSize { done += 1; return true }
        default: break
        }
        return false
    }

    /// "[###..]": drawn and still to draw.
    public var bar: String {
        "[" + String(repeating: "#", count: min(done, wanted)) + String(repeating: ".", count: max(0, wanted - done)) + "]"
    }
}
