#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureSettingsModel
import GestureClient
import GestureSystem

/// One thing the banner says: in plain words, with the fix as a button where there is one.
struct BannerMessage: Equatable {
    enum Level: String {
        case info, warning, error
        var word: String { self == .info ? L("Note") : self == .warning ? L("Warning") : L("Error") }
    }
    var level: Level
    var text: String
    /// The button's label; nil: no button.
    var fix: String? = nil
    /// Which fix (the window acts on it).
    var fixID: String = ""
}

/// What the banners say, worked out from the session, the daemon's state
/// file (what `gesture-bridge status` reads) and the config file. Pure but
/// for the state it is given.
enum SessionStatus {
    static func messages(environment: [String: String], display: String, daemon: DaemonState?, configPath: String,
                         configExists: Bool) -> [BannerMessage] {
        var out: [BannerMessage] = []
        if let wayland = Session.wayland(environment) {
            out.append(BannerMessage(level: .error, text: L("This is not an X11 session: {reason}.", ["reason": wayland])))
            return out
        }
        if !configExists {
            out.append(BannerMessage(level: .info,
                                     text: L("No config file yet ({file}): the daemon runs its built-in gestures. Write them to the file to change them here.",
                                            ["file": configPath]),
                                     fix: L("Write a First Config"), fixID: "init"))
        }
        guard let d = daemon else {
            out.append(BannerMessage(level: .warning,
                                     text: L("gesture-bridge is not running on {display}: these gestures do nothing until it runs.", ["display": display]),
                                     fix: L("Start gesture-bridge"), fixID: "start"))
            return out
        }
        if d.config != configPath {
            out.append(BannerMessage(level: .info,
                                     text: L("gesture-bridge (pid {pid}) runs {running}; this window edits {file}.", ["pid": "\(d.pid)", "running": d.config, "file": configPath])))
        } else if !d.configStatus.hasPrefix("loaded") && configExists {
            out.append(BannerMessage(level: .warning, text: L("gesture-bridge is running, but: {status}.", ["status": d.configStatus])))
        }
        return out
    }
}

/// The banners at the top of the window, rebuilt whenever what they say changes.
@MainActor final class StatusBanner {
    let box: Widget
    private var shown: [BannerMessage] = []
    var onFix: (String) -> Void = { _ in }

    init() {
        box = UI.box(true, spacing: 0)
    }

    func show(_ messages: [BannerMessage]) {
        guard messages != shown else { return }
        shown = messages
        UI.clear(box)
        for m in messages {
            let row = UI.box(false, spacing: 12)
            gtk_widget_add_css_class(g(row), "banner")
            gtk_widget_add_css_class(g(row), m.level.rawValue)
            let icon = raw(gtk_image_new_from_icon_name(m.level == .info ? "dialog-information-symbolic"
                : m.level == .warning ? "dialog-warning-symbolic" : "dialog-error-symbolic"))!
            UI.append(row, icon)
            let label = UI.label(m.text.tildeAbbreviated, wrap: true)
            UI.expand(label)
            UI.append(row, label)
            if let fix = m.fix {
                let id = m.fixID
                let b = UI.button(fix, classes: ["pill"]) { [self] in onFix(id) }
                gtk_widget_set_valign(g(b), GTK_ALIGN_CENTER)
                UI.append(row, b)
            }
            // Read as one message: "Warning: gesture-bridge is not running…".
            cx_gtk_set_accessible_label(g(row), "\(m.level.word): \(m.text.tildeAbbreviated)")
            UI.append(box, row)
        }
    }
}

