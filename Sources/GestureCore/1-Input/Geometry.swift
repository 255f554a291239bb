// Plain 2-D geometry in root-window pixels (x right, y down), with no Foundation.

/// A point or a vector in root-window pixels. y grows downwards, as in X.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    public static func += (a: inout Point, b: Point) { a = a + b }

    public func dot(_ b: Point) -> Double { x * b.x + y * b.y }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// Angles: the engine keeps degrees, clockwise positive on screen (y down),
/// the convention of the trace format's pinch `da`.
enum Angle {
    static let degreesPerRadian = 180.0 / Double.pi

    /// The direction of `v` in degrees, clockwise from +x, in (-180, 180].
    static func degrees(of v: Point) -> Double {
        atan2Degrees(v.y, v.x)
    }

    /// The signed angle from `a` to `b`, degrees in [-180, 180]: one atan2
    /// of the cross and dot products (the difference of their two
    /// directions would take two atan2 and a remainder).
    static func turn(from a: Point, to b: Point) -> Double {
        atan2Degrees(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }

    /// The unsigned angle between two non-zero vectors, in degrees [0, 180].
    static func between(_ a: Point, _ b: Point) -> Double {
        abs(turn(from: a, to: b))
    }
}

/// A width and height (a touch surface's, in mm).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
