import GestureCore

extension Trace {
    /// The trace cut into attempts: where every finger is up (and no
    /// touchpad gesture runs) for at least `gap`, or a pointer button is
    /// let go of, one attempt ends and the next may
    /// begin (`tune` and `teach` cut recordings so).
    public func attempts(gap: Seconds = 0.5) -> [Trace] {
        var out: [Trace] = []
        var current: [TraceEvent] = []
        var down = 0, lastUp: Seconds? = nil
        // A pointer's drawing is one press: the next press begins the next
        // attempt, however soon (the gap is for fingers landing apart).
        var buttonUp = false
        for e in events {
            switch e.input {
            case .touchBegin, .swipeBegin, .pinchBegin, .buttonPress:
                if down == 0, let up = lastUp, e.t - up >= gap || buttonUp, !current.isEmpty {
                    out.append(Trace(header: header, events: current))
                    current.removeAll()
                }
                down += 1
            case .touchEnd, .swipeEnd, .pinchEnd, .buttonRelease:
                down = max(0, down - 1)
                if down == 0 { lastUp = e.t }
                if case .buttonRelease = e.input { buttonUp = down == 0 } else { buttonUp = false }
            default:
                break
            }
            current.append(e)
        }
        if !current.isEmpty { out.append(Trace(header: header, events: current)) }
        return out
    }
}

extension EverydayNegatives {
    /// The everyday hands, read: what `tune` checks a change against and
    /// what `teach` fits a shape's threshold against.
    public static func traces() throws -> [(name: String, trace: Trace)] {
        try files.map { ($0.name, try TraceReader.parse($0.text, file: $0.name)) }
    }
}
