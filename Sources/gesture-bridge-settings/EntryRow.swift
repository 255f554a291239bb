#if canImport(Glibc)
import Glibc
#endif
import CGtk

/// libadwaita 1.2's AdwEntryRow with its apply button (issue 52, point 5),
/// looked up at run time like AdwAboutWindow: the app links nothing newer
/// than libadwaita 1.1 (Tests/Settings/symbols.sh), so on 1.1 `load()` is
/// nil and a settings row keeps its entry and Set button.
/// GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1=1 takes the 1.1 way (tests).
struct AdwEntryRow {
    private let handle: UnsafeMutableRawPointer
    private typealias New = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias SetBool = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void
    private typealias AddSuffix = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    private static let symbols = ["adw_entry_row_new", "adw_entry_row_set_show_apply_button", "adw_entry_row_add_suffix"]

    static func load() -> AdwEntryRow? {
        if getenv("GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1") != nil { return nil }
        guard let h = dlopen(nil, RTLD_NOW), symbols.allSatisfy({ dlsym(h, $0) != nil }) else { return nil }
        return AdwEntryRow(handle: h)
    }

    private func fn<F>(_ symbol: String, _ type: F.Type) -> F { unsafeBitCast(dlsym(handle, symbol)!, to: type) }

    /// A row titled `title` (markup) holding `text`, whose apply button emits
    /// "apply"; the row is a GtkEditable (UI.text(ofEditable:)). Its text is
    /// named `name` and its apply button `applyName` for screen readers:
    /// libadwaita 1.2 gives the button a tooltip only, and the AT-SPI
    /// scenarios find both by name.
    @MainActor func new(title: String, name: String, text: String, applyName: String) -> Widget {
        let row = fn("adw_entry_row_new", New.self)()!
        adw_preferences_row_set_title(g(row), title)
        // The text first: the apply button shows for an edit, not for the value stored.
        UI.setText(ofEditable: row, text)
        fn("adw_entry_row_set_show_apply_button", SetBool.self)(row, 1)
        // Its own text and button (the only ones until suffixes are added): named as the 1.1 row names them.
        for w in Self.descendants(of: row) {
            if g_type_check_instance_is_a(g(w), gtk_button_get_type()) != 0 { cx_gtk_set_accessible_label(g(w), applyName) }
            if g_type_check_instance_is_a(g(w), gtk_text_get_type()) != 0 { cx_gtk_set_accessible_label(g(w), name) }
        }
        return row
    }

    func addSuffix(_ row: Widget, _ w: Widget) { fn("adw_entry_row_add_suffix", AddSuffix.self)(row, w) }

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
