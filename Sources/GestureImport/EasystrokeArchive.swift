import GestureCore

/// What easystroke 0.5–0.6 saves, read from its Boost text archives
/// (BoostTextArchive) as its own `load` functions read them (actiondb.cc,
/// gesture.cc, prefdb.cc): the action list (`actions-0.5.6`) and, from the
/// preferences (`preferences-0.5.5`), the button strokes are drawn with.
public enum EasystrokeArchive {
    /// X's `AnyModifier`: a stroke or button for any modifiers held.
    public static let anyModifier: UInt32 = 1 << 15

    /// One drawn example, as `Stroke::save` wrote it.
    public struct Stroke: Sendable, Equatable {
        /// In drawing order, in easystroke's unit square: `stroke_finish`
        /// centres the path on (0.5, 0.5) and scales its longer side to 1;
        /// y grows downwards, as on the screen.
        public var points: [Point]
        /// Each point's place along the path (0 at the start, 1 at the end),
        /// kept only by `Stroke::Point` version 0; easystroke computes it
        /// again from the points when it loads them (not a clock).
        public var times: [Double]
        /// The button it was drawn with when not the gesture button (an
        /// extra button of the preferences); 0: the gesture button.
        public var trigger: Int
        /// A click of this button ended it (or, without points, was all of it); 0: none.
        public var button: Int
        /// Ended by holding still (easystroke's timeout gestures).
        public var timeout: Bool
        /// X's modifier mask held as it began; `anyModifier`: any.
        public var modifiers: UInt32

        public init(points: [Point], times: [Double] = [], trigger: Int = 0, button: Int = 0, timeout: Bool = false,
                    modifiers: UInt32 = EasystrokeArchive.anyModifier) {
            self.points = points
            self.times = times
            self.trigger = trigger
            self.button = button
            self.timeout = timeout
            self.modifiers = modifiers
        }

        /// A shape: enough points to draw, and no click in it.
        public var isDrawn: Bool { points.count >= 2 && button == 0 }

        /// The points as easystroke matches them: `stroke_finish` (run on
        /// every stroke it loads) centres the path on (0.5, 0.5) and scales
        /// its longer side to 1 (a side under 0.001 is not scaled). What
        /// easystroke saved is already so, up to rounding.
        public var unitSquare: [Point] {
            guard let first = points.first else { return [] }
            var low = first, high = first
            for p in points {
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
            var scale = max(high.x - low.x, high.y - low.y)
            if scale < 0.001 { scale = 1 }
            let centre = (low + high) * 0.5
            return points.map { ($0 - centre) * (1 / scale) + Point(x: 0.5, y: 0.5) }
        }
    }

    /// easystroke's actions, as saved. Modifier masks are GDK's (X's low
    /// bits; Super, Hyper, Meta at bits 26–28).
    public enum Action: Sendable, Equatable {
        case command(String)
        /// A keysym (0: none) and its keycode (easystroke 0.5 saves 0).
        case key(keysym: UInt32, keycode: UInt32, modifiers: UInt32)
        case text(String)
        case scroll(modifiers: UInt32)
        case ignore(modifiers: UInt32)
        case button(Int, modifiers: UInt32)
        /// 0 None, 1 Unminimize, 2 Show/Hide, 3 Disable (Enable).
        case misc(Int)
    }

    /// A gesture as one list saves it: a field left empty (a name "", no
    /// strokes, no action) is its parent list's.
    public struct Entry: Sendable {
        /// Its identity (its `Unique`'s object id): the same gesture in every list.
        public var id: Int
        public var name: String
        public var strokes: [Stroke]
        public var action: Action?
        /// The archive's line where it starts.
        public var line: Int
    }

    /// A node of the action list: the root (`Default`, desktop-wide), a
    /// group, or an application (`app`: its name a WM_CLASS instance).
    public struct List: Sendable {
        public var name = ""
        public var app = false
        public var line = 1
        public var deleted: [Int] = []
        public var added: [Entry] = []
        /// The order the list shows its own gestures in (ActionListDiff version 1).
        public var order: [Int] = []
        public var children: [List] = []
    }

    /// The preferences that say how strokes are drawn.
    public struct Preferences: Sendable, Equatable {
        /// The gesture button and the modifiers it is grabbed with (X's mask;
        /// `anyModifier`: any).
        public var button: Int
        public var state: UInt32
        /// Applications easystroke leaves alone (nil) or grabs another button in.
        public var exceptions: [(name: String, button: (button: Int, state: UInt32)?)]

        /// easystroke's own: `default_button(Button2)`, grabbed with no modifiers.
        public static let defaults = Preferences(button: 2, state: 0, exceptions: [])

        public static func == (a: Preferences, b: Preferences) -> Bool {
            a.button == b.button && a.state == b.state && a.exceptions.count == b.exceptions.count
                && zip(a.exceptions, b.exceptions).allSatisfy { $0.name == $1.name && $0.button?.button == $1.button?.button
                    && $0.button?.state == $1.button?.state }
        }
    }

    typealias Failure = BoostTextArchive.Failure

    /// The newest versions easystroke 0.6 writes of each class: a file with
    /// a newer one was not written by it, and is refused where it says so.
    static let newest = ["ActionDB": 3, "ActionListDiff": 1, "StrokeInfo": 1, "Stroke": 5, "Point": 1, "SendKey": 1,
                         "PrefDB": 18, "ButtonInfo": 4]
    /// Lists nested deeper than this are refused (easystroke's window nests two or three).
    static let deepest = 64

    // MARK: actions-0.5.6

    /// `ActionDB::load`: version 2 and later hold the tree; 0 and 1
    /// (easystroke 0.4's `actions`, `actions-0.4.x`) a flat map, which
    /// easystroke 0.5 converts when it starts.
    static func actions(_ a: inout BoostTextArchive) throws(Failure) -> List {
        let at = a.here()
        let version = try versioned(&a, "ActionDB")
        guard version >= 2 else {
            throw Failure(offset: at, message: "an easystroke 0.4 file (format \(version)): not read; easystroke 0.5 or later converts it to actions-0.5.6 when it starts")
        }
        var objects = Objects()
        let root = try list(&a, &objects, depth: 0)
        try a.end("the action list")
        return root
    }

    /// The objects read so far, by object id: what a reference points to.
    struct Objects {
        var strokes: [Int: Stroke?] = [:]
        var actions: [Int: Action] = [:]
    }

    /// An object's preamble, its class's version checked against the newest easystroke writes.
    static func versioned(_ a: inout BoostTextArchive, _ name: String) throws(Failure) -> Int {
        let at = a.here()
        let version = try a.object(name)
        try check(version, of: name, at: at)
        return version
    }

    static func check(_ version: Int, of name: String, at: Int) throws(Failure) {
        if let newest = newest[name], version > newest {
            throw Failure(offset: at, message: "\(name) version \(version): easystroke writes at most \(newest) (a newer or damaged file)")
        }
    }

    static func list(_ a: inout BoostTextArchive, _ objects: inout Objects, depth: Int) throws(Failure) -> List {
        var node = List()
        node.line = a.line
        guard depth <= deepest else { throw Failure(offset: a.here(), message: "groups nested deeper than \(deepest)") }
        let version = try versioned(&a, "ActionListDiff")
        let deleted = try a.collection("set<Unique*>")
        for _ in 0..<deleted.count { node.deleted.append(try unique(&a)) }
        let added = try a.collection("map<Unique*,StrokeInfo>")
        for _ in 0..<added.count {
            let line = a.line
            _ = try a.object("pair<Unique*,StrokeInfo>")
            let id = try unique(&a)
            let infoVersion = try versioned(&a, "StrokeInfo")
            _ = try a.object("StrokeSet")
            let set = try a.collection("set<RStroke>")
            var strokes: [Stroke] = []
            for _ in 0..<set.count {
                _ = try a.object("shared_ptr<Stroke>")
                if let s = try stroke(&a, &objects) { strokes.append(s) }
            }
            _ = try a.object("shared_ptr<Action>")
            let action = try self.action(&a, &objects)
            let name = infoVersion >= 1 ? try a.string("a gesture's name") : ""
            node.added.append(Entry(id: id, name: name, strokes: strokes, action: action, line: line))
        }
        node.name = try a.string("the action list's name")
        let children = try a.collection("list<ActionListDiff>")
        for _ in 0..<children.count { node.children.append(try list(&a, &objects, depth: depth + 1)) }
        node.app = try a.bool("whether the list is an application's")
        if version >= 1 {
            let order = try a.collection("list<Unique*>")
            for _ in 0..<order.count { node.order.append(try unique(&a)) }
        }
        return node
    }

    /// A `Unique *`: the gesture's identity, its object id.
    static func unique(_ a: inout BoostTextArchive) throws(Failure) -> Int {
        let at = a.here()
        switch try a.pointer("Unique") {
        case .null: throw Failure(offset: at, message: "a null gesture id")
        case .new(let id, _, _), .reference(let id): return id
        }
    }

    /// `Stroke::load`: the points (version 0 on), button (1), trigger (2),
    /// timeout (3), modifiers (5).
    static func stroke(_ a: inout BoostTextArchive, _ objects: inout Objects) throws(Failure) -> Stroke? {
        let at = a.here()
        switch try a.pointer("Stroke") {
        case .null: return nil
        case .reference(let id):
            guard let s = objects.strokes[id] else { throw Failure(offset: at, message: "object id \(id) is not a stroke") }
            return s
        case .new(let id, _, let version):
            try check(version, of: "Stroke", at: at)
            let n = try a.collection("vector<Point>").count
            var s = Stroke(points: [])
            s.points.reserveCapacity(n)
            for _ in 0..<n {
                let pointVersion = try versioned(&a, "Point")
                s.points.append(Point(x: try coordinate(&a, "a point's x"), y: try coordinate(&a, "a point's y")))
                if pointVersion == 0 { s.times.append(try coordinate(&a, "a point's time")) }
            }
            if version >= 1 { s.button = try a.int("the stroke's button") }
            if version >= 2 { s.trigger = try a.int("the stroke's trigger button") }
            if version >= 3 { s.timeout = try a.bool("whether the stroke ended by holding still") }
            if version >= 5 { s.modifiers = UInt32(truncatingIfNeeded: try a.int("the stroke's modifiers")) }
            // `Stroke::load` of versions before 4: a trigger that is the gesture button is none.
            if version < 4 && s.button == 0 { s.trigger = 0 }
            for (what, b) in [("button", s.button), ("trigger button", s.trigger)] where b < 0 || b > 255 {
                throw Failure(offset: at, message: "the stroke's \(what) \(b): X's buttons are 1 to 255")
            }
            if id >= 0 { objects.strokes[id] = s }
            return s
        }
    }

    /// A coordinate: a finite number, and none a screen could hold beyond
    /// (easystroke saves them in a unit square; `nan`, `inf` or 1e300 is damage).
    static func coordinate(_ a: inout BoostTextArchive, _ what: String) throws(Failure) -> Double {
        let at = a.here()
        let v = try a.double(what)
        guard v.isFinite else { throw Failure(offset: at, message: "expected \(what) (a finite number), found \(v)") }
        guard abs(v) <= 1e9 else { throw Failure(offset: at, message: "\(what) \(v): out of any screen (easystroke saves 0 to 1)") }
        return v
    }

    /// A `shared_ptr<Action>`'s pointee, by its exported class name.
    static func action(_ a: inout BoostTextArchive, _ objects: inout Objects) throws(Failure) -> Action? {
        let at = a.here()
        switch try a.pointer(nil) {
        case .null: return nil
        case .reference(let id):
            guard let action = objects.actions[id] else { throw Failure(offset: at, message: "object id \(id) is not an action") }
            return action
        case .new(let id, let className, let version):
            try check(version, of: className, at: at)
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
                let code = UInt32(truncatingIfNeeded: try a.int("a keycode"))
                if version < 1 { _ = try a.bool("the xtest flag") }
                action = .key(keysym: key, keycode: code, modifiers: mods)
            case "SendText":
                _ = try a.object("Action")
                action = .text(try a.string("a text"))
            case "Scroll": action = .scroll(modifiers: try modifiers(&a))
            case "Ignore": action = .ignore(modifiers: try modifiers(&a))
            case "Button":
                let mods = try modifiers(&a)
                let b = try a.int("a button")
                guard b >= 1 && b <= 255 else { throw Failure(offset: at, message: "a Button action of button \(b): X's buttons are 1 to 255") }
                action = .button(b, modifiers: mods)
            case "Misc":
                _ = try a.object("Action")
                action = .misc(try a.int("a misc action's type"))
            default:
                throw Failure(offset: a.classNameAt, message: "unknown action class '\(className.prefix(40))' (easystroke saves Command, SendKey, SendText, Scroll, Ignore, Button and Misc)")
            }
            if id >= 0 { objects.actions[id] = action }
            return action
        }
    }

    // MARK: preferences-0.5.5

    /// `PrefDB::serialize` up to the gesture button: the exceptions
    /// (applications left alone, or given another button), then the button.
    static func preferences(_ a: inout BoostTextArchive) throws(Failure) -> Preferences {
        let version = try versioned(&a, "PrefDB")
        var prefs = Preferences(button: 0, state: 0, exceptions: [])
        if version < 11 {
            let n = try a.collection("set<string>").count
            for _ in 0..<n { prefs.exceptions.append((try a.string("an application's name"), nil)) }
        } else {
            let n = try a.collection("map<string,RButtonInfo>").count
            for _ in 0..<n {
                _ = try a.object("pair<string,RButtonInfo>")
                let name = try a.string("an application's name")
                _ = try a.object("shared_ptr<ButtonInfo>")
                let at = a.here()
                switch try a.pointer("ButtonInfo") {
                case .null: prefs.exceptions.append((name, nil))
                case .reference: throw Failure(offset: at, message: "a second reference to one button (easystroke saves each once)")
                case .new(_, _, let v):
                    try check(v, of: "ButtonInfo", at: at)
                    prefs.exceptions.append((name, try buttonInfo(&a, version: v)))
                }
            }
        }
        if version < 14 { _ = try a.double("the old stroke threshold") }
        let v = try versioned(&a, "ButtonInfo")
        (prefs.button, prefs.state) = try buttonInfo(&a, version: v)
        return prefs
    }

    /// `ButtonInfo::serialize`: button, state; a flag or two by version.
    static func buttonInfo(_ a: inout BoostTextArchive, version: Int) throws(Failure) -> (button: Int, state: UInt32) {
        let at = a.here()
        let button = try a.int("the gesture button")
        let state = UInt32(truncatingIfNeeded: try a.int("the gesture button's modifiers"))
        if version == 1 { _ = try a.int("the button's special flag") }
        if version >= 3 { _ = try a.int("the button's instant flag") }
        if version >= 4 { _ = try a.int("the button's click-and-hold flag") }
        guard button >= 1 && button <= 255 else { throw Failure(offset: at, message: "gesture button \(button): X's buttons are 1 to 255") }
        return (button, state)
    }
}
