import GestureCore
import GestureActions
import GestureSystem
/// libinput-gestures.conf: one line per gesture,
///   `gesture swipe|pinch|hold MOTION [FINGERS] COMMAND`,
/// plus `device`, `swipe_threshold`, `timeout`. Touchpads only; each gesture
/// fires once, at its end. What its script does, and so what this reads:
/// - a line is stripped and skipped when empty or starting with `#` (a `#`
///   later in the line belongs to the command);
/// - the keyword may end in `:` (the old format: `gesture: swipe up …`);
/// - the gesture type is matched in any case, the motion lowercased;
/// - FINGERS is one digit; without it the command applies to any finger
///   count not bound on its own (libinput swipes have 3 or 4, pinches 2 to 4);
/// - the command is split with Python's `shlex.split` and run without a shell
///   (`~` and `$VAR` expanded in its first word only), so each word is quoted
///   here for `/bin/sh`, and `#`, `$`, `|`, `&&` stay literal as they were;
/// - `_internal ws_up` moves to the next workspace, `ws_down` to the previous
///   (with `--cols N`, a grid: up/down move a row, left/right a column; the
///   legacy `--row=N ws_up` is `--cols N ws_left`, `--col=N` a grid of N
///   rows; with the left/right commands it refuses them).
public enum LibinputGesturesImporter {
    static let directions: [String: String] = [
        "up": ".up", "down": ".down", "left": ".left", "right": ".right",
        "left_up": ".upLeft", "right_up": ".upRight", "left_down": ".downLeft", "right_down": ".downRight",
    ]
    static let pinchMotions = ["in", "out", "clockwise", "anticlockwise"]
    /// The finger counts libinput reports, for a gesture bound without one.
    static let anyFingers: [String: [Int]] = ["swipe": [3, 4], "pinch": [2, 3, 4]]

    /// One configured gesture: (type, motion, fingers or nil for any).
    struct Entry {
        var type: String, motion: String, fingers: Int?
        var actions: [String], comments: [Words], line: Int
    }

    public static func convert(_ text: String, file: String) throws(ImportError) -> ImportedConfig {
        var out = ImportedConfig(tool: "libinput-gestures", file: file)
        var entries: [Entry] = []
        var unknown: [ImportError] = []
        var unknownKeywords: [String] = []   // each of `unknown`'s, for its skip in the reader's language
        var recognized = 0
        for (index, raw) in ImportText.normalized(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let s = String(raw).trimmingWhitespace()
            guard !s.isEmpty, s.first != "#" else { continue }
            var (keyword, rest) = firstWord(s)
            if keyword.hasSuffix(":") { keyword.removeLast() }   // the old format
            switch keyword {
            case "device":
                recognized += 1
                out.notes.append(Words("libinput-gestures line {line}: device {device}: gesture-bridge uses every touchpad X reports; no per-device setting", ["line": line, "device": rest]))
                continue
            case "swipe_threshold", "timeout":
                recognized += 1
                out.notes.append(Words("libinput-gestures line {line}: {key} {value}: no equivalent; see [settings] swipe-distance in docs/config.md", ["line": line, "key": keyword, "value": rest]))
                continue
            case "gesture":
                recognized += 1
            default:
                unknown.append(ImportError(file: file, line: line, column: 1,
                                           message: "unknown keyword '\(keyword)'; expected gesture, device, swipe_threshold or timeout"))
                unknownKeywords.append(keyword)
                continue
            }
            out.gesturesRead += 1
            let (typeWord, afterType) = firstWord(rest)
            let (motionWord, afterMotion) = firstWord(afterType)
            guard !typeWord.isEmpty, !motionWord.isEmpty, !afterMotion.isEmpty else {
                out.skip(line: line, Words("not a gesture: a gesture line needs a type, a motion and a command (libinput-gestures refuses it too)"))
                continue
            }
            let type = typeWord.lowercased(), motion = motionWord.lowercased()
            var fingers: Int? = nil
            var command = afterMotion
            let (first, afterFirst) = firstWord(afterMotion)
            if first.count == 1, let n = Int(first) { fingers = n; command = afterFirst }
            guard !command.isEmpty else {
                out.skip(line: line, Words("no command: gesture {type} {motion} has none (libinput-gestures refuses it too)", ["type": type, "motion": motion]))
                continue
            }
            switch type {
            case "swipe" where directions[motion] == nil:
                out.skip(line: line, Words("unknown motion: swipe '{motion}'; libinput-gestures knows up, down, left, right, left_up, right_up, left_down, right_down", ["motion": motion]))
                continue
            case "pinch" where !pinchMotions.contains(motion):
                out.skip(line: line, Words("unknown motion: pinch '{motion}'; libinput-gestures knows in, out, clockwise, anticlockwise", ["motion": motion]))
                continue
            case "swipe", "pinch":
                break
            case "hold":
                out.skip(line: line, Words("no equivalent: gesture hold {motion} {command}: X reports no touchpad holds", ["motion": motion, "command": command]))
                continue
            default:
                out.skip(line: line, Words("unknown gesture type: '{type}'; libinput-gestures knows swipe, pinch and hold", ["type": typeWord]))
                continue
            }
            guard let argv = ShellWords.shlex(command) else {
                out.skip(line: line, Words("unbalanced quotes: the command {command} has an unclosed quote (libinput-gestures refuses it too)", ["command": command]))
                continue
            }
            switch actions(argv, line: line) {
            case .success(let (actions, comments)):
                // A later line for the same gesture replaces an earlier one, as there.
                entries.removeAll { $0.type == type && $0.motion == motion && $0.fingers == fingers }
                entries.append(Entry(type: type, motion: motion, fingers: fingers, actions: actions, comments: comments, line: line))
            case .failure(let reason):
                out.skip(line: line, reason.message)
            }
        }
        // Nothing here is libinput-gestures' config: say every line that shows it.
        if recognized == 0 && !unknown.isEmpty { throw ImportError(all: unknown) }
        for (e, keyword) in zip(unknown, unknownKeywords) {
            out.skip(line: e.line, Words("unknown keyword: '{keyword}'; expected gesture, device, swipe_threshold or timeout (libinput-gestures refuses the whole file on it)", ["keyword": keyword]))
        }
        out.bindings = bindings(entries)
        return out
    }

    /// Swipes one binding per direction and finger count; pinches and
    /// rotations one binding per count, stepping both ways.
    static func bindings(_ entries: [Entry]) -> [ImportedBinding] {
        var out: [ImportedBinding] = []
        // Each gesture at each finger count it applies to: its own, or every
        // count libinput reports that no line binds on its own.
        func counts(_ e: Entry) -> [Int] {
            if let n = e.fingers { return [n] }
            // libinput-gestures looks up (motion, fingers), then the motion alone.
            let taken = Set(entries.filter { $0.type == e.type && $0.motion == e.motion }.compactMap(\.fingers))
            return anyFingers[e.type, default: []].filter { !taken.contains($0) }
        }
        func anyNote(_ e: Entry, _ ns: [Int]) -> [Words] {
            e.fingers != nil ? [] : [anyCountNote(lines: [e.line], counts: ns)]
        }
        for e in entries where e.type == "swipe" {
            for n in counts(e) {
                var b = ImportedBinding(name: "swipe-\(e.motion)-\(n)", gesture: "swipe(fingers: \(n), direction: \(directions[e.motion]!))")
                b.device = "touchpad"
                b.phases = [("on-ended", e.actions)]
                b.comments = anyNote(e, counts(e)) + e.comments
                if n < 3 {
                    // libinput's swipes start at 3 fingers: 2 is scrolling there, and here.
                    b.comments.append(Words("libinput-gestures line {line}: libinput reports no {count}-finger swipes (2 fingers scroll), so this never fired there, nor here on a touchpad", ["line": e.line, "count": n]))
                }
                out.append(b)
            }
        }
        // Pinches in/out and rotations: one binding per count, stepping both ways.
        for rotation in [false, true] {
            let up = rotation ? "clockwise" : "out"
            var byCount: [Int: (up: Entry?, down: Entry?)] = [:]
            for e in entries where e.type == "pinch" && isRotation(e.motion) == rotation {
                for n in counts(e) {
                    var p = byCount[n] ?? (nil, nil)
                    if e.motion == up { p.up = e } else { p.down = e }
                    byCount[n] = p
                }
            }
            for (n, p) in byCount.sorted(by: { $0.key < $1.key }) {
                let kind = rotation ? "rotate" : "pinch"
                var b = ImportedBinding(name: "\(kind)-\(n)", gesture: rotation ? "rotate(fingers: \(n))" : "magnify(fingers: \(n))")
                b.device = "touchpad"
                b.step = (rotation ? 90 : 0.5, p.up?.actions.first ?? "none", p.down?.actions.first ?? "none")
                let lines = [p.up, p.down].compactMap { $0 }.sorted { $0.line < $1.line }
                let anyCount = lines.filter { $0.fingers == nil }
                if !anyCount.isEmpty {
                    b.comments.append(anyCountNote(lines: anyCount.map(\.line), counts: Set(anyCount.flatMap(counts)).sorted()))
                }
                let numbers = lines.map { String($0.line) }.joined(separator: ", ")
                b.comments.append(rotation
                    ? Words("libinput-gestures line {lines}: one action per rotation; here one per 90°", ["lines": numbers])
                    // xgettext:no-c-format
                    : Words("libinput-gestures line {lines}: one action per pinch; here one per 50 % of scale (out: increase, in: decrease)", ["lines": numbers]))
                if lines.contains(where: { $0.actions.count > 1 }) { b.comments.append(ImportedConfig.firstKeyPerStep) }
                b.comments += lines.flatMap(\.comments)
                out.append(b)
            }
        }
        return out
    }

    /// `_internal --cols N` below 1: refused there.
    static func colsBelowOne(_ c: Int) -> Words {
        Words("bad option: _internal --cols {cols}: must be >= 1 (libinput-gestures refuses it too)", ["cols": c])
    }

    /// A gesture without a finger count, bound at every count no line binds on its own.
    static func anyCountNote(lines: [Int], counts: [Int]) -> Words {
        Words("libinput-gestures line {lines}: no finger count, so any count not bound on its own: here {counts}",
              ["lines": lines.map(String.init).joined(separator: ", "), "counts": counts.map(String.init).joined(separator: ", ")])
    }

    static func isRotation(_ motion: String) -> Bool { motion == "clockwise" || motion == "anticlockwise" }

    /// The command's words as our actions: `_internal` workspace moves,
    /// `xdotool key` chords, or the command run as it was (each word quoted).
    static func actions(_ argv: [String], line: Int) -> Result<([String], [Words]), ImportSkip> {
        if argv.first == "_internal" { return internalAction(argv, line: line) }
        if argv.count >= 3, argv[0] == "xdotool", argv[1] == "key" {
            let converted = argv.dropFirst(2).filter { !$0.hasPrefix("-") }.map { ImportedActions.chord($0.split(separator: "+").map(String.init)) }
            if !converted.isEmpty, converted.allSatisfy({ $0 != nil }) { return .success((converted.map { "key " + $0! }, [])) }
        }
        return .success((["exec " + ShellQuoting.command(argv, expandFirst: true)], []))
    }

    /// `_internal [-w|--wrap] [-c N|--cols N] [--row N|--col N] ws_…`: the
    /// move in the desktop's grid, as libinput-gestures works it out
    /// (`COMMAND_internal.__init__` and `run`), onto our workspace actions.
    static func internalAction(_ argv: [String], line: Int) -> Result<([String], [Words]), ImportSkip> {
        let options: InternalOptions
        switch InternalOptions.parse(Array(argv.dropFirst())) {
        case .success(let o): options = o
        case .failure(let e): return .failure(e)
        }
        // (x, y) as libinput-gestures moves: x +1 the next desktop (one
        // column right), y +1 one row on (the next desktop with one column).
        let moves: [(String, (x: Int, y: Int))] = [("ws_up", (0, 1)), ("ws_down", (0, -1)), ("ws_left", (1, 0)), ("ws_right", (-1, 0)),
                                                   ("ws_left_up", (1, 1)), ("ws_left_down", (1, -1)),
                                                   ("ws_right_up", (-1, 1)), ("ws_right_down", (-1, -1))]
        guard let action = options.action, var index = moves.firstIndex(where: { $0.0 == action }) else {
            return .failure(ImportSkip(message: options.action.map {
                Words("unknown internal command: _internal {action} (libinput-gestures knows ws_up, ws_down, ws_left, ws_right and the diagonals, and refuses it too)", ["action": $0])
            } ?? Words("unknown internal command: _internal without one (libinput-gestures knows ws_up, ws_down, ws_left, ws_right and the diagonals, and refuses it too)")))
        }
        var comments: [Words] = []
        // Columns, or rows (--col, the legacy form: the columns are the
        // desktops' count over it, worked out at each move).
        var cols = 0, rows = 0
        if index >= 2 {
            // Its own words: the legacy options only ever went with ws_up/ws_down.
            if options.row != 0 || options.col != 0 {
                return .failure(ImportSkip(message: Words("bad option: _internal {option} with {action}: libinput-gestures refuses it too (Legacy \"--row\" and \"--col\" not supported)",
                                                         ["option": options.row != 0 ? "--row" : "--col", "action": action])))
            }
            if let c = options.cols {
                guard c >= 1 else { return .failure(ImportSkip(message: colsBelowOne(c))) }
                cols = c
            } else if index < 4 {
                cols = 1
                index -= 2   // one column: left/right are up/down
            } else {
                return .failure(ImportSkip(message: Words("bad option: _internal {action} needs --cols (libinput-gestures refuses it too)", ["action": action])))
            }
        } else if let c = options.cols {
            guard c >= 1 else { return .failure(ImportSkip(message: colsBelowOne(c))) }
            cols = c
        } else if options.row != 0 {
            // --row=N ws_up is --cols N ws_left: a move along the row.
            index += 2
            cols = options.row
            comments.append(Words("libinput-gestures line {line}: --row={row} {action}: the legacy form of --cols {row} {move}, as libinput-gestures converts it",
                                  ["line": line, "row": options.row, "action": action, "move": moves[index].0]))
        } else if options.col != 0 {
            rows = options.col
            comments.append(Words("libinput-gestures line {line}: --col={col} {action}: the legacy form of a grid of {col} rows (columns: the desktops' count over {col}), as libinput-gestures converts it",
                                  ["line": line, "col": options.col, "action": action]))
        } else {
            cols = 1
        }
        let (x, y) = moves[index].1
        if cols == 1 && x != 0 {
            // index % 1 == 0 always: libinput-gestures moves nowhere.
            return .failure(ImportSkip(message: Words("no effect: _internal {action} with one column moves nowhere in libinput-gestures either", ["action": action])))
        }
        if options.wrap {
            comments.append(Words("libinput-gestures line {line}: -w (wrap around): here the last workspace does not wrap to the first", ["line": line]))
        }
        // Through EWMH, as libinput-gestures does (wmctrl -s).
        if cols == 1 {
            return .success(([y > 0 ? "workspace next" : "workspace previous"], comments))
        }
        comments.append(rows > 0
            ? Words("libinput-gestures line {line}: a grid of {rows} rows; here the grid the window manager publishes (_NET_DESKTOP_LAYOUT)", ["line": line, "rows": rows])
            : options.cols != nil
            ? Words("libinput-gestures line {line}: --cols {cols}: a grid of {cols} columns; here the grid the window manager publishes (_NET_DESKTOP_LAYOUT)", ["line": line, "cols": cols])
            : Words("libinput-gestures line {line}: a grid of {cols} columns; here the grid the window manager publishes (_NET_DESKTOP_LAYOUT)", ["line": line, "cols": cols]))
        if x != 0 && y != 0 {
            comments.append(Words("libinput-gestures line {line}: {move} at the grid's edge: here it moves the one way it can; libinput-gestures does not move", ["line": line, "move": moves[index].0]))
        }
        var keys: [String] = []
        if y > 0 { keys.append("workspace down") } else if y < 0 { keys.append("workspace up") }
        if x > 0 { keys.append("workspace right") } else if x < 0 { keys.append("workspace left") }
        return .success((keys, comments))
    }

    /// `_internal`'s words as its argparse parser reads them: `-w`, `-c N`
    /// (`-cN`, `-wc N`), `--wrap`, `--cols N` (`--cols=N`), the hidden
    /// legacy `--row N` and `--col N`, long options by any unambiguous
    /// prefix, and one action.
    struct InternalOptions {
        var wrap = false, cols: Int? = nil, row = 0, col = 0, action: String? = nil

        static func parse(_ words: [String]) -> Result<InternalOptions, ImportSkip> {
            var o = InternalOptions()
            var i = 0
            func refused(_ what: Words) -> Result<InternalOptions, ImportSkip> {
                .failure(ImportSkip(message: Words("bad option: _internal {what} (libinput-gestures refuses it too)", ["what": what])))
            }
            func number(_ option: String, _ inline: String?) -> Int?? {
                var text = inline
                if text == nil {
                    i += 1
                    guard i < words.count else { return .some(nil) }
                    text = words[i]
                }
                return .some(Int(text!))
            }
            func set(_ name: String, _ value: Int) {
                switch name {
                case "cols": o.cols = value
                case "row": o.row = value
                default: o.col = value
                }
            }
            while i < words.count {
                let w = words[i]
                if w.hasPrefix("--") {
                    let body = w.dropFirst(2)
                    let name = String(body.prefix { $0 != "=" })
                    let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                    let all = ["wrap", "cols", "row", "col"]
                    let matches = all.contains(name) ? [name] : all.filter { $0.hasPrefix(name) && !name.isEmpty }
                    guard matches.count == 1, let long = matches.first else {
                        return refused(matches.isEmpty ? Words("{option}: unknown option", ["option": w]) : Words("{option}: ambiguous option", ["option": w]))
                    }
                    if long == "wrap" {
                        guard inline == nil else { return refused(Words("{option}: --wrap takes no value", ["option": w])) }
                        o.wrap = true
                    } else {
                        guard let n = number(long, inline), let value = n else { return refused(Words("{option} needs a number", ["option": "--" + long])) }
                        set(long, value)
                    }
                } else if w.hasPrefix("-"), w.count > 1, Int(w) == nil {
                    // A cluster of short options: -w, -c N, -wc4.
                    var rest = Substring(w.dropFirst())
                    while let f = rest.first {
                        rest = rest.dropFirst()
                        if f == "w" { o.wrap = true; continue }
                        guard f == "c" else { return refused(Words("{option}: unknown option", ["option": "-\(f)"])) }
                        guard let n = number("cols", rest.isEmpty ? nil : String(rest)), let value = n else { return refused(Words("{option} needs a number", ["option": "-c"])) }
                        o.cols = value
                        rest = ""
                    }
                } else {
                    guard o.action == nil else { return refused(Words("{action}: a second action", ["action": w])) }
                    o.action = w
                }
                i += 1
            }
            return .success(o)
        }
    }

    /// The first whitespace-separated word, and the rest trimmed.
    static func firstWord(_ s: String) -> (String, String) {
        let t = s.drop { $0 == " " || $0 == "\t" }
        let word = t.prefix { $0 != " " && $0 != "\t" }
        return (String(word), String(t.dropFirst(word.count)).trimmingWhitespace())
    }
}
