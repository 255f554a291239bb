import CGtk
import GestureSettingsModel

/// The app's dialogs: a modal window over the main one, L("Cancel") at the
/// start of its header and its action ("Save", "Add", "Import") at the end.
@MainActor enum Dialog {
    static func window(over parent: Widget, title: String, width: Int32, height: Int32) -> Widget {
        let w = raw(adw_window_new())!
        gtk_window_set_title(g(w), title)
        gtk_window_set_modal(g(w), 1)
        gtk_window_set_transient_for(g(w), g(parent))
        gtk_window_set_default_size(g(w), width, height)
        return w
    }

    /// The header and `body` (top to bottom) as the window's content.
    static func fill(_ window: Widget, action: String, cancel: @escaping Action, act: @escaping Action, body: [Widget]) {
        let header = raw(adw_header_bar_new())!
        adw_header_bar_set_show_end_title_buttons(g(header), 0)
        adw_header_bar_set_show_start_title_buttons(g(header), 0)
        adw_header_bar_pack_start(g(header), g(UI.button(L("Cancel"), cancel)))
        let actButton = UI.button(action, classes: ["suggested-action"], act)
        adw_header_bar_pack_end(g(header), g(actButton))
        // Enter in a field acts (the default widget); Escape cancels.
        gtk_window_set_default_widget(g(window), g(actButton))
        let keys = raw(gtk_event_controller_key_new())!
        onKeyPressed(keys) { keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            cancel()
            return true
        }
        gtk_widget_add_controller(g(window), g(keys))
        adw_window_set_content(g(window), g(UI.box(true, spacing: 0, [header] + body)))
    }

    /// An edit form's L("Delete") (issue 52, point 5: off the row, into the
    /// form): closes the form, then `delete` acts at once (its toast has Undo).
    static func deleteButton(_ window: Widget, _ delete: @escaping Action) -> Widget {
        let b = UI.button(L("Delete"), classes: ["destructive-action", "pill"]) {
            gtk_window_destroy(g(window))
            delete()
        }
        gtk_widget_set_halign(g(b), GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(g(b), 12)
        return b
    }
}
