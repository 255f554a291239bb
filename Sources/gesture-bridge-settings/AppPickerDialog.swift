import CGtk
import GestureSettingsModel
import GestureSystem

/// Which application a new scope is for: one of those running (their
/// WM_CLASS), a window clicked, or a class glob typed.
@MainActor final class AppPickerDialog {
    let window: Widget
    private let list: Widget
    private let entry: Widget
    private let problem: Widget
    private var classes: [String] = []
    private let add: (String) -> String?

    init(parent: Widget, add: @escaping (String) -> String?) {
        self.add = add
        window = Dialog.window(over: parent, title: L("Add Application"), width: 480, height: 520)

        list = raw(gtk_list_box_new())!
        gtk_list_box_set_selection_mode(g(list), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(g(list), "boxed-list")
        cx_gtk_set_accessible_label(g(list), L("Running applications"))
        entry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(entry), "firefox, org.gnome.*")
        cx_gtk_set_accessible_label(g(entry), L("Window class"))
        problem = UI.label("", classes: ["error"], wrap: true)
        UI.setVisible(problem, false)
        let pick = UI.button(L("Pick a Window")) { [self] in
            gtk_label_set_text(g(problem), L("Click the window of the application (Esc cancels)…"))
            UI.setVisible(problem, true)
            RunningApplications.pick { [self] c in
                UI.setVisible(problem, false)
                if let c { UI.setText(ofEditable: entry, c) }
            }
        }
        let page = UI.box(true, spacing: 12)
        UI.margins(page, 18)
        UI.append(page, UI.label(L("Running applications"), classes: ["heading"]))
        let scroll = UI.scrolled(list)
        UI.append(page, scroll)
        UI.append(page, UI.label(L("Or its window class (WM_CLASS, as xprop shows it; * and ? match any):"), wrap: true))
        UI.append(page, UI.box(false, spacing: 6, [entry, pick]))
        UI.expand(entry)
        UI.append(page, problem)

        Dialog.fill(window, action: L("Add"), cancel: { [window] in gtk_window_destroy(g(window)) }, act: { [self] in store() },
                    body: [page])

        on(list, "row-selected") { [self] (row: UnsafeMutableRawPointer?) in
            guard let row else { return }
            let i = Int(gtk_list_box_row_get_index(g(row)))
            if classes.indices.contains(i) { UI.setText(ofEditable: entry, classes[i]) }
        }
        RunningApplications.list { [self] found in
            classes = found
            for c in found {
                let row = raw(gtk_list_box_row_new())!
                let l = UI.label(c)
                UI.margins(l, 8)
                gtk_list_box_row_set_child(g(row), g(l))
                cx_gtk_set_accessible_label(g(row), c)
                gtk_list_box_append(g(list), g(row))
            }
            if found.isEmpty {
                let l = UI.label(L("None found (no window manager lists its windows)."), classes: ["dim-label"], wrap: true)
                UI.margins(l, 8)
                gtk_list_box_append(g(list), g(l))
            }
        }
    }

    func present() { gtk_window_present(g(window)) }

    private func store() {
        let glob = UI.text(ofEditable: entry).trimmingWhitespace()
        guard !glob.isEmpty else {
            gtk_label_set_text(g(problem), L("Pick an application, or type its window class."))
            UI.setVisible(problem, true)
            return
        }
        if let why = add(glob) {
            gtk_label_set_text(g(problem), why)
            UI.setVisible(problem, true)
        } else {
            gtk_window_destroy(g(window))
        }
    }
}
