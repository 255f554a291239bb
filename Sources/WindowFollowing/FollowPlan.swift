import GestureActions

/// One window following one gesture (`window move`, `window resize`), as
/// numbers: where its frame goes for each frame of the gesture. The X side
/// (GestureX11's WindowMover) reads the window, asks the window manager and
/// feeds this; tests feed it directly.
public struct FollowPlan: Sendable {
    public let follow: WindowAction.Follow
    /// The frame the fingers took, when they landed (a maximized window's:
    /// the size it is given back, placed under the fingers).
    public var origin: WindowRect
    /// `window resize`: the sides that follow.
    public let edges: ResizeEdges
    public let hints: SizeHints
    public let extents: FrameExtents
    /// Where the fingers landed on the screen (touchpads: the pointer,
    /// which stands for them): snap by position counts from it.
    public let grab: (x: Double, y: Double)

    public init(_ follow: WindowAction.Follow, origin: WindowRect, grab: (x: Double, y: Double), hints: SizeHints = SizeHints(),
                extents: FrameExtents = FrameExtents()) {
        self.follow = follow
        self.origin = origin
        self.grab = grab
        self.hints = hints
        self.extents = extents
        edges = follow == .resize ? WindowGeometry.edges(nearest: grab.x, grab.y, in: origin) : []
    }

    /// The frame for the fingers' travel since they landed.
    public func frame(for place: GesturePlace) -> WindowRect {
        switch follow {
        case .move: return WindowGeometry.moved(origin, by: place.translation.x, place.translation.y)
        case .resize:
            return WindowGeometry.resized(origin, edges: edges, by: place.translation.x, place.translation.y, hints: hints,
                                          extents: extents)
        }
    }

    /// Where the fingers are on the screen: a touchscreen's centroid, or on
    /// a touchpad the pointer carried by the travel.
    public func point(for place: GesturePlace) -> (x: Double, y: Double) {
        place.touch ?? (grab.x + place.translation.x, grab.y + place.translation.y)
    }
}
