import GestureActions
import GestureCore

/// easystroke's actions file (`~/.easystroke/actions-0.5.6`, a Boost text
/// archive: EasystrokeArchive) as our config and shapes. Each gesture
/// becomes `stroke("NAME", button: N)` bindings (drawn with pointer button N
/// held: the preferences' gesture button, or the extra button it was drawn
/// with) and its drawn strokes the templates of the shape NAME
/// (`strokes.toml`). The action list's tree becomes scopes: the root
/// (`Default`) the desktop's bindings; each application, under its groups,
/// an `[[app]]` with what it changes of what it inherits from Default (its
/// groups' gestures and its own), and `none` for what it deletes. What has
/// no equivalent is said, as the other importers say it.
public enum EasystrokeImporter {
    public typealias Stroke = EasystrokeArchive.Stroke
    public typealias Action = EasystrokeArchive.Action

    /// Where easystroke keeps its actions, under `$HOME`.
    public static let defaultPath = ".easystroke/actions-0.5.6"
    /// Its preferences, beside the actions (easystroke 0.5.5 on).
    public static let preferencesName = "preferences-0.5.5"
    /// px: a template's longer side (easystroke's unit square, drawn at a hand's size).
    public static let templateSize = 200.0

    public struct Imported: Sendable {
        public var config: ImportedConfig
        /// The shapes the bindings name, their templates in px: `strokes.toml`.
        public var shapes: StrokeSet
        /// The action list as the file holds it.
        public var root: EasystrokeArchive.List
        /// The preferences read (easystroke's defaults without them).
        public var preferences: EasystrokeArchive.Preferences
        /// Boost's library version in the archive's header.
        public var libraryVersion: Int
    }

    /// `text` (the actions file, read from `file`), with the preferences
    /// beside it when there are some: a damaged actions file is an error
    /// at its file:line:column; damaged preferences are said, and
    /// easystroke's defaults used, as easystroke does.
    public static func convert(_ text: String, file: String, preferences: (text: String, file: String)? = nil)
        throws(ImportError) -> Imported {
        var archive: BoostTextArchive
        let root: EasystrokeArchive.List
        do {
            archive = try BoostTextArchive(text)
            root = try EasystrokeArchive.actions(&archive)
        } catch {
            let (line, column) = BoostTextArchive.place(error.offset, in: text)
            throw ImportError(file: file, line: line, column: column, message: "easystroke actions: " + error.message)
        }
        var out = ImportedConfig(tool: "easystroke", file: file)
        var prefs = EasystrokeArchive.Preferences.defaults
        if let preferences {
            do {
                var p = try BoostTextArchive(preferences.text)
                prefs = try EasystrokeArchive.preferences(&p)
            } catch {
                let (line, column) = BoostTextArchive.place(error.offset, in: preferences.text)
                out.notes.append(Words("{place}: easystroke preferences: {error}; easystroke's own defaults taken (button 2, no modifiers), as easystroke does",
                                        ["place": "\(preferences.file):\(line):\(column)", "error": error.message]))
            }
        } else {
            out.notes.append(Words("no easystroke preferences beside it: its default gesture button taken, 2 (the middle button), with no modifiers"))
        }
        var conversion = Conversion(out: out, preferences: prefs)
        conversion.run(root)
        return Imported(config: conversion.out, shapes: StrokeSet(conversion.shapes.map {
            StrokeShape(name: $0.name, templates: $0.strokes.map { $0.unitSquare.map { p in p * templateSize } })
        }), root: root, preferences: prefs, libraryVersion: archive.library)
    }

    /// A gesture where it applies: its fields resolved along the lists above.
    struct Gesture: Equatable {
        var id: Int
        var name: String
        var strokes: [Stroke]
        var action: Action?
        var line: Int
        /// The list its strokes come from (`Default` for the root's).
        var origin = ""

        var drawn: [Stroke] { strokes.filter(\.isDrawn) }

        /// What it does when drawn: its action and its shape.
        func sameMeaning(_ other: Gesture) -> Bool { action == other.action && strokes == other.strokes }
    }

    /// A list's gestures and their order: its parent's, less those it
    /// deletes, changed field by field by its own (`get_info`: a name, strokes
    /// or an action left empty is the parent's).
    static func effective(_ node: EasystrokeArchive.List, inherited: [Int: Gesture], order: [Int], root: Bool = false)
        -> ([Int: Gesture], [Int]) {
        var gestures = inherited
        for id in node.deleted { gestures[id] = nil }
        for a in node.added {
            var g = gestures[a.id] ?? Gesture(id: a.id, name: "", strokes: [], action: nil, line: a.line)
            g.line = a.line
            if !a.name.isEmpty { g.name = a.name }
            if !a.strokes.isEmpty {
                g.strokes = a.strokes
                g.origin = root ? "Default" : node.name
            }
            if a.action != nil { g.action = a.action }
            gestures[a.id] = g
        }
        var seen = Set<Int>()
        var out: [Int] = []
        for id in order + node.order + node.added.map(\.id) where gestures[id] != nil && seen.insert(id).inserted { out.append(id) }
        return (gestures, out)
    }

    /// One conversion's state: the config written, the shapes named.
    struct Conversion {
        var out: ImportedConfig
        let preferences: EasystrokeArchive.Preferences
        var shapes: [(name: String, strokes: [Stroke])] = []
        /// The desktop's bindings of each gesture (by id): what an application shadows.
        var desktop: [Int: [ImportedBinding]] = [:]
        /// Each gesture's place in the file (1 on), for one without a name
        /// (StrokeInfo version 0 saves none): "gesture 2".
        var ordinal: [Int: Int] = [:]

        init(out: ImportedConfig, preferences: EasystrokeArchive.Preferences) {
            self.out = out
            self.preferences = preferences
        }

        mutating func run(_ root: EasystrokeArchive.List) {
            func number(_ node: EasystrokeArchive.List) {
                for a in node.added where ordinal[a.id] == nil { ordinal[a.id] = ordinal.count + 1 }
                node.children.forEach(number)
            }
            number(root)
            let (base, baseOrder) = effective(root, inherited: [:], order: [], root: true)
            for id in baseOrder {
                let made = bind(base[id]!, scope: nil)
                desktop[id] = made
                out.bindings += made
            }
            // Applications, in the file's order; one named twice is the last
            // (easystroke's map of applications keeps the last).
            var apps: [(node: EasystrokeArchive.List, gestures: [Int: Gesture], order: [Int])] = []
            func visit(_ node: EasystrokeArchive.List, _ gestures: [Int: Gesture], _ order: [Int]) {
                let (mine, myOrder) = effective(node, inherited: gestures, order: order)
                if node.app {
                    apps.removeAll { $0.node.name == node.name }
                    apps.append((node, mine, myOrder))
                } else if !node.added.isEmpty && !Self.hasApp(node) {
                    out.notes.append(Words("easystroke group '{group}' (line {line}): its {count} gestures apply only to the applications under it, and it has none: not imported",
                                            ["group": node.name, "line": node.line, "count": node.added.count]))
                }
                for child in node.children { visit(child, mine, myOrder) }
            }
            for child in root.children { visit(child, base, baseOrder) }
            let off = preferences.exceptions.filter { $0.button == nil && !$0.name.isEmpty }.map(\.name)
            for (node, gestures, order) in apps where !off.contains(node.name) {
                var made: [ImportedBinding] = []
                for id in order {
                    let g = gestures[id]!
                    if let was = base[id], was.sameMeaning(g) { continue }
                    made += bind(g, scope: node.name, taken: made.map(\.name))
                    // Drawn differently there: the desktop's shape does nothing in it.
                    if let was = base[id], was.drawn != g.drawn {
                        made += shadow(id, Words("easystroke: '{gesture}' is drawn differently in {application}", ["gesture": was.name, "application": node.name]), taken: made.map(\.name))
                    }
                }
                for id in baseOrder where gestures[id] == nil {
                    made += shadow(id, Words("easystroke: '{gesture}' is deleted in {application}", ["gesture": base[id]!.name, "application": node.name]), taken: made.map(\.name))
                }
                if !made.isEmpty { out.apps.append((EasystrokeImporter.glob(node.name), made)) }
            }
            // Applications easystroke leaves alone: every desktop binding does nothing there.
            for e in preferences.exceptions {
                if e.name.isEmpty {
                    out.notes.append(Words("easystroke's exception for window frames (its preferences): not imported"))
                } else if let b = e.button {
                    out.notes.append(Words("easystroke draws with button {button} in {application} (its preferences): not imported; its gestures there are bound with the gesture button, {gesturebutton}",
                                            ["button": b.button, "application": e.name, "gesturebutton": preferences.button]))
                } else {
                    let made = baseOrder.flatMap { shadow($0, Words("easystroke is off in {application} (its preferences' exceptions)", ["application": e.name]), taken: []) }
                    if !made.isEmpty { out.apps.append((EasystrokeImporter.glob(e.name), made)) }
                }
            }
        }

        static func hasApp(_ node: EasystrokeArchive.List) -> Bool { node.app || node.children.contains(where: hasApp) }

        /// `none` for the desktop's bindings of gesture `id`, in a scope.
        func shadow(_ id: Int, _ why: Words, taken: [String]) -> [ImportedBinding] {
            (desktop[id] ?? []).map { b in
                var s = b
                s.comments = [why]
                s.phases = [("on-ended", ["none"])]
                s.name = EasystrokeImporter.unique(b.name, taken)
                return s
            }
        }

        /// The bindings of `g` in `scope` (nil: the desktop): one per button
        /// and modifiers its strokes were drawn with (one, nearly always).
        mutating func bind(_ g: Gesture, scope: String?, taken: [String] = []) -> [ImportedBinding] {
            out.gesturesRead += 1
            let label = self.label(g)
            let drawn = g.drawn
            let clicks = g.strokes.filter { !$0.isDrawn }.map { describe($0) }
            guard !drawn.isEmpty else {
                // A shape then a click is drawn, but means more than a shape.
                let values: KeyValuePairs<String, any WordsValue> = ["gesture": label, "strokes": Words.or(clicks)]
                out.skip(line: g.line, clicks.isEmpty ? Words("no shape: easystroke gesture '{gesture}' is no stroke", values)
                    : g.strokes.contains { $0.points.count >= 2 } ? Words("no equivalent: easystroke gesture '{gesture}' is {strokes}", values)
                    : Words("no shape: easystroke gesture '{gesture}' is {strokes}", values))
                return []
            }
            let converted: Converted
            switch EasystrokeImporter.actions(g.action) {
            case .success(let c): converted = c
            case .failure(let skip):
                out.skip(line: g.line, Words("{reason} (easystroke gesture '{gesture}')", ["reason": skip.message, "gesture": label]))
                return []
            }
            // X sends the wheel's buttons as clicks, never held: no stroke is drawn with one here.
            let wheel = Set(drawn.map(button).filter { (4...7).contains($0) }).sorted()
            guard drawn.contains(where: { !(4...7).contains(button($0)) }) else {
                out.skip(line: g.line, Words("no equivalent: easystroke gesture '{gesture}' is drawn with button {buttons}, a wheel's (X clicks it, never holds it)",
                                             ["gesture": label, "buttons": Words.or(wheel.map(String.init))]))
                return []
            }
            let shape = shapeName(g)
            var groups: [(button: Int, layer: Layer, count: Int)] = []
            for s in drawn where !(4...7).contains(button(s)) {
                let button = button(s)
                let layer = Layer(s.modifiers != EasystrokeArchive.anyModifier ? s.modifiers
                                  : s.trigger != 0 ? EasystrokeArchive.anyModifier : preferences.state)
                if let k = groups.firstIndex(where: { $0.button == button && $0.layer == layer }) { groups[k].count += 1 }
                else { groups.append((button, layer, 1)) }
            }
            var made: [ImportedBinding] = []
            for group in groups {
                let name = EasystrokeImporter.unique(EasystrokeImporter.slug(label), taken + made.map(\.name))
                var b = ImportedBinding(name: name, gesture: "stroke(\"\(shape)\", button: \(group.button))")
                b.modifiers = group.layer.names
                b.phases = [("on-ended", converted.actions)]
                let values: KeyValuePairs<String, any WordsValue> = ["line": g.line, "gesture": label, "count": group.count, "button": group.button, "shape": shape]
                b.comments = [group.count == 1 ? Words("easystroke line {line}: '{gesture}', {count} stroke drawn with button {button}; the shape '{shape}' of strokes.toml", values)
                              : Words("easystroke line {line}: '{gesture}', {count} strokes drawn with button {button}; the shape '{shape}' of strokes.toml", values)]
                if let dropped = group.layer.dropped { b.comments.append(Words("easystroke holds {modifiers} with it: no layer has them; this binding is for any modifiers", ["modifiers": dropped])) }
                if drawn.contains(where: \.timeout) { b.comments.append(Words("easystroke fires it when the pointer is held still after drawing; here at the release")) }
                if !clicks.isEmpty { b.comments.append(Words("easystroke also fires it on {strokes}: no equivalent", ["strokes": Words(list: clicks)])) }
                if !wheel.isEmpty { b.comments.append(Words("easystroke also draws it with button {buttons}, a wheel's: no equivalent", ["buttons": Words.or(wheel.map(String.init))])) }
                if let note = converted.note { b.comments.append(note) }
                made.append(b)
            }
            return made
        }

        /// The shape drawn by `g`'s strokes: one already named when the
        /// strokes are the same; else the gesture's name (with the name of
        /// the list its strokes come from, or a number, when another shape has it).
        mutating func shapeName(_ g: Gesture) -> String {
            let drawn = g.drawn
            if let known = shapes.first(where: { $0.strokes == drawn }) { return known.name }
            let base = EasystrokeImporter.shapeName(label(g))
            var name = base, n = 2
            if shapes.contains(where: { $0.name == name }) { name = base + " (" + EasystrokeImporter.shapeName(g.origin) + ")" }
            while shapes.contains(where: { $0.name == name }) { name = base + " \(n)"; n += 1 }
            shapes.append((name, drawn))
            return name
        }

        /// The button a stroke is drawn with: its trigger, or the gesture button.
        func button(_ s: Stroke) -> Int { s.trigger != 0 ? s.trigger : preferences.button }

        /// A gesture's name, or for one without, its place in the file.
        func label(_ g: Gesture) -> String { g.name.isEmpty ? "gesture \(ordinal[g.id] ?? g.id)" : g.name }

        /// A stroke that is no shape, in words.
        func describe(_ s: Stroke) -> Words {
            let held = s.trigger != 0 ? s.trigger : preferences.button
            if s.points.count >= 2 { return Words("a shape drawn with button {held} then a click of button {button}", ["held": held, "button": s.button]) }
            if s.timeout { return Words("a press of button {held} held still", ["held": held]) }
            if s.button == 0 || s.button == held { return Words("a click of button {button}", ["button": s.button == 0 ? held : s.button]) }
            return Words("a click of button {button} while button {held} is held", ["button": s.button, "held": held])
        }
    }

    /// A binding's `modifiers` from X's modifier mask: nil for any;
    /// Caps Lock and Num Lock never count (easystroke ignores them too).
    struct Layer: Equatable {
        var names: String?
        /// Modifiers held that a layer cannot name (Mod3, Mod5).
        var dropped: String?

        init(_ mask: UInt32) {
            guard mask != EasystrokeArchive.anyModifier else { return }
            let bits: [(UInt32, String)] = [(4, "ctrl"), (8, "alt"), (1, "shift"), (64, "super")]
            let named = bits.filter { mask & $0.0 != 0 }.map(\.1)
            names = named.isEmpty ? "none" : named.joined(separator: "+")
            let other = [(UInt32(32), "Mod3"), (128, "Mod5")].filter { mask & $0.0 != 0 }.map(\.1)
            if !other.isEmpty {
                dropped = other.joined(separator: "+")
                names = nil
            }
        }
    }

    /// An action as ours, with what the binding's comment says of it.
    struct Converted: Equatable {
        var actions: [String]
        var note: Words? = nil
    }

    /// Our action for easystroke's.
    static func actions(_ action: Action?) -> Result<Converted, ImportSkip> {
        switch action {
        case nil: return .failure(ImportSkip(message: Words("no action: nothing is bound")))
        case .command(let c):
            // easystroke runs it with /bin/sh -c, as exec does.
            return c.trimmingWhitespace().isEmpty ? .failure(ImportSkip(message: Words("no command: an empty command")))
                : .success(Converted(actions: ImportedActions.command(c)))
        case .key(let keysym, let keycode, let mods):
            guard let held = modifierNames(mods) else {
                return .failure(ImportSkip(message: Words("no equivalent: a key with Mod3 held (modifier mask 0x{mask})", ["mask": String(mods, radix: 16)])))
            }
            if keysym == 0 {
                guard keycode == 0 else { return .failure(ImportSkip(message: Words("unknown key: keycode {keycode} without a keysym (it depends on the keyboard)", ["keycode": String(keycode)]))) }
                guard !held.isEmpty else { return .failure(ImportSkip(message: Words("no key: a key action without a key"))) }
                return .success(Converted(actions: ["key " + held.joined(separator: "+")]))
            }
            guard let key = Keysym.named(value: keysym) else {
                return .failure(ImportSkip(message: Words("unknown key: keysym 0x{keysym} has no name gesture-bridge knows", ["keysym": String(keysym, radix: 16)])))
            }
            return .success(Converted(actions: ["key " + (held + [keyNames[key.name] ?? key.name]).joined(separator: "+")]))
        case .button(let n, let mods):
            guard let held = modifierNames(mods) else {
                return .failure(ImportSkip(message: Words("no equivalent: a button with Mod3 held (modifier mask 0x{mask})", ["mask": String(mods, radix: 16)])))
            }
            let note = Words("easystroke makes the next click button {button}; here button {button} clicks where the stroke ends", ["button": n])
            guard !held.isEmpty else { return .success(Converted(actions: ["button \(n)"], note: note)) }
            let chord = held.joined(separator: "+")
            return .success(Converted(actions: ["keydown \(chord)", "button \(n)", "keyup \(chord)"], note: note))
        case .text:
            return .failure(ImportSkip(message: Words("no equivalent: SendText, a text to type (no action types text; exec xdotool type would)")))
        case .scroll:
            return .failure(ImportSkip(message: Words("no equivalent: Scroll (after the stroke, moving the pointer scrolls)")))
        case .ignore:
            return .failure(ImportSkip(message: Words("no equivalent: Ignore (after the stroke, the next click goes to the application with modifiers held)")))
        case .misc(let type):
            switch type {
            case 0: return .success(Converted(actions: ["none"]))
            case 1: return .failure(ImportSkip(message: Words("no equivalent: Unminimize (easystroke restores the window it saw minimized last)")))
            case 2: return .failure(ImportSkip(message: Words("no equivalent: Show/Hide (easystroke's own window)")))
            case 3: return .failure(ImportSkip(message: Words("no equivalent: Disable (Enable) (easystroke's own switch)")))
            default: return .failure(ImportSkip(message: Words("no equivalent: misc action {type} (easystroke has 0 to 3)", ["type": type])))
            }
        }
    }

    /// Keysyms of two names whose first in X's table is the older one.
    static let keyNames = ["Next": "Page_Down", "Prior": "Page_Up"]

    /// GDK's modifier mask as our chord's modifiers (Shift 1, Control 4,
    /// Mod1 8 Alt, Mod4 64 and Super 1<<26 Super, Mod5 128 AltGr, Hyper
    /// 1<<27, Meta 1<<28; Caps Lock 2 and Num Lock 16 are no key to press);
    /// nil when it holds Mod3 (32), which no chord names.
    static func modifierNames(_ mask: UInt32) -> [String]? {
        guard mask & 32 == 0 else { return nil }
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

    /// `name`, or `name-2`, `name-3`… when one of `taken` has it.
    static func unique(_ name: String, _ taken: [String]) -> String {
        var out = name, n = 2
        while taken.contains(out) { out = "\(name)-\(n)"; n += 1 }
        return out
    }

    /// A shape's name as a gesture expression holds it (its strings have no
    /// escapes): a double quote becomes a single one, control characters spaces.
    static func shapeName(_ name: String) -> String {
        let s = String(String.UnicodeScalarView(name.unicodeScalars.map { c in
            c == "\"" ? "'" : (c.value < 0x20 || c.value == 0x7F) ? " " : c
        }))
        return s.trimmingWhitespace().isEmpty ? "stroke" : s.trimmingWhitespace()
    }

    /// An application's name (a WM_CLASS instance, matched exactly by
    /// easystroke) as a class glob matching it alone: `*`, `?` and `[` in brackets.
    static func glob(_ name: String) -> String {
        var out = ""
        for c in name { out += c == "*" || c == "?" || c == "[" ? "[\(c)]" : String(c) }
        return out
    }
}
