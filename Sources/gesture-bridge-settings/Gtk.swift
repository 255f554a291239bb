#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSystem

// GTK from Swift: GTK's types import as typed pointers (or OpaquePointer
// where the struct is private); GObject's casts are C macros Swift cannot
// import. A widget is kept as a raw pointer and cast at each call, the
// type inferred from the parameter it is passed to.

typealias Widget = UnsafeMutableRawPointer

/// A GTK object pointer as whatever typed pointer the call wants.
@inline(__always) func g<T>(_ p: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>! {
    p?.assumingMemoryBound(to: T.self)
}

/// A GTK object pointer where the call wants an opaque one.
@inline(__always) func g(_ p: UnsafeMutableRawPointer?) -> OpaquePointer! {
    p.map(OpaquePointer.init)
}

/// Any typed pointer GTK returned, as a raw one.
@inline(__always) func raw<T>(_ p: UnsafeMutablePointer<T>?) -> Widget! { p.map(UnsafeMutableRawPointer.init) }
@inline(__always) func raw(_ p: OpaquePointer?) -> Widget! { p.map(UnsafeMutableRawPointer.init) }

// MARK: Signals with Swift closures

/// A closure kept alive as long as its signal handler: released by GLib
/// when the handler is disconnected or the object finalized.
private final class Callback<F> {
    let f: F
    init(_ f: F) { self.f = f }
}

private let releaseCallback: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private func connect<F>(_ object: Widget, _ signal: String, _ f: F, _ handler: GCallback) {
    let box = Unmanaged.passRetained(Callback(f) as AnyObject).toOpaque()
    g_signal_connect_data(object, signal, handler, box, releaseCallback, GConnectFlags(rawValue: 0))
}

private func closure<F>(_ data: UnsafeMutableRawPointer?) -> F {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Callback<F>).f
}

typealias Action = @MainActor () -> Void

/// A signal whose handler takes only the emitter (clicked, changed, activate, close-request…).
func on(_ object: Widget, _ signal: String, _ f: @escaping Action) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        let f: Action = closure(data)
        MainActor.assumeIsolated { f() }
    }
    connect(object, signal, f, unsafeBitCast(handler, to: GCallback.self))
}

/// `notify::PROPERTY` (a property changed: a switch's `active`, a drop-down's `selected`).
func onNotify(_ object: Widget, _ property: String, _ f: @escaping Action) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
        let f: Action = closure(data)
        MainActor.assumeIsolated { f() }
    }
    connect(object, "notify::" + property, f, unsafeBitCast(handler, to: GCallback.self))
}

/// A signal with one pointer argument: a GtkListBox's `row-selected` (the
/// row, nil when none is), an AdwMessageDialog's `response` (its id, a C string).
func on(_ object: Widget, _ signal: String, _ f: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
        let f: @MainActor (UnsafeMutableRawPointer?) -> Void = closure(data)
        let bits = UInt(bitPattern: argument)
        MainActor.assumeIsolated { f(UnsafeMutableRawPointer(bitPattern: bits)) }
    }
    connect(object, signal, f, unsafeBitCast(handler, to: GCallback.self))
}

/// A signal with one int argument: a GtkNativeDialog's `response` (GtkResponseType).
func onResponse(_ object: Widget, _ f: @escaping @MainActor (Int32) -> Void) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, response, data in
        let f: @MainActor (Int32) -> Void = closure(data)
        MainActor.assumeIsolated { f(response) }
    }
    connect(object, "response", f, unsafeBitCast(handler, to: GCallback.self))
}

/// A GFileMonitor's `changed` (the file was written, replaced, removed).
func onFileChanged(_ monitor: Widget, _ f: @escaping Action) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                 GFileMonitorEvent, UnsafeMutableRawPointer?) -> Void = { _, _, _, event, data in
        let f: Action = closure(data)
        // Each write comes as CHANGED then CHANGES_DONE_HINT: act once, when it is done.
        guard event != G_FILE_MONITOR_EVENT_CHANGED else { return }
        MainActor.assumeIsolated { if !WindowLifetime.closed { f() } }
    }
    connect(monitor, "changed", f, unsafeBitCast(handler, to: GCallback.self))
}

typealias KeyHandler = @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool

/// A key controller's `key-pressed`; true stops the key going further.
func onKeyPressed(_ controller: Widget, _ f: @escaping KeyHandler) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
        _, keyval, keycode, state, data in
        let f: KeyHandler = closure(data)
        return MainActor.assumeIsolated { f(keyval, keycode, state) } ? 1 : 0
    }
    connect(controller, "key-pressed", f, unsafeBitCast(handler, to: GCallback.self))
}

/// A signal with two doubles: a GtkGestureDrag's `drag-begin` (where it
/// started), `drag-update` and `drag-end` (how far from there).
func onPoint(_ object: Widget, _ signal: String, _ f: @escaping @MainActor (Double, Double) -> Void) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
        let f: @MainActor (Double, Double) -> Void = closure(data)
        MainActor.assumeIsolated { f(x, y) }
    }
    connect(object, signal, f, unsafeBitCast(handler, to: GCallback.self))
}

/// A GtkDrawingArea drawn by `f(cairo, width, height)`; GTK keeps the
/// closure (and what it holds) as long as the area.
func onDraw(_ area: Widget, _ f: @escaping @MainActor (OpaquePointer?, Double, Double) -> Void) {
    let box = Unmanaged.passRetained(Callback(f) as AnyObject).toOpaque()
    gtk_drawing_area_set_draw_func(g(area), { _, cr, width, height, data in
        let f: @MainActor (OpaquePointer?, Double, Double) -> Void = closure(data)
        // GTK draws on the main thread: the cairo context never leaves it.
        nonisolated(unsafe) let cr = cr
        MainActor.assumeIsolated { f(cr, Double(width), Double(height)) }
    }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
}

/// The app's one window is gone (its "destroy"): the main loop may still
/// run the sources that were due in the same turn (a timer, a readable fd,
/// a file's change) before g_application_run returns, and what they would
/// show goes to widgets already freed (GTK's CRITICALs, seen under load
/// after Ctrl+W). `after`, `watch` and `onFileChanged` call nothing then.
@MainActor enum WindowLifetime {
    private(set) static var closed = false
    static func close() { closed = true }
}

/// Runs `f` once from the main loop after `milliseconds`, unless the window
/// is gone by then.
func after(milliseconds: UInt32, _ f: @escaping Action) {
    let box = Unmanaged.passRetained(Callback(f) as AnyObject).toOpaque()
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
        let f: Action = closure(data)
        MainActor.assumeIsolated { if !WindowLifetime.closed { f() } }
        return 0
    }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
}

typealias FdHandler = @MainActor (_ condition: GIOCondition) -> Bool

/// Watches a file descriptor from GLib's main loop (g_unix_fd_add): `f`
/// returns false to stop watching; the watch stops too once the window is
/// gone. Returns the source id.
@discardableResult
func watch(fd: Int32, _ condition: GIOCondition, _ f: @escaping FdHandler) -> UInt32 {
    let box = Unmanaged.passRetained(Callback(f) as AnyObject).toOpaque()
    return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, { _, condition, data in
        let f: FdHandler = closure(data)
        return MainActor.assumeIsolated { !WindowLifetime.closed && f(condition) } ? 1 : 0
    }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
}

// MARK: Building widgets

/// The home folder, for paths as people read them (`~/.config/…`).
nonisolated(unsafe) private let homeFolder: String? = getenv("HOME").map { String(cString: $0) }.flatMap { $0.count > 1 ? $0 : nil }

extension String {
    /// Paths under the home folder written with `~`, wherever they are in the text.
    var tildeAbbreviated: String {
        guard let home = homeFolder else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: home + "/") {
            out += rest[..<r.lowerBound] + "~/"
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

@MainActor enum UI {
    static func label(_ text: String, classes: [String] = [], wrap: Bool = false, xalign: Float = 0) -> Widget {
        let l = raw(gtk_label_new(text))!
        gtk_label_set_xalign(g(l), xalign)
        if wrap {
            gtk_label_set_wrap(g(l), 1)
            gtk_label_set_wrap_mode(g(l), PANGO_WRAP_WORD_CHAR)
        }
        for c in classes { gtk_widget_add_css_class(g(l), c) }
        return l
    }

    static func button(_ text: String, classes: [String] = [], _ f: @escaping Action) -> Widget {
        let b = raw(gtk_button_new_with_label(text))!
        for c in classes { gtk_widget_add_css_class(g(b), c) }
        on(b, "clicked", f)
        return b
    }

    /// An icon button: its accessible name is `name` (what a tooltip says too).
    static func iconButton(_ icon: String, name: String, classes: [String] = ["flat"], _ f: @escaping Action) -> Widget {
        let b = raw(gtk_button_new_from_icon_name(icon))!
        gtk_widget_set_tooltip_text(g(b), name)
        cx_gtk_set_accessible_label(g(b), name)
        for c in classes { gtk_widget_add_css_class(g(b), c) }
        on(b, "clicked", f)
        return b
    }

    static func box(_ vertical: Bool, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
        let b = raw(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))!
        for c in children { gtk_box_append(g(b), g(c)) }
        return b
    }

    static func append(_ box: Widget, _ child: Widget) { gtk_box_append(g(box), g(child)) }

    static func margins(_ w: Widget, _ m: Int32) {
        gtk_widget_set_margin_top(g(w), m)
        gtk_widget_set_margin_bottom(g(w), m)
        gtk_widget_set_margin_start(g(w), m)
        gtk_widget_set_margin_end(g(w), m)
    }

    static func expand(_ w: Widget, h: Bool = true, v: Bool = false) {
        gtk_widget_set_hexpand(g(w), h ? 1 : 0)
        gtk_widget_set_vexpand(g(w), v ? 1 : 0)
    }

    /// Children that wrap onto more lines when the window is narrow (issue
    /// 52, point 4); not a stop of its own for the keyboard, its children are.
    static func flow(_ children: [Widget] = []) -> Widget {
        let box = raw(gtk_flow_box_new())!
        gtk_flow_box_set_selection_mode(g(box), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(g(box), 16)
        gtk_flow_box_set_column_spacing(g(box), 4)
        gtk_flow_box_set_row_spacing(g(box), 4)
        expand(box)
        for c in children { flowAppend(box, c) }
        return box
    }

    static func flowAppend(_ box: Widget, _ child: Widget) {
        gtk_flow_box_insert(g(box), g(child), -1)
        gtk_widget_set_focusable(gtk_widget_get_parent(g(child)), 0)
    }

    static func scrolled(_ child: Widget) -> Widget {
        let s = raw(gtk_scrolled_window_new())!
        gtk_scrolled_window_set_policy(g(s), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(g(s), g(child))
        expand(s, h: true, v: true)
        return s
    }

    /// Removes every child of a GtkBox.
    static func clear(_ box: Widget) {
        while let child = gtk_widget_get_first_child(g(box)) { gtk_box_remove(g(box), child) }
    }

    /// Removes every row of a GtkListBox.
    static func clearList(_ list: Widget) {
        while let child = gtk_widget_get_first_child(g(list)) { gtk_list_box_remove(g(list), child) }
    }

    static func text(ofEditable e: Widget) -> String {
        gtk_editable_get_text(g(e)).map { String(cString: $0) } ?? ""
    }

    static func setText(ofEditable e: Widget, _ text: String) { gtk_editable_set_text(g(e), text) }

    static func setVisible(_ w: Widget, _ on: Bool) { gtk_widget_set_visible(g(w), on ? 1 : 0) }

    static func setSensitive(_ w: Widget, _ on: Bool) { gtk_widget_set_sensitive(g(w), on ? 1 : 0) }

    /// A GtkDropDown of strings.
    static func dropDown(_ items: [String], selected: Int = 0) -> Widget {
        let list = gtk_string_list_new(nil)
        for i in items { gtk_string_list_append(list, i) }
        let d = raw(gtk_drop_down_new(UnsafeMutableRawPointer(list).map(OpaquePointer.init), nil))!
        gtk_drop_down_set_selected(g(d), guint(max(0, selected)))
        return d
    }

    static func selected(_ dropDown: Widget) -> Int { Int(gtk_drop_down_get_selected(g(dropDown))) }

    static func spin(min: Double, max: Double, step: Double, value: Double) -> Widget {
        let s = raw(gtk_spin_button_new_with_range(min, max, step))!
        gtk_spin_button_set_value(g(s), value)
        return s
    }

    /// An AdwActionRow holding `suffix`, named `title` for assistive technologies.
    static func row(_ title: String, subtitle: String? = nil, suffix: Widget? = nil) -> Widget {
        let r = raw(adw_action_row_new())!
        adw_preferences_row_set_title(g(r), title.xmlEscaped)
        if let subtitle { adw_action_row_set_subtitle(g(r), subtitle.xmlEscaped) }
        if let suffix {
            gtk_widget_set_valign(g(suffix), GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(g(r), g(suffix))
        }
        return r
    }
}
