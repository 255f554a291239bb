#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSettingsModel
import GestureClient
import GestureCore
import GestureTraces

/// What the monitor stream says about one binding in the running attempt.
struct LiveBinding: Equatable {
    /// joined, possible (measured), recognized, began, ended, cancelled, failed, rejected.
    var standing = "joined"
    var value = 0.0, threshold = 0.0
    var unit = ""
    /// A time limit (a tap's): the bar fills toward failing.
    var atMost = false
    var reason: String? = nil
    /// How far it had got when it failed (0…1).
    var failedAt = 0.0
    var rightFingers = false

    var fraction: Double { threshold > 0 ? min(1, max(0, value / threshold)) : 0 }
    var isOut: Bool { ["failed", "rejected", "ended", "cancelled"].contains(standing) }
    var isLit: Bool { ["recognized", "began", "ended"].contains(standing) }

    /// "54/80 px", "420/400 ms".
    var measureText: String {
        func n(_ v: Double) -> String { v >= 10 ? String(Int(v.rounded())) : String(Double(Int(v * 10)) / 10) }
        return "\(n(value))/\(n(threshold)) \(unit)"
    }
}

/// The monitor stream (docs/monitor.md) read into what the window shows:
/// each binding's standing and bar in the running attempt, the fingers per
/// device, the verdicts. Pure: `consume` takes the stream's lines.
struct LiveState {
    struct Device {
        var kind = "unknown"
        var fingers: [(x: Double, y: Double)] = []
        var touchpad: String? = nil
        var bindings: [(name: String, live: LiveBinding)] = []
        var open = false
        var fired = false
    }

    var devices: [Int: Device] = [:]
    /// Newest last: "swipe-left-3 ended: key super+Page_Down",
    /// "nothing fired; closest: swipe-left-3: moved 54 px of 80".
    var verdicts: [String] = []
    /// The binding the last L("nothing fired") verdict says came closest (the one to fit).
    var closest: String?
    /// How many times each binding has acted (began, or ran actions) since
    /// the window opened: a row lights up when its count goes up.
    var acted: [String: Int] = [:]
    /// The path the fingers drew in each device's running attempt, and the
    /// last attempt's when it was over (Try It matches it as a stroke).
    var drawing: [Int: CentroidPath] = [:]
    var lastDrawn: [Point] = []
    var drawnCount = 0
    static let keptVerdicts = 6

    /// The binding's standing in any device's attempt.
    func live(_ name: String) -> LiveBinding? {
        for d in devices.values { if let b = d.bindings.first(where: { $0.name == name }) { return b.live } }
        return nil
    }

    mutating func consume(_ line: Substring) {
        guard let v = try? JSONValue.parse(line), let type = v["type"]?.string,
              let id = v["device"]?.number.map({ Int($0) }) else { return }
        var d = devices[id] ?? Device()
        switch type {
        case "frame":
            d.kind = v["kind"]?.string ?? d.kind
            d.fingers = (v["fingers"]?.array ?? []).compactMap { p in
                guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else { return nil }
                return (x, y)
            }
            if !d.fingers.isEmpty { drawing[id, default: CentroidPath()].add(d.fingers.map { Point(x: $0.x, y: $0.y) }) }
            if let pad = v["touchpad"], let gesture = pad["gesture"]?.string {
                d.touchpad = "\(Int(pad["fingers"]?.number ?? 0))-finger \(gesture)"
            } else {
                d.touchpad = nil
            }
            for b in v["bindings"]?.array ?? [] {
                guard let name = b["binding"]?.string else { continue }
                update(&d, name) { live in
                    if !live.isOut { live.standing = b["standing"]?.string ?? live.standing }
                    if let value = b["value"]?.number, let threshold = b["threshold"]?.number {
                        live.value = value
                        live.threshold = threshold
                        live.unit = b["unit"]?.string ?? ""
                        live.atMost = b["atMost"]?.bool ?? false
                    }
                }
            }
        case "standing":
            guard let name = v["binding"]?.string, let standing = v["standing"]?.string else { break }
            if standing == "joined" && !d.open {
                d.bindings.removeAll()
                d.open = true
                d.fired = false
            }
            update(&d, name) { live in
                live.standing = standing
                live.reason = v["reason"]?.string
                live.failedAt = v["fraction"]?.number ?? live.failedAt
                live.rightFingers = v["fingers"]?.number != nil && v["fingers"]?.number == v["landed"]?.number
            }
        case "phase":
            guard let name = v["binding"]?.string, let phase = v["phase"]?.string else { break }
            update(&d, name) { live in live.standing = ["began", "step", "repeat"].contains(phase) ? "began" : phase }
            let actions = (v["actions"]?.array ?? []).compactMap(\.string)
            if phase == "ended" || phase == "cancelled" || !actions.isEmpty {
                let what = phase == "ended" ? L("{gesture} ended", ["gesture": name])
                    : phase == "cancelled" ? L("{gesture} cancelled", ["gesture": name])
                    : phase == "began" ? L("{gesture} began", ["gesture": name]) : "\(name) \(phase)"
                say(what + (actions.isEmpty ? "" : ": " + actions.joined(separator: "; ")))
            }
            if phase == "began" || !actions.isEmpty {
                if !d.fired { acted[name, default: 0] += 1 }
                d.fired = true
            }
        case "over":
            if let p = drawing.removeValue(forKey: id), p.points.count >= 2 {
                lastDrawn = p.points
                drawnCount += 1
            }
            if d.open && !d.fired {
                closest = Self.closest(d.bindings)?.name
                say(Self.whyNot(d.bindings))
            }
            d.open = false
        default:
            break
        }
        devices[id] = d
    }

    /// Nothing acted: the binding with the right fingers that came closest, and why not.
    static func whyNot(_ bindings: [(name: String, live: LiveBinding)]) -> String {
        guard let closest = closest(bindings), let why = closest.live.reason else {
            return L("nothing fired")
        }
        return L("nothing fired; closest: {gesture}: {reason}", ["gesture": closest.name, "reason": why])
    }

    static func closest(_ bindings: [(name: String, live: LiveBinding)]) -> (name: String, live: LiveBinding)? {
        let failed = bindings.filter { $0.live.standing == "failed" && $0.live.reason != nil && $0.live.rightFingers }
        return failed.max(by: { $0.live.failedAt < $1.live.failedAt })
    }

    private mutating func say(_ verdict: String) {
        verdicts.append(verdict)
        if verdicts.count > Self.keptVerdicts { verdicts.removeFirst(verdicts.count - Self.keptVerdicts) }
    }

    private func update(_ d: inout Device, _ name: String, _ change: (inout LiveBinding) -> Void) {
        if let i = d.bindings.firstIndex(where: { $0.name == name }) {
            change(&d.bindings[i].live)
        } else {
            var live = LiveBinding()
            change(&live)
            d.bindings.append((name, live))
        }
    }
}

/// The connection to the running daemon's monitor socket, read from GLib's
/// main loop (g_unix_fd_add). Reconnects every 2 s while there is none, so
/// a daemon started later is seen.
@MainActor final class LiveMonitor {
    private(set) var state = LiveState()
    private var client: MonitorClient? = nil
    private let display: String
    private let environment: [String: String]
    /// Called after each batch of lines.
    var changed: [@MainActor () -> Void] = []
    /// Why there is no stream ("no gesture-bridge to watch…", "the daemon closed…"); nil while connected.
    private(set) var problem: String? = L("not connected yet")

    init(display: String, environment: [String: String]) {
        self.display = display
        self.environment = environment
    }

    func start() {
        connect()
    }

    private func connect() {
        do {
            let c = try MonitorClient(display: display, environment: environment)
            client = c
            problem = nil
            watch(fd: c.fd, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)) { [self] _ in
                readLines()
            }
        } catch {
            problem = error.description
            after(milliseconds: 2000) { [self] in connect() }
        }
        for f in changed { f() }
    }

    /// The fd is readable: a line (MonitorClient reads one chunk; the daemon
    /// writes whole lines, so it waits only for the rest of one it split),
    /// then every line already read. False at the end of the stream.
    private func readLines() -> Bool {
        guard let c = client else { return false }
        guard let first = c.nextLine() else {
            client = nil
            // The daemon closes at once a client of another user (SO_PEERCRED), and every client when it exits.
            problem = L("the daemon closed the monitor connection (it stopped, or its socket belongs to another user)")
            for f in changed { f() }
            after(milliseconds: 2000) { [self] in connect() }
            return false
        }
        state.consume(Substring(first))
        while c.hasLine, let line = c.nextLine() { state.consume(Substring(line)) }
        for f in changed { f() }
        return true
    }
}
