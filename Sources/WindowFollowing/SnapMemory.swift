import GestureActions

/// A window's geometry before a snap, kept on the window itself (a
/// property, so a daemon restarted meanwhile still knows it) with the frame
/// the snap asked for: `restore`, or moving the window away from where the
/// snap put it, gives the earlier geometry back.
public struct SnapMemory: Hashable, Sendable {
    public var before: WindowRect
    public var snapped: WindowRect
    /// The decorations `before` had: a maximized window's differ (some
    /// window managers drop its borders), and the client's size is what
    /// comes back.
    public var extents: FrameExtents

    public init(before: WindowRect, snapped: WindowRect, extents: FrameExtents = FrameExtents()) {
        self.before = before
        self.snapped = snapped
        self.extents = extents
    }

    /// The twelve numbers of the property.
    public var values: [Int] {
        [before.x, before.y, before.width, before.height, snapped.x, snapped.y, snapped.width, snapped.height,
         extents.left, extents.right, extents.top, extents.bottom]
    }

    public init?(values v: [Int]) {
        guard v.count >= 8, v[2] > 0, v[3] > 0 else { return nil }
        before = WindowRect(x: v[0], y: v[1], width: v[2], height: v[3])
        snapped = WindowRect(x: v[4], y: v[5], width: v[6], height: v[7])
        extents = v.count >= 12 ? FrameExtents(left: v[8], right: v[9], top: v[10], bottom: v[11]) : FrameExtents()
    }

    /// Whether the window is still where the snap put it: within `slack`
    /// pixels on each side (the window manager may keep to a terminal's
    /// cell size, or round the half).
    public func stillSnapped(_ frame: WindowRect, slack: Int = 24) -> Bool {
        abs(frame.x - snapped.x) <= slack && abs(frame.y - snapped.y) <= slack && abs(frame.right - snapped.right) <= slack
            && abs(frame.bottom - snapped.bottom) <= slack
    }
}
