import CGtk
import GestureSettingsModel

/// Another tool's config (touchegg, fusuma, libinput-gestures, easystroke), shown
/// before anything is written: the gestures that come across, in words,
/// easystroke's shapes, and what is lost, each with its line (issue 42,
/// point 5; issue 58, item 7).
@MainActor final class ImportDialog {
    let window: Widget

    init(parent: Widget, preview: ImportPreview, source: String, replacing: Bool, strokesPath: String,
         importIt: @escaping () -> String?) {
        window = Dialog.window(over: parent, title: L("Import from {tool}", ["tool": preview.tool.rawValue]), width: 640, height: 560)

        let page = UI.box(true, spacing: 10)
        UI.margins(page, 18)
        UI.append(page, UI.label("\(source): \(preview.summary)".tildeAbbreviated, wrap: true))
        UI.append(page, UI.label(L("What comes across"), classes: ["heading"]))
        let list = raw(gtk_list_box_new())!
        gtk_list_box_set_selection_mode(g(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(g(list), "boxed-list")
        cx_gtk_set_accessible_label(g(list), L("What comes across"))
        for scope in preview.document.scopes {
            for b in scope.bindings {
                let place = scope.classGlob.map { " " + L("(in {class})", ["class": $0]) } ?? ""
                // A named binding's title is its name: the gesture is said under it (a stroke's shape and button).
                let words = b.name == nil ? b.actionWords : b.gestureWords + "\n" + b.actionWords
                gtk_list_box_append(g(list), g(UI.row(b.title + place, subtitle: words)))
            }
        }
        UI.append(page, list)
        if !preview.shapes.shapes.isEmpty {
            // easystroke's drawings: each shape's templates, for strokes.toml beside the config.
            UI.append(page, UI.label(L("Shapes drawn"), classes: ["heading"]))
            UI.append(page, UI.label(L("They go to {file}: a shape of the same name there is replaced, the others stay.",
                                       ["file": strokesPath.tildeAbbreviated]), classes: ["dim-label"], wrap: true))
            let shapes = raw(gtk_list_box_new())!
            gtk_list_box_set_selection_mode(g(shapes), GTK_SELECTION_NONE)
            gtk_widget_add_css_class(g(shapes), "boxed-list")
            cx_gtk_set_accessible_label(g(shapes), L("Shapes drawn"))
            for s in preview.shapes.shapes {
                gtk_list_box_append(g(shapes), g(UI.row(s.name, subtitle: Ln("{count} drawing", "{count} drawings", s.templates.count))))
            }
            UI.append(page, shapes)
        }
        if !preview.lost.isEmpty || !preview.notes.isEmpty {
            UI.append(page, UI.label(L("What is lost"), classes: ["heading"]))
            for l in preview.lost { UI.append(page, UI.label(L("line {line}: {reason}", ["line": String(l.line), "reason": l.reason]), classes: ["warning"], wrap: true)) }
            for n in preview.notes { UI.append(page, UI.label(n, classes: ["dim-label"], wrap: true)) }
        }
        if replacing {
            UI.append(page, UI.label(L("Importing replaces your config with this one; yours is kept beside it as a .bak."),
                                     classes: ["warning"], wrap: true))
        }
        let problem = UI.label("", classes: ["error"], wrap: true)
        UI.setVisible(problem, false)
        UI.append(page, problem)

        Dialog.fill(window, action: L("Import"), cancel: { [window] in gtk_window_destroy(g(window)) }, act: { [window] in
            if let why = importIt() {
                gtk_label_set_text(g(problem), why)
                UI.setVisible(problem, true)
            } else {
                gtk_window_destroy(g(window))
            }
        }, body: [UI.scrolled(page)])
    }

    func present() { gtk_window_present(g(window)) }
}
