import GestureCore

/// The name shown at a stroke's end, pure: where it goes, and when it
/// hides. The daemon keeps one, shows through StrokeNameTag what `show`
/// returns, and hides it when its deadline (`hideAt`, one of the daemon's
/// deadlines: the poll loop's timeout, no timer of its own) has passed.
public struct NameTagPlan: Sendable, Equatable {
    /// How long a name stays: long enough to read a word, short enough
    /// not to sit over the next stroke.
    public static let duration: Double = 1.0
    /// Its top-left corner is this far right of and below the pointer
    /// (a cursor is about 16 px), or above and left where the screen ends.
    public static let offset = 16

    /// When the name shown now hides (the daemon's clock); nil: none shown.
    public private(set) var hideAt: Double? = nil

    public init() {}

    /// A name shown at `now`: it hides `duration` later (a second name
    /// replaces the first, and its second starts again).
    public mutating func shown(at now: Double) { hideAt = now + Self.duration }

    /// Whether the name must hide by `now` (then it is hidden).
    public mutating func hides(by now: Double) -> Bool {
        guard let t = hideAt, now >= t else { return false }
        hideAt = nil
        return true
    }

    /// Hidden without waiting (a reload, the exit).
    public mutating func hidden() { hideAt = nil }

    /// Where a tag of `size` goes near `pointer`, wholly on a screen of
    /// `screen` px: below and right of it, flipped above or left of it
    /// where it would leave the screen.
    public static func origin(size: (width: Int, height: Int), near pointer: Point,
                              screen: (width: Int, height: Int)) -> (x: Int, y: Int) {
        let px = Int(pointer.x.rounded()), py = Int(pointer.y.rounded())
        var x = px + offset, y = py + offset
        if x + size.width > screen.width { x = px - offset / 2 - size.width }
        if y + size.height > screen.height { y = py - offset / 2 - size.height }
        return (max(0, min(x, screen.width - size.width)), max(0, min(y, screen.height - size.height)))
    }
}
