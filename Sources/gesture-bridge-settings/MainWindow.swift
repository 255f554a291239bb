import CGtk
import GestureClient
import GestureConfig
import GestureCore
import GestureSettingsModel
import GestureSystem

/// The window: a header with the pages (Gestures, Settings, Devices, Try
/// it), the banners (the session, the daemon, the file), the page shown.
@MainActor final class MainWindow {
    let window: Widget
    let options: AppOptions
    private let controller: DocumentController
    private let banner = StatusBanner()
    private let toasts: Widget
    private let gestures: GesturesPage
    private let settings: SettingsPage
    private let devices: DevicesPage
    private let tryIt: TryItPage
    private let monitor: LiveMonitor
    private var daemon: DaemonState? = nil
    /// Another tool's config found, offered once per window.
    private var importOffer: (tool: ImportPreview.Tool, path: String)? = nil

    static let css = """
        .banner { padding: 8px 14px; }
        .banner.info { background-color: alpha(@accent_bg_color, 0.12); }
        .banner.warning { background-color: alpha(@warning_bg_color, 0.22); }
        .banner.error { background-color: alpha(@error_bg_color, 0.18); }
        row.recognized { background-color: alpha(@success_bg_color, 0.35); transition: background-color 150ms; }
        row.switched-off .title, row.switched-off .subtitle { opacity: 0.5; }
        """

    init(app: Widget, options: AppOptions) {
        self.options = options
        Self.loadCSS()
        controller = DocumentController(path: options.configPath)
        window = raw(adw_application_window_new(g(app)))!
        gtk_window_set_title(g(window), SettingsApp.name)
        gtk_window_set_default_size(g(window), 1000, 720)
        monitor = LiveMonitor(display: DaemonStatusReader.display(options.environment), environment: options.environment)

        gestures = GesturesPage(controller: controller, window: { [window] in window })
        settings = SettingsPage(controller: controller)
        devices = DevicesPage(controller: controller)
        tryIt = TryItPage(controller: controller)

        let stack = raw(adw_view_stack_new())!
        func page(_ w: Widget, _ name: String, _ title: String, _ icon: String) {
            let p = adw_view_stack_add_titled(g(stack), g(w), name, title)
            adw_view_stack_page_set_icon_name(p, icon)
        }
        page(gestures.widget, "gestures", L("Gestures"), "input-touchpad-symbolic")
        page(settings.widget, "settings", L("Settings"), "preferences-system-symbolic")
        page(devices.widget, "devices", L("Devices"), "input-tablet-symbolic")
        page(tryIt.widget, "try", L("Try It"), "media-playback-start-symbolic")

        let header = raw(adw_header_bar_new())!
        let title = raw(adw_view_switcher_title_new())!
        adw_view_switcher_title_set_stack(g(title), g(stack))
        adw_view_switcher_title_set_title(g(title), SettingsApp.name)
        adw_view_switcher_title_set_subtitle(g(title), options.configPath.tildeAbbreviated)
        adw_header_bar_set_title_widget(g(header), g(title))
        adw_header_bar_pack_end(g(header), g(PrimaryMenu.install(app: app, window: window,
            addGesture: { [gestures] in gestures.addGesture() },
            search: { [gestures, stack] in
                adw_view_stack_set_visible_child_name(g(stack), "gestures")
                gestures.search()
            })))

        toasts = raw(adw_toast_overlay_new())!
        adw_toast_overlay_set_child(g(toasts), g(stack))
        UI.expand(toasts, h: true, v: true)
        // Narrow (the title has no room for the switcher): the pages at the bottom.
        let switcherBar = raw(adw_view_switcher_bar_new())!
        adw_view_switcher_bar_set_stack(g(switcherBar), g(stack))
        onNotify(title, "title-visible") {
            adw_view_switcher_bar_set_reveal(g(switcherBar), adw_view_switcher_title_get_title_visible(g(title)))
        }
        let content = UI.box(true, spacing: 0, [header, banner.box, toasts, switcherBar])
        adw_application_window_set_content(g(window), g(content))

        controller.say = { [self] text in toast(text) }
        controller.sayUndoable = { [self] text in toast(text, undo: true) }
        // The Undo of a removal's toast (AdwToast's action: button-clicked is libadwaita 1.2).
        let undo = g_simple_action_new("undo", nil)!
        on(raw(undo), "activate") { [controller] (_: UnsafeMutableRawPointer?) in controller.undo() }
        g_action_map_add_action(g(window), g(raw(undo)))
        g_object_unref(raw(undo))
        controller.changed.append { [self] in refreshBanners() }
        banner.onFix = { [self] id in fix(id) }
        gestures.seenDevices = { [self] in
            (daemon?.devices ?? []).compactMap { d in
                let parts = d.split(separator: " ", maxSplits: 2)
                return parts.count == 3 ? DeviceFilter.named(String(parts[2])) : nil
            }
        }
        devices.seen = { [self] in daemon?.devices ?? [] }
        monitor.changed.append { [self] in
            gestures.showLive(monitor.state)
            tryIt.show(monitor.state, problem: monitor.problem)
        }
        var wasConnected = false
        monitor.changed.append { [self] in
            // The daemon came or went: what the banner says may have changed.
            if (monitor.problem == nil) != wasConnected {
                wasConnected = monitor.problem == nil
                refreshBanners()
                devices.reload()
            }
        }
        findImport()
        // The menu's Import from Another Tool (its item names win.import).
        PrimaryMenu.action(window, "import") { [weak self] in self?.chooseImport() }
        refreshBanners()
        monitor.start()
        // What is still due in the main loop's turn must not reach the freed widgets.
        on(window, "destroy") { WindowLifetime.close() }
    }

    func present() { gtk_window_present(g(window)) }

    private static func loadCSS() {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, Self.css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), g(raw(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    private func toast(_ text: String, undo: Bool = false) {
        let t = adw_toast_new(text.xmlEscaped)
        adw_toast_set_timeout(t, undo ? 8 : 4)
        if undo {
            adw_toast_set_button_label(t, L("Undo"))
            adw_toast_set_action_name(t, "win.undo")
        }
        adw_toast_overlay_add_toast(g(toasts), t)
    }

    // MARK: Banners

    private func refreshBanners() {
        daemon = DaemonStatusReader.running(environment: options.environment)
        var messages = SessionStatus.messages(environment: options.environment,
                                              display: DaemonStatusReader.display(options.environment), daemon: daemon,
                                              configPath: controller.path, configExists: !controller.missing)
        if controller.changedOutside {
            messages.insert(BannerMessage(level: .warning,
                                          text: L("{file} was changed outside this window. Nothing here was saved over it.", ["file": controller.path]),
                                          fix: L("Reload"), fixID: "reload"), at: 0)
        } else if let problem = controller.openProblem {
            messages.insert(BannerMessage(level: .error, text: problem, fix: L("Reload"), fixID: "reload"), at: 0)
        } else if !controller.missing, let why = controller.document.readOnlyReason {
            messages.insert(BannerMessage(level: .error, text: L("Read-only: {reason}.", ["reason": why]), fix: L("Reload"), fixID: "reload"), at: 0)
        }
        if let offer = importOffer {
            messages.append(BannerMessage(level: .info,
                                          text: L("Found {tool}'s config ({file}). Bring its gestures here?", ["tool": offer.tool.rawValue, "file": offer.path]),
                                          fix: L("Preview Import"), fixID: "import"))
        }
        banner.show(messages)
    }

    private func fix(_ id: String) {
        switch id {
        case "start":
            let argv = [Subprocess.gestureBridge, "run", "--config", controller.path]
            if let why = Subprocess.start(argv) { toast(L("Could not start gesture-bridge: {reason}", ["reason": why])) }
            after(milliseconds: 1500) { [self] in refreshBanners() }
        case "init":
            Subprocess.run([Subprocess.gestureBridge, "init", "--config", controller.path]) { [self] finished in
                if finished.status != 0 { toast(finished.output.trimmingWhitespace()) }
                controller.open()
            }
        case "reload":
            controller.open()
        case "import":
            previewImport()
        default:
            break
        }
    }

    // MARK: Import

    private func findImport() {
        guard let home = options.environment["HOME"] else { return }
        for tool in ImportPreview.Tool.allCases {
            let path = home + "/" + tool.defaultPath
            if FileSystem.exists(path) {
                importOffer = (tool, path)
                return
            }
        }
    }

    /// The banner's offer: the file found in its tool's usual place.
    private func previewImport() {
        guard let offer = importOffer else { return }
        if let why = previewImport(offer.tool, path: offer.path) { toast(why) }
    }

    /// Import from Another Tool (the primary menu): any tool, any file.
    func chooseImport() {
        ImportSourceDialog(parent: window, home: options.environment["HOME"] ?? "") { [self] tool, path in
            previewImport(tool, path: path)
        }.present()
    }

    /// The import's preview of `path` opened (nil), or why not.
    private func previewImport(_ tool: ImportPreview.Tool, path: String) -> String? {
        guard case .success(let text) = FileSystem.read(path) else { return L("Cannot read {file}.", ["file": path]) }
        switch ImportPreview.of(tool, text: text, file: path, loader: .standard()) {
        case .failure(let e):
            return "\(e)"
        case .success(let preview):
            ImportDialog(parent: window, preview: preview, source: path, replacing: !controller.missing,
                         strokesPath: StrokesFile.path(besideConfig: controller.path)) { [self] in
                // The shapes first: the config names them.
                if let why = preview.writeShapes(besideConfig: controller.path) { return why }
                if controller.missing {
                    // No file yet: the import is the first config (never written over a file, never one that does not load).
                    if case .failure(let e) = SettingsDocument.create(path: controller.path, text: preview.text) {
                        return e.description
                    }
                    importOffer = nil
                    controller.open()
                    return nil
                }
                let why = controller.apply { _ in .success(preview.text) }
                if why == nil { importOffer = nil; refreshBanners() }
                return why
            }.present()
            return nil
        }
    }
}
