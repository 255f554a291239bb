#if canImport(Glibc)
import Glibc
#endif
import CGtk

/// The application: one window on one config file.
@MainActor final class SettingsApp {
    static let id = "io.github.gesture_bridge.Settings"
    /// Its own name ("Gestures" is another GTK gesture app's).
    static let name = "Gesture Bridge"
    let options: AppOptions
    private var window: MainWindow? = nil

    init(options: AppOptions) { self.options = options }

    func run() -> Int32 {
        // One instance per config file (its own D-Bus name): a second launch
        // on the same file raises the first window and exits; another file
        // is another process. The start-up benchmark runs on its own.
        let flags = options.exitAfterFirstFrame ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_FLAGS_NONE
        let app = raw(adw_application_new(options.applicationID(base: Self.id), flags))!
        on(app, "activate") { [self] in
            if window == nil { window = MainWindow(app: app, options: options) }
            window?.present()
            if options.exitAfterFirstFrame, let w = window {
                // The window is realized now: its frame clock says when a frame is painted.
                let clock = gtk_widget_get_frame_clock(g(w.window))
                on(raw(clock), "after-paint") {
                    var ts = timespec()
                    clock_gettime(CLOCK_MONOTONIC, &ts)
                    print("first-frame-monotonic-ns \(Int(ts.tv_sec) * 1_000_000_000 + Int(ts.tv_nsec))")
                    g_application_quit(g(app))
                }
            }
        }
        // GApplication parses no options of ours: it gets the program name only.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(argv[0]) }
        let status = g_application_run(g(app), 1, &argv)
        g_object_unref(app)
        return status
    }
}
