import GestureClient
import GestureCore
import GestureTraces

/// `gesture-bridge watch`: the monitor stream as a screen a person reads at
/// a glance. Pure: it takes the stream's lines (`consume`) and draws the
/// screen as text (`render`); the command puts that on the terminal.
///
///     device 2 (touchscreen): 3 fingers
///       swipe-left-3     possible   [##########----------]  54/80 px
///       tap-3            failed     down 420 ms after its last finger landed,
///                                   over the 400 ms tap-timeout
///     recent:
///       swipe-right-3 ended: key super+Page_Up
///       nothing fired; closest: swipe-left-3: travelled 54 px (14.3 mm) of the
///         80 px swipe-distance
public struct WatchView {
    /// How many verdicts stay on screen.
    public static let keptVerdicts = 6
    /// A progress bar's width, in characters.
    public static let barWidth = 20

    /// The stream read (GestureClient's reader, which the settings app shares).
    private var reading = MonitorReading()
    private var verdicts: [String] = []
    public let title: String

    public init(title: String) { self.title = title }

    // MARK: Reading the stream

    public mutating func consume(_ line: Substring) {
        // A stroke drawn with a pointer button held: said at its release,
        // what fired or that nothing did (the engine has no attempt of it).
        if line.contains("\"stroke\""), let v = try? JSONValue.parse(line), v["type"]?.string == "stroke" {
            let drawn = "a stroke drawn with button \(Int(v["button"]?.number ?? 0)) (\(v["path"]?.array?.count ?? 0) points)"
            return say(v["binding"]?.string.map { "\($0) fired: " + drawn } ?? "nothing fired: \(drawn) matched no shape")
        }
        switch reading.consume(line) {
        case .phase(let name, let phase, let step, let actions)?:
            say("\(name) \(phase)\(step.map { " \($0)" } ?? "")" + (actions.isEmpty ? "" : ": " + actions.joined(separator: "; ")))
        case .nothingFired(let closest?, let why?)?:
            say("nothing fired; closest: \(closest): \(why)")
        case .nothingFired?:
            say("nothing fired")
        case nil:
            break
        }
    }

    private mutating func say(_ verdict: String) {
        verdicts.append(verdict)
        if verdicts.count > Self.keptVerdicts { verdicts.removeFirst(verdicts.count - Self.keptVerdicts) }
    }

    // MARK: Drawing

    /// The screen, `width` columns at most.
    public func render(width: Int = 80) -> [String] {
        var out = [title, ""]
        if reading.devices.isEmpty { out.append("no touch yet: put fingers on a touchscreen or touchpad") }
        for (id, d) in reading.devices.sorted(by: { $0.key < $1.key }) {
            let hand = d.touchpad ?? (d.fingers.count == 1 ? "1 finger" : "\(d.fingers.count) fingers")
            out.append("device \(id) (\(d.kind)): \(hand)")
            let nameWidth = min(24, (d.bindings.map(\.name.count).max() ?? 0) + 2)
            for (name, r) in d.bindings {
                let head = "  " + name.padded(nameWidth) + r.standing.padded(11)
                if let reason = r.reason, r.isOut {
                    // A refusal says its measure, threshold and rule: wrapped under itself, not cut.
                    out += Self.wrap(reason, after: head, width: width)
                } else {
                    out.append(r.hasMeasure ? head + Self.bar(r) : head)
                }
            }
        }
        if !verdicts.isEmpty {
            out += ["", "recent:"]
            for v in verdicts { out += Self.wrap(v, after: "  ", indent: "    ", width: width) }
        }
        if reading.unreadable > 0 { out += ["", "(\(reading.unreadable) lines were not the monitor stream)"] }
        return out.map { $0.count > width ? String($0.prefix(width)) : $0 }
    }

    /// `text` after `head`, in lines of `width` at most, broken at spaces,
    /// each line after the first indented by `indent` (as far as `head`).
    static func wrap(_ text: String, after head: String, indent: String? = nil, width: Int) -> [String] {
        let indent = indent ?? String(repeating: " ", count: head.count)
        var lines: [String] = []
        var line = head
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let fresh = line.count == head.count
            if !fresh && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (fresh ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines
    }

    /// `[##########----------]  54/80 px`; a time limit says so.
    static func bar(_ r: WatchedBinding) -> String {
        let filled = Int((r.fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        let figures = "\(Measure.number(r.value))/\(Measure.number(r.threshold)) \(r.unit)"
        return bar + "  " + figures + (r.atMost ? " (at most)" : "")
    }
}
