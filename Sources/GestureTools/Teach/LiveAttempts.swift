import GestureCore

/// `teach --live`'s count: an attempt is done when its last finger lifts
/// (touchscreens) or its touchpad swipe ends.
public struct LiveAttempts: Sendable {
    public let wanted: Int
    public private(set) var done = 0
    private var down = 0

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
        default: break
        }
        return false
    }

    /// "[###..]": drawn and still to draw.
    public var bar: String {
        "[" + String(repeating: "#", count: min(done, wanted)) + String(repeating: ".", count: max(0, wanted - done)) + "]"
    }
}
