import CGtk

/// One of a few: toggle buttons (each a push button a person, and AT-SPI's
/// "click", presses) in a flow box, so that a narrow form wraps them onto
/// more lines (issue 52, point 4). Used in the form instead of drop downs,
/// which GTK 4.8 gives assistive technologies no way to set.
@MainActor final class Choice {
    let box: Widget
    private var buttons: [Widget] = []
    private(set) var selected: Int = 0
    var changed: Action = {}

    /// `labels`: what each button shows; `names`: what it is called for
    /// assistive technologies when that differs ("3" is "3 fingers").
    init(_ labels: [String], names: [String]? = nil, selected: Int = 0) {
        box = UI.flow()
        for (i, label) in labels.enumerated() {
            let b = raw(gtk_toggle_button_new_with_label(label))!
            if let names { cx_gtk_set_accessible_label(g(b), names[i]) }
            if let first = buttons.first { gtk_toggle_button_set_group(g(b), g(first)) }
            onNotify(b, "active") { [self] in
                guard gtk_toggle_button_get_active(g(b)) != 0, self.selected != i else { return }
                self.selected = i
                changed()
            }
            buttons.append(b)
            UI.flowAppend(box, b)
        }
        select(selected)
    }

    func select(_ i: Int) {
        guard buttons.indices.contains(i) else { return }
        selected = i
        gtk_toggle_button_set_active(g(buttons[i]), 1)
    }

    /// Shows only the choices `visible` says (a swipe's directions).
    func setVisible(_ i: Int, _ on: Bool) { UI.setVisible(raw(gtk_widget_get_parent(g(buttons[i])))!, on) }
}
