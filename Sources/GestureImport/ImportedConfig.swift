import GestureCore
import GestureSystem
// `gesture-bridge import`: another gesture tool's config as ours. Each
// importer fills an ImportedConfig; `toml` writes it as config.md v1, with a
// comment on every setting that has no equivalent, so nothing is lost silently.

public struct ImportedBinding: Hashable, Sendable {
    public var name: String
    /// A gesture expression (config.md), e.g. `swipe(fingers: 3, direction: .left)`.
    public var gesture: String
    public var device: String? = nil
    public var priority: String? = nil
    /// A layer: `modifiers = "alt"`.
    public var modifiers: String? = nil
    /// (key, actions) in order: ("on-ended", ["key workspace-next"]).
    public var phases: [(key: String, actions: [String])] = []
    public var step: (every: Double, increase: String, decrease: String)? = nil
    /// What could not be carried over, said above the binding.
    public var comments: [Words] = []

    public static func == (a: ImportedBinding, b: ImportedBinding) -> Bool { a.toml == b.toml }
    public func hash(into h: inout Hasher) { h.combine(toml) }

    var toml: String { ImportedConfig.binding(self, table: "bind", { $0 }) }
}

public struct ImportedConfig: Sendable {
    /// "touchegg", "libinput-gestures", "fusuma".
    public var tool: String
    public var file: String
    /// Settings without an equivalent, and anything else worth saying on top.
    public var notes: [Words] = []
    public var bindings: [ImportedBinding] = []
    /// Per-application bindings, by WM_CLASS glob.
    public var apps: [(classGlob: String, bindings: [ImportedBinding])] = []
    /// Gestures the source file binds (each counted once, however many
    /// bindings it becomes).
    public var gesturesRead = 0
    /// What the source has that could not be mapped, with its line: written
    /// as `# not imported: line N: reason` and counted in the summary.
    public var notImported: [(line: Int, reason: Words)] = []
    /// `[settings]` lines the import writes (key, TOML value).
    public var settings: [(key: String, value: String)] = []
    /// Gestures the source leaves to a desktop shell, forwarded to it over
    /// Touchégg's protocol rather than bound (`touchegg-protocol = true`).
    public var forwarded = 0

    public init(tool: String, file: String) {
        self.tool = tool
        self.file = file
    }

    /// Something of the source skipped: said in the output, counted in the summary.
    mutating func skip(line: Int, _ reason: Words) {
        notImported.append((line, reason))
    }

    /// A step takes one action: said on a binding whose source gave it several keys.
    static let firstKeyPerStep = Words("only the first key of several is kept for each step")

    public var bindingsWritten: Int { bindings.count + apps.reduce(0) { $0 + $1.bindings.count } }

    /// `import`'s one line on stderr: N gestures read, M bindings written, K
    /// not imported (with the reasons' counts).
    public var summary: String { summary { $0 } }

    /// The summary in the language `translate` gives (the command's gettext);
    /// the reasons' kinds are counted as they read in it.
    public func summary(_ translate: (String) -> String) -> String {
        let written = bindingsWritten == 1 ? Words("{count} binding written", ["count": bindingsWritten])
            : Words("{count} bindings written", ["count": bindingsWritten])
        var parts = [written]
        if forwarded > 0 { parts.append(Words("{count} forwarded to the desktop shell (touchegg-protocol)", ["count": forwarded])) }
        parts.append(Words("{count} not imported", ["count": notImported.count]))
        var rest = Words(list: parts).text(translate)
        if !notImported.isEmpty {
            var counts: [(String, Int)] = []
            for (_, reason) in notImported {
                let kind = Self.reasonKind(reason.text(translate))
                if let k = counts.firstIndex(where: { $0.0 == kind }) { counts[k].1 += 1 } else { counts.append((kind, 1)) }
            }
            rest += " (" + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ") + ")"
        }
        // One sentence, the rest of it inside (a reader of it finds it whole).
        let values: KeyValuePairs<String, any WordsValue> = ["tool": tool, "count": gesturesRead, "rest": rest]
        return (gesturesRead == 1 ? Words("{tool}: {count} gesture read, {rest}", values)
                                  : Words("{tool}: {count} gestures read, {rest}", values)).text(translate)
    }

    /// A reason's kind: its text up to the first colon (`no equivalent: …` → `no equivalent`).
    static func reasonKind(_ reason: String) -> String {
        String(reason.prefix { $0 != ":" }).trimmingWhitespace()
    }

    /// The config file, ready for `gesture-bridge check`.
    public var toml: String { toml { $0 } }

    /// The config file with its comments in the language `translate` gives
    /// (the command's gettext); keys, values and gestures as they are.
    public func toml(_ translate: (String) -> String) -> String {
        func comment(_ w: Words) -> String { "# " + Self.commentSafe(w.text(translate)) + "\n" }
        var s = comment(Words("Imported from {tool} ({file}) by gesture-bridge import.", ["tool": tool, "file": file]))
        s += comment(Words("Check it with `gesture-bridge check --config FILE`; compare with `replay` on a recorded trace."))
        for n in notes { s += comment(n) }
        for (line, reason) in notImported.sorted(by: { $0.line < $1.line }) {
            s += comment(Words("not imported: line {line}: {reason}", ["line": line, "reason": reason]))
        }
        s += "version = 1\nkeymap = \"auto\"\n"
        if !settings.isEmpty {
            s += "\n[settings]\n" + settings.map { "\($0.key) = \($0.value)\n" }.joined()
        }
        for b in bindings { s += "\n" + Self.binding(b, table: "bind", translate) }
        for app in apps {
            s += "\n[[app]]\nclass = \(Self.quote(app.classGlob))\n"
            for b in app.bindings { s += "\n" + Self.binding(b, table: "app.bind", translate) }
        }
        return s
    }

    static func binding(_ b: ImportedBinding, table: String, _ translate: (String) -> String) -> String {
        var s = ""
        for c in b.comments { s += "# " + commentSafe(c.text(translate)) + "\n" }
        s += "[[\(table)]]\nname = \(quote(b.name))\ngesture = \(quote(b.gesture))\n"
        if let d = b.device { s += "device = \(quote(d))\n" }
        if let p = b.priority { s += "priority = \(quote(p))\n" }
        if let m = b.modifiers { s += "modifiers = \(quote(m))\n" }
        for (key, actions) in b.phases {
            s += "\(key) = " + (actions.count == 1 ? quote(actions[0]) : "[" + actions.map(quote).joined(separator: ", ") + "]") + "\n"
        }
        if let st = b.step {
            s += "on-step = { every = \(number(st.every)), increase = \(quote(st.increase)), decrease = \(quote(st.decrease)) }\n"
        }
        return s
    }

    /// Text copied from the source into a `#` comment: a newline (or any
    /// control character TOML forbids in comments) would end the comment and
    /// let the rest of the line be read as config, so each becomes a space.
    static func commentSafe(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { c in
            (c.value < 0x20 && c != "\t") || c.value == 0x7F || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" ? " " : c
        }))
    }

    static func quote(_ s: String) -> String { Literals.quote(s) }
    static func number(_ v: Double) -> String { Literals.number(v) }
}

/// Why a gesture of the source was not imported: becomes `# not imported:
/// line N: message`, its kind the message up to the first colon.
struct ImportSkip: Error {
    var message: Words
    init(message: Words) { self.message = message }
}

/// The text of another tool's config as the readers take it: without a UTF-8
/// byte order mark (touchegg accepts one), and with CRLF and lone CR line ends
/// as LF (in Swift "\r\n" is one Character, which no "\n" test matches).
enum ImportText {
    static func normalized(_ text: String) -> String {
        var s = Substring(text)
        if s.unicodeScalars.first == "\u{FEFF}" { s = Substring(s.unicodeScalars.dropFirst()) }
        guard s.unicodeScalars.contains("\r") else { return String(s) }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for c in s.unicodeScalars {
            if c == "\r" { out.append("\n"); previousCR = true; continue }
            if c == "\n" && previousCR { previousCR = false; continue }
            previousCR = false
            out.append(c)
        }
        return String(out)
    }
}

/// Why another tool's config could not be read: file:line:column and the reason.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// Further errors of the same file, reported together (one per line).
    public var more: [ImportError] = []

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// All of `errors` as one error (the first, with the rest in `more`).
    init(all errors: [ImportError]) {
        self = errors[0]
        more = Array(errors.dropFirst())
    }

    public var description: String {
        ([self] + more).map { "\($0.file):\($0.line):\($0.column): \($0.message)" }.joined(separator: "\n")
    }
}

/// Every occurrence of `target` replaced (the importers' quoting and naming).
extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
