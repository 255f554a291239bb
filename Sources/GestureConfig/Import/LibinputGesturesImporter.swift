/// libinput-gestures.conf: one line per gesture,
///   `gesture swipe|pinch|hold DIRECTION [FINGERS] COMMAND`,
/// plus `device`, `swipe_threshold`, `timeout`. Touchpads only; each gesture
/// fires once, at its end.
public enum LibinputGesturesImporter {
    static let directions: [String: String] = [
        "up": ".up", "down": ".down", "left": ".left", "right": ".right",
        "left_up": ".upLeft", "right_up": ".upRight", "left_down": ".downLeft", "right_down": ".downRight",
    ]

    public static func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        var out = ImportedConfig(tool: "libinput-gestures", file: file)
        // Pinches and rotations of one finger count become one binding (steps up and down).
        var pinches: [Int: (out: [String], in: [String], line: Int)] = [:]
        var rotations: [Int: (cw: [String], ccw: [String], line: Int)] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var s = String(raw).trimmingWhitespace()
            if let hash = s.firstIndex(of: "#"), s[..<hash].allSatisfy({ $0 == " " || $0 == "\t" }) { s = "" }
            guard !s.isEmpty else { continue }
            var words = s.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let keyword = words.removeFirst()
            switch keyword {
            case "device":
                out.notes.append("libinput-gestures line \(line): device \(words.joined(separator: " ")): gesture-bridge uses every touchpad X reports; no per-device setting")
                continue
            case "swipe_threshold", "timeout":
                out.notes.append("libinput-gestures line \(line): \(keyword) \(words.joined(separator: " ")): no equivalent; see [settings] swipe-distance in docs/config.md")
                continue
            case "gesture":
                break
            default:
                throw ImportError(file: file, line: line, column: 1, message: "unknown keyword '\(keyword)'; expected gesture, device, swipe_threshold or timeout")
            }
            guard words.count >= 2 else {
                throw ImportError(file: file, line: line, column: s.count + 1, message: "a gesture needs a type, a direction and a command")
            }
            let type = words.removeFirst(), motion = words.removeFirst()
            var fingers: Int? = nil
            if let f = words.first.flatMap({ Int($0) }) { fingers = f; words.removeFirst() }
            // `_internal` workspace switches (wmctrl in libinput-gestures).
            let command = words.joined(separator: " ")
            guard !command.isEmpty else {
                throw ImportError(file: file, line: line, column: s.count + 1, message: "gesture \(type) \(motion) has no command")
            }
            let actions = internalAction(words) ?? ImportedActions.command(command)
            switch type {
            case "swipe":
                guard let d = directions[motion] else {
                    throw ImportError(file: file, line: line, column: column(of: motion, in: String(raw)), message: "unknown swipe direction '\(motion)'; expected up, down, left, right, left_up, right_up, left_down or right_down")
                }
                var b = ImportedBinding(name: "swipe-\(motion)-\(fingers.map(String.init) ?? "3")",
                                        gesture: "swipe(fingers: \(fingers ?? 3), direction: \(d))")
                b.device = "touchpad"
                b.phases = [("on-ended", actions)]
                if fingers == nil { b.comments.append("libinput-gestures line \(line): any number of fingers; here 3 (copy it for 4)") }
                out.bindings.append(b)
            case "pinch":
                let n = fingers ?? 2
                var p = pinches[n] ?? ([], [], line)
                switch motion {
                case "out": p.out = actions
                case "in": p.in = actions
                case "clockwise", "anticlockwise":
                    var r = rotations[n] ?? ([], [], line)
                    if motion == "clockwise" { r.cw = actions } else { r.ccw = actions }
                    rotations[n] = r
                    continue
                default:
                    throw ImportError(file: file, line: line, column: column(of: motion, in: String(raw)), message: "unknown pinch direction '\(motion)'; expected in, out, clockwise or anticlockwise")
                }
                pinches[n] = p
            case "hold":
                out.notes.append("libinput-gestures line \(line): gesture hold \(motion) \(command): no equivalent; X reports no touchpad holds")
            default:
                throw ImportError(file: file, line: line, column: column(of: type, in: String(raw)), message: "unknown gesture type '\(type)'; expected swipe, pinch or hold")
            }
        }
        for (n, p) in pinches.sorted(by: { $0.key < $1.key }) {
            var b = ImportedBinding(name: "pinch-\(n)", gesture: "magnify(fingers: \(n))")
            b.device = "touchpad"
            b.step = (0.5, p.out.first ?? "none", p.in.first ?? "none")
            b.comments.append("libinput-gestures line \(p.line): one action per pinch; here one per 50 % of scale (out: increase, in: decrease)")
            if p.out.count > 1 || p.in.count > 1 { b.comments.append("only the first key of several is kept for each step") }
            out.bindings.append(b)
        }
        for (n, r) in rotations.sorted(by: { $0.key < $1.key }) {
            var b = ImportedBinding(name: "rotate-\(n)", gesture: "rotate(fingers: \(n))")
            b.device = "touchpad"
            b.step = (90, r.cw.first ?? "none", r.ccw.first ?? "none")
            b.comments.append("libinput-gestures line \(r.line): one action per rotation; here one per 90°")
            out.bindings.append(b)
        }
        return out
    }

    /// The 1-based column of `word` in `line`, after its first word.
    static func column(of word: String, in line: String) -> Int {
        let chars = Array(line), w = Array(word)
        var i = 0
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        while i < chars.count, chars[i] != " " && chars[i] != "\t" { i += 1 }   // the keyword
        while i + w.count <= chars.count {
            if Array(chars[i..<(i + w.count)]) == w { return i + 1 }
            i += 1
        }
        return 1
    }

    /// `_internal [--wrap] ws_up|ws_down|ws_left|ws_right|ws_N`: libinput-gestures' workspace switching.
    static func internalAction(_ words: [String]) -> [String]? {
        guard words.first == "_internal" else { return nil }
        switch words.last {
        case "ws_up": return ["key workspace-previous"]
        case "ws_down": return ["key workspace-next"]
        case "ws_left": return ["key workspace-previous"]
        case "ws_right": return ["key workspace-next"]
        default: return nil
        }
    }
}
