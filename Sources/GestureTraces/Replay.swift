import GestureCore

/// Runs the engine over a trace with the trace's timestamps as its clock:
/// timers fire at their deadline in trace time, never by sleeping.
public struct Replayer {
    /// Timers still running after the last event run this long in trace time
    /// (longer than every default timeout; a press held at the end of a trace
    /// would otherwise repeat forever).
    public static let tail: Seconds = 1.0

    public private(set) var engine: GestureEngine
    /// The pointer's records (strokes drawn with a button held), decided
    /// outside the engine as the daemon decides them.
    private var pointer: PointerStrokeReplay
    private var lastT: Seconds = 0
    private var buffer: [Effect] = []

    public init(table: GestureTable, header: TraceHeader, explain: Bool = false) {
        engine = GestureEngine(table: table, screen: header.screen, devices: header.devices)
        engine.explain = explain
        pointer = PointerStrokeReplay(table: table, header: header)
        buffer.reserveCapacity(16)
    }

    /// Feeds one event; `body` sees every effect it causes, in order.
    public mutating func feed(_ e: TraceEvent, _ body: (Effect) throws -> Void) rethrows {
        buffer.removeAll(keepingCapacity: true)
        switch e.input {
        case .buttonPress, .pointerMotion, .buttonRelease, .window, .modifiers:
            buffer += pointer.feed(e.input, at: e.t)
        default:
            if pointer.deadline != nil { buffer += pointer.advance(to: e.t, inclusive: false) }
        }
        engine.process(e.input, at: e.t, into: &buffer)
        lastT = max(lastT, e.t)
        for x in buffer { try body(x) }
    }

    /// Runs the timers left after the last event.
    public mutating func finish(_ body: (Effect) throws -> Void) rethrows {
        buffer.removeAll(keepingCapacity: true)
        buffer += pointer.advance(to: lastT + Self.tail)
        engine.advance(to: lastT + Self.tail, into: &buffer)
        for x in buffer { try body(x) }
    }

    /// Every effect of a whole trace.
    public static func run(_ trace: Trace, table: GestureTable, explain: Bool = false) -> [Effect] {
        var r = Replayer(table: table, header: trace.header, explain: explain)
        var out: [Effect] = []
        for e in trace.events { r.feed(e) { out.append($0) } }
        r.finish { out.append($0) }
        return out
    }
}
