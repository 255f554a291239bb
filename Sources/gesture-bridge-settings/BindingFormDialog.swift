import CGtk
import GestureConfig
import GestureCore
import GestureSettingsModel
import GestureSystem

/// The form for what most people bind (issue 42, point 2): kind, fingers,
/// direction, edge, device, modifier layer, action, when it acts, priority.
/// L("Save") hands the form to `save`, which answers nil (stored: the dialog
/// closes) or why not (shown in the dialog, nothing lost).
@MainActor final class BindingFormDialog {
    let window: Widget
    private let nameEntry: Widget
    private let kind = Choice(BindingForm.kinds.map(\.displayName))
    private let fingers = Choice(["1", "2", "3", "4", "5"], names: [L("1 finger"), L("2 fingers"), L("3 fingers"), L("4 fingers"), L("5 fingers")])
    private let taps = Choice([L("Single"), L("Double"), L("Triple")], names: [L("Single tap"), L("Double tap"), L("Triple tap")])
    private static let directions: [Direction?] = [nil, .left, .right, .up, .down, .upLeft, .upRight, .downLeft, .downRight]
    private let direction = Choice([L("Any"), L("Left"), L("Right"), L("Up"), L("Down"), "↖", "↗", "↙", "↘"],
                                   names: [L("Any direction"), L("Left"), L("Right"), L("Up"), L("Down"), L("Up and left"), L("Up and right"),
                                           L("Down and left"), L("Down and right")])
    private static let edges: [Edge?] = [nil, .leftEdge, .rightEdge, .topEdge, .bottomEdge]
    private let edge = Choice([L("Anywhere"), L("Left"), L("Right"), L("Top"), L("Bottom")],
                              names: [L("Anywhere"), L("From the left edge"), L("From the right edge"), L("From the top edge"),
                                      L("From the bottom edge")])
    /// A stroke's pointer button (`stroke("L", button: 3)`): none (the
    /// fingers draw it), then `BindingForm.strokeButtons`.
    private let strokeButton = Choice([Lc("stroke button", "None"), Lc("mouse button", "Left"), Lc("mouse button", "Middle"),
                                       Lc("mouse button", "Right"), "8", "9"],
                                      names: [L("No button: drawn with the fingers"), L("Left button or a pen's tip"),
                                              L("Middle button or a pen's lower side button"),
                                              L("Right button or a pen's upper side button"), L("Button 8 (back)"),
                                              L("Button 9 (forward)")])
    private let devices: [DeviceFilter]
    private let device: Choice
    private let modifierChecks: [(Widget, Modifiers)]
    private let when = Choice([L("At the End"), L("At the Start"), L("While Held"), L("Every Step")],
                              names: [L("Acts at the end"), L("Acts at the start"), L("Acts again and again while held"),
                                      L("Acts every step")])
    private let every: Widget
    private let everyUnit: Widget
    private let action = ActionPicker(title: L("Action"))
    private let decrease = ActionPicker(title: L("Decrease"))
    private let actionRowTitle: Widget
    private let decreaseGroup: Widget
    private let priority = Choice([L("Normal"), L("High"), L("Simultaneous")], names: [L("Normal priority"), L("High priority"),
                                                                             L("Simultaneous priority")])
    private let priorityLine: Widget
    private let problem: Widget
    /// What the row will say: the gesture and the action in words, or what is missing.
    private let preview: Widget
    private let checkAction: (String) -> Diagnostic?
    private var rows: [String: Widget] = [:]
    /// Set when the window goes: its widgets' last signals (a list losing its rows) change nothing.
    private var closed = false
    private let inApplicationScope: Bool
    private let save: (BindingForm) -> String?
    /// A stroke's shape: its name and the "Draw a shape" canvas (DrawShape.swift).
    private let draw: DrawShapePanel

    init(parent: Widget, title: String, form: BindingForm?, inApplicationScope: Bool, seenDevices: [DeviceFilter],
         configPath: String, delete: Action? = nil, checkAction: @escaping (String) -> Diagnostic?, save: @escaping (BindingForm) -> String?) {
        self.save = save
        self.checkAction = checkAction
        self.inApplicationScope = inApplicationScope
        draw = DrawShapePanel(configPath: configPath)
        devices = DeviceFilter.kinds + seenDevices.filter { !DeviceFilter.kinds.contains($0) }
        device = Choice(devices.map(Self.deviceLabel))
        window = Dialog.window(over: parent, title: title, width: 760, height: 720)

        nameEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(nameEntry), L("optional: shown in logs and here"))
        cx_gtk_set_accessible_label(g(nameEntry), L("Name"))
        every = UI.spin(min: 0.1, max: 1000, step: 1, value: 100)
        cx_gtk_set_accessible_label(g(every), L("Every"))
        everyUnit = UI.label(L("px"))
        priorityLine = UI.label("", classes: ["dim-label"], wrap: true)
        problem = UI.label("", classes: ["error"], wrap: true)
        preview = UI.label("", classes: ["title-4"], wrap: true)
        cx_gtk_set_accessible_label(g(preview), L("Preview"))
        modifierChecks = Modifiers.named.map { name, m in
            let label = Words.keyLabel(name)
            return (raw(gtk_check_button_new_with_label(label))!, m)
        }

        actionRowTitle = UI.label(L("Action"), classes: ["heading"])
        decreaseGroup = Self.group(L("Decrease (the other way)"))
        let page = UI.box(true, spacing: 18)
        UI.margins(page, 18)
        UI.append(page, preview)
        var rows: [String: Widget] = [:]
        // Rows are found by their English title; they show it translated.
        func addRow(_ group: Widget, _ title: String, _ control: Widget) { rows[title] = Self.addRow(group, L(title), control) }
        let gesture = Self.group(L("Gesture"))
        addRow(gesture, LN("Name"), nameEntry)
        addRow(gesture, LN("Kind"), kind.box)
        addRow(gesture, LN("Shape"), draw.nameEntry)
        let buttonBox = UI.box(true, spacing: 4, [strokeButton.box,
            UI.label(L("None: drawn with the fingers. A pen's tip is the left button; its side buttons are the middle and the right."),
                     classes: ["dim-label"], wrap: true)])
        addRow(gesture, LN("Button"), buttonBox)
        UI.append(gesture, draw.box)
        addRow(gesture, LN("Fingers"), fingers.box)
        addRow(gesture, LN("Taps"), taps.box)
        addRow(gesture, LN("Direction"), direction.box)
        addRow(gesture, LN("Starts"), edge.box)
        addRow(gesture, LN("Device"), device.box)
        addRow(gesture, LN("Only while held"), UI.flow(modifierChecks.map(\.0)))
        UI.append(page, gesture)

        let acts = Self.group(L("What it does"))
        addRow(acts, LN("When"), when.box)
        addRow(acts, LN("Every"), UI.box(false, spacing: 6, [every, everyUnit]))
        UI.append(acts, actionRowTitle)
        UI.append(acts, action.box)
        UI.append(page, acts)
        UI.append(decreaseGroup, decrease.box)
        UI.append(page, decreaseGroup)

        let prio = Self.group(L("Priority"))
        addRow(prio, LN("Priority"), priority.box)
        UI.append(prio, priorityLine)
        UI.append(page, prio)
        self.rows = rows
        if let delete { UI.append(page, Dialog.deleteButton(window, delete)) }

        UI.margins(problem, 6)
        UI.setVisible(problem, false)
        Dialog.fill(window, action: L("Save"), cancel: { [self] in close() }, act: { [self] in store() },
                    body: [problem, UI.scrolled(page)])

        // The chord recorder takes keys before the entries do.
        let keys = raw(gtk_event_controller_key_new())!
        gtk_event_controller_set_propagation_phase(g(keys), GTK_PHASE_CAPTURE)
        onKeyPressed(keys) { [self] keyval, _, state in
            action.keyPressed(keyval: keyval, state: state) || decrease.keyPressed(keyval: keyval, state: state)
        }
        gtk_widget_add_controller(g(window), g(keys))

        kind.changed = { [self] in
            // A new kind's own step: 100 px is no pinch's.
            if let unit = selectedKind.stepUnit { gtk_spin_button_set_value(g(every), unit.firstStep) }
            // A pinch or a rotation takes two fingers at least.
            if fingers.selected + 1 < selectedKind.defaultFingers { fingers.select(selectedKind.defaultFingers - 1) }
            // A shape is drawn with one finger unless said (the mouse draws its examples).
            if selectedKind.argument(.shape) != nil { fingers.select(0) }
            update()
        }
        for c in [when, priority] { c.changed = { [self] in update() } }
        // Hidden first, then taken apart: from the hiding on, nothing is read.
        on(window, "unrealize") { [self] in closed = true }
        for c in [fingers, taps, direction, edge, device] { c.changed = { [self] in showPreview() } }
        strokeButton.changed = { [self] in update() }
        action.changed = { [self] in showPreview() }
        draw.changed = { [self] in showPreview() }
        // Drawn with the right button (or another but the primary) while the
        // form says None: that button, so it is bound as it was drawn.
        draw.drewWithButton = { [self] b in
            guard selectedKind.argument(.button) != nil, strokeButton.selected == 0,
                  let i = BindingForm.strokeButtons.firstIndex(of: b) else { return }
            strokeButton.select(i + 1)
        }
        decrease.changed = { [self] in showPreview() }
        for (check, _) in modifierChecks { on(check, "toggled") { [self] in showPreview() } }
        fill(form ?? BindingForm(kind: BindingForm.kinds[0], fingers: 3, direction: .left, action: .named("workspace next")))
        update()
    }

    func present() { gtk_window_present(g(window)) }

    private static func group(_ title: String) -> Widget {
        let box = UI.box(true, spacing: 8)
        UI.append(box, UI.label(title, classes: ["title-4"]))
        return box
    }

    private static func addRow(_ group: Widget, _ title: String, _ control: Widget) -> Widget {
        let label = UI.label(title)
        gtk_widget_set_size_request(g(label), 110, -1)
        gtk_label_set_wrap(g(label), 1)
        gtk_widget_set_valign(g(label), GTK_ALIGN_CENTER)
        let row = UI.box(false, spacing: 12, [label, control])
        UI.append(group, row)
        return row
    }

    static func deviceLabel(_ d: DeviceFilter) -> String {
        switch d {
        case .any: return L("Any")
        case .touchscreen: return L("Touchscreen")
        case .touchpad: return L("Touchpad")
        case .named(let n): return n
        case .usb(let v, let p):
            func hex(_ n: UInt16) -> String { let s = String(n, radix: 16); return String(repeating: "0", count: 4 - s.count) + s }
            return L("USB {id}", ["id": hex(v) + ":" + hex(p)])
        }
    }

    private var selectedKind: BindingForm.Kind { BindingForm.kinds[kind.selected] }

    /// The stroke's button chosen, nil for none or a kind that takes none.
    private var selectedButton: Int? {
        selectedKind.argument(.button) != nil && strokeButton.selected > 0 ? BindingForm.strokeButtons[strokeButton.selected - 1] : nil
    }

    /// Shows the fields the kind and the moment take.
    private func update() {
        guard !closed else { return }
        let k = selectedKind
        UI.setVisible(rows["Taps"]!, k.argument(.count) != nil)
        UI.setVisible(rows["Direction"]!, k.argument(.direction) != nil)
        UI.setVisible(rows["Shape"]!, k.argument(.shape) != nil)
        UI.setVisible(draw.box, k.argument(.shape) != nil)
        UI.setVisible(rows["Button"]!, k.argument(.button) != nil)
        // A stroke drawn with a button has no fingers to say.
        UI.setVisible(rows["Fingers"]!, selectedButton == nil)
        draw.button = selectedButton
        let steps = when.selected == 3
        // "While held" for a press, "Every step" for what moves (the table's `decidedByTime`, `stepUnit`).
        when.setVisible(2, k.decidedByTime)
        when.setVisible(3, k.isContinuous)
        if (when.selected == 2 && !k.decidedByTime) || (steps && !k.isContinuous) { when.select(0) }
        UI.setVisible(rows["Every"]!, when.selected == 3)
        UI.setVisible(decreaseGroup, when.selected == 3)
        gtk_label_set_text(g(actionRowTitle), when.selected == 3 ? L("Increase (this way)") : L("Action"))
        let unit = k.stepUnit ?? .px
        gtk_label_set_text(g(everyUnit), unit.symbol)
        gtk_spin_button_set_digits(g(every), UInt32(unit.decimals))
        gtk_spin_button_set_increments(g(every), unit.decimals == 1 ? 0.1 : 1, 10)
        gtk_label_set_text(g(priorityLine), Words.priority(Priority.allCases[priority.selected],
                                                           inApplicationScope: inApplicationScope))
        showPreview()
    }

    /// The row as it will read ("Swipe left with 3 fingers — Next workspace"),
    /// or what is missing or wrong (a chord's unknown key, said as the loader says it).
    private func showPreview() {
        guard !closed else { return }
        gtk_widget_remove_css_class(g(preview), "error")
        switch read() {
        case .failure(let p):
            gtk_label_set_text(g(preview), L("To store it: {problem}.", ["problem": p.message]))
        case .success(let form):
            for a in [form.action] + (form.decrease.map { [$0] } ?? []) {
                if case .keys = a, let d = checkAction(a.text) {
                    gtk_widget_add_css_class(g(preview), "error")
                    gtk_label_set_text(g(preview), "\(a.text): \(d.message)")
                    return
                }
            }
            gtk_label_set_text(g(preview), form.gestureWords + " — " + form.actionWords)
        }
    }

    private func fill(_ f: BindingForm) {
        UI.setText(ofEditable: nameEntry, f.name ?? "")
        kind.select(BindingForm.kinds.firstIndex(of: f.kind) ?? 0)
        draw.shape = f.shape
        strokeButton.select(f.button.flatMap { BindingForm.strokeButtons.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        fingers.select(max(0, min(4, f.fingers - 1)))
        taps.select(max(0, min(2, f.tapCount - 1)))
        direction.select(Self.directions.firstIndex(of: f.direction) ?? 0)
        edge.select(Self.edges.firstIndex(of: f.edge) ?? 0)
        device.select(devices.firstIndex(of: f.device) ?? 0)
        for (check, m) in modifierChecks {
            gtk_check_button_set_active(g(check), f.modifiers?.contains(m) == true ? 1 : 0)
        }
        switch f.when {
        case .end: when.select(0)
        case .start: when.select(1)
        case .repeating: when.select(2)
        case .steps(let n):
            when.select(3)
            gtk_spin_button_set_value(g(every), n * (f.kind.stepUnit?.shownPerWritten ?? 1))
        }
        action.set(f.action)
        decrease.set(f.decrease ?? f.action)
        priority.select(Priority.allCases.firstIndex(of: f.priority) ?? 0)
    }

    /// The form as it stands, or why it cannot be stored.
    private func read() -> Result<BindingForm, FormProblem> {
        let k = selectedKind
        var mods: Modifiers = []
        for (check, m) in modifierChecks where gtk_check_button_get_active(g(check)) != 0 { mods.insert(m) }
        // A value typed and not yet entered counts.
        gtk_spin_button_update(g(every))
        let n = gtk_spin_button_get_value(g(every))
        let moment: BindingForm.When
        switch when.selected {
        case 1: moment = .start
        case 2: moment = .repeating
        case 3: moment = .steps(every: n / (k.stepUnit?.shownPerWritten ?? 1))
        default: moment = .end
        }
        let name = UI.text(ofEditable: nameEntry).trimmingWhitespace()
        let main: BindingForm.Action
        switch action.action {
        case .failure(let p): return .failure(p)
        case .success(let a): main = a
        }
        if k.argument(.shape) != nil && draw.shape.isEmpty { return .failure(FormProblem(L("name the shape"))) }
        var other: BindingForm.Action? = nil
        if case .steps = moment {
            switch decrease.action {
            case .failure(let p): return .failure(FormProblem(L("decrease: {problem}", ["problem": p.message])))
            case .success(let a): other = a
            }
        }
        var form = BindingForm(kind: k, fingers: fingers.selected + 1,
                                    direction: k.argument(.direction) != nil ? Self.directions[direction.selected] : nil,
                                    edge: Self.edges[edge.selected], tapCount: k.argument(.count) != nil ? taps.selected + 1 : 1,
                                    device: devices[device.selected], modifiers: mods.isEmpty ? nil : mods,
                                    when: moment, action: main, decrease: other,
                                    priority: Priority.allCases[priority.selected], name: name.isEmpty ? nil : name)
        form.shape = k.argument(.shape) != nil ? draw.shape : ""
        form.button = selectedButton
        return .success(form)
    }

    private func store() {
        switch read() {
        case .failure(let p): say(p.message)
        case .success(let form):
            if let why = save(form) { say(why) } else { close() }
        }
    }

    private func close() {
        closed = true
        gtk_window_destroy(g(window))
    }

    private func say(_ message: String) {
        gtk_label_set_text(g(problem), message)
        UI.setVisible(problem, true)
    }
}
