import GestureCore

/// The config's strokes drawn with a pointer button held
/// (`stroke("L", button: 3)`, issue 58), as the X side uses them: which
/// buttons and modifiers to grab, which bindings a press can begin, and
/// which of them a drawn path fires. Pure: made from the table at each
/// load, asked once per press and once per release (never per touch
/// event: the touch engine leaves these bindings out, Rules.noTouchDevice).
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
    private let table: GestureTable

    /// `pxPerMM`: the screen's, for a `minimumSize` written in mm.
    public init(table: GestureTable, pxPerMM: Double) {
        self.table = table
        strokes = table.settings.strokes
        let ranks = table.ranks
        var out: [Entry] = []
        for (id, b) in table.allBindings.enumerated() {
            guard case .stroke(let s) = b.gesture, let button = s.button else { continue }
            var o = StrokeOptions()
            o.directionSensitive = s.directionSensitive
            o.rotationInvariant = !s.rotationSensitive
            o.minimumSize = s.minimumSize?.pixels(pxPerMM: pxPerMM) ?? Self.defaultMinimumSize
            o.threshold = 0   // each shape's own
            // With a button held a line is a shape, not a swipe or a scroll
            // (easystroke's back and forward are lines; a click is told
            // apart by minimumSize, before any match).
            o.straightness = -1
            out.append(Entry(id: id, shape: s.shape, button: button, modifiers: b.modifiers, device: b.device,
                             rank: ranks[id], options: o))
        }
        entries = out
    }

    /// The finger stroke's default (StrokeRecognizer.defaultMinimumSize).
    public static let defaultMinimumSize = 60.0

    public var isEmpty: Bool { entries.isEmpty }

    /// One passive grab: a button with a modifier set (nil: any modifiers).
    public struct Grab: Hashable, Sendable, Comparable {
        public var button: Int
        public var modifiers: Modifiers?
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

    /// X's modifier states a grab is made with: the layer's exact state,
    /// also with Caps Lock and Num Lock on (X matches a passive grab's
    /// modifiers exactly, and those locks are in the state of every press
    /// made while they are on). Nil: any modifiers (XIAnyModifier). Empty:
    /// none can be (the layout has no key for one of the layer's modifiers).
    public static func states(_ m: Modifiers?, _ map: ModifierMap) -> [UInt32]? {
        guard let m else { return nil }
        guard let base = map.state(m) else { return [] }
        let lock: UInt32 = 1 << 1
        var out: [UInt32] = []
        for extra in [0, lock, map.numLock, lock | map.numLock] where !out.contains(base | extra) {
            out.append(base | extra)
        }
        return out
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
