import GestureConfig
import GestureCore
@testable import GestureSettingsModel
import Testing

/// The edits a person makes in the settings app, on the rich fixture, each
/// compared with its golden (Tests/Settings/goldens/full.NAME.toml; the
/// app's AT-SPI tests compare the files it writes with goldens the same way).
/// The same edit on the fixture with CRLF line breaks gives the golden
/// with CRLF line breaks.
@Suite struct GoldenEditTests {
    static func bind(_ i: Int) -> BindingRef { BindingRef(scope: .allApplications, index: i) }

    static let edits: [(name: String, edit: @Sendable (SettingsDocument) -> Result<String, EditError>)] = [
        ("add-swipe", { $0.add(BindingForm(kind: .swipe, fingers: 4, direction: .up, action: .named("key overview"),
                                           priority: .high, name: "overview"), to: .allApplications) }),
        ("add-pinch", { $0.add(BindingForm(kind: .pinch, device: .touchpad, when: .steps(every: 0.1),
                                           action: .named("key zoom-in"), decrease: .named("key zoom-out")), to: .allApplications) }),
        ("add-chord", { $0.add(BindingForm(kind: .tap, fingers: 3, action: .keys("super+a"), name: "launcher"),
                               to: .allApplications) }),
        ("add-stroke-button", { d in
            var f = BindingForm(kind: .stroke, modifiers: .super, action: .named("key back"), name: "back")
            f.shape = "back"
            f.button = 3
            return d.add(f, to: .allApplications)
        }),
        ("add-firefox-binding", { $0.add(BindingForm(kind: .swipe, fingers: 2, direction: .left, action: .named("key forward")),
                                         to: .app(0)) }),
        ("edit-workspace-next", { d in
            var f = d.entry(bind(0))!.form!
            f.fingers = 4
            return d.update(bind(0), f)
        }),
        ("edit-tap-to-start", { d in
            var f = d.entry(bind(4))!.form!
            f.when = .start
            f.priority = .normal
            f.name = "right click"
            return d.update(bind(4), f)
        }),
        ("switch-off-zoom", { $0.setEnabled(bind(2), false) }),
        ("switch-on-edge-menu", { $0.setEnabled(bind(6), true) }),
        ("delete-hold-then-drag", { $0.delete(bind(3)) }),
        ("delete-first", { $0.delete(bind(0)) }),
        ("delete-last-app-binding", { $0.delete(BindingRef(scope: .app(1), index: 0)) }),
        ("expression-turn", { $0.updateExpression(bind(7), "rotate(fingers: 3)") }),
        ("set-long-press", { $0.setSetting("long-press", "\"700ms\"") }),
        ("set-slop", { $0.setSetting("slop", "\"12px\"") }),
        ("set-edge-width", { $0.setSetting("edge-width", "\"30px\"") }),
        ("reset-swipe-distance", { $0.resetSetting("swipe-distance") }),
        ("add-scope", { $0.addScope(class: "org.gnome.Terminal") }),
        ("remove-scope-firefox", { $0.removeScope(.app(0)) }),
        ("add-device", { $0.addDevice(match: "touchpad") }),
        ("device-set-slop", { $0.setDeviceSetting(0, "slop", "\"4mm\"") }),
        ("device-reset-finger-landing", { $0.resetDeviceSetting(0, "finger-landing") }),
        ("remove-device", { $0.removeDevice(0) }),
    ]

    @Test(arguments: edits.map(\.name))
    func editMatchesItsGolden(_ name: String) throws {
        let edit = Self.edits.first { $0.name == name }!.edit
        let out = try edit(document(fixture("full.toml"))).get()
        expectGolden(out, "full.\(name).toml")
        // The same edit keeps CRLF line breaks CRLF, and writes its own lines with CRLF.
        let crlf = try edit(document(fixture("full.toml").replacingOccurrences(of: "\n", with: "\r\n"))).get()
        #expect(crlf == out.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(!crlf.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
