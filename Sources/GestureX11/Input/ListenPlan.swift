import GestureCore

/// What to ask X for, from the loaded bindings (config.md's priority table):
/// `high` grabs on the root window, `normal` selects on it, `simultaneous`
/// listens to raw touches. One stream per kind: a grab also delivers what a
/// selection would.
public struct ListenPlan: Hashable, Sendable {
    public enum Touches: String, Hashable, Sendable { case none, raw, select, grab }
    public enum Gestures: String, Hashable, Sendable { case none, select, grab }

    public var touches: Touches = .none
    public var swipes: Gestures = .none
    public var pinches: Gestures = .none
    /// Where a touch grab is: the root window, or, when another client (the
    /// window manager) holds the root's, each top-level window below it.
    public enum GrabWindow: String, Hashable, Sendable { case root, topLevels = "top-level windows" }
    public var touchGrab: GrabWindow = .root

    public init(touches: Touches = .none, swipes: Gestures = .none, pinches: Gestures = .none) {
        self.touches = touches
        self.swipes = swipes
        self.pinches = pinches
    }

    /// What `record` asks for: everything, without taking anything from applications.
    public static let observeAll = ListenPlan(touches: .select, swipes: .select, pinches: .select)

    public init(table: GestureTable) {
        // A stroke drawn with a pointer button needs no touch nor gesture
        // event: its button is grabbed (PointerStrokeBindings).
        for b in table.allBindings where b.gesture.pointerButton == nil {
            // What the gesture's kinds need (`GestureKind.all`), from the devices it is bound on.
            let needs = b.gesture.needs
            if b.device != .touchpad && needs.contains(.touches) {
                let want: Touches = b.priority == .high ? .grab : b.priority == .normal ? .select : .raw
                touches = max(touches, want)
            }
            if b.device != .touchscreen {
                let want: Gestures = b.priority == .high ? .grab : .select
                if needs.contains(.swipes) { swipes = max(swipes, want) }
                if needs.contains(.pinches) { pinches = max(pinches, want) }
            }
        }
    }

    /// What the daemon holds, per kind of device, and what that means for
    /// the user: the log says these words in the user's language, the state
    /// file their English (which `status` reads back).
    public var grantedWords: [Words] {
        let screens: Words
        switch touches {
        case .grab where touchGrab == .topLevels: screens = Says.screensTopLevels
        case .grab: screens = Says.screensRoot
        case .select: screens = Says.screensSelection
        case .raw: screens = Says.screensRaw
        case .none: screens = Says.screensNone
        }
        let pads: Words
        switch (swipes, pinches) {
        case (.none, .none): pads = Says.padsNone
        case (.grab, _), (_, .grab): pads = Says.padsGrab
        default: pads = Says.padsSelection
        }
        return [Says.touchscreens.with(["what": screens]), Says.touchpads.with(["what": pads])]
    }

    /// What `granted` says, in English (the state file's), as patterns `status` reads back.
    public enum Says {
        public static let touchscreens = Words("touchscreens: {what}")
        public static let touchpads = Words("touchpads: {what}")
        public static let screensTopLevels = Words("passive grabs on the top-level windows, below the window manager's own on the root (it sees each touch first and hands it down): a bound gesture's touches never reach applications, the others are handed back to them; the window manager's own gestures win")
        public static let screensRoot = Words("a passive grab on the root window: a bound gesture's touches never reach applications, the others are handed back to them")
        public static let screensSelection = Words("a touch selection on the root window: touches that no application window selects")
        public static let screensRaw = Words("raw touch events only: gestures act, but applications also see their touches")
        public static let screensNone = Words("nothing (no touchscreen binding)")
        public static let padsNone = Words("nothing (no touchpad binding)")
        public static let padsGrab = Words("a grab of each touchpad's gestures: a bound gesture never reaches applications")
        public static let padsSelection = Words("a gesture selection on the root window: gestures that no application window selects")
        public static let pointers = Words("pointers: passive grabs of {buttons} on the root window: a stroke drawn with them never reaches applications; a click, a held press and a press no stroke is bound for there do")
        public static let buttonWithState = Words("button {button} with state {states}")
        public static let button = Words("button {button}")

        public static let all = [touchscreens, touchpads, screensTopLevels, screensRoot, screensSelection, screensRaw, screensNone,
                                 padsNone, padsGrab, padsSelection, pointers, buttonWithState, button]
    }

    private func max<T: RawRepresentable>(_ a: T, _ b: T) -> T where T.RawValue == String {
        let order = ["none", "raw", "select", "grab"]
        return order.firstIndex(of: a.rawValue)! >= order.firstIndex(of: b.rawValue)! ? a : b
    }
}
