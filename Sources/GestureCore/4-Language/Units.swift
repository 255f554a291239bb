// Thresholds keep the unit they were written in; lengths in mm are turned into
// pixels only when the engine knows the screen's density.

public typealias Seconds = Double

/// A length as the user wrote it: pixels, or millimetres on the screen.
public enum Length: Hashable, Sendable, CustomStringConvertible {
    case px(Double)
    case mm(Double)

    /// Root-window pixels at `pxPerMM` (3.78 = 96 dpi).
    public func pixels(pxPerMM: Double) -> Double {
        switch self {
        case .px(let v): return v
        case .mm(let v): return v * pxPerMM
        }
    }

    public var description: String {
        switch self {
        case .px(let v): return "\(v)px"
        case .mm(let v): return "\(v)mm"
        }
    }
}

/// A speed: a length per second (`px/s` or `mm/s`).
public struct Speed: Hashable, Sendable {
    public var perSecond: Length
    public init(_ perSecond: Length) { self.perSecond = perSecond }
    public static let zero = Speed(.px(0))
}
