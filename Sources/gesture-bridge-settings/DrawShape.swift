import CGtk
import GestureConfig
import GestureCore
import GestureSettingsModel
import GestureSystem
import GestureTraces

/// "Draw a shape" (issue 53, point 4; issue 58, item 6): the binding form's
/// part for a stroke. The user names the shape and draws it on a canvas
/// with the mouse (any button), a pen (its tip or a side button) or a
/// finger: a GtkGestureDrag for every button, pointer or touch, no daemon
/// needed. The path is kept by the recognizer's own `StrokePath` (the
/// points a finger's drawing keeps, relative to where it began), so what
/// is matched and taught is what the daemon would have kept. Each
/// attempt is matched at once against the shapes taught, as the daemon
/// matches at the lift, with a button as it matches a button's drawing
/// (`DrawnShape.verdict`: "matches L, 0.92"). "Add as
/// Example" teaches it exactly as `gesture-bridge teach` does (`Teacher`:
/// the shape's templates plus this one, the threshold fitted against
/// everyday hands) and writes strokes.toml beside the config keeping the
/// rest of the file (`StrokesFile.save`); Undo writes the file back. Every
/// example added stays drawn, faded, where it was drawn; the shape's
/// templates already in the file show as thumbnails along the top.
@MainActor final class DrawShapePanel {
    /// The shape's name (the form's "Shape" row).
    let nameEntry: Widget
    /// The canvas, what it recognized and its buttons.
    let box: Widget
    private let canvas: Widget
    private let verdict: Widget
    private let status: Widget
    private let addButton: Widget
    private let undoButton: Widget
    private let strokesPath: String
    private var set = StrokeSet()
    /// Why strokes.toml cannot be read (nothing is written over it then).
    private var problem: String?
    /// The attempt being drawn or last drawn, as the recognizer keeps it
    /// (from where it began), and where on the canvas it began.
    private var path = StrokePath()
    private var origin = Point.zero
    /// The attempt in canvas pixels (drawn), empty when there is none.
    private var current: [Point] { path.points.map { origin + $0 } }
    /// The examples added since the form opened, as drawn.
    private var added: [[Point]] = []
    /// The file's text before the last addition and after it: Undo writes
    /// the first back only while the file is still the second.
    private var undoable: (before: String, after: String)?
    /// The shape name changed (the form's preview says it).
    var changed: () -> Void = {}
    /// The form's Button: the stroke is drawn with it held (nil: with the
    /// fingers); a line then is a shape, as the daemon matches it.
    var button: Int? {
        didSet { if button != oldValue { attemptEnded() } }
    }
    /// A drawing ended that was made with a button other than the primary
    /// (2, 3, 8, 9: a right-drag, a pen's side button): the form takes it
    /// for the stroke's button where none is chosen yet, so the shape is
    /// matched, and bound, as drawn. A primary drag, a pen's tip and a
    /// touch say nothing: a mouse user draws a finger's shape with them.
    var drewWithButton: (Int) -> Void = { _ in }
    /// The button of the drag under way (GTK's current button; 0 for a touch).
    private var dragButton = 0

    init(configPath: String) {
        strokesPath = StrokesFile.path(besideConfig: configPath)
        nameEntry = raw(gtk_entry_new())!
        gtk_entry_set_placeholder_text(g(nameEntry), L("a name: L, circle, check…"))
        cx_gtk_set_accessible_label(g(nameEntry), L("Shape"))
        canvas = raw(gtk_drawing_area_new())!
        gtk_widget_set_size_request(g(canvas), -1, 240)
        gtk_widget_add_css_class(g(canvas), "card")
        cx_gtk_set_accessible_label(g(canvas), L("Drawing canvas"))
        verdict = UI.label(Self.invitation, classes: ["title-4"], wrap: true)
        status = UI.label("", classes: ["dim-label"], wrap: true)
        addButton = raw(gtk_button_new_with_label(L("Add as Example")))!
        gtk_widget_add_css_class(g(addButton), "suggested-action")
        undoButton = raw(gtk_button_new_with_label(L("Undo")))!
        // Said in full (a screen reader hears it beside the form's Cancel); scripts/check-po-distinct.py keeps "Undo"
        // and "Cancel" two words in every language (French said "Annuler" for both).
        cx_gtk_set_accessible_label(g(undoButton), L("Undo the last example"))
        let clearButton = raw(gtk_button_new_with_label(L("Clear")))!
        box = UI.box(true, spacing: 8)
        UI.append(box, UI.label(L("Draw a shape"), classes: ["title-4"]))
        UI.append(box, UI.label(L("Draw it a few times: each attempt is matched against the shapes taught; add the good ones as examples. They go to strokes.toml beside the config, as gesture-bridge teach writes them."), classes: ["dim-label"], wrap: true))
        UI.append(box, canvas)
        UI.append(box, verdict)
        UI.append(box, UI.box(false, spacing: 6, [addButton, clearButton, undoButton]))
        UI.append(box, status)
        UI.setVisible(undoButton, false)

        let drag = raw(gtk_gesture_drag_new())!
        // Every button (GtkGestureSingle's 0), not only the primary: a stroke
        // is drawn with the right button or a pen's side button too. A pen's
        // tip and a touch come as button 1.
        gtk_gesture_single_set_button(g(drag), 0)
        onPoint(drag, "drag-begin") { [self] x, y in
            dragButton = Int(gtk_gesture_single_get_current_button(g(drag)))
            origin = Point(x: x, y: y)
            path.removeAll()
            path.add(.zero)
            gtk_widget_queue_draw(g(canvas))
        }
        // GtkGestureDrag gives the offset from the start: the path from where it began, as a finger's.
        onPoint(drag, "drag-update") { [self] dx, dy in
            path.add(Point(x: dx, y: dy))
            gtk_widget_queue_draw(g(canvas))
        }
        onPoint(drag, "drag-end") { [self] _, _ in
            if dragButton > 1 { drewWithButton(dragButton) }
            attemptEnded()
        }
        gtk_widget_add_controller(g(canvas), g(drag))
        onDraw(canvas) { [self] cr, width, height in draw(cr, width, height) }
        on(addButton, "clicked") { [self] in addExample() }
        on(clearButton, "clicked") { [self] in
            path.removeAll()
            added = []
            showVerdict(Self.invitation)
        }
        on(undoButton, "clicked") { [self] in undo() }
        on(nameEntry, "changed") { [self] in
            reload()
            changed()
        }
        reload()
    }

    static var invitation: String { L("Draw the shape here with the mouse, a pen or a finger, as you will draw it.") }

    var shape: String {
        get { UI.text(ofEditable: nameEntry).trimmingWhitespace() }
        set { UI.setText(ofEditable: nameEntry, newValue) }
    }

    /// strokes.toml read again (`teach` may have written it meanwhile).
    private func reload() {
        switch StrokesFile.load(path: strokesPath) {
        case .success(let s):
            set = s
            problem = nil
        case .failure(let e):
            problem = e.description
        }
        showStatus()
    }

    private func attemptEnded() {
        reload()
        guard path.points.count >= 2 else { return }
        showVerdict(problem.map { L("{file} has errors; fix them first: {error}", ["file": strokesPath.tildeAbbreviated, "error": $0]) }
                    ?? DrawnShape.verdict(path.points, in: set, options: DrawnShape.options(button: button)))
    }

    private func showVerdict(_ text: String) {
        gtk_label_set_text(g(verdict), text)
        gtk_widget_set_sensitive(g(addButton), path.points.count >= 2 && problem == nil ? 1 : 0)
        gtk_widget_queue_draw(g(canvas))
    }

    /// How many examples the named shape has, and its threshold.
    private func showStatus() {
        let name = shape
        if let p = problem {
            gtk_label_set_text(g(status), p)
        } else if name.isEmpty {
            gtk_label_set_text(g(status), L("Name the shape to add examples of it."))
        } else if let s = set[name] {
            gtk_label_set_text(g(status), Ln("{shape}: {count} example in {file}, threshold {threshold}",
                                             "{shape}: {count} examples in {file}, threshold {threshold}", s.templates.count,
                                             ["shape": name, "file": strokesPath.tildeAbbreviated, "threshold": StrokeVerdict.hundredths(s.needed)]))
        } else {
            gtk_label_set_text(g(status), L("{shape} is not taught yet: add examples of it.", ["shape": name]))
        }
        gtk_widget_queue_draw(g(canvas))
    }

    /// The everyday hands the threshold is fitted against, read once (as `teach` reads them).
    private static var negatives: [(name: String, path: [Point])]?

    private func addExample() {
        reload()
        let name = shape
        guard !name.isEmpty else { return gtk_label_set_text(g(status), L("Name the shape to add examples of it.")) }
        guard problem == nil, path.points.count >= 2 else { return }
        if Self.negatives == nil { Self.negatives = (try? Teacher.everydayNegatives()) ?? [] }
        let old = set[name]?.templates ?? []
        // From where it began, as the recognizer keeps a drawing (any origin matches alike).
        let drawn = path.points
        let paths = old.enumerated().map { (name: "example \($0.offset + 1)", path: $0.element) } + [(name: "new", path: drawn)]
        let teacher = Teacher(shape: name, paths: paths, set: set, negatives: Self.negatives ?? [])
        switch StrokesFile.save(name, of: teacher.set, to: strokesPath) {
        case .failure(let e):
            gtk_label_set_text(g(status), L("Cannot write {file}: {error}", ["file": strokesPath.tildeAbbreviated, "error": e.description]))
        case .success(let before):
            undoable = (before, (try? FileSystem.readSettingsFile(strokesPath).get()) ?? "")
            added.append(current)
            path.removeAll()
            reload()
            UI.setVisible(undoButton, true)
            showVerdict(L("Added. Draw it again to see how it is recognized now."))
        }
    }

    /// The file as it was before the last addition (removed when there was none).
    private func undo() {
        guard let u = undoable else { return }
        undoable = nil
        UI.setVisible(undoButton, false)
        let now = (try? FileSystem.readSettingsFile(strokesPath).get()) ?? ""
        guard now == u.after else { return gtk_label_set_text(g(status), L("Nothing to undo: the file changed since.")) }
        if u.before.isEmpty { unlink(strokesPath) } else { _ = FileSystem.write(u.before, to: strokesPath) }
        if !added.isEmpty { added.removeLast() }
        reload()
        showVerdict(L("The last example is taken out again."))
    }

    // MARK: Drawing

    private func draw(_ cr: OpaquePointer?, _ width: Double, _ height: Double) {
        let ink = UI.themeColor(canvas, "window_fg_color", GdkRGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 1))
        let accent = UI.themeColor(canvas, "accent_color", GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // The shape's templates in the file, small, along the top.
        let thumbs = set[shape]?.templates ?? []
        for (i, t) in thumbs.prefix(12).enumerated() {
            let x = 8 + Double(i) * 52
            cairo_set_source_rgba(cr, Double(ink.red), Double(ink.green), Double(ink.blue), 0.08)
            cairo_rectangle(cr, x, 8, 44, 44)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, Double(ink.red), Double(ink.green), Double(ink.blue), 0.6)
            stroke(cr, fitted(t, into: (x + 6, 14, 32, 32)), width: 1.5)
        }
        cairo_set_source_rgba(cr, Double(ink.red), Double(ink.green), Double(ink.blue), 0.3)
        for e in added { stroke(cr, e, width: 3) }
        cairo_set_source_rgba(cr, Double(accent.red), Double(accent.green), Double(accent.blue), 1)
        stroke(cr, current, width: 4)
        if current.isEmpty && added.isEmpty {
            cairo_set_source_rgba(cr, Double(ink.red), Double(ink.green), Double(ink.blue), 0.45)
            cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 14)
            cairo_move_to(cr, 16, height - 16)
            cairo_show_text(cr, L("Draw here"))
        }
    }

    private func stroke(_ cr: OpaquePointer?, _ path: [Point], width: Double) {
        guard let first = path.first else { return }
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, first.x, first.y)
        for p in path.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
    }

    /// `path` scaled uniformly and centred into a box.
    private func fitted(_ path: [Point], into r: (x: Double, y: Double, w: Double, h: Double)) -> [Point] {
        guard let first = path.first else { return [] }
        var lo = first, hi = first
        for p in path {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        let scale = min(r.w / max(hi.x - lo.x, 1), r.h / max(hi.y - lo.y, 1))
        let off = Point(x: r.x + (r.w - (hi.x - lo.x) * scale) / 2, y: r.y + (r.h - (hi.y - lo.y) * scale) / 2)
        return path.map { Point(x: off.x + ($0.x - lo.x) * scale, y: off.y + ($0.y - lo.y) * scale) }
    }
}

extension UI {
    /// A colour the theme names (@accent_color, libadwaita's, light or dark); `fallback` where it has none.
    static func themeColor(_ widget: Widget, _ name: String, _ fallback: GdkRGBA) -> GdkRGBA {
        var c = GdkRGBA()
        return gtk_style_context_lookup_color(gtk_widget_get_style_context(g(widget)), name, &c) != 0 ? c : fallback
    }
}
