import CGtk
import GestureCore
import GestureSettingsModel
import GestureSystem

/// The gestures, in words (issue 42, point 1): a sidebar of scopes (*All
/// applications*, then each application with bindings) and, for the one
/// picked, a row per binding: the gesture, the action and the priority in
/// words and an on/off switch; activating a row opens its form, which has
/// L("Delete"). L("Add Gesture") under them.
/// Rows light up when the daemon recognizes their binding (the monitor stream).
@MainActor final class GesturesPage {
    let widget: Widget
    private let controller: DocumentController
    private let window: () -> Widget
    private let scopeList: Widget
    private let removeScopeButton: Widget
    /// Folded: shows the bindings instead of the sidebar.
    private var showContent: Action = {}
    private let addScopeButton: Widget
    private let scopeTitle: Widget
    private let scopeNote: Widget
    private let problems: Widget
    private let bindingList: Widget
    private let empty: Widget
    private let addButton: Widget
    /// Ctrl+F (issue 52, point 3): rows whose words hold the query stay.
    private let searchBar: Widget
    private let searchEntry: Widget
    private var query = ""
    private var escapeInstalled = false
    private var scopes: [ScopeID] = []
    private(set) var selected: ScopeID = .allApplications
    /// Rebuilding the sidebar selects rows: not the user's choice.
    private var rebuilding = false
    /// The devices the daemon sees, for the form's device choice.
    var seenDevices: () -> [DeviceFilter] = { [] }

    struct Row {
        var row: Widget
        var bar: Widget
        /// L("Recognized"), shown while the row is lit.
        var badge: Widget
        var title: String
        var label: String
    }
    /// By the binding's name in the monitor stream (its `name`, else its gesture text).
    private var rows: [String: Row] = [:]
    /// Each binding's `acted` count as last shown, and how many lights are on per binding.
    private var actedShown: [String: Int] = [:]
    private var lights: [String: Int] = [:]
    static let lightMilliseconds: UInt32 = 4000

    init(controller: DocumentController, window: @escaping () -> Widget) {
        self.controller = controller
        self.window = window
        // The sidebar.
        scopeList = raw(gtk_list_box_new())!
        gtk_list_box_set_selection_mode(g(scopeList), GTK_SELECTION_BROWSE)
        gtk_widget_add_css_class(g(scopeList), "navigation-sidebar")
        cx_gtk_set_accessible_label(g(scopeList), L("Scopes"))
        let sidebar = UI.box(true, spacing: 6)
        gtk_widget_set_size_request(g(sidebar), 200, -1)
        let sideScroll = UI.scrolled(scopeList)
        gtk_widget_set_hexpand(g(sideScroll), 0)
        UI.append(sidebar, sideScroll)
        let addScope = UI.iconButton("list-add-symbolic", name: L("Add Application")) {}
        addScopeButton = addScope
        removeScopeButton = UI.iconButton("list-remove-symbolic", name: L("Remove Application")) {}
        let scopeButtons = UI.box(false, spacing: 6, [addScope, removeScopeButton])
        UI.margins(scopeButtons, 6)
        UI.append(sidebar, scopeButtons)

        // The bindings of the scope picked.
        scopeTitle = UI.label("", classes: ["title-2"])
        scopeNote = UI.label("", classes: ["dim-label"], wrap: true)
        problems = UI.box(true, spacing: 4)
        bindingList = raw(gtk_list_box_new())!
        gtk_list_box_set_selection_mode(g(bindingList), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(g(bindingList), "boxed-list")
        cx_gtk_set_accessible_label(g(bindingList), L("Gestures"))
        empty = UI.label(L("No gestures here yet. Add one: it acts only over this application's windows."),
                         classes: ["dim-label"], wrap: true, xalign: 0.5)
        UI.margins(empty, 24)
        searchEntry = raw(gtk_search_entry_new())!
        // Its setter is GTK 4.10; the property is 4.0 (G_TYPE_STRING is fundamental 16).
        var placeholder = GValue()
        g_value_init(&placeholder, GType(16 << 2))
        g_value_set_string(&placeholder, L("Search gestures"))
        g_object_set_property(g(searchEntry), "placeholder-text", &placeholder)
        g_value_unset(&placeholder)
        cx_gtk_set_accessible_label(g(searchEntry), L("Search gestures"))
        searchBar = raw(gtk_search_bar_new())!
        gtk_search_bar_set_child(g(searchBar), g(searchEntry))
        gtk_search_bar_connect_entry(g(searchBar), g(searchEntry))
        gtk_search_bar_set_show_close_button(g(searchBar), 1)
        addButton = UI.button(L("Add Gesture"), classes: ["suggested-action", "pill"]) {}
        gtk_widget_set_halign(g(addButton), GTK_ALIGN_START)
        // Folded (a narrow window): the sidebar and the bindings are two
        // screens, and this goes back to the sidebar.
        let back = UI.iconButton("go-previous-symbolic", name: L("Back to the Applications")) {}
        gtk_widget_set_halign(g(back), GTK_ALIGN_START)
        let main = UI.box(true, spacing: 12, [back, scopeTitle, scopeNote, problems, searchBar, bindingList, empty, addButton])
        UI.margins(main, 12)
        let clamp = raw(adw_clamp_new())!
        adw_clamp_set_maximum_size(g(clamp), 860)
        adw_clamp_set_child(g(clamp), g(main))
        let scroll = UI.scrolled(clamp)
        // The bindings want 320 px beside the sidebar, else the leaflet folds
        // (their own minimum, once rows got calm, let it stay unfolded at 390 px).
        gtk_widget_set_size_request(g(scroll), 320, -1)

        let leaflet = raw(adw_leaflet_new())!
        adw_leaflet_set_can_navigate_back(g(leaflet), 1)
        adw_leaflet_append(g(leaflet), g(sidebar))
        adw_leaflet_page_set_navigatable(adw_leaflet_append(g(leaflet), g(raw(gtk_separator_new(GTK_ORIENTATION_VERTICAL))!)), 0)
        adw_leaflet_append(g(leaflet), g(scroll))
        widget = leaflet
        let folded = { adw_leaflet_get_folded(g(leaflet)) != 0 }
        UI.setVisible(back, false)
        onNotify(leaflet, "folded") { UI.setVisible(back, folded()) }
        on(back, "clicked") { adw_leaflet_set_visible_child(g(leaflet), g(sidebar)) }
        showContent = { if folded() { adw_leaflet_set_visible_child(g(leaflet), g(scroll)) } }

        on(scopeList, "row-selected") { [self] (row: UnsafeMutableRawPointer?) in
            guard !rebuilding, let row else { return }
            let i = Int(gtk_list_box_row_get_index(g(row)))
            if scopes.indices.contains(i), scopes[i] != selected {
                selected = scopes[i]
                showBindings()
            }
            showContent()
        }
        // Browse mode: the row already selected is activated, not selected again.
        on(scopeList, "row-activated") { [self] (_: UnsafeMutableRawPointer?) in showContent() }
        on(searchEntry, "search-changed") { [self] in
            query = UI.text(ofEditable: searchEntry)
            filterRows()
        }
        // Closing the bar (Escape, its ×) shows every row again.
        onNotify(searchBar, "search-mode-enabled") { [self] in
            if gtk_search_bar_get_search_mode(g(searchBar)) == 0 { endSearch() }
        }
        // Escape in the entry: its own signal, not only the bar's (GTK 4.8's
        // bar left the rows filtered when Escape came by XTest).
        // (Closing the bar notifies above, which ends the search.)
        on(searchEntry, "stop-search") { [self] in gtk_search_bar_set_search_mode(g(searchBar), 0) }
        on(addScope, "clicked") { [self] in addApplication() }
        on(removeScopeButton, "clicked") { [self] in removeApplication() }
        on(addButton, "clicked") { [self] in openForm(nil) }
        controller.changed.append { [self] in reload() }
        reload()
    }

    // MARK: Showing the document

    func reload() {
        let doc = controller.document
        rebuilding = true
        UI.clearList(scopeList)
        scopes = doc.scopes.map(\.id)
        if !scopes.contains(.allApplications) { scopes.insert(.allApplications, at: 0) }
        if !scopes.contains(selected) { selected = .allApplications }
        for id in scopes {
            let title = doc.scope(id)?.title ?? L("All applications")
            let count = doc.scope(id)?.bindings.count ?? 0
            let label = UI.label(title)
            UI.expand(label)
            let n = UI.label("\(count)", classes: ["dim-label"])
            let box = UI.box(false, spacing: 6, [label, n])
            UI.margins(box, 6)
            let row = raw(gtk_list_box_row_new())!
            gtk_list_box_row_set_child(g(row), g(box))
            cx_gtk_set_accessible_label(g(row), title)
            gtk_list_box_append(g(scopeList), g(row))
            if id == selected { gtk_list_box_select_row(g(scopeList), g(row)) }
        }
        rebuilding = false
        showBindings()
    }

    private func showBindings() {
        let doc = controller.document
        let readOnly = controller.readOnlyReason != nil
        let scope = doc.scope(selected)
        gtk_label_set_text(g(scopeTitle), scope?.title ?? L("All applications"))
        if case .app = selected {
            gtk_label_set_text(g(scopeNote), L("These act only over windows whose WM_CLASS matches {class}.", ["class": scope?.classGlob ?? ""]))
        } else {
            gtk_label_set_text(g(scopeNote), L("These act everywhere, over any application."))
        }
        UI.setSensitive(removeScopeButton, selected != .allApplications && !readOnly)
        UI.setSensitive(addScopeButton, !readOnly)
        UI.setSensitive(addButton, !readOnly)
        UI.clearList(bindingList)
        rows.removeAll()
        let bindings = scope?.bindings ?? []
        for entry in bindings { gtk_list_box_append(g(bindingList), g(makeRow(entry, readOnly: readOnly))) }
        UI.setVisible(bindingList, !bindings.isEmpty)
        UI.setVisible(empty, bindings.isEmpty)
        filterRows()
        showProblems()
    }

    /// Ctrl+F: the search bar, over the bindings (shown when folded).
    func search() {
        showContent()
        gtk_search_bar_set_search_mode(g(searchBar), 1)
        gtk_widget_grab_focus(g(searchEntry))
        escapeEndsSearch()
    }

    /// Escape anywhere in the window ends a search, as in GNOME's apps: the
    /// entry's own stop-search reaches only a focus in the entry, and Tab or
    /// a click moves it off (Escape then did nothing; the search scenario
    /// tests both). Bubble phase: the entry, and a widget that has a use of
    /// its own for Escape, see it first. Installed with the first search,
    /// when the window exists; no search is open before one.
    private func escapeEndsSearch() {
        guard !escapeInstalled else { return }
        escapeInstalled = true
        let keys = raw(gtk_event_controller_key_new())!
        onKeyPressed(keys) { [self] keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape), gtk_search_bar_get_search_mode(g(searchBar)) != 0 else { return false }
            gtk_search_bar_set_search_mode(g(searchBar), 0)
            return true
        }
        gtk_widget_add_controller(g(window()), g(keys))
    }

    /// The bar closed: no query, every row shown at once (not after the
    /// entry's search delay).
    private func endSearch() {
        UI.setText(ofEditable: searchEntry, "")
        query = ""
        filterRows()
    }

    /// Hides the rows whose words (title, gesture, action) lack the query, ignoring case.
    private func filterRows() {
        let q = query.lowercased()
        for r in rows.values { UI.setVisible(r.row, q.isEmpty || r.label.lowercased().contains(q)) }
    }

    /// The config's errors (line:column, it is read-only) or warnings, as `check` gives them.
    private func showProblems() {
        UI.clear(problems)
        // The built-in default shown for a missing file: its warnings are not the user's.
        if controller.missing { return }
        for d in controller.document.diagnostics {
            // As `check` prints it: file:line:column, the line, a caret under
            // the place; the message in the app's language, as `check` says it.
            let text = d.text { L($0) }.tildeAbbreviated
            let l = UI.label(text, classes: [d.isError ? "error" : "warning", "monospace"], wrap: true)
            gtk_label_set_selectable(g(l), 1)
            UI.append(problems, l)
        }
    }

    private func makeRow(_ entry: BindingEntry, readOnly: Bool) -> Widget {
        let inApp: Bool
        if case .app = entry.ref.scope { inApp = true } else { inApp = false }
        var subtitle = entry.name == nil ? "" : entry.gestureWords + "\n"
        subtitle += entry.actionWords
        // The usual priority goes unsaid (it is in the tooltip); the others are worth a line.
        if entry.priority != .normal { subtitle += "\n" + Self.priorityShort(entry.priority) }
        let row = raw(adw_action_row_new())!
        adw_preferences_row_set_title(g(row), entry.title.xmlEscaped)
        adw_action_row_set_subtitle(g(row), subtitle.xmlEscaped)
        adw_action_row_set_subtitle_lines(g(row), 0)
        if !entry.enabled { gtk_widget_add_css_class(g(row), "switched-off") }
        gtk_widget_set_tooltip_text(g(row), Words.priority(entry.priority, inApplicationScope: inApp))

        let bar = raw(gtk_progress_bar_new())!
        gtk_widget_set_size_request(g(bar), 80, -1)
        cx_gtk_set_accessible_label(g(bar), L("Progress"))
        UI.setVisible(bar, false)
        let badge = UI.label(L("Recognized"), classes: ["success", "heading"])
        UI.setVisible(badge, false)
        let toggle = raw(gtk_switch_new())!
        gtk_switch_set_active(g(toggle), entry.enabled ? 1 : 0)
        // Named after its binding (a screen reader says "zoom, switch, on"): on or off is its state.
        cx_gtk_set_accessible_label(g(toggle), entry.title)
        gtk_widget_set_tooltip_text(g(toggle), entry.enabled ? L("On: switch off (it stays in the file)") : L("Off: switch on"))
        let ref = entry.ref
        onNotify(toggle, "active") { [self] in
            let on = gtk_switch_get_active(g(toggle)) != 0
            guard on != entry.enabled else { return }
            if let why = controller.apply({ $0.setEnabled(ref, on) }) {
                controller.say(why)
                gtk_switch_set_active(g(toggle), entry.enabled ? 1 : 0)
            }
        }
        // Calm rows (issue 52, point 5): the row itself opens the form (its
        // chevron is the activatable widget); Delete lives in the form.
        let edit = UI.iconButton("go-next-symbolic", name: L("Edit")) { [self] in openForm(entry) }
        adw_action_row_set_activatable_widget(g(row), g(edit))
        for w in [badge, bar, toggle, edit] {
            gtk_widget_set_valign(g(w), GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(g(row), g(w))
        }
        for w in [toggle, edit] { UI.setSensitive(w, !readOnly) }
        let label = "\(entry.title): \(entry.name == nil ? "" : entry.gestureWords + ", ")\(entry.actionWords)"
            + (entry.enabled ? "" : " " + L("(off)"))
        cx_gtk_set_accessible_label(g(row), label)
        rows[entry.engineName] = Row(row: row, bar: bar, badge: badge, title: entry.title, label: label)
        return row
    }

    static func priorityShort(_ p: Priority) -> String {
        switch p {
        case .normal: return L("Normal priority: after the application")
        case .high: return L("High priority: before the application")
        case .simultaneous: return L("Simultaneous: alongside the application")
        }
    }

    // MARK: Live

    /// The monitor stream moved on: bars for bindings still possible, a
    /// light for those that just acted.
    func showLive(_ state: LiveState) {
        for (name, r) in rows {
            let live = state.live(name)
            let running = live.map { !$0.isOut && !$0.isLit && $0.threshold > 0 } ?? false
            UI.setVisible(r.bar, running)
            if let live, running {
                gtk_progress_bar_set_fraction(g(r.bar), live.fraction)
                cx_gtk_set_accessible_value(g(r.bar), live.fraction * 100, live.measureText)
            }
            let count = state.acted[name] ?? 0
            if count > actedShown[name] ?? 0 {
                light(name, on: true)
                lights[name, default: 0] += 1
                after(milliseconds: Self.lightMilliseconds) { [self] in
                    lights[name, default: 1] -= 1
                    if lights[name] == 0 { light(name, on: false) }
                }
            }
        }
        actedShown = state.acted
    }

    private func light(_ name: String, on: Bool) {
        guard let r = rows[name] else { return }
        if on { gtk_widget_add_css_class(g(r.row), "recognized") } else { gtk_widget_remove_css_class(g(r.row), "recognized") }
        UI.setVisible(r.badge, on)
    }

    // MARK: Changing

    /// Ctrl+N: the form for a new gesture in the scope shown, when edits are taken.
    func addGesture() {
        guard controller.readOnlyReason == nil else { return }
        openForm(nil)
    }

    private func openForm(_ entry: BindingEntry?) {
        let scope = entry?.ref.scope ?? selected
        let inApp: Bool
        if case .app = scope { inApp = true } else { inApp = false }
        if let entry, entry.form == nil {
            let ref = entry.ref
            let doc = controller.document
            ExpressionDialog(parent: window(), entry: entry, check: { doc.check(expression: $0) }, delete: deleter(entry)) { [self] text in
                controller.apply { $0.updateExpression(ref, text) }
            }.present()
            return
        }
        let dialog = BindingFormDialog(parent: window(), title: entry == nil ? L("Add Gesture") : L("Edit Gesture"),
                                       form: entry?.form, inApplicationScope: inApp, seenDevices: seenDevices(), configPath: controller.path,
                                       delete: entry.map(deleter),
                                       checkAction: { [controller] in controller.document.check(action: $0) }) { [self] form in
            if let entry {
                return controller.apply { $0.update(entry.ref, form) }
            }
            return controller.apply { $0.add(form, to: scope) }
        }
        dialog.present()
    }

    /// The form's Delete: done at once, the toast's Undo brings the binding back.
    private func deleter(_ entry: BindingEntry) -> Action {
        { [self] in
            let ref = entry.ref
            if let why = controller.remove(L("Deleted {gesture}.", ["gesture": entry.title]), { $0.delete(ref) }) { controller.say(why) }
        }
    }

    private func addApplication() {
        AppPickerDialog(parent: window()) { [self] glob in
            let before = controller.document.scopes.count
            if let why = controller.apply({ $0.addScope(class: glob) }) { return why }
            // The new scope is the last one.
            if controller.document.scopes.count > before, let id = controller.document.scopes.last?.id {
                selected = id
                reload()
            }
            return nil
        }.present()
    }

    /// Done at once: the toast's Undo brings the application and its gestures back.
    private func removeApplication() {
        guard case .app = selected else { return }
        let title = controller.document.scope(selected)?.title ?? L("this application")
        let n = controller.document.scope(selected)?.bindings.count ?? 0
        let scope = selected
        let said = Ln("Removed {application} and its {count} gesture.", "Removed {application} and its {count} gestures.", n,
                      ["application": title])
        if let why = controller.remove(said, { $0.removeScope(scope) }) { controller.say(why) }
    }
}
