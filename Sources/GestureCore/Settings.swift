/// The `[settings]` tunables of config.md, with its defaults.
/// Times are seconds; lengths keep their unit until the screen is known.
public struct Settings: Hashable, Sendable {
    /// Longest a tap may last from touch-down to lift.
    public var tapTimeout: Seconds = 0.250
    /// From the lift of one tap to the touch-down of the next.
    public var doubleTapTimeout: Seconds = 0.300
    /// Default `minimumDuration` of `longPress`.
    public var longPress: Seconds = 0.500
    /// Movement allowed before a tap or press fails.
    public var slop: Length = .px(10)
    /// How long the fingers of one gesture may take to land.
    public var fingerLanding: Seconds = 0.080
    /// Default `minimumDistance` of `swipe`.
    public var swipeDistance: Length = .px(80)
    /// Default `minimumVelocity` of `swipe`, averaged over the whole swipe.
    public var swipeMinVelocity: Speed = .zero
    /// How far from an output's edge a `from:` edge gesture may start.
    public var edgeWidth: Length = .px(24)
    /// The longest a touch may be held from applications while undecided.
    public var grabTimeout: Seconds = 0.150
    /// `on-repeat`: first repeat after this, then every `repeatInterval`.
    public var repeatDelay: Seconds = 0.400
    public var repeatInterval: Seconds = 0.100

    public init() {}
}
