import GestureCore

/// What the stroke trail draws for a path, pure (no X here): the window
/// that shows it (StrokeTrail) asks this and sends the answer.
///
/// Without a compositor a window cannot be see-through, so the trail's
/// window is cut to the line itself (the Shape extension's bounding
/// region): each new leg of the path adds the rectangles that cover it,
/// `width` px across, one column (or row) of the line each, merged where
/// the line stays level. With a compositor the window is ARGB and the legs
/// are drawn as lines (`TrailShape.segment`), the rest of it transparent.
public enum TrailShape {
    /// How wide the trail is drawn, px.
    public static let width = 4

    /// An axis-aligned rectangle in root coordinates, px.
    public struct Rect: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }

        func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
    }

    /// The rectangles covering the leg from `a` to `b`, `width` px across:
    /// along its longer axis one rectangle per px from `a`'s (`b`'s is the
    /// joint's), `width` tall across it,
    /// consecutive ones at the same offset merged; and a `width` square at
    /// `b`, which rounds the joint with the next leg. A leg of n px along
    /// its longer axis is at most n + 2 rectangles (a level one is 2).
    public static func rectangles(from a: Point, to b: Point, width: Int = width) -> [Rect] {
        let half = width / 2
        let ax = Int(a.x.rounded()), ay = Int(a.y.rounded()), bx = Int(b.x.rounded()), by = Int(b.y.rounded())
        var out: [Rect] = []
        let dx = bx - ax, dy = by - ay
        if abs(dx) >= abs(dy) {
            let step = dx >= 0 ? 1 : -1
            var x = ax
            while x != bx {
                let y = ay + Int((Double(dy) * Double(x - ax) / Double(dx)).rounded()) - half
                if let last = out.last, last.y == y, last.x + last.width == x || x + 1 == last.x {
                    out[out.count - 1] = Rect(x: min(last.x, x), y: y, width: last.width + 1, height: width)
                } else {
                    out.append(Rect(x: x, y: y, width: 1, height: width))
                }
                x += step
            }
        } else {
            let step = dy >= 0 ? 1 : -1
            var y = ay
            while y != by {
                let x = ax + Int((Double(dx) * Double(y - ay) / Double(dy)).rounded()) - half
                if let last = out.last, last.x == x, last.y + last.height == y || y + 1 == last.y {
                    out[out.count - 1] = Rect(x: x, y: min(last.y, y), width: width, height: last.height + 1)
                } else {
                    out.append(Rect(x: x, y: y, width: width, height: 1))
                }
                y += step
            }
        }
        out.append(Rect(x: bx - half, y: by - half, width: width, height: width))
        return out
    }

    /// The rectangles covering a whole path (the trail's first drawing:
    /// the path from the press to where it became a stroke).
    public static func rectangles(along path: [Point], width: Int = width) -> [Rect] {
        guard let first = path.first else { return [] }
        var out = rectangles(from: first, to: first, width: width)
        for i in path.indices.dropFirst() { out += rectangles(from: path[i - 1], to: path[i], width: width) }
        return out
    }

    /// A point as X's 16-bit coordinates (a root window is smaller).
    public static func xy(_ p: Point) -> (x: Int16, y: Int16) {
        func clamp(_ v: Double) -> Int16 { Int16(max(-32768, min(32767, v.rounded()))) }
        return (clamp(p.x), clamp(p.y))
    }
}
