@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// Replays a built trace against bindings and returns what a reader checks:
/// "name:phase" strings, and the events themselves.
struct Run {
    let effects: [Effect]
    let engine: GestureEngine

    init(_ b: TraceBuilder, _ desktop: [Binding], apps: [AppScope] = [], including: GestureMask = .all,
         settings: Settings = Settings()) {
        self.init(b.trace, GestureTable(settings: settings, including: including, desktop: desktop, apps: apps))
    }

    init(_ trace: Trace, _ table: GestureTable) {
        var r = Replayer(table: table, header: trace.header, explain: true)
        var out: [Effect] = []
        for e in trace.events { r.feed(e) { out.append($0) } }
        r.finish { out.append($0) }
        effects = out
        engine = r.engine
    }

    var gestures: [GestureEvent] {
        effects.compactMap { if case .gesture(let g) = $0 { return g } else { return nil } }
    }

    /// "name:phase" for every phase but `changed` (which depends on frame counts).
    var phases: [String] {
        gestures.filter { $0.phase != .changed }.map { g in
            let name = engine.bindings[g.binding].name
            if let s = g.step { return "\(name):step-\(s.rawValue)" }
            return "\(name):\(g.phase.rawValue)"
        }
    }

    func first(_ name: String, _ phase: GesturePhase) -> GestureEvent? {
        gestures.first { engine.bindings[$0.binding].name == name && $0.phase == phase }
    }

    func count(_ name: String, _ phase: GesturePhase) -> Int {
        gestures.filter { engine.bindings[$0.binding].name == name && $0.phase == phase }.count
    }

    var touches: [TouchDecisionEvent] {
        effects.compactMap { if case .touch(let t) = $0 { return t } else { return nil } }
    }

    var notes: [ArenaNote] {
        effects.compactMap { if case .arena(let n) = $0 { return n } else { return nil } }
    }

    var rejections: [InputRejection] {
        effects.compactMap { if case .rejected(let r, _) = $0 { return r } else { return nil } }
    }
}

func bind(_ name: String, _ g: GestureSpec, _ p: Priority = .normal, device: DeviceFilter = .any,
          step: Double? = nil, repeats: Bool = false) -> Binding {
    Binding(name: name, gesture: g, priority: p, device: device, step: step.map(StepSpec.init(every:)),
            repeats: repeats)
}

func swipe(_ d: Direction?, fingers: Int = 3, distance: Length? = nil, velocity: Speed? = nil,
           from: Edge? = nil) -> GestureSpec {
    .swipe(SwipeSpec(direction: d, minimumDistance: distance, minimumVelocity: velocity,
                     common: CommonArguments(fingers: fingers, from: from)))
}

func tap(count: Int = 1, fingers: Int = 1) -> GestureSpec {
    .tap(TapSpec(count: count, common: CommonArguments(fingers: fingers)))
}

func drag(fingers: Int = 1, distance: Length? = nil) -> GestureSpec {
    .drag(DragSpec(minimumDistance: distance, common: CommonArguments(fingers: fingers)))
}

func longPress(_ seconds: Seconds? = nil, fingers: Int = 1) -> GestureSpec {
    .longPress(LongPressSpec(minimumDuration: seconds, common: CommonArguments(fingers: fingers)))
}

func magnify(fingers: Int = 2) -> GestureSpec { .magnify(MagnifySpec(common: CommonArguments(fingers: fingers))) }
func rotate(fingers: Int = 2) -> GestureSpec { .rotate(RotateSpec(common: CommonArguments(fingers: fingers))) }
func hold(_ seconds: Seconds? = nil, fingers: Int = 1) -> GestureSpec {
    .hold(HoldSpec(minimumDuration: seconds, common: CommonArguments(fingers: fingers)))
}

let centre = Point(x: 960, y: 540)
