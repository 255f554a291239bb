#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

/// L("Try it") (issue 42, point 3): the fingers per device as the daemon sees
/// them, a bar per binding toward its threshold while it is possible, and,
/// when nothing fired, why ("travelled 54 px (14.3 mm) of the 80 px
/// swipe-distance"). Under it "Fit to my hands": `gesture-bridge tune` on
/// attempts recorded now or before, its proposed change, gains and risks,
/// applied only on the user's word.
@MainActor final class TryItPage {
    let widget: Widget
    private let controller: DocumentController
    private let connection: Widget
    private let canvas: Widget
    /// What an empty canvas is for: a label over it, wrapping at the canvas's width.
    private let emptyCanvas: Widget
    private let bars: Widget
    private let whyNot: Widget
    private let verdicts: Widget
    /// The last attempt as a stroke: the closest shape taught and its score.
    private let shapeLine: Widget
    private var shapesShown = 0
    private var state = LiveState()
    // Fit to my hands.
    private let bindingEntry: Widget
    private let tracesEntry: Widget
    private let recordButton: Widget
    private let proposeButton: Widget
    private let proposal: Widget
    private let applyButton: Widget
    private var proposed: [(key: String, value: String)] = []
    private var recording: GPid = 0

    init(controller: DocumentController) {
        self.controller = controller
        connection = UI.label("", classes: ["dim-label"], wrap: true)
        canvas = raw(gtk_drawing_area_new())!
        gtk_widget_set_size_request(g(canvas), -1, 200)
        gtk_widget_add_css_class(g(canvas), "card")
        cx_gtk_set_accessible_label(g(canvas), L("Fingers"))
        // A label, not cairo text: it wraps to the canvas's width at any window width (issue 62).
        emptyCanvas = UI.label(L("No fingers down. The fingers gesture-bridge sees show here, where they are on the screen."),
                               classes: ["dim-label"], wrap: true, xalign: 0.5)
        gtk_label_set_justify(g(emptyCanvas), GTK_JUSTIFY_CENTER)
        gtk_widget_set_valign(g(emptyCanvas), GTK_ALIGN_CENTER)
        // Centred at its natural width, at most about 56 characters: balanced lines, not a last word alone.
        gtk_widget_set_halign(g(emptyCanvas), GTK_ALIGN_CENTER)
        gtk_label_set_max_width_chars(g(emptyCanvas), 56)
        gtk_widget_set_can_target(g(emptyCanvas), 0)
        UI.margins(emptyCanvas, 16)
        bars = UI.box(true, spacing: 6)
        whyNot = UI.label(L("Touch the touchscreen or the touchpad: each gesture's progress shows here."), classes: ["title-4"], wrap: true)
        cx_gtk_set_accessible_label(g(whyNot), L("Verdict"))
        verdicts = UI.box(true, spacing: 2)
        shapeLine = UI.label("", wrap: true)
        UI.setVisible(shapeLine, false)

        bindingEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(bindingEntry), "swipe-left-3")
        cx_gtk_set_accessible_label(g(bindingEntry), L("Binding to fit"))
        tracesEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(tracesEntry), L("recorded attempts: trace files, space-separated (optional)"))
        cx_gtk_set_accessible_label(g(tracesEntry), L("Recorded attempts"))
        UI.expand(tracesEntry)
        recordButton = raw(gtk_button_new_with_label(L("Record Attempts")))!
        proposeButton = raw(gtk_button_new_with_label(L("Propose a Change")))!
        gtk_widget_add_css_class(g(proposeButton), "suggested-action")
        proposal = UI.label("", classes: ["monospace"], wrap: true)
        gtk_label_set_selectable(g(proposal), 1)
        cx_gtk_set_accessible_label(g(proposal), L("Proposal"))
        applyButton = raw(gtk_button_new_with_label(L("Apply the Change")))!

        let page = UI.box(true, spacing: 12)
        UI.margins(page, 24)
        UI.append(page, UI.label(L("Try it"), classes: ["title-2"]))
        UI.append(page, connection)
        let canvasOverlay = raw(gtk_overlay_new())!
        gtk_overlay_set_child(g(canvasOverlay), g(canvas))
        gtk_overlay_add_overlay(g(canvasOverlay), g(emptyCanvas))
        // Measured with the canvas: a text longer than the canvas is tall makes it taller, never cut.
        gtk_overlay_set_measure_overlay(g(canvasOverlay), g(emptyCanvas), 1)
        UI.append(page, canvasOverlay)
        UI.append(page, whyNot)
        UI.append(page, shapeLine)
        UI.append(page, bars)
        UI.append(page, verdicts)
        UI.append(page, raw(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))!)
        UI.append(page, UI.label(L("Fit to my hands"), classes: ["title-2"]))
        // One literal: xgettext reads no Swift "+".
        UI.append(page, UI.label(L("When a gesture does not fire for you: name it, perform it a few times (Record Attempts, then Stop), or give attempts you recorded with gesture-bridge record. gesture-bridge tune proposes the smallest change of the settings that recognizes them and says what it risks; nothing changes until you apply it."), wrap: true))
        UI.append(page, UI.box(false, spacing: 6, [UI.label(L("Gesture")), bindingEntry]))
        UI.append(page, UI.box(false, spacing: 6, [tracesEntry]))
        // A flow box: the buttons wrap onto more lines in a narrow window (issue 62).
        UI.append(page, UI.flow([recordButton, proposeButton, applyButton]))
        UI.append(page, proposal)
        let clamp = raw(adw_clamp_new())!
        adw_clamp_set_maximum_size(g(clamp), 860)
        adw_clamp_set_child(g(clamp), g(page))
        widget = UI.scrolled(clamp)
        showApply(false)

        onDraw(canvas) { [self] cr, width, height in draw(cr, width, height) }
        on(recordButton, "clicked") { [self] in toggleRecording() }
        on(proposeButton, "clicked") { [self] in propose(traces: tracesEntry) }
        on(applyButton, "clicked") { [self] in applyProposal() }
    }

    // MARK: Live

    func show(_ live: LiveState, problem: String?) {
        state = live
        gtk_label_set_text(g(connection), problem.map { L("Not watching: {reason}.", ["reason": $0]) }
                           ?? L("Watching gesture-bridge: what it sees shows here as it happens."))
        gtk_widget_queue_draw(g(canvas))
        UI.setVisible(emptyCanvas, live.devices.values.allSatisfy { $0.fingers.isEmpty })
        UI.clear(bars)
        for (id, device) in live.devices.sorted(by: { $0.key < $1.key }) where !device.bindings.isEmpty {
            let what = device.touchpad ?? Ln("{count} finger", "{count} fingers", device.fingers.count)
            UI.append(bars, UI.label(L("Device {id} ({kind}): {fingers}", ["id": String(id), "kind": device.kind, "fingers": what]),
                                     classes: ["heading"], wrap: true))
            // The names and the texts in columns (size groups: every row decides alike), on one line while they
            // fit beside a bar, else stacked (issue 62; fixed widths of 200 and 260 px were wider than 360 px).
            let names = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)
            let texts = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)
            defer { g_object_unref(names); g_object_unref(texts) }
            for (name, b) in device.bindings {
                let bar = raw(gtk_progress_bar_new())!
                gtk_progress_bar_set_fraction(g(bar), b.isLit ? 1 : b.isOut ? b.failedAt : b.fraction)
                UI.expand(bar)
                gtk_widget_set_valign(g(bar), GTK_ALIGN_CENTER)
                let text = b.isOut ? (b.reason ?? b.standing) : b.isLit ? b.standing : b.threshold > 0 ? b.measureText : b.standing
                cx_gtk_set_accessible_value(g(bar), (b.isOut ? b.failedAt : b.fraction) * 100, text)
                let nameLabel = UI.label(name)
                gtk_label_set_ellipsize(g(nameLabel), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(g(nameLabel), 24)
                gtk_size_group_add_widget(names, g(nameLabel))
                let textLabel = UI.label(text, classes: b.isOut ? ["dim-label"] : [], wrap: true)
                gtk_label_set_width_chars(g(textLabel), 10)
                gtk_label_set_max_width_chars(g(textLabel), 36)
                gtk_size_group_add_widget(texts, g(textLabel))
                let row = UI.box(false, spacing: 12, [nameLabel, bar, textLabel])
                // One line while names and texts fit, else name, bar and text stacked (cx_bar_row_layout_new).
                gtk_widget_set_layout_manager(g(row), cx_bar_row_layout_new())
                cx_gtk_set_accessible_label(g(row), "\(name): \(text)")
                UI.append(bars, row)
            }
        }
        UI.clear(verdicts)
        if let last = live.verdicts.last {
            gtk_label_set_text(g(whyNot), last)
            // The binding that came closest is the one to fit.
            if let closest = live.closest, UI.text(ofEditable: bindingEntry).isEmpty {
                UI.setText(ofEditable: bindingEntry, closest)
            }
        }
        for v in live.verdicts.reversed().dropFirst() { UI.append(verdicts, UI.label(v, classes: ["dim-label"])) }
        showShape(live)
    }

    /// The last attempt matched as a stroke against strokes.toml's shapes
    /// (read again each time: "Draw a shape" or `teach` may have added some):
    /// "As a shape: matches L, 0.92", or the closest and its score. Only
    /// when shapes are taught; a touchpad's attempt is its gesture's travel.
    private func showShape(_ live: LiveState) {
        guard live.drawnCount != shapesShown else { return }
        shapesShown = live.drawnCount
        guard case .success(let set) = StrokesFile.load(path: StrokesFile.path(besideConfig: controller.path)),
              !set.shapes.isEmpty else { return UI.setVisible(shapeLine, false) }
        gtk_label_set_text(g(shapeLine), L("As a shape: {verdict}", ["verdict": DrawnShape.verdict(live.lastDrawn, in: set)]))
        UI.setVisible(shapeLine, true)
    }

    /// The fingers of each device, scaled from root pixels into the canvas.
    private func draw(_ cr: OpaquePointer?, _ width: Double, _ height: Double) {
        // Root pixels: the screen GDK reports (the first monitor's size is enough to place fingers).
        var screen = (w: 1920.0, h: 1080.0)
        if let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
           g_list_model_get_n_items(monitors) > 0, let m = g_list_model_get_item(monitors, 0) {
            var r = GdkRectangle()
            gdk_monitor_get_geometry(g(m), &r)
            if r.width > 0 && r.height > 0 { screen = (Double(r.width), Double(r.height)) }
            g_object_unref(m)
        }
        let scale = min(width / screen.w, height / screen.h)
        // The theme's named colours (libadwaita's, light or dark), one per device.
        let colours = [("accent_color", GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)),
                       ("warning_color", GdkRGBA(red: 0.90, green: 0.38, blue: 0.0, alpha: 1)),
                       ("success_color", GdkRGBA(red: 0.15, green: 0.64, blue: 0.41, alpha: 1)),
                       ("error_color", GdkRGBA(red: 0.75, green: 0.11, blue: 0.16, alpha: 1))].map { named($0.0, $0.1) }
        for (i, (_, device)) in state.devices.sorted(by: { $0.key < $1.key }).enumerated() {
            let c = colours[i % colours.count]
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), 0.8)
            for f in device.fingers {
                cairo_arc(cr, f.x * scale, f.y * scale, 14, 0, 2 * Double.pi)
                cairo_fill(cr)
            }
        }
    }

    private func named(_ name: String, _ fallback: GdkRGBA) -> GdkRGBA { UI.themeColor(canvas, name, fallback) }

    // MARK: Fit to my hands

    private var binding: String { UI.text(ofEditable: bindingEntry).trimmingWhitespace() }

    private func toggleRecording() {
        if recording != 0 {
            // tune records until Ctrl+C, then proposes.
            kill(recording, SIGINT)
            return
        }
        guard !binding.isEmpty else { return say(L("Name the gesture to fit first (its name, as its row shows it).")) }
        gtk_button_set_label(g(recordButton), L("Stop and Propose"))
        gtk_label_set_text(g(proposal), L("Recording: perform {gesture} a few times, lifting your fingers between attempts.", ["gesture": binding]))
        recording = runTune([])
    }

    private func propose(traces: Widget) {
        guard !binding.isEmpty else { return say(L("Name the gesture to fit first (its name, as its row shows it).")) }
        let files = UI.text(ofEditable: traces).split(separator: " ").map(String.init)
        guard !files.isEmpty else { return say(L("Record attempts first, or give trace files you recorded.")) }
        gtk_label_set_text(g(proposal), L("gesture-bridge tune is replaying the attempts…"))
        runTune(files)
    }

    @discardableResult
    private func runTune(_ files: [String]) -> GPid {
        proposed = []
        showApply(false)
        let argv = [Subprocess.gestureBridge, "tune", "--config", controller.path, "--expect", binding] + files
        return Subprocess.run(argv) { [self] finished in
            recording = 0
            gtk_button_set_label(g(recordButton), L("Record Attempts"))
            gtk_label_set_text(g(proposal), finished.output.trimmingWhitespace().isEmpty ? L("tune said nothing (status {status})", ["status": String(finished.status)])
                                                                          : finished.output.trimmingWhitespace())
            proposed = Self.settingsChange(finished.output)
            showApply(finished.status == 0 && !proposed.isEmpty)
        }
    }

    /// The `[settings]` lines tune proposes: `swipe-distance = "56px"   # was 80px`.
    nonisolated static func settingsChange(_ output: String) -> [(key: String, value: String)] {
        var inSettings = false
        var out: [(String, String)] = []
        for raw in output.split(separator: "\n") {
            let line = String(raw).trimmingWhitespace()
            if line.hasPrefix("[") { inSettings = line == "[settings]"; continue }
            guard inSettings, !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq]).trimmingWhitespace()
            var value = String(line[line.index(after: eq)...])
            if let hash = value.firstRange(of: "   #") { value = String(value[..<hash.lowerBound]) }
            out.append((key, value.trimmingWhitespace()))
        }
        return out
    }

    private func applyProposal() {
        for (key, value) in proposed {
            if let why = controller.apply({ $0.setSetting(key, value) }) { return say(why) }
        }
        say(L("Applied: {settings}.", ["settings": proposed.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")]))
        proposed = []
        showApply(false)
    }

    private func say(_ text: String) { controller.say(text) }

    /// The button and its place in the flow box (an empty place would still take a column).
    private func showApply(_ on: Bool) {
        UI.setVisible(applyButton, on)
        if let place = raw(gtk_widget_get_parent(g(applyButton))) { UI.setVisible(place, on) }
    }
}
