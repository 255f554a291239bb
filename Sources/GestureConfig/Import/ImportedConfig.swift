// `gesture-bridge import`: another gesture tool's config as ours. Each
// importer fills an ImportedConfig; `toml` writes it as config.md v1, with a
// comment on every setting that has no equivalent, so nothing is lost silently.

public struct ImportedBinding: Hashable, Sendable {
    public var name: String
    /// A gesture expression (config.md), e.g. `swipe(fingers: 3, direction: .left)`.
    public var gesture: String
    public var device: String? = nil
    public var priority: String? = nil
    /// (key, actions) in order: ("on-ended", ["key workspace-next"]).
    public var phases: [(key: String, actions: [String])] = []
    public var step: (every: Double, increase: String, decrease: String)? = nil
    /// What could not be carried over, said above the binding.
    public var comments: [String] = []

    public static func == (a: ImportedBinding, b: ImportedBinding) -> Bool { a.toml == b.toml }
    public func hash(into h: inout Hasher) { h.combine(toml) }

    var toml: String { ImportedConfig.binding(self, table: "bind") }
}

public struct ImportedConfig: Sendable {
    /// "touchegg", "libinput-gestures", "fusuma".
    public var tool: String
    public var file: String
    /// Settings without an equivalent, and anything else worth saying on top.
    public var notes: [String] = []
    public var bindings: [ImportedBinding] = []
    /// Per-application bindings, by WM_CLASS glob.
    public var apps: [(classGlob: String, bindings: [ImportedBinding])] = []

    public init(tool: String, file: String) {
        self.tool = tool
        self.file = file
    }

    /// The config file, ready for `gesture-bridge check`.
    public var toml: String {
        var s = "# Imported from \(tool) (\(file)) by gesture-bridge import.\n"
        s += "# Check it with `gesture-bridge check --config FILE`; compare with `replay` on a recorded trace.\n"
        for n in notes { s += "# " + n + "\n" }
        s += "version = 1\nkeymap = \"auto\"\n"
        for b in bindings { s += "\n" + Self.binding(b, table: "bind") }
        for app in apps {
            s += "\n[[app]]\nclass = \(Self.quote(app.classGlob))\n"
            for b in app.bindings { s += "\n" + Self.binding(b, table: "app.bind") }
        }
        return s
    }

    static func binding(_ b: ImportedBinding, table: String) -> String {
        var s = ""
        for c in b.comments { s += "# " + c + "\n" }
        s += "[[\(table)]]\nname = \(quote(b.name))\ngesture = \(quote(b.gesture))\n"
        if let d = b.device { s += "device = \(quote(d))\n" }
        if let p = b.priority { s += "priority = \(quote(p))\n" }
        for (key, actions) in b.phases {
            s += "\(key) = " + (actions.count == 1 ? quote(actions[0]) : "[" + actions.map(quote).joined(separator: ", ") + "]") + "\n"
        }
        if let st = b.step {
            s += "on-step = { every = \(number(st.every)), increase = \(quote(st.increase)), decrease = \(quote(st.decrease)) }\n"
        }
        return s
    }

    static func quote(_ s: String) -> String { Literals.quote(s) }
    static func number(_ v: Double) -> String { Literals.number(v) }
}

/// Why another tool's config could not be read: file:line:column and the reason.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
