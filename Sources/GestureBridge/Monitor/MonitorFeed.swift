import GestureConfig
import GestureCore
import GestureTraces

/// What the monitor stream says (`docs/monitor.md`): one JSON object per
/// line, made from what the engine was given and what it decided. Pure: the
/// daemon feeds it as it runs (only while a client listens), and
/// `gesture-bridge replay --monitor` over a trace, so a test can hold the
/// stream of a trace as a golden.
///
/// Touches and the bindings' progress are throttled to the screen's rate
/// (`frameInterval`) per device; every standing change, verdict, action and
/// touch handed back is said when it happens, after the device's latest
/// touches and progress.
public struct MonitorFeed {
    /// One line per device per this much engine time, at most, for touches and progress.
    public static let frameInterval: Seconds = 1.0 / 60

    /// By BindingID.
    let names: [String]
    /// The names as JSON strings, quoted once (each frame says them all).
    private let quotedNames: [String]
    let actions: [BindingActions]
    /// A device's kind, by id.
    private var kinds: [DeviceID: DeviceKind] = [:]
    /// Where each device's fingers are, by touch.
    private var fingers: [DeviceID: [TouchID: Point]] = [:]
    /// A touchpad gesture in progress: its kind and fingers.
    private var touchpad: [DeviceID: PadGesture] = [:]
    private struct PadGesture {
        var kind: String
        var fingers: Int
        var travel = Point.zero
        var scale = 1.0
        var angle = 0.0
    }
    /// Each device's bindings as they stood after the last engine call that
    /// had an attempt: a binding that fails as its attempt ends is said with
    /// how far it had got.
    private var lastStandings: [DeviceID: [BindingID: Measure]] = [:]
    /// Devices with an attempt running, as last seen.
    private var running: Set<DeviceID> = []
    /// When a device's touches and progress were last said, and whether something changed since.
    private var said: [DeviceID: Seconds] = [:]
    private var pending: Set<DeviceID> = []
    /// The lines made since the last `take`.
    public private(set) var lines: [String] = []

    public init(names: [String], actions: [BindingActions], devices: [Device]) {
        self.names = names
        quotedNames = names.map { TraceWriter.quote($0) }
        self.actions = actions
        for d in devices { kinds[d.id] = d.kind }
    }

    public init(_ config: LoadedConfig, devices: [Device]) {
        self.init(names: config.table.allBindings.map(\.name), actions: config.actions, devices: devices)
    }

    /// The lines so far, handed over.
    public mutating func take() -> [String] {
        defer { lines.removeAll(keepingCapacity: true) }
        return lines
    }

    /// When a device's touches or progress, held back by the throttle, are
    /// due to be said (the daemon wakes for it while a client listens).
    public var nextDeadline: Seconds? {
        pending.compactMap { said[$0].map { $0 + Self.frameInterval } }.min()
            ?? (pending.isEmpty ? nil : 0)
    }

    /// Says every device's touches and progress held back by the throttle.
    public mutating func flush(engine: GestureEngine, at t: Seconds) {
        for d in pending.sorted() { frame(d, engine.standings(of: d), at: t) }
    }

    // MARK: What the engine was given

    /// An input, at engine time `t`.
    public mutating func input(_ input: Input, at t: Seconds) {
        switch input {
        case .touchBegin(let d, let id, let p), .touchUpdate(let d, let id, let p):
            fingers[d, default: [:]][id] = p
            pending.insert(d)
        case .touchEnd(let d, let id, _):
            fingers[d]?[id] = nil
            pending.insert(d)
        case .swipeBegin(let d, let n, _):
            touchpad[d] = PadGesture(kind: "swipe", fingers: n)
            pending.insert(d)
        case .pinchBegin(let d, let n, _):
            touchpad[d] = PadGesture(kind: "pinch", fingers: n)
            pending.insert(d)
        case .swipeUpdate(let d, _, let delta, _):
            if var g = touchpad[d] {
                g.travel = g.travel + delta
                touchpad[d] = g
            }
            pending.insert(d)
        case .pinchUpdate(let d, _, let delta, let scale, let angle):
            if var g = touchpad[d] {
                g.travel = g.travel + delta
                g.scale = scale
                g.angle += angle
                touchpad[d] = g
            }
            pending.insert(d)
        case .swipeEnd(let d, _, _), .pinchEnd(let d, _, _):
            touchpad[d] = nil
            pending.insert(d)
        case .deviceAdded(let dev):
            kinds[dev.id] = dev.kind
        case .deviceRemoved(let d):
            kinds[d] = nil
            fingers[d] = nil
            touchpad[d] = nil
        default:
            break
        }
    }

    // MARK: What it decided

    /// One engine call's effects at `t`; `engine` as it stands after it
    /// (where each binding is). A device's decisions come before its
    /// touches and progress at `t`, so times never go back.
    public mutating func effects(_ effects: [Effect], engine: GestureEngine, at t: Seconds) {
        var notable = false
        var deciding = pending
        for e in effects {
            switch e {
            case .gesture(let g):
                deciding.insert(g.device)
                if g.phase != .changed { notable = true }
            case .arena(let n):
                notable = true
                deciding.insert(n.device)
            case .touch(let d):
                notable = true
                deciding.insert(d.device)
            default: break
            }
        }
        // The decisions first (they are about the frame judged, at or before
        // `t`), then where the fingers are now: unthrottled after a decision.
        var over: [DeviceID] = []
        var now: [DeviceID: [BindingStanding]] = [:]
        for d in deciding.union(running) {
            let standings = engine.standings(of: d)
            now[d] = standings
            if standings.isEmpty && running.contains(d) { over.append(d) }
            remember(standings, of: d)
        }
        for e in effects { effect(e, engine: engine) }
        // An attempt that ended: its verdict is complete.
        for d in over.sorted() {
            running.remove(d)
            emit(head(t, "over", d))
        }
        for d in pending.sorted() where notable || t >= (said[d] ?? -.infinity) + Self.frameInterval {
            frame(d, now[d] ?? engine.standings(of: d), at: t)
        }
    }

    private mutating func effect(_ e: Effect, engine: GestureEngine) {
        switch e {
        case .arena(let n):
            var fields = head(n.time, "standing", n.device) + [("binding", quote(name(n.binding)))]
            switch n.kind {
            case .joined:
                fields.append(("standing", quote("joined")))
            case .won:
                fields.append(("standing", quote("recognized")))
                fields.append(("winner", "true"))
            case .conceded:
                let why = n.reason.map { self.reason($0, binding: n.binding, device: n.device) } ?? ""
                fields.append(("standing", quote(n.reason.map(\.isFailure) == true ? "failed" : "rejected")))
                fields.append(("reason", quote(why)))
                if n.reason == .failed, let m = measure(of: n.binding, device: n.device) {
                    fields.append(("fraction", num(m.fraction)))
                    fields.append(("fingers", "\(m.fingers)"))
                    fields.append(("landed", "\(m.landed)"))
                }
            }
            emit(fields)
        case .gesture(let g) where g.phase != .changed:
            let acts = actions[g.binding].actions(for: g.phase, step: g.step).map(\.description)
            var fields = head(g.time, "phase", g.device) + [("binding", quote(name(g.binding))),
                                                           ("phase", quote(g.phase.rawValue))]
            if let s = g.step { fields.append(("step", quote(s.rawValue))) }
            fields.append(("actions", "[" + acts.map(quote).joined(separator: ", ") + "]"))
            emit(fields)
        case .touch(let d):
            var fields = head(d.time, "touch", d.device) + [("touch", "\(d.touch)"),
                                                           ("decision", quote(d.decision.rawValue))]
            fields.append(("reason", quote(reason(d.reason, binding: nil, device: d.device))))
            emit(fields)
        default:
            break
        }
    }

    private mutating func remember(_ standings: [BindingStanding], of d: DeviceID) {
        guard !standings.isEmpty else { return }
        running.insert(d)
        var m: [BindingID: Measure] = [:]
        for s in standings { m[s.binding] = s.measure }
        lastStandings[d] = m
    }

    /// A device's fingers (or touchpad gesture) and its bindings' progress.
    private mutating func frame(_ d: DeviceID, _ standings: [BindingStanding], at t: Seconds) {
        pending.remove(d)
        said[d] = t
        var fields = head(t, "frame", d) + [("kind", "\"" + (kinds[d]?.rawValue ?? "unknown") + "\"")]
        if let g = touchpad[d] {
            fields.append(("touchpad", "{\"gesture\": \(quote(g.kind)), \"fingers\": \(g.fingers), "
                + "\"dx\": \(num(g.travel.x)), \"dy\": \(num(g.travel.y)), \"scale\": \(num(g.scale)), "
                + "\"angle\": \(num(g.angle))}"))
        }
        let points = (fingers[d] ?? [:]).sorted { $0.key < $1.key }
            .map { "[\(num($0.value.x)), \(num($0.value.y))]" }
        fields.append(("fingers", "[" + points.joined(separator: ", ") + "]"))
        // Names quoted once; the rest are words of our own that need no escaping.
        let standings = standings.map { s -> String in
            var entry = "{\"binding\": " + (s.binding < quotedNames.count ? quotedNames[s.binding] : quote(name(s.binding)))
            entry += ", \"standing\": \"" + s.standing.rawValue + "\""
            if let m = s.measure {
                entry += ", \"measure\": \"" + m.kind.rawValue + "\", \"value\": " + num(m.value) + ", \"threshold\": "
                    + num(m.threshold) + ", \"unit\": \"" + m.unit + "\""
                if m.atMost { entry += ", \"atMost\": true" }
                if let setting = m.setting { entry += ", \"setting\": \"" + setting + "\"" }
            }
            return entry + "}"
        }
        fields.append(("bindings", "[" + standings.joined(separator: ", ") + "]"))
        emit(fields)
    }

    /// Why a binding left, or a touch went: in words a person reads at a
    /// glance; a failed gesture says how far it got.
    private func reason(_ r: ArenaReason, binding: BindingID?, device: DeviceID) -> String {
        switch r {
        case .failed:
            guard let b = binding, let m = measure(of: b, device: device) else {
                return "its gesture can no longer be recognized"
            }
            return m.said
        case .recognized: return "it recognized"
        case .wonBy(let w): return "\(name(w)) won"
        case .lostTo(let w): return "\(name(w)) won the touches"
        case .noBindingLeft: return "no binding wants it"
        case .grabTimeout: return "undecided for grab-timeout"
        case .extraFinger: return "a finger landed late: a new attempt"
        case .deviceRemoved: return "the device went away"
        case .noCandidates: return "no binding listens to this device here"
        case .layerNotHeld(let held): return "its modifiers are not held (held: \(held))"
        }
    }

    /// How far a binding had got on its device, as last seen.
    private func measure(of b: BindingID, device: DeviceID) -> Measure? { lastStandings[device]?[b] ?? nil }

    private func name(_ b: BindingID) -> String { b < names.count ? names[b] : "binding \(b)" }

    private func head(_ t: Seconds, _ type: String, _ device: DeviceID) -> [(String, String)] {
        [("t", ReplayPrinter.time(t)), ("type", "\"" + type + "\""), ("device", String(device))]
    }

    private mutating func emit(_ fields: [(String, String)]) {
        lines.append("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
    }

    private func quote(_ s: String) -> String { TraceWriter.quote(s) }
    private func num(_ x: Double) -> String { TraceWriter.num((x * 10).rounded() / 10) }
}

extension ArenaReason {
    /// The binding left because its own gesture failed (not because another won).
    var isFailure: Bool {
        switch self {
        case .failed, .extraFinger, .layerNotHeld, .deviceRemoved: return true
        default: return false
        }
    }
}
