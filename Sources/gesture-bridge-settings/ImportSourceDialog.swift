import CGtk
import GestureSettingsModel

/// Import from Another Tool (the primary menu; issue 58, item 7): which
/// tool, and its file, where the tool keeps it to begin with
/// (`~/.easystroke/actions-0.5.6` for easystroke), typed or chosen with a
/// file chooser. "Preview" opens the import's preview (ImportDialog), where
/// nothing is written until the user says so. The banner offers the same
/// for a file found in its usual place.
@MainActor final class ImportSourceDialog {
    let window: Widget
    private let tools = ImportPreview.Tool.allCases
    private let tool: Choice
    private let file: Widget
    private let problem: Widget
    private let home: String
    /// Kept while the file chooser is open (a GtkNativeDialog is not a widget: nothing else holds it).
    private var chooser: Widget?

    /// `preview(tool, path)`: nil when the preview opened, else why not.
    init(parent: Widget, home: String, preview: @escaping (ImportPreview.Tool, String) -> String?) {
        self.home = home
        tool = Choice(tools.map(\.rawValue), selected: tools.firstIndex(of: .easystroke) ?? 0)
        window = Dialog.window(over: parent, title: L("Import from Another Tool"), width: 560, height: 360)
        file = raw(gtk_entry_new())!
        cx_gtk_set_accessible_label(g(file), L("File to import"))
        UI.expand(file)
        problem = UI.label("", classes: ["error"], wrap: true)
        UI.setVisible(problem, false)

        let page = UI.box(true, spacing: 12)
        UI.margins(page, 18)
        UI.append(page, UI.label(L("Bring another gesture tool's bindings here. Nothing is written before the preview's Import."),
                                 classes: ["dim-label"], wrap: true))
        UI.append(page, UI.label(L("Tool"), classes: ["heading"]))
        UI.append(page, tool.box)
        UI.append(page, UI.label(L("Its file"), classes: ["heading"]))
        UI.append(page, UI.box(false, spacing: 6, [file, UI.button(L("Choose File…")) { [self] in choose() }]))
        UI.append(page, problem)
        tool.changed = { [self] in showDefaultFile() }
        showDefaultFile()
        Dialog.fill(window, action: L("Preview"), cancel: { [self] in close() }, act: { [self] in
            let path = UI.text(ofEditable: file).trimmingWhitespace()
            if let why = preview(tools[tool.selected], path.hasPrefix("~/") ? home + path.dropFirst() : path) {
                gtk_label_set_text(g(problem), why)
                UI.setVisible(problem, true)
            } else {
                close()
            }
        }, body: [page])
    }

    func present() { gtk_window_present(g(window)) }

    /// The chosen tool's file where it keeps it.
    private func showDefaultFile() {
        UI.setText(ofEditable: file, home + "/" + tools[tool.selected].defaultPath)
        UI.setVisible(problem, false)
    }

    /// A file chooser (GtkFileChooserNative: the desktop's own through its
    /// portal where there is one, GTK 4.0) on the file the entry says.
    private func choose() {
        guard let c = raw(gtk_file_chooser_native_new(L("Choose the File to Import"), g(window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                      L("Choose"), L("Cancel"))) else { return }
        chooser = c
        let current = g_file_new_for_path(UI.text(ofEditable: file))
        gtk_file_chooser_set_file(g(c), current, nil)
        g_object_unref(raw(current))
        onResponse(c) { [self] response in
            if response == GTK_RESPONSE_ACCEPT.rawValue, let chosen = gtk_file_chooser_get_file(g(chooser)) {
                if let p = g_file_get_path(chosen) {
                    UI.setText(ofEditable: file, String(cString: p))
                    g_free(p)
                }
                g_object_unref(raw(chosen))
            }
            if let c = chooser { g_object_unref(c) }
            chooser = nil
        }
        gtk_native_dialog_show(g(c))
    }

    private func close() { gtk_window_destroy(g(window)) }
}
