import GestureConfig
import GestureCore
import GestureSettingsModel
import Testing

/// A stroke in the form (issue 53, point 4) and what "Draw a shape" and
/// Try It say of a path drawn.
@Suite struct DrawnShapeTests {
    static func line(_ a: Point, _ b: Point, _ n: Int = 20) -> [Point] {
        (0...n).map { a + (b - a) * (Double($0) / Double(n)) }
    }
    static let ell = line(.zero, Point(x: 0, y: 200)) + line(Point(x: 0, y: 200), Point(x: 120, y: 200)).dropFirst()
    static let vee = line(.zero, Point(x: 60, y: 150)) + line(Point(x: 60, y: 150), Point(x: 120, y: 0)).dropFirst()

    @Test func aStrokeBindingIsAFormAndWrittenAsDocsWriteIt() throws {
        let form = { () -> BindingForm in
            var f = BindingForm(kind: .stroke, action: .command("x-terminal-emulator"))
            f.shape = "L"
            return f
        }()
        #expect(form.expression == "stroke(\"L\", fingers: 1)")
        #expect(form.gestureWords == "Draw “L” with 1 finger")
        let doc = document("keymap = \"gnome\"\n")
        let text = try doc.add(form, to: .allApplications).get()
        #expect(text.contains("gesture = 'stroke(\"L\", fingers: 1)'"))
        // Read back: the same form.
        let row = try #require(document(text).scopes[0].bindings.first)
        #expect(row.form == form)
        // Options the form has no field for: edited as text.
        let options = document("keymap = \"gnome\"\n[[bind]]\ngesture = 'stroke(\"O\", directionSensitive: false)'\non-ended = \"none\"\n")
        #expect(options.scopes[0].bindings[0].formLimit == "it sets its own thresholds")
    }

    @Test func theVerdictSaysTheClosestShapeAndItsScore() {
        let none = StrokeSet()
        #expect(DrawnShape.verdict(Self.ell, in: none) == "no shape taught yet: nothing to match against")
        let set = StrokeSet([StrokeShape(name: "L", threshold: 0.8, templates: [Self.ell]),
                             StrokeShape(name: "v", threshold: 0.99, templates: [Self.vee])])
        #expect(DrawnShape.verdict(Self.ell.map { $0 * 0.7 }, in: set) == "matches L, 1.00")
        // A v drawn a little wider: closest v, under its (strict) threshold.
        let wide = Self.line(.zero, Point(x: 80, y: 150)) + Self.line(Point(x: 80, y: 150), Point(x: 160, y: 10)).dropFirst()
        let said = DrawnShape.verdict(wide, in: set)
        #expect(said.hasPrefix("no match, closest v 0.") && said.hasSuffix(" of 0.99"), "\(said)")
        #expect(DrawnShape.verdict(Self.line(.zero, Point(x: 300, y: 0)), in: set) == "a straight line: that is a swipe, not a shape")
        #expect(DrawnShape.verdict(Self.ell.map { $0 * 0.1 }, in: set) == "too small to be a shape: draw it bigger")
    }

    /// A stroke drawn with a pointer button (issue 58, item 6): the form's
    /// Button, written as docs/config.md writes it (`button:`, no fingers),
    /// read back; rows say the button; only the gesture's value changes.
    @Test(arguments: [(1, "the left button"), (2, "the middle button"), (3, "the right button"), (8, "mouse button 8"),
                      (9, "mouse button 9")])
    func aStrokesButtonIsAField(_ button: Int, _ words: String) throws {
        var form = BindingForm(kind: .stroke, action: .named("key back"))
        form.shape = "back"
        form.button = button
        #expect(form.expression == "stroke(\"back\", button: \(button))")
        #expect(form.gestureWords == "Draw “back” with \(words)")
        let text = try document("keymap = \"gnome\"\n").add(form, to: .allApplications).get()
        let row = try #require(document(text).scopes[0].bindings.first)
        #expect(row.form == form)
        #expect(row.gestureWords == "Draw “back” with \(words)")
    }

    @Test func settingAStrokesButtonRewritesOnlyItsGesture() throws {
        let text = fixture("pointer-strokes.toml")
        let doc = document(text)
        let finger = doc.scopes[0].bindings[0].ref
        var form = try #require(doc.entry(finger)?.form)
        #expect(form.button == nil && form.shape == "v" && form.fingers == 1)
        #expect(doc.scopes[0].bindings[1].form?.button == 1)
        form.button = 3
        let out = try doc.update(finger, form).get()
        #expect(out == text.replacingOccurrences(of: "gesture = 'stroke(\"v\", fingers: 1)'", with: "gesture = 'stroke(\"v\", button: 3)'"))
        // And back to the fingers.
        form.button = nil
        #expect(try document(out).update(finger, form).get() == text)
    }

    @Test(arguments: [
        ("stroke(\"v\", button: 12)", "its button (12) is not one the form offers"),
        ("stroke(\"v\", button: 3, fingers: 2)", "it gives fingers to a stroke drawn with a button"),
    ])
    func buttonStrokesTheFormCannotHold(_ gesture: String, _ why: String) {
        let doc = document("keymap = \"gnome\"\n[[bind]]\ngesture = '\(gesture)'\non-ended = \"none\"\n")
        #expect(doc.scopes[0].bindings[0].form == nil)
        #expect(doc.scopes[0].bindings[0].formLimit == why)
    }

    /// With a button held a line is a shape (back and forward), as the
    /// daemon matches a button's drawing; with the fingers it is a swipe.
    @Test func aLineDrawnWithAButtonIsMatchedAsTheDaemonMatchesIt() {
        let back = Self.line(Point(x: 200, y: 0), .zero)
        let set = StrokeSet([StrokeShape(name: "back", threshold: 0.8, templates: [back]),
                             StrokeShape(name: "L", threshold: 0.8, templates: [Self.ell])])
        #expect(DrawnShape.verdict(back, in: set, options: DrawnShape.options(button: nil)) == "a straight line: that is a swipe, not a shape")
        #expect(DrawnShape.verdict(back, in: set, options: DrawnShape.options(button: 3)) == "matches back, 1.00")
    }

    /// Try It draws from the monitor's frames (positions, no touch ids): a
    /// second finger landing draws no jump, and the drawing ends at the
    /// first lift, where the recognizer matches (it went on before, with
    /// the fingers left); its points kept as the recognizer keeps them (a
    /// point per 2 px: the landing's repeated point once).
    @Test func aCentroidPathDoesNotJumpWhenFingersComeAndEndsAtTheFirstLift() {
        var p = CentroidPath()
        p.add([Point(x: 100, y: 100)])
        p.add([Point(x: 100, y: 110)])
        p.add([Point(x: 100, y: 120), Point(x: 300, y: 120)])   // a finger lands 200 px away
        p.add([Point(x: 100, y: 130), Point(x: 300, y: 130)])
        p.add([Point(x: 300, y: 140)])                            // the first lifts: the drawing ends
        p.add([Point(x: 300, y: 240)])
        #expect(p.points == [Point(x: 100, y: 100), Point(x: 100, y: 110), Point(x: 100, y: 120)])
    }
}
