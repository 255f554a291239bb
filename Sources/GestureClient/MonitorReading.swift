import GestureTraces

/// What the monitor stream says about one binding in the running attempt.
public struct WatchedBinding: Equatable, Sendable {
    /// joined, possible (measured), recognized, began, ended, cancelled, failed, rejected, done.
    public var standing = "joined"
    /// The bar: value, threshold, unit; a time limit (a tap's) fills toward failing.
    public var value = 0.0, threshold = 0.0
    public var unit = ""
    public var atMost = false
    public var hasMeasure = false
    /// Why it left (failed or rejected).
    public var reason: String? = nil
    /// When it failed: how far it had got (0…1), and whether its fingers
    /// were the right number (else it was never in the running).
    public var failedAt = 0.0
    public var rightFingers = false

    public init() {}

    public var fraction: Double { threshold > 0 ? min(1, max(0, value / threshold)) : 0 }
    public var isOut: Bool { ["failed", "rejected", "done", "ended", "cancelled"].contains(standing) }
    public var isLit: Bool { ["recognized", "began", "ended"].contains(standing) }
}

/// The monitor stream (docs/monitor.md) read per device: each binding's
/// standing in the running attempt, the fingers, and what a person is told
/// (`Verdict`). Pure: `consume` takes the stream's lines. `gesture-bridge
/// watch` and the settings app's Try It both read the stream through it and
/// only word the verdicts their own way.
public struct MonitorReading {
    public struct Device {
        public var kind = "unknown"
        public var fingers: [(x: Double, y: Double)] = []
        /// "3-finger swipe" while a touchpad gesture runs.
        public var touchpad: String? = nil
        public var bindings: [(name: String, standing: WatchedBinding)] = []
        /// Its attempt runs: a binding joined and the verdict is not said yet.
        public var open = false
        public var fired = false
    }

    /// What happened that a person is told of.
    public enum Verdict: Equatable {
        /// A binding's phase that ends it or runs actions.
        case phase(binding: String, phase: String, step: String?, actions: [String])
        /// The attempt ended with nothing acting: the binding with the right
        /// fingers that came closest, and why not (nil: none did).
        case nothingFired(closest: String?, reason: String?)
    }

    public private(set) var devices: [Int: Device] = [:]
    /// Lines that were not the stream's JSON.
    public private(set) var unreadable = 0
    /// How many attempts each binding acted in (began, or ran actions) since
    /// the reading began.
    public private(set) var acted: [String: Int] = [:]

    public init() {}

    /// The binding's standing in any device's attempt.
    public func standing(_ name: String) -> WatchedBinding? {
        for d in devices.values { if let b = d.bindings.first(where: { $0.name == name }) { return b.standing } }
        return nil
    }

    /// Reads one line of the stream; what a person is told of it, if anything.
    public mutating func consume(_ line: Substring) -> Verdict? {
        guard let v = try? JSONValue.parse(line), let type = v["type"]?.string,
              let id = v["device"]?.number.map({ Int($0) }) else {
            if !line.allSatisfy(\.isWhitespace) { unreadable += 1 }
            return nil
        }
        // A pointer button's stroke is no touch device's attempt: no row of its own (Try It reads it, LiveState).
        if type == "stroke" { return nil }
        var d = devices[id] ?? Device()
        defer { devices[id] = d }
        switch type {
        case "frame":
            d.kind = v["kind"]?.string ?? d.kind
            d.fingers = (v["fingers"]?.array ?? []).compactMap { p in
                guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else { return nil }
                return (x, y)
            }
            if let pad = v["touchpad"], let gesture = pad["gesture"]?.string {
                d.touchpad = "\(Int(pad["fingers"]?.number ?? 0))-finger \(gesture)"
            } else {
                d.touchpad = nil
            }
            for b in v["bindings"]?.array ?? [] {
                guard let name = b["binding"]?.string else { continue }
                Self.update(&d, name) { s in
                    if !s.isOut { s.standing = b["standing"]?.string ?? s.standing }
                    if let value = b["value"]?.number, let threshold = b["threshold"]?.number {
                        s.value = value
                        s.threshold = threshold
                        s.unit = b["unit"]?.string ?? ""
                        s.atMost = b["atMost"]?.bool ?? false
                        s.hasMeasure = true
                    }
                }
            }
        case "standing":
            guard let name = v["binding"]?.string, let standing = v["standing"]?.string else { break }
            if standing == "joined" && !d.open {
                // A new attempt: the last one's rows go.
                d.bindings.removeAll()
                d.open = true
                d.fired = false
            }
            Self.update(&d, name) { s in
                s.standing = standing
                s.reason = v["reason"]?.string
                s.failedAt = v["fraction"]?.number ?? s.failedAt
                s.rightFingers = v["fingers"]?.number != nil && v["fingers"]?.number == v["landed"]?.number
            }
        case "phase":
            guard let name = v["binding"]?.string, let phase = v["phase"]?.string else { break }
            Self.update(&d, name) { s in s.standing = ["began", "step", "repeat"].contains(phase) ? "began" : phase }
            let actions = (v["actions"]?.array ?? []).compactMap(\.string)
            if phase == "began" || !actions.isEmpty {
                if !d.fired { acted[name, default: 0] += 1 }
                d.fired = true
            }
            if phase == "ended" || phase == "cancelled" || !actions.isEmpty {
                return .phase(binding: name, phase: phase, step: v["step"]?.string, actions: actions)
            }
        case "over":
            defer { d.open = false }
            if d.open && !d.fired {
                let closest = Self.closest(d.bindings)
                return .nothingFired(closest: closest?.name, reason: closest?.standing.reason)
            }
        default:
            break
        }
        return nil
    }

    /// Of the bindings that failed with the right fingers and a reason, the one that got furthest.
    static func closest(_ bindings: [(name: String, standing: WatchedBinding)]) -> (name: String, standing: WatchedBinding)? {
        let failed = bindings.filter { $0.standing.standing == "failed" && $0.standing.reason != nil && $0.standing.rightFingers }
        return failed.max(by: { $0.standing.failedAt < $1.standing.failedAt })
    }

    private static func update(_ d: inout Device, _ name: String, _ change: (inout WatchedBinding) -> Void) {
        if let i = d.bindings.firstIndex(where: { $0.name == name }) {
            change(&d.bindings[i].standing)
        } else {
            var s = WatchedBinding()
            change(&s)
            d.bindings.append((name, s))
        }
    }
}
