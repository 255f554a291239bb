import CGtk
import GestureSettingsModel
import GestureSystem

/// The action part of the form: a named action, a key chord (typed or
/// recorded by pressing it), a mouse button, a command, or nothing.
@MainActor final class ActionPicker {
    let box: Widget
    private let kind: Choice
    private let namedList: Widget
    private let namedScroll: Widget
    private let keysBox: Widget
    private let keysEntry: Widget
    private let recordButton: Widget
    private let buttonChoice: Choice
    private let commandEntry: Widget
    private let named = NamedAction.all.filter(\.offered)
    /// The mouse buttons the form offers, as X numbers them.
    static let buttons: [(n: Int, words: String)] = [(1, L("Left")), (2, L("Middle")), (3, L("Right")), (4, L("Scroll up")),
                                                     (5, L("Scroll down")), (8, L("Back")), (9, L("Forward"))]
    /// Set while the next key pressed is taken as the chord.
    private(set) var recording = false
    var changed: Action = {}

    /// `title`: "Action", "When it grows"…; names the parts for assistive technologies.
    init(title: String) {
        box = UI.box(true, spacing: 8)
        kind = Choice([L("Named Action"), L("Keys"), L("Mouse Button"), L("Command"), L("Nothing")],
                      names: [L("{field}: named action", ["field": title]), L("{field}: keys", ["field": title]),
                              L("{field}: mouse button", ["field": title]), L("{field}: command", ["field": title]),
                              L("{field}: nothing", ["field": title])])
        namedList = raw(gtk_list_box_new())!
        gtk_list_box_set_selection_mode(g(namedList), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(g(namedList), "boxed-list")
        cx_gtk_set_accessible_label(g(namedList), L("{field}: named actions", ["field": title]))
        for a in named {
            let row = raw(gtk_list_box_row_new())!
            let l = UI.label(a.words)
            UI.margins(l, 8)
            gtk_list_box_row_set_child(g(row), g(l))
            cx_gtk_set_accessible_label(g(row), a.words)
            gtk_list_box_append(g(namedList), g(row))
        }
        namedScroll = UI.scrolled(namedList)
        gtk_scrolled_window_set_min_content_height(g(namedScroll), 150)
        gtk_widget_set_vexpand(g(namedScroll), 0)
        keysEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(keysEntry), "ctrl+alt+Right")
        cx_gtk_set_accessible_label(g(keysEntry), L("{field}: keys", ["field": title]))
        UI.expand(keysEntry)
        recordButton = raw(gtk_button_new_with_label(L("Record Keys")))!
        keysBox = UI.box(false, spacing: 6, [keysEntry, recordButton])
        buttonChoice = Choice(Self.buttons.map(\.words), names: Self.buttons.map { L("{field}: {button} button", ["field": title, "button": $0.words]) })
        commandEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(commandEntry), "rofi -show window")
        cx_gtk_set_accessible_label(g(commandEntry), L("{field}: command", ["field": title]))
        for w in [kind.box, namedScroll, keysBox, buttonChoice.box, commandEntry] { UI.append(box, w) }
        kind.changed = { [self] in showKind(); changed() }
        on(recordButton, "clicked") { [self] in startRecording() }
        on(namedList, "row-selected") { [self] (_: UnsafeMutableRawPointer?) in changed() }
        on(keysEntry, "changed") { [self] in changed() }
        on(commandEntry, "changed") { [self] in changed() }
        buttonChoice.changed = { [self] in changed() }
        set(.named(named[0].text))
    }

    private func showKind() {
        UI.setVisible(namedScroll, kind.selected == 0)
        UI.setVisible(keysBox, kind.selected == 1)
        UI.setVisible(buttonChoice.box, kind.selected == 2)
        UI.setVisible(commandEntry, kind.selected == 3)
    }

    func set(_ action: BindingForm.Action) {
        switch action {
        case .named(let text):
            kind.select(0)
            let i = named.firstIndex { $0.text == text } ?? 0
            gtk_list_box_select_row(g(namedList), gtk_list_box_get_row_at_index(g(namedList), Int32(i)))
        case .keys(let chord):
            kind.select(1)
            UI.setText(ofEditable: keysEntry, chord)
        case .button(let n, _):
            kind.select(2)
            buttonChoice.select(Self.buttons.firstIndex { $0.n == n } ?? 0)
        case .command(let c):
            kind.select(3)
            UI.setText(ofEditable: commandEntry, c)
        case .nothing:
            kind.select(4)
        }
        showKind()
    }

    /// The action, or why the form cannot store it yet.
    var action: Result<BindingForm.Action, FormProblem> {
        switch kind.selected {
        case 0:
            guard let row = gtk_list_box_get_selected_row(g(namedList)) else { return .failure(FormProblem(L("pick a named action"))) }
            return .success(.named(named[Int(gtk_list_box_row_get_index(row))].text))
        case 1:
            let keys = UI.text(ofEditable: keysEntry).trimmingWhitespace()
            return keys.isEmpty ? .failure(FormProblem(L("type the keys, or record them"))) : .success(.keys(keys))
        case 2:
            return .success(.button(Self.buttons[buttonChoice.selected].n, here: false))
        case 3:
            let command = UI.text(ofEditable: commandEntry).trimmingWhitespace()
            return command.isEmpty ? .failure(FormProblem(L("type the command to run"))) : .success(.command(command))
        default:
            return .success(.nothing)
        }
    }

    // MARK: Recording a chord

    private func startRecording() {
        recording = true
        gtk_button_set_label(g(recordButton), L("Press the Keys…"))
        gtk_widget_add_css_class(g(recordButton), "suggested-action")
    }

    /// A key pressed in the form's window while recording: the chord is the
    /// modifiers held and the key; a modifier alone waits for the key. True
    /// when the key was taken.
    func keyPressed(keyval: UInt32, state: GdkModifierType) -> Bool {
        guard recording else { return false }
        if keyval == UInt32(GDK_KEY_Escape) {
            stopRecording()
            return true
        }
        guard let chord = Chord.of(keyval: keyval, state: state.rawValue) else { return true }
        UI.setText(ofEditable: keysEntry, chord)
        stopRecording()
        changed()
        return true
    }

    private func stopRecording() {
        recording = false
        gtk_button_set_label(g(recordButton), L("Record Keys"))
        gtk_widget_remove_css_class(g(recordButton), "suggested-action")
    }
}

/// Why the form cannot store what it holds, in words.
struct FormProblem: Error {
    let message: String
    init(_ m: String) { message = m }
}
