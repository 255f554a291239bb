import GestureCore

/// What a stroke's end shows near the pointer (`stroke-name`): the name of
/// the shape that fired, or "no shape" and the closest one. Pointer strokes
/// say it at their release (PointerStrokeActions.swift); finger strokes are
/// read here from the engine's effects as they pass: a stroke binding's
/// `ended`, or its verdict at the lift (`.notTheShape`, which the engine
/// says without `--explain` when `GestureEngine.strokeVerdicts` is on).
/// A verdict with no closest shape (too small: a tap; a line: a swipe or a
/// scroll) shows nothing: only a drawing that was matched and missed does.
/// Pure: the daemon takes `take()` once per wakeup and shows it.
struct StrokeOutcomes {
    /// What to show, and where (root px).
    enum Shown: Equatable {
        case fired(String, at: Point)
        case noShape(closest: String?, at: Point)

        /// In words, the daemon's language.
        var words: Words {
            switch self {
            case .fired(let name, _): return .verbatim(name)
            case .noShape(let closest?, _): return Words("no shape (closest: {shape})", ["shape": closest])
            case .noShape(nil, _): return Words("no shape")
            }
        }

        var at: Point {
            switch self {
            case .fired(_, let p), .noShape(_, let p): return p
            }
        }
    }

    /// The shape a binding's end names, by BindingID (nil: none): its own
    /// finger stroke, or in a composition the one stroke it cannot end
    /// without (`press.sequenced(before: stroke("L"))`). A stroke beside
    /// another part (`simultaneously`, `exclusively`) may have failed when
    /// the whole ends, so that end names nothing; its verdicts still show.
    private let shapes: [String?]
    /// Each binding has a finger stroke somewhere in it, by BindingID.
    private let drawsStroke: [Bool]
    /// The shapes taught, by their place (a verdict names them so).
    private let taught: [String]
    /// Where the hand was last (a touch, a touchpad gesture's pointer).
    private var lastAt = Point.zero
    private var fired: Shown? = nil
    private var missed: Shown? = nil

    init(table: GestureTable) {
        shapes = table.allBindings.map { b in
            let needed = Self.fingerStrokesNeeded(by: b.gesture)
            return needed.count == 1 ? needed[0] : nil
        }
        drawsStroke = table.allBindings.map { !Self.fingerStrokes(in: $0.gesture).isEmpty }
        taught = table.settings.strokes.shapes.map(\.name)
    }

    /// Any finger stroke bound, alone or in a composition: nothing to watch otherwise.
    var watches: Bool { drawsStroke.contains(true) }

    /// The shapes of the finger strokes in `g`, in the order written.
    static func fingerStrokes(in g: GestureSpec) -> [String] {
        g.strokes.filter { $0.button == nil }.map(\.shape)
    }

    /// The finger strokes `g` cannot end without: its own, and those of
    /// both parts of a sequence (each must succeed, in turn).
    static func fingerStrokesNeeded(by g: GestureSpec) -> [String] {
        switch g {
        case .stroke(let s): return s.button == nil ? [s.shape] : []
        case .sequenced(let a, let b): return fingerStrokesNeeded(by: a) + fingerStrokesNeeded(by: b)
        default: return []
        }
    }

    /// An input given to the engine: where the hand is (touches in root
    /// px; a touchpad's gesture begins where the pointer is, which stays).
    mutating func saw(_ input: Input) {
        switch input {
        case .touchBegin(_, _, let p), .touchUpdate(_, _, let p), .touchEnd(_, _, let p),
             .swipeBegin(_, _, let p), .pinchBegin(_, _, let p):
            lastAt = p
        default:
            break
        }
    }

    /// The effects of one engine call.
    mutating func scan(_ effects: [Effect]) {
        for e in effects {
            switch e {
            case .gesture(let g) where g.phase == .ended && g.binding < shapes.count:
                if let name = shapes[g.binding] { fired = .fired(name, at: lastAt) }
            case .arena(let n):
                guard n.binding < drawsStroke.count, drawsStroke[n.binding],
                      case .notTheShape(let v)? = n.reason, v.closest >= 0 else { break }
                missed = .noShape(closest: v.closest < taught.count ? taught[v.closest] : nil, at: lastAt)
            default:
                break
            }
        }
    }

    /// What this wakeup's strokes show: a shape that fired wins over the
    /// verdicts of the stroke bindings it beat (each of which says its own).
    mutating func take() -> Shown? {
        defer { fired = nil; missed = nil }
        return fired ?? missed
    }
}
