#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSettingsModel
import GestureClient
import GestureCore
import GestureTraces

/// A binding's standing as the window shows it (GestureClient's reading).
typealias LiveBinding = WatchedBinding

extension WatchedBinding {
    /// "54/80 px", "420/400 ms".
    var measureText: String {
        func n(_ v: Double) -> String { v >= 10 ? String(Int(v.rounded())) : String(Double(Int(v * 10)) / 10) }
        return "\(n(value))/\(n(threshold)) \(unit)"
    }
}

/// The monitor stream (docs/monitor.md) read into what the window shows:
/// each binding's standing and bar in the running attempt, the fingers per
/// device (GestureClient's `MonitorReading`, which `watch` shares), and the
/// verdicts in the user's language. Pure: `consume` takes the stream's lines.
struct LiveState {
    private(set) var reading = MonitorReading()
    /// Newest last: "swipe-left-3 ended: key super+Page_Down",
    /// "nothing fired; closest: swipe-left-3: travelled 54 px (14.3 mm) of the
    /// 80 px swipe-distance".
    var verdicts: [String] = []
    /// The binding the last L("nothing fired") verdict says came closest (the one to fit).
    var closest: String?

    static let keptVerdicts = 6

    var devices: [Int: MonitorReading.Device] { reading.devices }
    /// How many times each binding has acted (began, or ran actions) since
    /// the window opened: a row lights up when its count goes up.
    var acted: [String: Int] { reading.acted }
    /// The path the fingers drew in each device's running attempt, and the
    /// last attempt's when it was over (Try It matches it as a stroke).
    var drawing: [Int: CentroidPath] = [:]
    var lastDrawn: [Point] = []
    var drawnCount = 0

    /// The binding's standing in any device's attempt.
    func live(_ name: String) -> LiveBinding? { reading.standing(name) }

    mutating func consume(_ line: Substring) {
        let verdict = reading.consume(line)
        track(line)
        switch verdict {
        case .phase(let name, let phase, _, let actions)?:
            let what = phase == "ended" ? L("{gesture} ended", ["gesture": name])
                : phase == "cancelled" ? L("{gesture} cancelled", ["gesture": name])
                : phase == "began" ? L("{gesture} began", ["gesture": name]) : "\(name) \(phase)"
            say(what + (actions.isEmpty ? "" : ": " + actions.joined(separator: "; ")))
        case .nothingFired(let name, let why)?:
            closest = name
            if let name, let why {
                say(L("nothing fired; closest: {gesture}: {reason}", ["gesture": name, "reason": why]))
            } else {
                say(L("nothing fired"))
            }
        case nil:
            break
        }
    }

    /// A frame's fingers drawn into the device's path; the path kept when its attempt is over.
    /// A touchpad's frames place no fingers: its gesture's travel (`dx`, `dy`
    /// from where it began) is the path, as its strokes are matched. A
    /// pointer button's stroke comes whole in one `stroke` line.
    private mutating func track(_ line: Substring) {
        guard let v = try? JSONValue.parse(line), let type = v["type"]?.string,
              let id = v["device"]?.number.map({ Int($0) }) else { return }
        if type == "frame", let pad = v["touchpad"], let dx = pad["dx"]?.number, let dy = pad["dy"]?.number {
            drawing[id, default: CentroidPath()].add([Point(x: dx, y: dy)])
        } else if type == "frame", let fingers = reading.devices[id]?.fingers, !fingers.isEmpty {
            drawing[id, default: CentroidPath()].add(fingers.map { Point(x: $0.x, y: $0.y) })
        } else if type == "stroke", let path = v["path"]?.array {
            // A pointer button's stroke: its path whole, at its release.
            let points = path.compactMap { p -> Point? in
                guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else { return nil }
                return Point(x: x, y: y)
            }
            guard points.count >= 2 else { return }
            lastDrawn = points
            drawnCount += 1
        } else if type == "over", let p = drawing.removeValue(forKey: id), p.points.count >= 2 {
            lastDrawn = p.points
            drawnCount += 1
        }
    }

    private mutating func say(_ verdict: String) {
        verdicts.append(verdict)
        if verdicts.count > Self.keptVerdicts { verdicts.removeFirst(verdicts.count - Self.keptVerdicts) }
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
            problem = L(error.words)
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
