import GestureConfig
import GestureCore
import GestureSettingsModel
import Testing

@Suite struct FormTests {
    /// Which bindings of the rich fixture the form holds, and why not the others.
    @Test func theFormHoldsWhatItCanSayAndSaysWhyNot() {
        let rows = document(fixture("full.toml")).scopes.flatMap(\.bindings)
        #expect(rows.map { $0.form == nil ? $0.formLimit ?? "?" : "form" } == [
            "form", "form", "form",
            "it is a composition (sequenced)",
            "form",
            "it has 'keep-modifiers', which the form has no field for",
            "form",
            "it is a composition (simultaneously)",
            "form", "form", "form",
        ])
        #expect(rows[0].form == BindingForm(kind: .swipe, fingers: 3, direction: .left, action: .named("workspace next"),
                                            priority: .high, name: "workspace-next"))
        #expect(rows[2].form == BindingForm(kind: .pinch, fingers: 2, device: .touchpad, when: .steps(every: 0.15),
                                            action: .keys("ctrl+plus"), decrease: .keys("ctrl+minus"), name: "zoom"))
        #expect(rows[4].form == BindingForm(kind: .tap, fingers: 2, device: .touchscreen, action: .button(3, here: true),
                                            priority: .high))
        #expect(rows[6].form?.edge == .rightEdge && rows[6].enabled == false)
        // An array of one action is one action.
        #expect(rows[10].form?.action == .keys("alt+Up"))
    }

    @Test(arguments: [
        ("gesture = \"swipe(fingers: 3, minimumDistance: 40px)\"\non-ended = \"none\"", "it sets its own thresholds"),
        ("gesture = \"longPress(minimumDuration: 1s)\"\non-ended = \"none\"", "it sets its own thresholds"),
        ("gesture = \"swipe(fingers: 1, from: .leftEdge, edgeWidth: 40px)\"\non-ended = \"none\"", "it sets its own thresholds"),
        ("gesture = \"tap()\"\non-ended = [\"button 1\", \"button 1\"]", "it does more than one action at once"),
        ("gesture = \"tap()\"\non-began = \"button 1\"\non-ended = \"button 2\"", "it acts at more than one moment (on-ended, on-began)"),
        ("gesture = \"tap()\"\non-ended = \"keydown alt\"", "its action 'keydown alt' is not one the form offers"),
        ("gesture = \"tap()\"", "it has no action"),
        ("gesture = \"drag()\"\non-changed = \"move\"", "it has 'on-changed', which the form has no field for"),
    ])
    func bindingsTheFormCannotHold(_ keys: String, _ why: String) {
        let doc = document("keymap = \"gnome\"\n[[bind]]\n" + keys + "\n")
        #expect(!doc.isReadOnly, "\(doc.diagnostics)")
        let row = doc.scopes[0].bindings[0]
        #expect(row.form == nil)
        #expect(row.formLimit == why)
        // Editing it by the form is refused; by its expression it is not.
        #expect(doc.update(row.ref, BindingForm(kind: .tap, action: .nothing)).isFailure)
        #expect((try? doc.updateExpression(row.ref, "tap(fingers: 2)").get()) != nil)
    }

    /// The form's live preview says what the row will say once it is added.
    @Test func aFormsWordsAreItsRowsWords() throws {
        let doc = document(fixture("full.toml"))
        for row in doc.scopes.flatMap(\.bindings) {
            guard let form = row.form else { continue }
            #expect(form.gestureWords == row.gestureWords)
            #expect(form.actionWords == row.actionWords)
        }
        let pinch = BindingForm(kind: .pinch, device: .touchpad, when: .steps(every: 0.15), action: .keys("ctrl+plus"),
                                decrease: .keys("ctrl+minus"))
        #expect(pinch.gestureWords == "Pinch with 2 fingers on the touchpad")
        #expect(pinch.actionWords == "Ctrl+Plus / Ctrl+Minus per 15 %")
    }

    /// The form's kinds are the table's (`GestureKind.all`, their `formPlace`):
    /// each is written and read back as itself with the table's fingers, and
    /// says the table's words (a stroke its shape's: DrawnShapeTests).
    @Test func theFormsKindsAreTheTablesKinds() {
        #expect(BindingForm.kinds.map(\.name) == ["swipe", "magnify", "rotate", "tap", "longPress", "hold", "drag", "stroke"])
        for kind in BindingForm.kinds {
            var form = BindingForm(kind: kind, when: kind.isContinuous ? .steps(every: 2) : .end, action: .nothing)
            if kind.argument(.shape) != nil { form.shape = "L" }
            #expect(form.fingers == kind.defaultFingers)
            #expect(form.gestureWords.hasPrefix(kind.argument(.shape) != nil ? "Draw “L”" : kind.displayName))
            #expect(form.actionWords.hasSuffix(kind.stepUnit.map { $0.words(2) } ?? "Nothing"))
            guard case .success(let text) = document("keymap = \"gnome\"\n").add(form, to: .allApplications) else {
                Issue.record("\(kind.name): not added")
                continue
            }
            #expect(document(text).scopes[0].bindings.last?.form == form, "\(kind.name)")
        }
    }

    @Test(arguments: [
        (BindingForm(kind: .swipe, fingers: 3, direction: .left, action: .nothing), "swipe(fingers: 3, direction: .left)"),
        (BindingForm(kind: .swipe, fingers: 1, direction: .left, edge: .rightEdge, action: .nothing),
         "swipe(fingers: 1, direction: .left, from: .rightEdge)"),
        (BindingForm(kind: .pinch, action: .nothing), "magnify(fingers: 2)"),
        (BindingForm(kind: .tap, fingers: 2, tapCount: 2, action: .nothing), "tap(count: 2, fingers: 2)"),
        (BindingForm(kind: .longPress, action: .nothing), "longPress(fingers: 1)"),
        (BindingForm(kind: .hold, fingers: 3, action: .nothing), "hold(fingers: 3)"),
    ])
    func formExpressions(_ form: BindingForm, _ expression: String) {
        #expect(form.expression == expression)
    }

    @Test(arguments: [
        ("workspace next", BindingForm.Action.named("workspace next")),
        ("key zoom-in", .named("key zoom-in")),
        ("key ctrl+alt+Right", .keys("ctrl+alt+Right")),
        ("button 3 here", .button(3, here: true)),
        ("button 2", .button(2, here: false)),
        ("exec rofi -show window", .command("rofi -show window")),
        ("none", .nothing),
    ])
    func actionsReadAndWrittenBack(_ text: String, _ action: BindingForm.Action) {
        #expect(BindingForm.Action(text: text) == action)
        #expect(action.text == text)
    }

    /// Every named action the form offers loads with every built-in keymap.
    @Test(arguments: ["gnome", "kde", "xfce", "cinnamon", "mate", "i3", "openbox", "generic"])
    func everyOfferedNamedActionLoads(_ keymap: String) {
        for named in NamedAction.all {
            let text = "keymap = \"\(keymap)\"\n[[bind]]\ngesture = \"tap()\"\non-ended = \(Literals.quote(named.text))\n"
            if case .failure(let e) = testLoader().load(text: text, file: "c.toml") {
                Issue.record("\(keymap): \(named.text): \(e)")
            }
        }
    }

    /// The live diagnostics of the expression editor.
    @Test(arguments: [
        ("swipe(fingers: 3, direction: .left)", []),
        ("swipe(fingers: 3, direction: .lef)", ["1:30: unknown direction"]),
        ("MagnificationGesture()", ["1:1: warning: "]),
        ("tap(", ["1:5: "]),
    ] as [(String, [String])])
    func checkExpression(_ expression: String, _ expected: [String]) {
        let diagnostics = document("").check(expression: expression)
        #expect(diagnostics.count == expected.count)
        for (d, prefix) in zip(diagnostics, expected) {
            #expect(d.description.hasPrefix("gesture:" + prefix), "\(d)")
            #expect(d.lineText == expression)
        }
    }
}
