import CGtk
import GestureConfig
import GestureSettingsModel

/// A binding the form cannot express (a composition, its own thresholds, a
/// key the form has no field for): its gesture expression in an editor,
/// `check`'s diagnostics under it as it is typed. Only the `gesture` value
/// is ever rewritten, and only when L("Save") is pressed.
@MainActor final class ExpressionDialog {
    let window: Widget
    private let entry: Widget
    private let diagnostics: Widget
    private let check: (String) -> [Diagnostic]
    private let save: (String) -> String?

    init(parent: Widget, entry binding: BindingEntry, check: @escaping (String) -> [Diagnostic],
         delete: @escaping Action, save: @escaping (String) -> String?) {
        self.check = check
        self.save = save
        window = Dialog.window(over: parent, title: L("Edit {gesture}", ["gesture": binding.title]), width: 720, height: 360)

        let page = UI.box(true, spacing: 12)
        UI.margins(page, 18)
        UI.append(page, UI.label(L("The form cannot show this gesture: {reason}. Edit its expression; everything else in its table stays as written.",
                                   ["reason": binding.formLimit ?? L("it is written as an expression")]), wrap: true))
        UI.append(page, UI.label("\(binding.gestureWords) — \(binding.actionWords)", classes: ["dim-label"], wrap: true))
        entry = raw(gtk_entry_new())!
        gtk_widget_add_css_class(g(entry), "monospace")
        cx_gtk_set_accessible_label(g(entry), L("Gesture expression"))
        UI.setText(ofEditable: entry, binding.expression)
        UI.append(page, entry)
        diagnostics = UI.label("", classes: ["monospace"], wrap: true)
        cx_gtk_set_accessible_label(g(diagnostics), L("Diagnostics"))
        gtk_label_set_selectable(g(diagnostics), 1)
        UI.append(page, diagnostics)
        UI.append(page, Dialog.deleteButton(window, delete))

        Dialog.fill(window, action: L("Save"), cancel: { [window] in gtk_window_destroy(g(window)) }, act: { [self] in store() },
                    body: [page])
        on(entry, "changed") { [self] in showDiagnostics() }
        showDiagnostics()
    }

    func present() { gtk_window_present(g(window)) }

    private func showDiagnostics() {
        let found = check(UI.text(ofEditable: entry))
        let text = found.isEmpty ? L("No problems.") : found.map { d in
            "\(d.line):\(d.column): " + (d.isError ? L("error: {message}", ["message": d.message]) : L("warning: {message}", ["message": d.message]))
        }.joined(separator: "\n")
        gtk_label_set_text(g(diagnostics), text)
        gtk_widget_remove_css_class(g(diagnostics), "error")
        gtk_widget_remove_css_class(g(diagnostics), "warning")
        if let worst = found.first { gtk_widget_add_css_class(g(diagnostics), found.contains(where: \.isError) || worst.isError ? "error" : "warning") }
    }

    private func store() {
        if let why = save(UI.text(ofEditable: entry)) {
            gtk_label_set_text(g(diagnostics), why)
            gtk_widget_add_css_class(g(diagnostics), "error")
        } else {
            gtk_window_destroy(g(window))
        }
    }
}
