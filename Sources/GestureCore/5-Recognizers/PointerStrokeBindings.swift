/// The config's strokes drawn with a pointer button held
/// (`stroke("L", button: 3)`, issue 58): which buttons and modifiers to
/// grab, which bindings a press can begin, and which of them a drawn path
/// fires. Pure: made from the table at each load, asked once per press and
/// once per release (never per touch event: the touch engine leaves these
/// bindings out, Rules.noTouchDevice). The daemon (GestureX11's
/// PointerStrokes, GestureBridge's actOnPointerStrokes) and `replay`
/// (GestureTraces' PointerStrokeReplay) decide with this one copy.
public struct PointerStrokeBindings: Sendable {
    /// One `stroke(..., button:)` binding.
    public struct Entry: Hashable, Sendable {
        public var id: BindingID
        public var shape: String
        public var button: Int
        /// Exactly these held (its layer); nil: any.
        public var modifiers: Modifiers?
        public var device: DeviceFilter
        /// The arena's rank (`GestureTable.ranks`): the higher wins a drawing
        /// two bindings' shapes both match.
        public var rank: Int
        /// As the finger stroke's recognizer builds them (StrokeRecognizer):
        /// direction and rotation as written, `minimumSize` in px, each
        /// shape's own threshold (`StrokeSet.match`).
        public var options: StrokeOptions
    }

    /// In BindingID order.
    public let entries: [Entry]
    /// The shapes taught (`strokes.toml`): the same set finger strokes match against.
    public let strokes: StrokeSet
    /// `button-hold`: a press held still this long goes to the
    /// application (0: never; PointerStrokeMachine.hold).
    public let hold: Double
    /// `stroke-trail`: a trail follows the pointer while drawing (StrokeTrail).
    public let trail: Bool
    private let table: GestureTable

    /// `pxPerMM`: the screen's, for a `minimumSize` written in mm.
    public init(table: GestureTable, pxPerMM: Double) {
        self.table = table
        strokes = table.settings.strokes
        hold = table.settings.buttonHold
        trail = table.settings.strokeTrail
        let ranks = table.ranks
        var out: [Entry] = []
        for (id, b) in table.allBindings.enumerated() {
            guard case .stroke(let s) = b.gesture, let button = s.button else { continue }
            out.append(Entry(id: id, shape: s.shape, button: button, modifiers: b.modifiers, device: b.device,
                             rank: ranks[id], options: Self.options(s, pxPerMM: pxPerMM)))
        }
        entries = out
    }

    /// How a path drawn with a button is matched for `s` (and how `teach`
    /// scores examples drawn with a button): as the finger stroke's
    /// recognizer builds them (StrokeRecognizer), direction and rotation as
    /// written, `minimumSize` in px, each shape's own threshold, and lines kept.
    public static func options(_ s: StrokeSpec = StrokeSpec(), pxPerMM: Double = 3.78) -> StrokeOptions {
        var o = StrokeOptions()
        o.directionSensitive = s.directionSensitive
        o.rotationInvariant = !s.rotationSensitive
        o.minimumSize = s.minimumSize?.pixels(pxPerMM: pxPerMM) ?? Self.defaultMinimumSize
        o.threshold = 0   // each shape's own
        // With a button held a line is a shape, not a swipe or a scroll
        // (easystroke's back and forward are lines; a click is told
        // apart by minimumSize, before any match).
        o.straightness = -1
        return o
    }

    /// How far a button's press must travel to be a stroke, and the
    /// smallest drawing matched, px, where the binding writes no
    /// `minimumSize`: easystroke's 16 px radius, so its users' small shapes
    /// stay strokes and their clicks stay clicks. Not the finger's 60 px
    /// (StrokeRecognizer.defaultMinimumSize): a finger's contact wobbles and
    /// a short finger drag is a swipe or a scroll, while a pointer is
    /// exact, and a pen's shapes drawn on a small tablet area are small
    /// (at 60 px, 9 % of real drawings 60-150 px across were taken for
    /// clicks: `gesture-bench pointer-strokes --sizes 60-150`).
    public static let defaultMinimumSize = 16.0

    public var isEmpty: Bool { entries.isEmpty }

    /// One passive grab: a button with a modifier set (nil: any modifiers).
    public struct Grab: Hashable, Sendable, Comparable {
        public var button: Int
        public var modifiers: Modifiers?
        public init(button: Int, modifiers: Modifiers?) {
            self.button = button
            self.modifiers = modifiers
        }
        public static func < (a: Grab, b: Grab) -> Bool {
            a.button != b.button ? a.button < b.button : (a.modifiers?.rawValue ?? 0xFF) < (b.modifiers?.rawValue ?? 0xFF)
        }
    }

    /// Exactly what is bound, once each: a button bound for any modifiers
    /// is one grab for any (a grab for some modifiers beside it would only
    /// repeat part of it).
    public var grabs: [Grab] {
        var out: Set<Grab> = []
        let anyButtons = Set(entries.filter { $0.modifiers == nil }.map(\.button))
        for e in entries {
            out.insert(Grab(button: e.button, modifiers: anyButtons.contains(e.button) ? nil : e.modifiers))
        }
        return out.sorted()
    }

    /// The bindings a press can begin: its button, the modifiers held
    /// exactly as a layer's, its device, the scopes over the window it is
    /// on. Empty: no stroke can be drawn with it here (it is replayed).
    /// A `[[device]]` rule with `disabled = true` that is the first to match
    /// the pointer leaves it alone, as it does a touch device.
    public func candidates(button: Int, modifiers: Modifiers, device: Device, window: WindowContext) -> [Entry] {
        guard entries.contains(where: { $0.button == button }),
              table.devices.first(where: { $0.match.acceptsPointer(device) })?.disabled != true else { return [] }
        let on = table.inEffect(over: window)
        return entries.filter {
            $0.button == button && ($0.modifiers == nil || $0.modifiers == modifiers)
                && $0.device.acceptsPointer(device) && on[$0.id]
        }
    }

    /// What a drawn path fired: the binding (nil: none), and the match that
    /// decided it (for the log: the shape, or the closest and its score).
    public struct Outcome: Hashable, Sendable {
        public var binding: BindingID?
        /// Nil: no candidate (nothing was matched).
        public var match: StrokeMatch?
    }

    /// `drawn` (kept as a finger stroke's path is: `StrokePath`) matched
    /// against the shapes the candidates are bound to, once
    /// per distinct set of options among them; of the candidates whose shape
    /// it is, the highest ranked fires (the first of them on a tie). Only
    /// the shapes that can fire here compete, as easystroke matched within
    /// an application's list: another application's line drawn the same way
    /// must not take a line bound on the desktop.
    public func recognize(_ drawn: [Point], candidates: [Entry]) -> Outcome {
        // Kept as a finger's stroke is (a point per 2 px, at most 128): the same path matched.
        let path = StrokePath(drawn).points
        let bound = Set(candidates.map(\.shape))
        let strokes = StrokeSet(self.strokes.shapes.filter { bound.contains($0.name) })
        var matches: [(StrokeOptions, StrokeMatch)] = []
        var best: Entry? = nil
        var shown: StrokeMatch? = nil
        for c in candidates {
            let m: StrokeMatch
            if let done = matches.first(where: { $0.0 == c.options }) {
                m = done.1
            } else {
                m = strokes.match(path, with: strokes.matcher(c.options))
                matches.append((c.options, m))
            }
            if shown == nil { shown = m }
            guard m.name == c.shape, !c.shape.isEmpty else { continue }
            if best == nil || c.rank > best!.rank {
                best = c
                shown = m
            }
        }
        return Outcome(binding: best?.id, match: shown)
    }
}

extension PointerStrokeMachine {
    /// A grabbed press, decided with the bindings it can begin here
    /// (`candidates`; empty: none, it is replayed): the smallest
    /// `minimumSize` among them is how far it must travel to be a stroke.
    /// The daemon (PointerStrokes) and `replay` (PointerStrokeReplay)
    /// both decide a press here.
    public mutating func press(_ p: Press, candidates: [PointerStrokeBindings.Entry]) -> [Request] {
        if let least = candidates.map(\.options.minimumSize).min() { minimumSize = least }
        return on(.press(p, bound: !candidates.isEmpty))
    }
}

extension PointerStrokeBindings {
    /// What a path that fired `binding` publishes, at its release `t`: a
    /// stroke is discrete, it begins and ends there; its value is one
    /// finger's, from the press to the path's end. The daemon acts on these
    /// (actOnPointerStrokes) and `replay` prints them.
    public static func events(binding: BindingID, device: DeviceID, start: Point, path: [Point],
                              at t: Seconds) -> [GestureEvent] {
        var value = GestureValue()
        value.fingers = 1
        value.start = start
        value.location = path.last ?? start
        value.translation = value.location - start
        return [GesturePhase.began, .ended].map {
            GestureEvent(time: t, binding: binding, phase: $0, device: device, value: value)
        }
    }
}

/// What became of a press of a pointer button strokes are bound to, as
/// PointerStrokeMachine decided it: what `replay --explain` says of a
/// trace's pointer records (the daemon logs the same decisions).
public struct PointerStrokeDecision: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// No stroke can be drawn with it here (its button, modifiers,
        /// device or the window's scope): the window gets the press as made.
        case replayed
        /// Taken: `candidates` bindings can begin with it.
        case taken(candidates: Int)
        /// Released having moved less than `minimumSize` px: a click, which
        /// the window gets as one press and one release at the press's place.
        case click(minimumSize: Double)
        /// Held still for `hold`: handed to the application, to the release.
        case handedOver(hold: Seconds)
        /// Another button (or Escape) while held: nothing fires, nothing leaks.
        case cancelled
        /// Drawn and matched at the release: the binding it fired (nil:
        /// none), the match (the shape, or the closest and its score) and
        /// the path, from the press.
        case drawn(PointerStrokeBindings.Outcome, path: [Point])
    }

    public var time: Seconds
    public var device: DeviceID
    public var button: Int
    public var kind: Kind

    public init(time: Seconds, device: DeviceID, button: Int, kind: Kind) {
        self.time = time
        self.device = device
        self.button = button
        self.kind = kind
    }
}
