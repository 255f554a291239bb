import GestureConfig
import GestureCore
import GestureTraces

/// What the monitor stream says (`docs/monitor.md`): one JSON object per
/// line, made from what the engine decided (its effects) and how it stands
/// after each call (`GestureEngine.snapshot(of:)`: the fingers, the hand's
/// motion, the bindings' standings); the feed works out no geometry of its
/// own, and of an input it only notes which device it was about. Pure: the
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
    private let quotedNames: [[UInt8]]
    let actions: [BindingActions]
    /// The shapes taught (strokes.toml), by index: a stroke's why-not names them.
    let shapes: [String]
    /// What is known of each device (a few: looked up in order, cheaper
    /// than hashing at every event).
    private var lanes: [Lane] = []
    private struct Lane {
        let device: DeviceID
        /// When its touches and progress were last said.
        var said: Seconds? = nil
        /// Its bindings as they stood after the last engine call that had
        /// an attempt: a binding that fails as its attempt ends is said
        /// with how far it had got.
        var last: [BindingStanding] = []
        /// `last` is how its bindings stand after the engine call being
        /// said (false: no attempt runs on it now).
        var standing = false
    }
    /// Devices with an attempt running, as last seen (in order: devices are few).
    private var running: [DeviceID] = []
    /// Devices whose touches or progress changed since they were last said (in order).
    private var pending: [DeviceID] = []
    /// One engine call's devices to look at, their standings, and those
    /// whose attempt ended: kept, so an event allocates none of them.
    private var deciding: [DeviceID] = []
    private var over: [DeviceID] = []
    /// Where the engine writes a device's standings; swapped with its
    /// lane's `last` when it has some, so no call makes an array.
    private var scratch: [BindingStanding] = []
    /// Where the engine writes a device's fingers and hand for a frame (kept:
    /// a frame makes no array).
    private var hand = DeviceSnapshot()
    /// The lines made since the last `clear`, each ending in a newline.
    public private(set) var out = JSONBytes(capacity: 4096)

    public init(names: [String], actions: [BindingActions], shapes: [String] = []) {
        self.names = names
        self.shapes = shapes
        quotedNames = names.map { name in
            var q = JSONBytes()
            q.quoted(name)
            return Array(q.bytes)
        }
        self.actions = actions
    }

    public init(_ config: LoadedConfig) {
        self.init(names: config.table.allBindings.map(\.name), actions: config.actions,
                  shapes: config.table.settings.strokes.shapes.map(\.name))
    }

    /// The stream's bytes so far: whole lines, each ending in a newline.
    public var bytes: ArraySlice<UInt8> { out.bytes }

    /// Forgets the bytes handed over, keeping the buffer.
    public mutating func clear() { out.clear() }

    /// The lines so far, handed over (replay and tests; the daemon sends `bytes`).
    public mutating func take() -> [String] {
        defer { out.clear() }
        return out.bytes.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
    }

    /// When a device's touches or progress, held back by the throttle, are
    /// due to be said (the daemon wakes for it while a client listens).
    public var nextDeadline: Seconds? {
        var due: Seconds? = nil
        for d in pending {
            let t = lane(of: d).flatMap { lanes[$0].said }.map { $0 + Self.frameInterval } ?? 0
            due = min(due ?? t, t)
        }
        return due
    }

    /// Says every device's touches and progress held back by the throttle.
    public mutating func flush(engine: GestureEngine, at t: Seconds) {
        for d in pending { frame(look(d, engine), engine, at: t) }
        pending.removeAll(keepingCapacity: true)
    }

    // MARK: What the engine was given

    /// An input, at engine time `t`: its device's touches or touchpad
    /// gesture changed (where they are now, the engine says at the frame).
    public mutating func input(_ input: Input, at t: Seconds) {
        switch input {
        case .touchBegin(let d, _, _), .touchUpdate(let d, _, _), .touchEnd(let d, _, _),
             .swipeBegin(let d, _, _), .pinchBegin(let d, _, _), .swipeUpdate(let d, _, _, _),
             .pinchUpdate(let d, _, _, _, _), .swipeEnd(let d, _, _), .pinchEnd(let d, _, _):
            mark(d)
        default:
            break
        }
    }

    /// A device's lane, made when first seen.
    private mutating func lane(_ d: DeviceID) -> Int {
        if let i = lane(of: d) { return i }
        lanes.append(Lane(device: d))
        return lanes.count - 1
    }

    private func lane(of d: DeviceID) -> Int? {
        var i = 0
        while i < lanes.count {
            if lanes[i].device == d { return i }
            i += 1
        }
        return nil
    }

    /// A device whose touches or progress changed: said at the next frame.
    private mutating func mark(_ d: DeviceID) { pending.insertSorted(d) }

    // MARK: What it decided

    /// One engine call's effects at `t`; `engine` as it stands after it
    /// (where each binding is). A device's decisions come before its
    /// touches and progress at `t`, so times never go back.
    public mutating func effects(_ effects: [Effect], engine: GestureEngine, at t: Seconds) {
        var notable = false
        deciding.removeAll(keepingCapacity: true)
        deciding.append(contentsOf: pending)
        for e in effects {
            switch e {
            case .gesture(let g):
                deciding.insertSorted(g.device)
                if g.phase != .changed { notable = true }
            case .arena(let n):
                notable = true
                deciding.insertSorted(n.device)
            case .touch(let d):
                notable = true
                deciding.insertSorted(d.device)
            default: break
            }
        }
        for d in running { deciding.insertSorted(d) }
        // The decisions first (they are about the frame judged, at or before
        // `t`), then where the fingers are now: unthrottled after a decision.
        over.removeAll(keepingCapacity: true)
        for d in deciding {
            let i = look(d, engine)
            if !lanes[i].standing && running.contains(d) { over.append(d) }
            if lanes[i].standing { running.insertSorted(d) }
        }
        for e in effects { effect(e) }
        // An attempt that ended: its verdict is complete.
        for d in over {
            running.removeAll { $0 == d }
            head(t, ", \"type\": \"over\", \"device\": ", d)
            end()
        }
        var i = 0
        while i < pending.count {
            let d = pending[i]
            guard notable || t >= (lane(of: d).flatMap { lanes[$0].said } ?? -.infinity) + Self.frameInterval else {
                i += 1
                continue
            }
            pending.remove(at: i)
            // Looked at above: every pending device is deciding.
            frame(lane(d), engine, at: t)
        }
    }

    /// Asks the engine how `d`'s bindings stand now, into its lane (`last`
    /// and `standing`); returns the lane.
    private mutating func look(_ d: DeviceID, _ engine: GestureEngine) -> Int {
        let i = lane(d)
        engine.standings(of: d, into: &scratch)
        lanes[i].standing = !scratch.isEmpty
        if lanes[i].standing { swap(&scratch, &lanes[i].last) }
        return i
    }

    private mutating func effect(_ e: Effect) {
        switch e {
        case .arena(let n):
            head(n.time, ", \"type\": \"standing\", \"device\": ", n.device)
            binding(n.binding)
            switch n.kind {
            case .joined:
                out.raw(", \"standing\": \"joined\"")
            case .won:
                out.raw(", \"standing\": \"recognized\", \"winner\": true")
            case .conceded:
                out.raw(n.reason.map(\.isFailure) == true ? ", \"standing\": \"failed\"" : ", \"standing\": \"rejected\"")
                out.raw(", \"reason\": ")
                if case .refused(let r)? = n.reason {
                    // Written straight into the stream: our own words, nothing to escape.
                    out.byte(UInt8(ascii: "\""))
                    r.write(&out)
                    out.byte(UInt8(ascii: "\""))
                } else {
                    out.quoted(n.reason.map { self.reason($0, binding: n.binding, device: n.device) } ?? "")
                }
                if let m = n.reason.flatMap({ failedMeasure($0, binding: n.binding, device: n.device) }) {
                    out.raw(", \"fraction\": ")
                    out.tenths(m.fraction)
                    out.raw(", \"fingers\": ")
                    out.int(m.fingers)
                    out.raw(", \"landed\": ")
                    out.int(m.landed)
                }
            }
            end()
        case .gesture(let g) where g.phase != .changed:
            head(g.time, ", \"type\": \"phase\", \"device\": ", g.device)
            binding(g.binding)
            out.raw(", \"phase\": \"")
            out.word(g.phase.rawValue)
            out.byte(UInt8(ascii: "\""))
            if let s = g.step {
                out.raw(", \"step\": \"")
                out.word(s.rawValue)
                out.byte(UInt8(ascii: "\""))
            }
            out.raw(", \"actions\": [")
            for (k, a) in actions[g.binding].actions(for: g.phase, step: g.step).enumerated() {
                if k > 0 { out.raw(", ") }
                out.quoted(a.description)
            }
            out.byte(UInt8(ascii: "]"))
            end()
        case .touch(let d):
            head(d.time, ", \"type\": \"touch\", \"device\": ", d.device)
            out.raw(", \"touch\": ")
            out.int(Int(d.touch))
            out.raw(", \"decision\": \"")
            out.word(d.decision.rawValue)
            out.raw("\", \"reason\": ")
            out.quoted(reason(d.reason, binding: nil, device: d.device))
            end()
        default:
            break
        }
    }

    /// A device's fingers (or touchpad gesture), as the engine has them
    /// now, and its bindings' progress. Its bindings are the lane's `last`
    /// when `standing`, else none.
    private mutating func frame(_ i: Int, _ engine: GestureEngine, at t: Seconds) {
        lanes[i].said = t
        engine.snapshot(of: lanes[i].device, into: &hand, .hand)
        head(t, ", \"type\": \"frame\", \"device\": ", lanes[i].device)
        out.raw(hand.kind.map(Self.field) ?? ", \"kind\": \"unknown\"")
        if hand.touchpadGesture {
            out.raw(hand.source == .touchpadPinch ? ", \"touchpad\": {\"gesture\": \"pinch\", \"fingers\": "
                                                  : ", \"touchpad\": {\"gesture\": \"swipe\", \"fingers\": ")
            out.int(hand.landed)
            out.raw(", \"dx\": ")
            out.tenths(hand.travel.x)
            out.raw(", \"dy\": ")
            out.tenths(hand.travel.y)
            out.raw(", \"scale\": ")
            out.tenths(hand.scale)
            out.raw(", \"angle\": ")
            out.tenths(hand.angle)
            out.byte(UInt8(ascii: "}"))
        }
        out.raw(", \"fingers\": [")
        var first = true
        for f in hand.fingers where f.down {
            out.raw(first ? "[" : ", [")
            first = false
            out.tenths(f.position.x)
            out.raw(", ")
            out.tenths(f.position.y)
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("], \"bindings\": [")
        // Names quoted once; the rest are words of our own that need no escaping.
        let standings = lanes[i].standing ? lanes[i].last : []
        // A binding's fields in as few pieces as they go: each piece is one
        // copy into the buffer, and a frame says every binding.
        for (k, s) in standings.enumerated() {
            out.raw(k == 0 ? "{\"binding\": " : ", {\"binding\": ")
            if s.binding < quotedNames.count { out.append(quotedNames[s.binding]) } else { out.quoted(name(s.binding)) }
            out.raw(Self.field(s.standing))
            guard let m = s.measure else {
                out.byte(UInt8(ascii: "}"))
                continue
            }
            out.raw(Self.field(m.kind))
            out.tenths(m.value)
            out.raw(", \"threshold\": ")
            out.tenths(m.threshold)
            out.raw(", \"unit\": \"")
            out.raw(m.unitText)
            out.raw(m.atMost ? "\", \"atMost\": true" : "\"")
            if let setting = m.settingText {
                out.raw(", \"setting\": \"")
                out.raw(setting)
                out.raw("\"}")
            } else {
                out.byte(UInt8(ascii: "}"))
            }
        }
        out.byte(UInt8(ascii: "]"))
        end()
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
        case .notTheShape(let v): return v.said(shapes)
        case .refused(let r): return r.said
        }
    }

    /// The measure a failure is said with (its fraction and fingers): the
    /// refusing rule's, else how far the binding had got, as last seen.
    private func failedMeasure(_ r: ArenaReason, binding: BindingID, device: DeviceID) -> Measure? {
        switch r {
        case .refused(let why): return why.measure
        case .failed: return measure(of: binding, device: device)
        default: return nil
        }
    }

    /// How far a binding had got on its device, as last seen.
    private func measure(of b: BindingID, device: DeviceID) -> Measure? {
        lane(of: device).flatMap { lanes[$0].last.first { $0.binding == b }?.measure }
    }

    private func name(_ b: BindingID) -> String { b < names.count ? names[b] : "binding \(b)" }

    /// A stroke drawn with a pointer button held, at its release (the
    /// engine never sees it: the daemon matches it itself, PointerStrokeActions):
    /// `{"t", "type": "stroke", "device", "button", "path": [[x, y], …]}` in
    /// root pixels, with `binding` when one fires. A client draws its shape
    /// from it (the settings app's Try It), as from a touch attempt's frames.
    public mutating func stroke(device: DeviceID, button: Int, path: [Point], binding: BindingID?, at t: Seconds) {
        head(t, ", \"type\": \"stroke\", \"device\": ", device)
        out.raw(", \"button\": ")
        out.int(button)
        out.raw(", \"path\": [")
        for (i, p) in path.enumerated() {
            out.raw(i == 0 ? "[" : ", [")
            out.tenths(p.x)
            out.raw(", ")
            out.tenths(p.y)
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "]"))
        if let binding { self.binding(binding) }
        end()
    }

    /// A line's first fields: `{"t": …, "type": "…", "device": …`, its
    /// type given with the fields around it (one piece to copy).
    private mutating func head(_ t: Seconds, _ typeField: StaticString, _ device: DeviceID) {
        out.raw("{\"t\": ")
        out.time(t)
        out.raw(typeField)
        out.int(Int(device))
    }

    private mutating func binding(_ b: BindingID) {
        out.raw(", \"binding\": ")
        if b < quotedNames.count { out.append(quotedNames[b]) } else { out.quoted(name(b)) }
    }

    /// A line's end.
    private mutating func end() { out.raw("}\n") }

    // The raw values said at every frame, as static text: a raw value is a
    // String made at each call (MonitorTests holds them equal).
    /// `, "kind": "…"`: a device's kind in a frame.
    static func field(_ k: DeviceKind) -> StaticString {
        switch k {
        case .touchscreen: ", \"kind\": \"touchscreen\""
        case .touchpad: ", \"kind\": \"touchpad\""
        case .other: ", \"kind\": \"other\""
        case .mouse: ", \"kind\": \"mouse\""
        case .pen: ", \"kind\": \"pen\""
        }
    }

    /// `, "standing": "…"`: a binding's standing in a frame.
    static func field(_ s: StandingName) -> StaticString {
        switch s {
        case .possible: ", \"standing\": \"possible\""
        case .recognized: ", \"standing\": \"recognized\""
        case .began: ", \"standing\": \"began\""
        case .rejected: ", \"standing\": \"rejected\""
        case .failed: ", \"standing\": \"failed\""
        case .done: ", \"standing\": \"done\""
        }
    }

    /// `, "measure": "…", "value": `: a measure's kind, up to its value.
    static func field(_ k: Measure.Kind) -> StaticString {
        switch k {
        case .distance: ", \"measure\": \"distance\", \"value\": "
        case .scale: ", \"measure\": \"scale\", \"value\": "
        case .angle: ", \"measure\": \"angle\", \"value\": "
        case .time: ", \"measure\": \"time\", \"value\": "
        case .count: ", \"measure\": \"count\", \"value\": "
        case .speed: ", \"measure\": \"speed\", \"value\": "
        }
    }
}

extension Array where Element == DeviceID {
    /// Adds `d` in order, once.
    fileprivate mutating func insertSorted(_ d: DeviceID) {
        var i = 0
        while i < count && self[i] < d { i += 1 }
        if i == count || self[i] != d { insert(d, at: i) }
    }
}

/// A refusal's words go into the stream as they are made (RefusalWords.swift).
extension JSONBytes: WordSink {}

extension ArenaReason {
    /// The binding left because its own gesture failed (not because another won).
    var isFailure: Bool {
        switch self {
        case .failed, .refused, .extraFinger, .layerNotHeld, .deviceRemoved: return true
        default: return false
        }
    }
}
