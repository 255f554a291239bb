// The path of a finger stroke while it is drawn, for the trail that follows
// it (`stroke-trail`, issue 58). Not an effect: the daemon asks for it after
// each input it gave the engine, and only while it shows trails for finger
// strokes (a finger stroke bound, the trail on), so the engine's path costs
// nothing more per event; the answer is the recognizer's own path
// (StrokePath: the fingers' centroid, as the matcher will read it).

/// A touchscreen stroke being drawn: past its recognizer's minimum size,
/// still possible (not fired, failed, nor lifted).
public struct StrokeBeingDrawn: Equatable, Sendable {
    public let device: DeviceID
    /// Where the path starts, root px; the points are relative to it.
    public let origin: Point
    /// The recognizer's path (`StrokePath`: at most 128 points, thinned
    /// as it grows).
    public let points: [Point]

    public init(device: DeviceID, origin: Point, points: [Point]) {
        self.device = device
        self.origin = origin
        self.points = points
    }

    /// The path on the screen, root px.
    public var onScreen: [Point] { points.map { origin + $0 } }
}

extension Attempt {
    /// The first binding still in whose stroke is being drawn.
    var strokeBeingDrawn: (origin: Point, points: [Point])? {
        for id in arena.participants where arena.members[id].standing == .possible {
            if let d = trees[id].strokeBeingDrawn { return d }
        }
        return nil
    }
}

extension GestureEngine {
    /// A touchscreen stroke being drawn now, on the first device drawing
    /// one (nil: none; a tap, a swipe, a stroke too small yet, a touchpad's;
    /// no stroke bound). Asked, never pushed: it costs a look at each
    /// running attempt's bindings when asked, nothing otherwise.
    public var strokeBeingDrawn: StrokeBeingDrawn? {
        for d in lanes.indices where lanes[d].hasAttempt {
            if let s = lanes[d].strokeBeingDrawn { return StrokeBeingDrawn(device: lanes[d].device.id, origin: s.origin, points: s.points) }
        }
        return nil
    }
}
