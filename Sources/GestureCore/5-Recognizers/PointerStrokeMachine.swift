/// Strokes drawn with a pointer button held (`stroke("L", button: 3)`), as a
/// state machine: it decides what happens to each press of a grabbed button
/// so that clicks stay clicks, and the X side carries out what it returns.
/// Pure: no X here; windows are plain ids, time is an argument. The
/// daemon's PointerStrokes (GestureX11) and `replay` (GestureTraces'
/// PointerStrokeReplay) run this one machine.
///
/// How the press reaches X (docs/pointer-strokes.md says why):
/// - the bound buttons are grabbed passively on the master pointer in
///   synchronous mode, so each press arrives frozen and can still be
///   *replayed*: the application gets the very event the user made. That
///   is done for every press no stroke can be drawn with here (another
///   device, no binding for the window under it);
/// - a press that may begin a stroke is *taken* (the grab goes on
///   asynchronously): the cursor moves as always and the application sees
///   none of the motion;
/// - whether it was a click is known only at its release, long after the
///   frozen press could be replayed, so a click is *synthesized*: the same
///   button at the place it was pressed, press then release;
/// - a press held still for `hold` is handed to the application
///   (`passThrough`: its press at its place, then the motion since), so
///   right-drags in file managers, games and CAD still work; the
///   application keeps that drag to its release;
/// - Escape or another button while the button is held cancels: nothing
///   fires and nothing reaches the application, to the release.
///
/// Its transitions are the rows of `PointerStrokeMachineTests.rows`
/// (Tests/GestureX11Tests/PointerStrokeMachineTests.swift), one per case,
/// printed as the table in docs/pointer-strokes.md by
/// scripts/state-tables.py: change a row there, not a copy here. The
/// states: *idle*; *pending* (taken: a click, a stroke or a hold, not yet
/// known); *drawing* (past `minimumSize`: the trail follows); *passing*
/// (held still for `hold`: the application's, to the release);
/// *cancelled* (Escape or another button: dropped to the release). A press
/// while not idle changes nothing: X grabs one press at a time.
public struct PointerStrokeMachine: Sendable {
    /// How far the pointer must travel from the press before it is a
    /// stroke, px: the smallest `minimumSize` of the strokes bound to the
    /// button. Less, at the release, is a click.
    public var minimumSize: Double
    /// How long a press held within `stillRadius` waits before it goes to
    /// the application; 0: never (every press of a bound button is a
    /// click or a stroke).
    public var hold: Seconds
    /// px a press may wander and still be held still (a hand on a mouse
    /// shakes by a px or two; a pen by more).
    public var stillRadius: Double

    public static let defaultHold: Seconds = 0.25
    public static let defaultStillRadius = 4.0
    /// At most this many points are kept of a path (the recognizer
    /// resamples it; a long scribble must not grow without bound).
    public static let pathLimit = 512

    public init(minimumSize: Double, hold: Seconds = defaultHold, stillRadius: Double = defaultStillRadius) {
        self.minimumSize = minimumSize
        self.hold = hold
        self.stillRadius = stillRadius
    }

    /// The press that is being decided, as the user made it.
    public struct Press: Hashable, Sendable {
        public var button: Int
        public var device: Int
        public var at: Point
        public var time: Seconds
        public var modifiers: UInt32
        /// The window under the pointer at the press: a stroke's action
        /// goes to it, and per-application scopes read it.
        public var window: UInt32

        public init(button: Int, device: Int, at: Point, time: Seconds, modifiers: UInt32, window: UInt32) {
            self.button = button
            self.device = device
            self.at = at
            self.time = time
            self.modifiers = modifiers
            self.window = window
        }
    }

    public enum State: Hashable, Sendable {
        case idle
        /// Taken: a click, a stroke or a hold, not yet known.
        case pending(Press, path: [Point], farthest: Double)
        case drawing(Press, path: [Point])
        /// Handed to the application, until the release.
        case passing(Press)
        /// Escape or another button: everything to the release is dropped.
        case cancelled(Press)
    }

    public enum Event: Hashable, Sendable {
        /// A grabbed button went down. `bound`: a stroke can be drawn with
        /// it here (the button, its modifiers, the device and the window's
        /// scope match a binding).
        case press(Press, bound: Bool)
        case motion(Point, at: Seconds)
        case release(button: Int, at: Point, time: Seconds)
        /// Another button went down while one is held.
        case otherButton(Int, at: Seconds)
        case escape(at: Seconds)
        /// The engine's clock reached `deadline`.
        case tick(Seconds)
        /// Our grab ended without a release (another client grabbed, the
        /// device went away).
        case grabLost
    }

    public enum Request: Hashable, Sendable {
        /// Let the frozen press go on as if nobody had grabbed it.
        case replayPress
        /// Keep the grab: the motion and the release come to us.
        case takePress
        case trailStart([Point])
        case trailPoint(Point)
        case trailEnd
        /// The path is complete: match it against the shapes taught, and
        /// act on the window the press was on.
        case recognize(Press, path: [Point])
        /// The button pressed and released at `press.at` with its modifiers.
        case synthesizeClick(Press)
        /// The application gets the press at its place, then the pointer
        /// where it is now, and the button stays down until the release.
        case passThrough(Press, now: Point)
        case synthesizeRelease(button: Int)
        /// Nothing fires.
        case cancel
    }

    public private(set) var state: State = .idle

    public init(state: State, minimumSize: Double, hold: Seconds = defaultHold, stillRadius: Double = defaultStillRadius) {
        self.init(minimumSize: minimumSize, hold: hold, stillRadius: stillRadius)
        self.state = state
    }

    /// When the machine wants a `tick`: a pending press's hold.
    public var deadline: Seconds? {
        guard hold > 0, case .pending(let p, _, let farthest) = state, farthest <= stillRadius else { return nil }
        return p.time + hold
    }

    /// The button held, if any: the X side lets go of it on every exit path.
    public var heldButton: Int? {
        switch state {
        case .idle: return nil
        case .pending(let p, _, _), .drawing(let p, _), .passing(let p), .cancelled(let p): return p.button
        }
    }

    public mutating func on(_ event: Event) -> [Request] {
        switch (state, event) {
        case (.idle, .press(let p, let bound)):
            guard bound else { return [.replayPress] }
            state = .pending(p, path: [p.at], farthest: 0)
            return [.takePress]

        case (.pending(let p, var path, let farthest), .motion(let at, _)):
            append(at, to: &path)
            let far = max(farthest, (at - p.at).length)
            guard far >= minimumSize else {
                state = .pending(p, path: path, farthest: far)
                return []
            }
            state = .drawing(p, path: path)
            return [.trailStart(path)]
        case (.pending(let p, _, _), .release(let b, _, _)) where b == p.button:
            state = .idle
            return [.synthesizeClick(p)]
        case (.pending(let p, let path, let farthest), .tick(let now)):
            guard hold > 0, farthest <= stillRadius, now >= p.time + hold else { return [] }
            state = .passing(p)
            return [.passThrough(p, now: path.last ?? p.at)]

        case (.drawing(let p, var path), .motion(let at, _)):
            append(at, to: &path)
            state = .drawing(p, path: path)
            return [.trailPoint(at)]
        case (.drawing(let p, var path), .release(let b, let at, _)) where b == p.button:
            if path.last != at { append(at, to: &path) }
            state = .idle
            return [.trailEnd, .recognize(p, path: path)]

        case (.passing(let p), .release(let b, _, _)) where b == p.button:
            state = .idle
            return [.synthesizeRelease(button: b)]
        case (.passing(let p), .grabLost):
            state = .idle
            return [.synthesizeRelease(button: p.button)]

        case (.cancelled(let p), .release(let b, _, _)) where b == p.button:
            state = .idle
            return []

        case (.pending(let p, _, _), .escape), (.pending(let p, _, _), .otherButton):
            state = .cancelled(p)
            return [.cancel]
        case (.drawing(let p, _), .escape), (.drawing(let p, _), .otherButton):
            state = .cancelled(p)
            return [.trailEnd, .cancel]
        case (.pending, .grabLost):
            state = .idle
            return [.cancel]
        case (.cancelled, .grabLost):
            state = .idle
            return []
        case (.drawing, .grabLost):
            state = .idle
            return [.trailEnd, .cancel]

        default:
            return []
        }
    }

    /// The path keeps its first point and the newest ones: past the limit
    /// every other point of the older half is dropped (the shape stays, the
    /// memory is bounded).
    private func append(_ p: Point, to path: inout [Point]) {
        path.append(p)
        guard path.count > Self.pathLimit else { return }
        let half = path.count / 2
        var thinned: [Point] = []
        thinned.reserveCapacity(Self.pathLimit)
        for i in stride(from: 0, to: half, by: 2) { thinned.append(path[i]) }
        thinned.append(contentsOf: path[half...])
        path = thinned
    }
}
