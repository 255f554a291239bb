/// The `[settings]` tunables of config.md. The spec's numbers are starting
/// points; where real hands and devices need others, the default here differs
/// and says where its number comes from (docs/engine.md, "Defaults").
/// Times are seconds; lengths keep their unit until the screen is known.
public struct Settings: Hashable, Sendable {
    /// Longest a tap may last, from its last finger's landing to the last lift.
    /// 400 ms: real two-finger taps last up to 0.36 s (public recordings);
    /// under `long-press`, so a tap and a press stay apart.
    public var tapTimeout: Seconds = 0.400
    /// From the lift of one tap to the touch-down of the next.
    public var doubleTapTimeout: Seconds = 0.300
    /// Default `minimumDuration` of `longPress`.
    public var longPress: Seconds = 0.500
    /// Movement allowed before a tap or press fails, and the least spread
    /// or turn that is a hand's own motion. 4.76 mm: Flutter's `kTouchSlop`,
    /// 18 logical px, which Flutter sizes at 96 per inch (18/96 in), and the
    /// 18 px this default was at the 3.78 px/mm the recordings were fitted
    /// on; real taps wander 10–15 px there (2.6–4 mm), where 10 px failed
    /// them. In mm so that the same hand is held to the same distance on
    /// every panel (issue 59); the screen's declared size converts it
    /// (`Screen.pxPerMM`, 3.78 px/mm where none is declared).
    public var slop: Length = .mm(4.76)
    /// The landing window: it stays open while fingers keep landing, closing
    /// this long after the last one landed (or once the fingers down move
    /// together by `slop`, or once as many landed as any binding wants).
    /// 200 ms: real put-downs of 2–5 fingers take 81–175 ms.
    public var fingerLanding: Seconds = 0.200
    /// Default `minimumDistance` of `swipe` on touchscreens. 21.16 mm:
    /// config.md's 80 px at 96 dpi (3.78 px/mm), the density the recordings
    /// were converted at and this default fitted on; real 3- and 4-finger
    /// swipes travel 40–70 mm there. In mm so that a swipe of the same
    /// length fires on every panel or on none (issue 59: 80 px were 9 mm on
    /// a 10" panel, 29 mm on a 32" one).
    public var swipeDistance: Length = .mm(21.16)
    /// Default `minimumDistance` of `swipe` on touchpads. In mm it is XI
    /// 2.4's unaccelerated motion (libinput's 1000 dpi units, which carry its
    /// touchpad slowdown: 0.25 mm is about 0.84 mm of the fingers' travel on
    /// the pad); in px, the accelerated motion. 0.25 mm: libinput
    /// reports a swipe only once its own few-mm threshold is passed, and its
    /// first update already carries 0.3 mm; Touchégg (libinput ≥ 1.18) waits
    /// for 1 % of the pad's shorter side more (0.5–0.85 mm on 50–85 mm
    /// pads), so the direction is decided no later than Touchégg decides it.
    /// Where the unaccelerated motion is missing (a trace without
    /// `udx`/`udy`) the accelerated motion stands in: 0.25 mm is then 9.8 px,
    /// the 10 px this default was before. A `swipe-distance` the user writes
    /// applies here too, unless `touchpad-swipe-distance` is written.
    public var touchpadSwipeDistance: Length = .mm(0.25)
    /// Default `minimumVelocity` of `swipe`, averaged over the whole swipe.
    public var swipeMinVelocity: Speed = .zero
    /// How far from an output's edge a `from:` edge gesture may start.
    /// 6.35 mm: config.md's 24 px at 96 dpi (3.78 px/mm), a fingertip's
    /// width from the bezel on any panel.
    public var edgeWidth: Length = .mm(6.35)
    /// The longest a touch is held from applications while no binding can
    /// decide. When it passes, the touch goes to the applications and a
    /// gesture still in progress is still recognized and acts. 300 ms: slow
    /// four-finger swipes cross 80 px 170–300 ms after the first touch.
    public var grabTimeout: Seconds = 0.300
    /// How long a button a gesture holds (`buttondown`) stays held after the
    /// gesture ends, so the fingers can be placed again and go on with the
    /// same drag (macOS's three-finger drag lock). 400 ms: within the
    /// 300–500 ms a hand takes to lift and land again on a touchpad.
    public var dragLock: Seconds = 0.400
    /// `on-repeat`: first repeat after this, then every `repeatInterval`.
    public var repeatDelay: Seconds = 0.400
    public var repeatInterval: Seconds = 0.100
    /// `touchegg-protocol = true`: serve Touchégg's D-Bus protocol and
    /// forward 3- and 4-finger swipes and pinches to its clients (desktop
    /// shells that animate with the fingers). Off by default.
    public var toucheggProtocol = false
    /// A press of a button bound to a stroke (`stroke(..., button:)`) held
    /// within 4 px for this long goes to the application (right-drags in
    /// file managers, games and CAD); 0: never. 250 ms: easystroke's
    /// default, and longer than a click's press (80–150 ms) by a margin.
    public var buttonHold: Seconds = 0.250
    /// A trail follows the pointer while a stroke is drawn with a button held.
    public var strokeTrail = true
    /// At a stroke's end, its name shown near the pointer for a second
    /// (or "no shape" and the closest one): pointer and finger strokes.
    public var strokeName = true
    /// The shapes taught for `stroke` (`strokes.toml` beside the config,
    /// not a `[settings]` key): empty without strokes.
    public var strokes = StrokeSet()

    public init() {}
}
