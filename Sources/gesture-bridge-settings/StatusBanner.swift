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
            out.append(BannerMessage(level: .error, text: L("This is not an X11 session: {reason}.", ["reason": L(wayland)])))
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
///
/// Narrow windows (issue 62): as libadwaita lays a banner out. With
/// libadwaita 1.3 or newer a one-paragraph message is an AdwBanner (looked
/// up at run time, `AdwBannerSymbols`; the app links nothing newer than
/// 1.1); AdwBanner ellipsizes its title at three lines, so a message of
/// several lines (a config's errors) and every message on 1.1 and 1.2 is a
/// row laid out the same way by `cx_banner_layout_new` (the C shim): icon,
/// text and button on one line while the text fits at its natural width,
/// else the text over the whole width and the button centred under it.
@MainActor final class StatusBanner {
    let box: Widget
    private var shown: [BannerMessage] = []
    var onFix: (String) -> Void = { _ in }
    private let adwBanner = AdwBannerSymbols.load()

    init() {
        box = UI.box(true, spacing: 0)
    }

    func show(_ messages: [BannerMessage]) {
        guard messages != shown else { return }
        shown = messages
        UI.clear(box)
        for m in messages {
            let text = m.text.tildeAbbreviated
            let id = m.fixID
            let row: Widget
            if let adw = adwBanner, !text.contains("\n") {
                row = adw.new(title: text, button: m.fix) { [self] in onFix(id) }
            } else {
                row = UI.box(false, spacing: 12)
                gtk_widget_set_layout_manager(g(row), cx_banner_layout_new())
                gtk_widget_add_css_class(g(row), "banner")
                let icon = raw(gtk_image_new_from_icon_name(m.level == .info ? "dialog-information-symbolic"
                    : m.level == .warning ? "dialog-warning-symbolic" : "dialog-error-symbolic"))!
                UI.append(row, icon)
                UI.append(row, UI.label(text, wrap: true))
                if let fix = m.fix {
                    let b = UI.button(fix, classes: ["pill"]) { [self] in onFix(id) }
                    UI.append(row, b)
                }
            }
            gtk_widget_add_css_class(g(row), m.level.rawValue)
            // Read as one message: "Warning: gesture-bridge is not running…".
            cx_gtk_set_accessible_label(g(row), "\(m.level.word): \(text)")
            UI.append(box, row)
        }
    }
}

/// libadwaita 1.3's AdwBanner, looked up at run time (AdwSymbols) as
/// AdwEntryRow and AdwAboutWindow are; nil on 1.1 and 1.2.
struct AdwBannerSymbols {
    private let adw: AdwSymbols
    private typealias New = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    private typealias SetText = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    private typealias SetBool = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void

    static func load() -> AdwBannerSymbols? {
        AdwSymbols(["adw_banner_new", "adw_banner_set_button_label", "adw_banner_set_revealed"]).map(AdwBannerSymbols.init)
    }

    /// A revealed banner saying `title` (as text: 1.3's title is markup, so
    /// it is escaped), its button `button` calling `fix`.
    @MainActor func new(title: String, button: String?, fix: @escaping Action) -> Widget {
        let banner = adw.fn("adw_banner_new", New.self)(title.xmlEscaped)!
        if let button {
            adw.fn("adw_banner_set_button_label", SetText.self)(banner, button)
            on(banner, "button-clicked", fix)
        }
        adw.fn("adw_banner_set_revealed", SetBool.self)(banner, 1)
        return banner
    }
}
