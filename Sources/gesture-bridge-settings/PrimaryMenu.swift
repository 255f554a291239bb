#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSettingsModel

/// The header's primary menu (Import from Another Tool, Keyboard
/// Shortcuts, Help, About) and the
/// window's keys: Ctrl+Q quits, Ctrl+W closes, Ctrl+N adds a gesture, Ctrl+F
/// searches the gestures, F1
/// opens the help, Ctrl+? the shortcuts.
@MainActor enum PrimaryMenu {
    static let version = "0.1.0"
    static let website = "https://github.com/gesture-bridge/gesture-bridge"
    static let help = website + "/blob/main/docs/settings.md"

    /// The menu button for the header; the window's actions and their keys.
    static func install(app: Widget, window: Widget, addGesture: @escaping Action,
                        search: @escaping Action) -> Widget {
        action(app, "quit") { g_application_quit(g(app)) }
        action(window, "close") { gtk_window_close(g(window)) }
        action(window, "add") { addGesture() }
        action(window, "find") { search() }
        action(window, "shortcuts") { shortcutsWindow(over: window) }
        action(window, "help") { gtk_show_uri(g(window), help, guint32(GDK_CURRENT_TIME)) }
        action(window, "about") { about(over: window) }
        for (name, key) in [("app.quit", "<Control>q"), ("win.close", "<Control>w"), ("win.add", "<Control>n"), ("win.find", "<Control>f"),
                            ("win.help", "F1"), ("win.shortcuts", "<Control>question")] {
            var accels: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(key)), nil]
            gtk_application_set_accels_for_action(g(app), name, &accels)
            free(UnsafeMutablePointer(mutating: accels[0]))
        }
        let menu = g_menu_new()
        // win.import is the main window's own (MainWindow.chooseImport).
        g_menu_append(menu, L("Import from Another Tool…"), "win.import")
        g_menu_append(menu, L("Keyboard Shortcuts"), "win.shortcuts")
        g_menu_append(menu, L("Help"), "win.help")
        g_menu_append(menu, L("About {application}", ["application": SettingsApp.name]), "win.about")
        let button = raw(gtk_menu_button_new())!
        gtk_menu_button_set_icon_name(g(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(g(button), g(raw(menu)))
        gtk_menu_button_set_primary(g(button), 1)
        g_object_unref(raw(menu))
        cx_gtk_set_accessible_label(g(button), L("Main Menu"))
        gtk_widget_set_tooltip_text(g(button), L("Main Menu"))
        return button
    }

    /// A parameterless GAction on an application or a window.
    static func action(_ map: Widget, _ name: String, _ f: @escaping Action) {
        let a = g_simple_action_new(name, nil)!
        on(raw(a), "activate") { (_: UnsafeMutableRawPointer?) in f() }
        g_action_map_add_action(g(map), g(raw(a)))
        g_object_unref(raw(a))
    }

    // MARK: About

    /// AdwAboutWindow where the library has it (libadwaita 1.2, looked up at
    /// run time: the app links nothing newer than 1.1), else GtkAboutDialog.
    /// GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1=1 takes the 1.1 way (tests).
    static func about(over parent: Widget) {
        let w: Widget
        // The translators of the language in use; none in English (the msgid untranslated).
        let credits = L("translator-credits")
        let translators: String? = credits == "translator-credits" ? nil : credits
        if let adw = AdwAbout.load() {
            w = adw.new()
            adw.setText("adw_about_window_set_application_name", w, SettingsApp.name)
            adw.setText("adw_about_window_set_application_icon", w, SettingsApp.id)
            adw.setText("adw_about_window_set_version", w, version)
            adw.setText("adw_about_window_set_developer_name", w, L("The GestureBridge authors"))
            adw.setText("adw_about_window_set_website", w, website)
            adw.setText("adw_about_window_set_issue_url", w, website + "/issues")
            if let translators { adw.setText("adw_about_window_set_translator_credits", w, translators) }
            adw.setLicense(w, GTK_LICENSE_APACHE_2_0)
        } else {
            w = raw(gtk_about_dialog_new())!
            gtk_about_dialog_set_program_name(g(w), SettingsApp.name)
            gtk_about_dialog_set_logo_icon_name(g(w), SettingsApp.id)
            gtk_about_dialog_set_version(g(w), version)
            gtk_about_dialog_set_website(g(w), website)
            gtk_about_dialog_set_license_type(g(w), GTK_LICENSE_APACHE_2_0)
            if let translators { gtk_about_dialog_set_translator_credits(g(w), translators) }
        }
        gtk_window_set_modal(g(w), 1)
        gtk_window_set_transient_for(g(w), g(parent))
        gtk_window_present(g(w))
    }

    /// libadwaita 1.2's about window, found with dlsym.
    struct AdwAbout {
        let adw: AdwSymbols
        typealias New = @convention(c) () -> UnsafeMutableRawPointer?
        typealias SetText = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
        typealias SetLicense = @convention(c) (UnsafeMutableRawPointer?, GtkLicense) -> Void

        static func load() -> AdwAbout? { AdwSymbols(["adw_about_window_new"]).map(AdwAbout.init) }

        func new() -> Widget { adw.fn("adw_about_window_new", New.self)()! }

        func setText(_ symbol: String, _ w: Widget, _ text: String) { adw.fnIfPresent(symbol, SetText.self)?(w, text) }

        func setLicense(_ w: Widget, _ license: GtkLicense) {
            adw.fnIfPresent("adw_about_window_set_license_type", SetLicense.self)?(w, license)
        }
    }

    // MARK: Keyboard Shortcuts

    static var shortcuts: [(group: String, [(title: String, accel: String)])] { [
        (L("General"), [(L("Add a gesture"), "&lt;Control&gt;n"), (L("Search gestures"), "&lt;Control&gt;f"),
                        (L("Keyboard shortcuts"), "&lt;Control&gt;question"),
                        (L("Help"), "F1"), (L("Close the window"), "&lt;Control&gt;w"), (L("Quit"), "&lt;Control&gt;q")]),
        (L("In a form"), [(L("Save"), "Return"), (L("Cancel"), "Escape")]),
    ] }

    static func shortcutsWindow(over parent: Widget) {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"w\"><property name=\"modal\">1</property>"
            + "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        for (group, items) in shortcuts {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(group.xmlEscaped)</property>"
            for (title, accel) in items {
                xml += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"title\">\(title.xmlEscaped)</property>"
                    + "<property name=\"accelerator\">\(accel)</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)
        let w = raw(gtk_builder_get_object(builder, "w"))!
        g_object_ref(w)
        g_object_unref(raw(builder))
        gtk_window_set_title(g(w), L("Keyboard Shortcuts"))
        gtk_window_set_transient_for(g(w), g(parent))
        gtk_window_present(g(w))
        g_object_unref(w)
    }
}
