import GestureCore
@testable import GestureX11
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the X side makes of `stroke(..., button:)` bindings: the grabs
/// (exactly what is bound), the bindings a press can begin (button, layer,
/// device, the window's scopes), and the binding a drawn path fires, with
/// the finger strokes' matcher and shapes.
@Suite struct PointerStrokeBindingsTests {
    static func ell(_ s: Double, at o: Point = Point(x: 300, y: 200)) -> [Point] {
        (0...20).map { o + Point(x: 0, y: s * Double($0) / 20) } + (1...12).map { o + Point(x: s * 0.6 * Double($0) / 12, y: s) }
    }
    static func circle(_ r: Double, at o: Point = Point(x: 500, y: 500)) -> [Point] {
        (0...64).map { k in
            let a = Double(k) / 64 * 2 * Double.pi
            return o + Point(x: r * cos(a), y: r * sin(a))
        }
    }

    static func pointer(_ name: String, _ shape: String, button: Int, modifiers: Modifiers? = nil,
                        device: DeviceFilter = .any, minimumSize: Length? = nil) -> Binding {
        Binding(name: name, gesture: .stroke(StrokeSpec(shape: shape, button: button, minimumSize: minimumSize)), device: device,
                modifiers: modifiers)
    }

    static var table: GestureTable {
        var settings = Settings()
        // A finger's Ls (a few hundred px): the mouse draws them any size.
        settings.strokes = StrokeSet([StrokeShape(name: "L", templates: [ell(160, at: .zero)]),
                                      StrokeShape(name: "circle", templates: [circle(80, at: .zero)])])
        return GestureTable(settings: settings, desktop: [
            pointer("right-L", "L", button: 3),                                    // 0
            pointer("super-right-circle", "circle", button: 3, modifiers: .super), // 1: under button 3 for any
            pointer("pen-L", "L", button: 2, modifiers: [], device: .named("Wacom*")), // 2
            Binding(name: "swipe", gesture: .swipe(SwipeSpec())),                  // 3: not a pointer's
            Binding(name: "finger-L", gesture: .stroke(StrokeSpec(shape: "L"))),   // 4: the fingers'
        ], apps: [AppScope(classGlob: "firefox", bindings: [
            pointer("firefox-L", "L", button: 3),                                  // 5
            pointer("firefox-alt-circle", "circle", button: 8, modifiers: .alt),    // 6
        ])])
    }

    static let mouse = Device(id: 11, name: "Logitech USB Mouse", kind: .other)
    static let pen = Device(id: 14, name: "Wacom Intuos Pen stylus", kind: .other)
    static let firefox = WindowContext(windowClass: "firefox", instance: "Navigator")
    static let bindings = PointerStrokeBindings(table: table, pxPerMM: 3.78)

    /// easystroke's users draw lines (back, forward): with a button held a
    /// line is a shape, told from another line by its direction, at any
    /// size; a finger's line stays a swipe (the finger stroke's options).
    @Test func aLineDrawnWithAButtonIsAShape() {
        func line(_ dx: Double, _ dy: Double, wobble: Double = 0) -> [Point] {
            (0...30).map { k in Point(x: 400 + dx * Double(k) / 30, y: 300 + dy * Double(k) / 30 + wobble * sin(Double(k) / 30 * 2 * .pi)) }
        }
        var settings = Settings()
        settings.strokes = StrokeSet([StrokeShape(name: "back", templates: [line(-200, 0, wobble: 2)]),
                                      StrokeShape(name: "forward", templates: [line(200, 0, wobble: 2)]),
                                      StrokeShape(name: "L", templates: [Self.ell(160, at: .zero)])])
        let table = GestureTable(settings: settings, desktop: [
            Self.pointer("back", "back", button: 3), Self.pointer("forward", "forward", button: 3), Self.pointer("L", "L", button: 3),
        ])
        let b = PointerStrokeBindings(table: table, pxPerMM: 3.78)
        let candidates = b.candidates(button: 3, modifiers: [], device: Self.mouse, window: .desktop)
        // Perfectly straight (a mouse moved along one row) and with a hand's wobble.
        for (path, fired) in [(line(-150, 0), 0), (line(120, 0), 1), (line(-400, 6, wobble: 3), 0), (line(300, -10, wobble: 1), 1)] {
            let outcome = b.recognize(path, candidates: candidates)
            #expect(outcome.binding == fired, "\(String(describing: outcome.match))")
        }
        #expect(b.recognize(Self.ell(200), candidates: candidates).binding == 2)
        // The finger's matcher still takes a line for a swipe.
        #expect(settings.strokes.match(line(-150, 0), with: settings.strokes.matcher()).rejection == .straight)
    }

    @Test func onlyPointerStrokesAreEntries() {
        #expect(Self.bindings.entries.map(\.id) == [0, 1, 2, 5, 6])
        #expect(PointerStrokeBindings(table: GestureTable(desktop: [Self.table.desktop[3], Self.table.desktop[4]]), pxPerMM: 3.78).isEmpty)
    }

    /// A button bound for any modifiers is one grab for any; a layer is its
    /// own grab; each once, whatever the scope.
    @Test func theGrabsAreExactlyWhatIsBound() {
        typealias G = PointerStrokeBindings.Grab
        #expect(Self.bindings.grabs == [G(button: 2, modifiers: []), G(button: 3, modifiers: nil), G(button: 8, modifiers: .alt)])
    }

    /// X matches a passive grab's modifiers exactly: a layer is grabbed as
    /// is and with Caps Lock, Num Lock and both on.
    @Test func aLayersStatesWithTheLocks() {
        let usual = ModifierMap.usual
        #expect(PointerStrokeBindings.states(nil, usual) == nil)
        #expect(PointerStrokeBindings.states([], usual) == [0, 0x2, 0x10, 0x12])
        #expect(PointerStrokeBindings.states(.super, usual) == [0x40, 0x42, 0x50, 0x52])
        #expect(PointerStrokeBindings.states([.ctrl, .alt], usual) == [0xC, 0xE, 0x1C, 0x1E])
        // Num Lock on Mod3, Super on Mod2 (bit 4): read from the map.
        let odd = ModifierMap(bits: [.shift, [], .ctrl, .alt, .super, [], [], []], numLock: 0x20)
        #expect(PointerStrokeBindings.states(.super, odd) == [0x10, 0x12, 0x30, 0x32])
        // A layout without a Super key: no press can carry it.
        let noSuper = ModifierMap(bits: [.shift, [], .ctrl, .alt, [], [], [], []])
        #expect(PointerStrokeBindings.states(.super, noSuper) == [])
    }

    @Test func whatAPressCanBegin() {
        let b = Self.bindings
        func ids(_ button: Int, _ m: Modifiers, _ d: Device = Self.mouse, _ w: WindowContext = .desktop) -> [Int] {
            b.candidates(button: button, modifiers: m, device: d, window: w).map(\.id)
        }
        #expect(ids(3, []) == [0])
        #expect(ids(3, .super) == [0, 1])
        #expect(ids(3, .alt) == [0], "a layer is its modifiers exactly")
        #expect(ids(1, []) == [], "not bound: replayed")
        #expect(ids(2, [], Self.pen) == [2])
        #expect(ids(2, [], Self.mouse) == [], "the pen's only")
        #expect(ids(3, [], Self.mouse, Self.firefox) == [0, 5])
        #expect(ids(8, .alt, Self.mouse, Self.firefox) == [6])
        #expect(ids(8, .alt) == [], "firefox's scope only over firefox")
    }

    /// A `[[device]]` rule that disables a pointer: no stroke is drawn with
    /// it (its presses are replayed); the first rule to match decides.
    @Test func aDisabledPointerDrawsNothing() {
        var t = Self.table
        t.devices = [DeviceRule(match: .named("Logitech*"), disabled: true), DeviceRule(match: .any)]
        let b = PointerStrokeBindings(table: t, pxPerMM: 3.78)
        #expect(b.candidates(button: 3, modifiers: [], device: Self.mouse, window: .desktop).isEmpty)
        #expect(b.candidates(button: 3, modifiers: [], device: Device(id: 12, name: "Trackball", kind: .other),
                             window: .desktop).map(\.id) == [0])
    }

    /// The finger's L matches drawn with the mouse at any size; the
    /// application's binding outranks the desktop's (SwiftUI's order: a
    /// child's `.gesture` before its parent's).
    @Test func theShapeDrawnFiresTheHighestRankedBindingForIt() {
        let b = Self.bindings
        // 30 px: a pen's shape as small as the $1 logs' (drawn on a
        // Pocket PC's 240 x 320 screen); easystroke's 16 px radius made it a
        // stroke, and so does the button's default minimumSize.
        for size in [30.0, 90, 240, 700] {
            let desktop = b.recognize(Self.ell(size), candidates: b.candidates(button: 3, modifiers: [], device: Self.mouse, window: .desktop))
            #expect(desktop.binding == 0, "\(size)")
            #expect(desktop.match?.name == "L")
        }
        let overFirefox = b.recognize(Self.ell(240), candidates: b.candidates(button: 3, modifiers: [], device: Self.mouse, window: Self.firefox))
        #expect(overFirefox.binding == 5)
        let circle = b.recognize(Self.circle(120), candidates: b.candidates(button: 3, modifiers: .super, device: Self.mouse, window: .desktop))
        #expect(circle.binding == 1)
        // A circle where only an L is bound: only the shapes bound here
        // compete (as easystroke matched within an application's list), and
        // the L is not near enough: nothing, with the closest said.
        let none = b.recognize(Self.circle(120), candidates: b.candidates(button: 3, modifiers: [], device: Self.mouse, window: .desktop))
        #expect(none.binding == nil)
        #expect(none.match?.closest == "L")
        #expect(none.match?.rejection == .belowThreshold || none.match?.rejection == .noCorner)
        // Smaller than the button's default minimumSize (16 px diagonal): too small.
        let small = b.recognize(Self.ell(10), candidates: b.candidates(button: 3, modifiers: [], device: Self.mouse, window: .desktop))
        #expect(small.binding == nil && small.match?.rejection == .tooSmall)
        #expect(b.recognize(Self.ell(240), candidates: []).match == nil)
    }

    /// A config with only pointer strokes asks no touch nor touchpad event.
    @Test func pointerStrokesListenToNoTouch() {
        #expect(ListenPlan(table: GestureTable(desktop: [Self.table.desktop[0]])) == ListenPlan())
        #expect(ListenPlan(table: GestureTable(desktop: [Self.table.desktop[4]])) != ListenPlan())
    }
}
