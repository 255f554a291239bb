import GestureCore
import GestureTraces

/// `gesture-bridge watch`: the monitor stream as a screen a person reads at
/// a glance. Pure: it takes the stream's lines (`consume`) and draws the
/// screen as text (`render`); the command puts that on the terminal.
///
///     device 2 (touchscreen): 3 fingers
///       swipe-left-3     possible   [##########----------]  54/80 px
///       tap-3            failed     held 420 ms, over tap-timeout 400
///     recent:
///       swipe-right-3 ended: key super+Page_Up
///       nothing fired; closest: swipe-left-3: moved 54 px of 80
public struct WatchView {
    /// How many verdicts stay on screen.
    public static let keptVerdicts = 6
    /// A progress bar's width, in characters.
    public static let barWidth = 20

    struct Row {
        var binding: String
        var standing = "joined"
        /// The bar: value, threshold, unit; a time limit (`atMost`).
        var value = 0.0, threshold = 0.0
        var unit = ""
        var atMost = false
        var hasMeasure = false
        /// Why it left (failed or rejected).
        var reason: String? = nil
        /// When it failed: how far it had got (0…1), and whether its fingers
        /// were the right number (else it was never in the running).
        var failedAt = 0.0
        var rightFingers = false

        var isOut: Bool { ["failed", "rejected", "done", "ended", "cancelled"].contains(standing) }
        var fraction: Double { threshold > 0 ? min(1, max(0, value / threshold)) : 0 }
    }

    struct Device {
        var kind = "unknown"
        var fingers = 0
        var touchpad: String? = nil
        var rows: [Row] = []
        /// Its attempt runs: a binding joined and the verdict is not said yet.
        var open = false
        var fired = false
    }

    private var devices: [Int: Device] = [:]
    private var verdicts: [String] = []
    /// Lines that were not the stream's JSON (said once, at the bottom).
    private var unreadable = 0
    public let title: String

    public init(title: String) { self.title = title }

    // MARK: Reading the stream

    public mutating func consume(_ line: Substring) {
        guard let v = try? JSONValue.parse(line), let type = v["type"]?.string,
              let device = v["device"]?.number.map({ Int($0) }) else {
            if !line.allSatisfy(\.isWhitespace) { unreadable += 1 }
            return
        }
        var d = devices[device] ?? Device()
        switch type {
        case "frame":
            d.kind = v["kind"]?.string ?? d.kind
            d.fingers = v["fingers"]?.array?.count ?? 0
            if let pad = v["touchpad"], let g = pad["gesture"]?.string {
                let n = Int(pad["fingers"]?.number ?? 0)
                d.touchpad = "\(n)-finger \(g)"
            } else {
                d.touchpad = nil
            }
            for b in v["bindings"]?.array ?? [] {
                guard let name = b["binding"]?.string else { continue }
                var row = Self.row(&d, name)
                if !row.isOut { row.standing = b["standing"]?.string ?? row.standing }
                if let value = b["value"]?.number, let threshold = b["threshold"]?.number {
                    row.value = value
                    row.threshold = threshold
                    row.unit = b["unit"]?.string ?? ""
                    row.atMost = b["atMost"]?.bool ?? false
                    row.hasMeasure = true
                }
                Self.put(&d, row)
            }
        case "standing":
            guard let name = v["binding"]?.string, let standing = v["standing"]?.string else { break }
            if standing == "joined" && !d.open {
                // A new attempt: the last one's rows go.
                d.rows.removeAll()
                d.open = true
                d.fired = false
            }
            var row = Self.row(&d, name)
            row.standing = standing
            row.reason = v["reason"]?.string
            row.failedAt = v["fraction"]?.number ?? 0
            row.rightFingers = v["fingers"]?.number != nil && v["fingers"]?.number == v["landed"]?.number
            Self.put(&d, row)
        case "phase":
            guard let name = v["binding"]?.string, let phase = v["phase"]?.string else { break }
            var row = Self.row(&d, name)
            row.standing = phase == "began" || phase == "step" || phase == "repeat" ? "began" : phase
            Self.put(&d, row)
            let actions = (v["actions"]?.array ?? []).compactMap(\.string)
            if phase == "ended" || phase == "cancelled" || !actions.isEmpty {
                let step = v["step"]?.string.map { " \($0)" } ?? ""
                say("\(name) \(phase)\(step)" + (actions.isEmpty ? "" : ": " + actions.joined(separator: "; ")))
            }
            if phase == "began" || !actions.isEmpty { d.fired = true }
        case "over":
            // The attempt ended: if nothing acted, say what came closest.
            if d.open && !d.fired { say(Self.nothingFired(d.rows)) }
            d.open = false
        default:
            break
        }
        devices[device] = d
    }

    private static func row(_ d: inout Device, _ name: String) -> Row {
        d.rows.first { $0.binding == name } ?? Row(binding: name)
    }

    private static func put(_ d: inout Device, _ row: Row) {
        if let i = d.rows.firstIndex(where: { $0.binding == row.binding }) { d.rows[i] = row } else { d.rows.append(row) }
    }

    /// Nothing acted: the binding that came closest, and why it did not.
    private static func nothingFired(_ rows: [Row]) -> String {
        let failed = rows.filter { $0.reason != nil && $0.standing == "failed" && $0.rightFingers }
        guard let closest = failed.max(by: { $0.failedAt < $1.failedAt }), let why = closest.reason else {
            return "nothing fired"
        }
        return "nothing fired; closest: \(closest.binding): \(why)"
    }

    private mutating func say(_ verdict: String) {
        verdicts.append(verdict)
        if verdicts.count > Self.keptVerdicts { verdicts.removeFirst(verdicts.count - Self.keptVerdicts) }
    }

    // MARK: Drawing

    /// The screen, `width` columns at most.
    public func render(width: Int = 80) -> [String] {
        var out = [title, ""]
        if devices.isEmpty { out.append("no touch yet: put fingers on a touchscreen or touchpad") }
        for (id, d) in devices.sorted(by: { $0.key < $1.key }) {
            let hand = d.touchpad ?? (d.fingers == 1 ? "1 finger" : "\(d.fingers) fingers")
            out.append("device \(id) (\(d.kind)): \(hand)")
            let nameWidth = min(24, (d.rows.map(\.binding.count).max() ?? 0) + 2)
            for r in d.rows {
                var line = "  " + r.binding.padded(nameWidth) + r.standing.padded(11)
                if let reason = r.reason, r.isOut {
                    line += reason
                } else if r.hasMeasure {
                    line += Self.bar(r)
                }
                out.append(line)
            }
        }
        if !verdicts.isEmpty {
            out += ["", "recent:"] + verdicts.map { "  " + $0 }
        }
        if unreadable > 0 { out += ["", "(\(unreadable) lines were not the monitor stream)"] }
        return out.map { $0.count > width ? String($0.prefix(width)) : $0 }
    }

    /// `[##########----------]  54/80 px`; a time limit says so.
    static func bar(_ r: Row) -> String {
        let filled = Int((r.fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        let figures = "\(Measure.number(r.value))/\(Measure.number(r.threshold)) \(r.unit)"
        return bar + "  " + figures + (r.atMost ? " (at most)" : "")
    }
}
