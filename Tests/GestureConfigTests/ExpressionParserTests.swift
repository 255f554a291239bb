import GestureConfig
import GestureCore
import Testing

@Suite struct ExpressionParserTests {
    static let cases: [(String, GestureSpec)] = [
        ("swipe(fingers: 3, direction: .left)", .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3)))),
        ("magnify(fingers: 2)", .magnify(MagnifySpec(common: CommonArguments(fingers: 2)))),
        ("longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40px))",
         .sequenced(.longPress(LongPressSpec(minimumDuration: 0.6)), .drag(DragSpec(minimumDistance: .px(40))))),
        ("swipe(fingers: 2, direction: .right)", .swipe(SwipeSpec(direction: .right, common: CommonArguments(fingers: 2)))),
        ("tap()", .tap(TapSpec())),
        ("TapGesture(count: 2)", .tap(TapSpec(count: 2))),
        ("LONGPRESSGESTURE(minimumDuration: 800ms, maximumDistance: 3mm)",
         .longPress(LongPressSpec(minimumDuration: 0.8, maximumDistance: .mm(3)))),
        ("DragGesture(minimumDistance: 20)", .drag(DragSpec(minimumDistance: .px(20)))),
        ("pinch(fingers: 3, minimumScaleDelta: 0.1)", .magnify(MagnifySpec(minimumScaleDelta: 0.1, common: CommonArguments(fingers: 3)))),
        ("MagnifyGesture()", .magnify(MagnifySpec())),
        ("RotateGesture(minimumAngleDelta: 10deg)", .rotate(RotateSpec(minimumAngleDelta: 10))),
        ("hold(fingers: 3, minimumDuration: 1s)", .hold(HoldSpec(minimumDuration: 1, common: CommonArguments(fingers: 3)))),
        ("swipe(direction: .upLeft, minimumDistance: 20mm, minimumVelocity: 300px/s, maximumDeviation: 15deg)",
         .swipe(SwipeSpec(direction: .upLeft, minimumDistance: .mm(20), minimumVelocity: Speed(.px(300)), maximumDeviation: 15))),
        ("swipe(fingers: 1, direction: .right, from: .leftEdge, edgeWidth: 40px)",
         .swipe(SwipeSpec(direction: .right, common: CommonArguments(fingers: 1, from: .leftEdge, edgeWidth: .px(40))))),
        ("magnify().simultaneously(with: rotate())", .simultaneously(.magnify(MagnifySpec()), .rotate(RotateSpec()))),
        ("tap(count: 2).exclusively(before: longPress())", .exclusively(.tap(TapSpec(count: 2)), .longPress(LongPressSpec()))),
        ("  tap ( count : 2 ) . exclusively ( before : longPress ( ) )  ",
         .exclusively(.tap(TapSpec(count: 2)), .longPress(LongPressSpec()))),
        // Left-associative chains, and a composition nested in an argument.
        ("tap().exclusively(before: drag()).simultaneously(with: hold())",
         .simultaneously(.exclusively(.tap(TapSpec()), .drag(DragSpec())), .hold(HoldSpec()))),
        ("tap().exclusively(before: drag().simultaneously(with: hold()))",
         .exclusively(.tap(TapSpec()), .simultaneously(.drag(DragSpec()), .hold(HoldSpec())))),
    ]

    @Test(arguments: cases)
    func parses(_ text: String, _ expected: GestureSpec) throws {
        let (spec, warnings) = try ExpressionParser.parse(text).get()
        #expect(spec == expected)
        #expect(warnings.isEmpty)
        // What check prints parses back to the same gesture.
        #expect(try ExpressionParser.parse(ExpressionPrinter.text(spec)).get().0 == spec)
    }

    /// `stroke("NAME", button: N)`: drawn with pointer button N held. The
    /// button is kept in the gesture (nil: fingers), printed back by `check`,
    /// and checked: a whole number of X's buttons, never the wheel's clicks.
    @Test(arguments: [
        ("stroke(\"L\", button: 3)", 3), ("stroke(\"L\", button: 1)", 1), ("stroke(\"L\", button: 8)", 8),
        ("stroke(shape: \"L\", button: 255)", 255), ("stroke(\"L\")", nil),
    ] as [(String, Int?)])
    func aStrokesButtonIsKept(_ text: String, _ button: Int?) throws {
        let (spec, warnings) = try ExpressionParser.parse(text).get()
        guard case .stroke(let s) = spec else { Issue.record("not a stroke: \(spec)"); return }
        #expect(s.shape == "L" && s.button == button && warnings.isEmpty)
        #expect(ExpressionPrinter.text(spec) == (button.map { "stroke(\"L\", button: \($0))" } ?? "stroke(\"L\")"))
        #expect(spec != .stroke(StrokeSpec(shape: "L", button: button.map { $0 + 1 } ?? 2)))
    }

    @Test(arguments: [
        ("stroke(\"L\", button: 0)", 20), ("stroke(\"L\", button: 4)", 20), ("stroke(\"L\", button: 7)", 20),
        ("stroke(\"L\", button: 256)", 20), ("stroke(\"L\", button: 2.5)", 20), ("stroke(\"L\", button: 3px)", 20),
        ("stroke(\"L\", button: .right)", 20), ("stroke(\"L\", button: \"3\")", 20),
    ])
    func aStrokesButtonOutOfRangeIsRefusedAtIt(_ text: String, _ offset: Int) {
        guard case .failure(let e) = ExpressionParser.parse(text) else { Issue.record("\(text) parsed"); return }
        #expect(e.offset == offset)
        #expect(e.message == "'button' takes a pointer button from 1 to 255 other than the wheel's 4 to 7, e.g. button: 3")
    }

    @Test(arguments: ["MagnificationGesture()", "RotationGesture()"])
    func deprecatedNamesWarn(_ text: String) throws {
        let (_, warnings) = try ExpressionParser.parse(text).get()
        #expect(warnings.count == 1 && warnings[0].isWarning && warnings[0].offset == 0)
        #expect(warnings[0].message.contains("deprecated"))
    }
}
