import GestureCore

/// The trail behind a finger drawing a stroke on a touchscreen
/// (`stroke-trail`, issue 58): what the engine says is being drawn
/// (`GestureEngine.strokeBeingDrawn`, asked after each input while a finger
/// stroke is bound with the trail on) turned into what the trail window
/// does, in order: start with the path so far, a leg to each new point,
/// end. The same requests as a pointer stroke's (PointerStrokeMachine's
/// `trailStart`, `trailPoint`, `trailEnd`), for the same StrokeTrail.
/// Pure: the daemon takes `take()` once per wakeup and carries it out.
struct FingerTrail {
    enum Request: Equatable {
        /// A touch landed: the trail asks whether a compositor runs
        /// (answered by the time a stroke is drawn).
        case pressed
        case start([Point])
        case point(Point)
        case end
    }

    /// The device drawing, and the last point of its path drawn (relative
    /// to the path's origin, as the engine keeps it; nil: no trail shown).
    private var drawing: (device: DeviceID, last: Point)? = nil
    private var requests: [Request] = []

    init() { requests.reserveCapacity(8) }

    /// A touch landed on a touchscreen (the trail may follow it).
    mutating func landed() {
        if drawing == nil && requests.last != .pressed { requests.append(.pressed) }
    }

    /// What the engine says is being drawn after an input (nil: nothing).
    mutating func saw(_ s: StrokeBeingDrawn?) {
        guard let s, let last = s.points.last else {
            if drawing != nil {
                drawing = nil
                requests.append(.end)
            }
            return
        }
        guard let d = drawing, d.device == s.device else {
            if drawing != nil { requests.append(.end) }
            drawing = (s.device, last)
            requests.append(.start(s.onScreen))
            return
        }
        guard last != d.last else { return }
        // The points after the last one drawn; the path thins as it grows
        // (StrokePath), and the last one drawn may be gone: a leg to the end.
        let from = s.points.lastIndex(of: d.last).map { $0 + 1 } ?? s.points.count - 1
        for p in s.points[from...] { requests.append(.point(s.origin + p)) }
        drawing = (d.device, last)
    }

    /// The trail shown now.
    var shown: Bool { drawing != nil }

    /// The requests since the last call, handed to `body` in order (no
    /// array made), and forgotten.
    mutating func take(_ body: (Request) -> Void) {
        guard !requests.isEmpty else { return }
        for r in requests { body(r) }
        requests.removeAll(keepingCapacity: true)
    }
}
