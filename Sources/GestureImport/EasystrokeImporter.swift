import GestureActions

/// easystroke's actions file (`~/.easystroke/actions-0.5.6`): a Boost
/// text archive (BoostTextArchive), read as easystroke 0.5–0.6's
/// `ActionDB::load` reads it (actiondb.cc, gesture.cc): the action list's
/// tree (the desktop-wide gestures, and under them applications and groups,
/// each adding, changing or deleting gestures of its parent), each gesture a
/// name, its drawn strokes (points scaled to a unit square) and its action.
/// Gestures become `stroke("NAME")` bindings (drawn with fingers here; there
/// with the mouse or a pen), their strokes the shapes to teach (`shapes`).
public enum EasystrokeImporter {
    /// One drawn example: points in easystroke's unit square, in drawing order.
    public typealias Stroke = [(x: Double, y: Double)]

    /// A gesture of the file, effective where it applies.
    public struct Gesture: Sendable {
        public var name: String
        public var strokes: [Stroke]
        public var action: Action?
        /// The mouse button easystroke drew it with (0: its default).
        public var button: Int
        /// The file's line where the gesture (or its last change) is.
        public var line: Int
    }

    /// easystroke's actions, as saved.
    public enum Action: Sendable, Equatable {
        case command(String)
        case key(keysym: UInt32, modifiers: UInt32)
        case text(String)
        case scroll(modifiers: UInt32)
        case ignore(modifiers: UInt32)
        case button(Int, modifiers: UInt32)
        case misc(Int)
    }

    /// A node of the action list: the root (desktop-wide), an application
    /// (`app`: its name is a WM_CLASS) or a group.
    struct Node {
        var name = "", app = false
        var deleted: [Int] = []
        /// (gesture's object id, name, strokes, action), as the node changes them.
        var added: [(id: Int, name: String, strokes: [Stroke], button: Int, action: Action?, line: Int)] = []
        var order: [Int] = []
        var children: [Node] = []
    }

    public struct Imported: Sendable {
        public var config: ImportedConfig
        /// Every shape the bindings name, with its strokes: what `teach` learns.
        public var shapes: [(name: String, strokes: [Stroke])]
    }

    public static func convert(_ text: String, file: String) throws(ImportError) -> Imported {
        var archive: BoostTextArchive
        let root: Node
        do {
            archive = try BoostTextArchive(text)
            root = try readDB(&archive)
        } catch {
            let (line, column) = BoostTextArchive.place(error.offset, in: text)
            throw ImportError(file: file, line: line, column: column, message: "easystroke actions: " + error.message)
        }
        var out = ImportedConfig(tool: "easystroke", file: file)
        var shapes: [(name: String, strokes: [Stroke])] = []
        let base = effective(root, inherited: [:])
        out.bindings = bindings(base.gestures, order: base.order, out: &out, shapes: &shapes)
        // Applications: what they change of what they inherit.
        func visit(_ node: Node, inherited: [Int: Gesture]) {
            let mine = effective(node, inherited: inherited)
            if node.app {
                var changed = mine.gestures.filter { entry in inherited[entry.key].map { !same($0, entry.value) } ?? true }
                var blocked: [ImportedBinding] = []
                for id in node.deleted {
                    guard let g = base.gestures[id] ?? inherited[id] else { continue }
                    var b = ImportedBinding(name: slug(g.name), gesture: "stroke(\(ImportedConfig.quote(g.name)))")
                    b.phases = [("on-ended", ["none"])]
                    b.comments = ["easystroke: '\(g.name)' is deleted in \(node.name)"]
                    out.gesturesRead += 1
                    blocked.append(b)
                }
                changed = changed.filter { !node.deleted.contains($0.key) }
                let order = mine.order.filter { changed[$0] != nil }
                out.apps.append((node.name, bindings(changed, order: order, scope: node.name, out: &out, shapes: &shapes) + blocked))
            } else if !node.added.isEmpty && node.children.isEmpty {
                out.notes.append("easystroke group '\(node.name)': its \(node.added.count) gestures apply only to the applications under it, and it has none")
            }
            for child in node.children { visit(child, inherited: mine.gestures) }
        }
        for child in root.children { visit(child, inherited: base.gestures) }
        return Imported(config: out, shapes: shapes)
    }

    // MARK: The tree, as get_info resolves it

    /// A node's gestures: its parent's, changed field by field by its own
    /// (a name, strokes or an action left empty is the parent's), less those it deletes.
    static func effective(_ node: Node, inherited: [Int: Gesture]) -> (gestures: [Int: Gesture], order: [Int]) {
        var gestures = inherited
        for id in node.deleted { gestures[id] = nil }
        for a in node.added {
            var g = gestures[a.id] ?? Gesture(name: "", strokes: [], action: nil, button: 0, line: a.line)
            g.line = a.line
            if !a.name.isEmpty { g.name = a.name }
            if !a.strokes.isEmpty { g.strokes = a.strokes; g.button = a.button }
            if a.action != nil { g.action = a.action }
            gestures[a.id] = g
        }
        let order = node.order + node.added.map(\.id).filter { !node.order.contains($0) }
        return (gestures, order)
    }

    static func same(_ a: Gesture, _ b: Gesture) -> Bool {
        a.name == b.name && a.action == b.action && sameStrokes(a.strokes, b.strokes)
    }

    static func bindings(_ gestures: [Int: Gesture], order: [Int], scope: String? = nil, out: inout ImportedConfig,
                         shapes: inout [(name: String, strokes: [Stroke])]) -> [ImportedBinding] {
        var result: [ImportedBinding] = []
        for id in order + gestures.keys.sorted().filter({ !order.contains($0) }) {
            guard let g = gestures[id] else { continue }
            out.gesturesRead += 1
            // A stroke without points is a click of a mouse button there: no shape.
            let drawn = g.strokes.filter { $0.count >= 2 }
            guard !drawn.isEmpty else {
                out.skip(line: g.line, "no shape: easystroke gesture '\(g.name)' is a click"
                    + (g.button != 0 ? " of mouse button \(g.button)" : "") + ", not a drawn stroke")
                continue
            }
            // The shape: the gesture's name, or where an application draws it
            // differently, the name with the application's.
            var shape = g.name
            if let s = shapes.first(where: { $0.name == shape }), !sameStrokes(s.strokes, drawn), let scope { shape += " (\(scope))" }
            var name = slug(g.name), n = 2
            while result.contains(where: { $0.name == name }) { name = slug(g.name) + "-\(n)"; n += 1 }
            var b = ImportedBinding(name: name, gesture: "stroke(\(ImportedConfig.quote(shape)))")
            b.comments = ["easystroke line \(g.line): '\(g.name)', \(drawn.count) stroke\(drawn.count == 1 ? "" : "s") drawn"
                + (g.button != 0 ? " with mouse button \(g.button)" : "") + "; its shape is learned from them (teach)"]
            switch actions(g.action) {
            case .success(let acts): b.phases = [("on-ended", acts)]
            case .failure(let skip):
                out.skip(line: g.line, "\(skip.message) (easystroke gesture '\(g.name)')")
                continue
            }
            if !shapes.contains(where: { $0.name == shape }) { shapes.append((shape, drawn)) }
            result.append(b)
        }
        return result
    }

    static func sameStrokes(_ a: [Stroke], _ b: [Stroke]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy { $0 == $1 } }
    }

    /// Our action for easystroke's.
    static func actions(_ action: Action?) -> Result<[String], ImportSkip> {
        switch action {
        case nil: return .failure(ImportSkip(message: "no action: nothing is bound"))
        case .command(let c):
            // easystroke runs it with /bin/sh -c, as exec does.
            return c.trimmingWhitespace().isEmpty ? .failure(ImportSkip(message: "no command: an empty command")) : .success(ImportedActions.command(c))
        case .key(let keysym, let mods):
            guard let key = Keysym.named(value: keysym) else {
                return .failure(ImportSkip(message: "unknown key: keysym 0x\(String(keysym, radix: 16)) has no name gesture-bridge knows"))
            }
            return .success(["key " + (modifierNames(mods) + [key.name]).joined(separator: "+")])
        case .button(let n, let mods):
            let held = modifierNames(mods)
            guard !held.isEmpty else { return .success(["button \(n)"]) }
            let chord = held.joined(separator: "+")
            return .success(["keydown \(chord)", "button \(n)", "keyup \(chord)"])
        case .text:
            return .failure(ImportSkip(message: "no equivalent: a text to type (no action types text; exec xdotool type would)"))
        case .scroll:
            return .failure(ImportSkip(message: "no equivalent: Scroll (scrolling while the pointer moves)"))
        case .ignore:
            return .failure(ImportSkip(message: "no equivalent: Ignore (modifiers held while the mouse clicks through)"))
        case .misc(let type):
            let names = ["None", "Unminimize", "Show/Hide", "Disable (Enable)"]
            if type == 0 { return .success(["none"]) }
            return .failure(ImportSkip(message: "no equivalent: \(type < names.count ? names[type] : "misc action \(type)") (easystroke's own window)"))
        }
    }

    /// GDK's modifier mask as our chord's modifiers (Shift 1, Control 4,
    /// Mod1 8 Alt, Mod4 64 and Super 1<<26 Super, Mod5 128 AltGr, Hyper
    /// 1<<27, Meta 1<<28).
    static func modifierNames(_ mask: UInt32) -> [String] {
        let bits: [(UInt32, String)] = [(4, "ctrl"), (8, "alt"), (1, "shift"), (64, "super"), (1 << 26, "super"),
                                        (128, "altgr"), (1 << 27, "hyper"), (1 << 28, "meta")]
        var out: [String] = []
        for (bit, name) in bits where mask & bit != 0 && !out.contains(name) { out.append(name) }
        return out
    }

    /// A binding's name: the gesture's, lower case, words joined by `-`.
    static func slug(_ name: String) -> String {
        var out = ""
        for c in name.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.isEmpty && out.last != "-" { out.append("-") }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "stroke" : out
    }

    // MARK: Reading the archive

    typealias Failure = BoostTextArchive.Failure

    /// `ActionDB::load`: version 2 and later hold the tree; 0 and 1
    /// (easystroke 0.4's `actions`, `actions-0.4.x`) a flat map, which
    /// easystroke 0.5 converts when it starts.
    static func readDB(_ a: inout BoostTextArchive) throws(Failure) -> Node {
        let at = a.here()
        let version = try a.object("ActionDB")
        guard version >= 2 else {
            throw Failure(offset: at, message: "an easystroke 0.4 file (format \(version)): not read; easystroke 0.5 or later converts it to actions-0.5.6 when it starts")
        }
        var objects: [Int: Any] = [:]
        let root = try readList(&a, &objects)
        try a.end("the action list")
        return root
    }

    static func readList(_ a: inout BoostTextArchive, _ objects: inout [Int: Any]) throws(Failure) -> Node {
        var node = Node()
        let version = try a.object("ActionListDiff")
        let deleted = try a.collection("set<Unique*>")
        for _ in 0..<deleted.count { node.deleted.append(try unique(&a)) }
        let added = try a.collection("map<Unique*,StrokeInfo>")
        for _ in 0..<added.count {
            let line = a.line
            _ = try a.object("pair<Unique*,StrokeInfo>")
            let id = try unique(&a)
            let infoVersion = try a.object("StrokeInfo")
            _ = try a.object("StrokeSet")
            let set = try a.collection("set<RStroke>")
            var strokes: [Stroke] = [], button = 0
            for _ in 0..<set.count {
                _ = try a.object("shared_ptr<Stroke>")
                if let (s, b) = try stroke(&a, &objects) { strokes.append(s); button = b }
            }
            _ = try a.object("shared_ptr<Action>")
            let action = try self.action(&a, &objects)
            let name = infoVersion >= 1 ? try a.string("a gesture's name") : ""
            node.added.append((id, name, strokes, button, action, line))
        }
        node.name = try a.string("the action list's name")
        let children = try a.collection("list<ActionListDiff>")
        for _ in 0..<children.count { node.children.append(try readList(&a, &objects)) }
        node.app = try a.bool("whether the list is an application's")
        if version >= 1 {
            let order = try a.collection("list<Unique*>")
            for _ in 0..<order.count { node.order.append(try unique(&a)) }
        }
        return node
    }

    /// A `Unique *`: the gesture's identity, its object id.
    static func unique(_ a: inout BoostTextArchive) throws(Failure) -> Int {
        switch try a.pointer("Unique") {
        case .null: throw Failure(offset: a.offset, message: "a null gesture id")
        case .new(let id, _, _), .reference(let id): return id
        }
    }

    /// `Stroke::load`: the points (version 0 on), button (1), trigger (2),
    /// timeout (3), modifiers (5).
    static func stroke(_ a: inout BoostTextArchive, _ objects: inout [Int: Any]) throws(Failure) -> (Stroke, Int)? {
        switch try a.pointer("Stroke") {
        case .null: return nil
        case .reference(let id):
            return objects[id] as? (Stroke, Int)
        case .new(let id, _, let version):
            let n = try a.collection("vector<Point>").count
            var points: Stroke = []
            points.reserveCapacity(n)
            for _ in 0..<n {
                _ = try a.object("Point")
                points.append((try a.double("a point's x"), try a.double("a point's y")))
            }
            var button = 0
            if version >= 1 { button = try a.int("the stroke's button") }
            if version >= 2 { _ = try a.int("the stroke's trigger") }
            if version >= 3 { _ = try a.int("the stroke's timeout") }
            if version >= 5 { _ = try a.int("the stroke's modifiers") }
            objects[id] = (points, button)
            return (points, button)
        }
    }

    /// A `shared_ptr<Action>`'s pointee, by its exported class name.
    static func action(_ a: inout BoostTextArchive, _ objects: inout [Int: Any]) throws(Failure) -> Action? {
        let at = a.here()
        switch try a.pointer(nil) {
        case .null: return nil
        case .reference(let id): return objects[id] as? Action
        case .new(let id, let className, let version):
            func modifiers(_ a: inout BoostTextArchive) throws(Failure) -> UInt32 {
                _ = try a.object("ModAction")
                _ = try a.object("Action")
                return UInt32(truncatingIfNeeded: try a.int("the action's modifiers"))
            }
            let action: Action
            switch className {
            case "Command":
                _ = try a.object("Action")
                action = .command(try a.string("a command"))
            case "SendKey":
                let mods = try modifiers(&a)
                let key = UInt32(truncatingIfNeeded: try a.int("a keysym"))
                _ = try a.int("a keycode")
                if version < 1 { _ = try a.bool("the xtest flag") }
                action = .key(keysym: key, modifiers: mods)
            case "SendText":
                _ = try a.object("Action")
                action = .text(try a.string("a text"))
            case "Scroll": action = .scroll(modifiers: try modifiers(&a))
            case "Ignore": action = .ignore(modifiers: try modifiers(&a))
            case "Button":
                let mods = try modifiers(&a)
                action = .button(try a.int("a button"), modifiers: mods)
            case "Misc":
                _ = try a.object("Action")
                action = .misc(try a.int("a misc action's type"))
            default:
                throw Failure(offset: at, message: "unknown action class '\(className)' (easystroke saves Command, SendKey, SendText, Scroll, Ignore, Button and Misc)")
            }
            if id >= 0 { objects[id] = action }
            return action
        }
    }
}
