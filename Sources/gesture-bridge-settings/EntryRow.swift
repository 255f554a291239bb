#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSettingsModel
import GestureSystem

/// libadwaita 1.2's AdwEntryRow with its apply button (issue 52, point 5),
/// looked up at run time (AdwSymbols) like AdwAboutWindow: on 1.1 `load()`
/// is nil and a settings row keeps its entry and Set button.
struct AdwEntryRow {
    private let adw: AdwSymbols
    private typealias New = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias SetBool = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void
    private typealias AddSuffix = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    static func load() -> AdwEntryRow? {
        AdwSymbols(["adw_entry_row_new", "adw_entry_row_set_show_apply_button", "adw_entry_row_add_suffix"]).map(AdwEntryRow.init)
    }

    /// A row titled `title` (markup) holding `text`, whose apply button emits
    /// "apply"; the row is a GtkEditable (UI.text(ofEditable:)). Its text is
    /// named `name` and its apply button `applyName` for screen readers:
    /// libadwaita 1.2 gives the button a tooltip only, and the AT-SPI
    /// scenarios find both by name.
    @MainActor func new(title: String, name: String, text: String, applyName: String) -> Widget {
        let row = adw.fn("adw_entry_row_new", New.self)()!
        adw_preferences_row_set_title(g(row), title)
        // The text first: the apply button shows for an edit, not for the value stored.
        UI.setText(ofEditable: row, text)
        adw.fn("adw_entry_row_set_show_apply_button", SetBool.self)(row, 1)
        // Its own text and button (the only ones until suffixes are added): named as the 1.1 row names them.
        for w in Self.descendants(of: row) {
            if g_type_check_instance_is_a(g(w), gtk_button_get_type()) != 0 { cx_gtk_set_accessible_label(g(w), applyName) }
            if g_type_check_instance_is_a(g(w), gtk_text_get_type()) != 0 { cx_gtk_set_accessible_label(g(w), name) }
        }
        return row
    }

    func addSuffix(_ row: Widget, _ w: Widget) { adw.fn("adw_entry_row_add_suffix", AddSuffix.self)(row, w) }

    private static func descendants(of w: Widget) -> [Widget] {
        var out: [Widget] = []
        var child = raw(gtk_widget_get_first_child(g(w)))
        while let c = child {
            out.append(c)
            out += descendants(of: c)
            child = raw(gtk_widget_get_next_sibling(g(c)))
        }
        return out
    }
}

/// A value setting's row, on the Settings page and in a device table (issue
/// 52, point 5): AdwEntryRow with its apply button where libadwaita has it
/// (1.2), else an AdwActionRow with an entry and a ✓ button (AdwEntryRow's
/// apply button by hand, off until an edit). Enter or ✓ hands what was typed
/// to `store` when it differs from `stored`; a value typed halfway is not stored.
@MainActor enum SettingRow {
    struct Made {
        let row: Widget
        let addSuffix: (Widget) -> Void
    }

    /// `key` is the row's title and the text's accessible name; `about` (what
    /// the setting does, its default) its subtitle, or on an AdwEntryRow, which
    /// has none, its tooltip. `setName` names the ✓ button.
    static func make(_ entryRow: AdwEntryRow?, key: String, about: String, placeholder: String, stored: String,
                     setName: String, readOnly: Bool, store: @escaping (String) -> Void) -> Made {
        if let adw = entryRow {
            // No subtitle: the default in the title lost the app from AT-SPI (the edits scenario).
            let row = adw.new(title: key, name: key, text: stored, applyName: setName)
            gtk_widget_set_tooltip_text(g(row), about)
            UI.setSensitive(row, !readOnly)
            on(row, "apply", apply(row, stored, store))
            return Made(row: row, addSuffix: { adw.addSuffix(row, $0) })
        }
        let made = actionRow(key, about)
        let entry = raw(gtk_entry_new())!
        gtk_editable_set_width_chars(g(entry), 6)
        gtk_entry_set_placeholder_text(g(entry), placeholder)
        UI.setText(ofEditable: entry, stored)
        cx_gtk_set_accessible_label(g(entry), key)
        gtk_widget_set_valign(g(entry), GTK_ALIGN_CENTER)
        UI.setSensitive(entry, !readOnly)
        let set = UI.iconButton("object-select-symbolic", name: setName) {}
        gtk_widget_set_tooltip_text(g(set), L("Set"))
        gtk_widget_set_valign(g(set), GTK_ALIGN_CENTER)
        UI.setSensitive(set, false)
        let apply = apply(entry, stored, store)
        on(entry, "activate", apply)
        on(set, "clicked", apply)
        on(entry, "changed") { UI.setSensitive(set, !readOnly && UI.text(ofEditable: entry).trimmingWhitespace() != stored) }
        made.addSuffix(entry)
        made.addSuffix(set)
        return made
    }

    /// An AdwActionRow titled `key` over `about` (all its lines), for suffixes.
    static func actionRow(_ key: String, _ about: String) -> Made {
        let row = raw(adw_action_row_new())!
        adw_preferences_row_set_title(g(row), key)
        adw_action_row_set_subtitle(g(row), about.xmlEscaped)
        adw_action_row_set_subtitle_lines(g(row), 0)
        return Made(row: row, addSuffix: { adw_action_row_add_suffix(g(row), g($0)) })
    }

    /// The ↶ button that removes a setting from the file (its default applies).
    static func resetButton(name: String, enabled: Bool, _ reset: @escaping Action) -> Widget {
        let button = UI.iconButton("edit-undo-symbolic", name: name, reset)
        gtk_widget_set_tooltip_text(g(button), L("Reset"))
        gtk_widget_set_valign(g(button), GTK_ALIGN_CENTER)
        UI.setSensitive(button, enabled)
        return button
    }

    private static func apply(_ editable: Widget, _ stored: String, _ store: @escaping (String) -> Void) -> Action {
        return {
            let typed = UI.text(ofEditable: editable)
            if typed.trimmingWhitespace() != stored { store(typed) }
        }
    }
}
