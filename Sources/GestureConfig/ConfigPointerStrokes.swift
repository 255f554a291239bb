import GestureActions
import GestureCore

/// What `check` says a stroke drawn with a pointer button held
/// (`stroke("L", button: 3)`, issue 58) conflicts with, as warnings at the
/// binding: everything here loads and runs, but something a user relies
/// on stops working, or the binding never fires. How a press is decided
/// is docs/pointer-strokes.md; these warnings are listed in docs/config.md
/// ("What check says about strokes drawn with a button").
///
/// The daemon grabs each bound button passively on the root window
/// (PointerStrokes, in GestureX11). X activates the passive grab of the
/// ancestor nearest the root first (the core protocol's GrabButton: a grab
/// does not activate while an ancestor of its window has one for the same
/// button and modifiers), so ours comes before a window manager's grab on
/// its frames: such a press is the stroke's, and the window manager gets it
/// only when it is held still for the machine's hold (passed through).
/// XTest's presses meet passive grabs as a device's do, so the daemon's own
/// `buttondown N` is grabbed as well.
extension ConfigBuilder {
    /// One enabled binding drawn with a pointer button, with what the
    /// checks compare.
    struct PointerStroke {
        var id: BindingID
        var path: String
        var binding: Binding
        var stroke: StrokeSpec
        var button: Int
        var scope: String
        var rank: Int
    }

    /// Button and modifiers window managers commonly bind on their frames,
    /// what they do with them, and some that do (docs/config.md names them
    /// with their sources).
    static let windowManagerButtons: [(modifiers: Modifiers, button: Int, does: Words, managers: [String])] = [
        (.alt, 1, Words("moves windows"), ["xfwm4", "Openbox", "Fluxbox", "MATE", "KDE Plasma 5"]),
        (.alt, 3, Words("resizes windows"), ["xfwm4", "Openbox", "Fluxbox", "KDE Plasma 5"]),
        (.super, 1, Words("moves windows"), ["GNOME", "KDE Plasma 6", "awesome"]),
        (.super, 2, Words("resizes windows"), ["GNOME"]),
        (.super, 3, Words("resizes windows"), ["KDE Plasma 6", "awesome"]),
    ]

    mutating func checkPointerStrokes() {
        let all = table.allBindings
        guard all.count == paths.count else { return }   // BindingIDs and places go together
        let ranks = table.ranks
        var strokes: [PointerStroke] = []
        for (id, b) in all.enumerated() {
            if case .stroke(let s) = b.gesture, let button = s.button {
                strokes.append(PointerStroke(id: id, path: paths[id], binding: b, stroke: s, button: button,
                                             scope: scopes[id], rank: ranks[id]))
            } else if let button = Self.pointerStrokeInside(b.gesture) {
                context.report(paths[id] + ".gesture",
                               Words("a stroke drawn with button {button} works only on its own: inside a composition it never fires",
                                     ["button": button]), warning: true)
            }
        }
        for s in strokes {
            checkButtonOne(s)
            checkWindowManager(s)
            checkNeverWins(s, among: strokes)
        }
        checkHeldButtons(against: strokes)
    }

    /// A stroke on the left button with no layer takes every drag.
    private mutating func checkButtonOne(_ s: PointerStroke) {
        guard s.button == 1, s.binding.modifiers == nil || s.binding.modifiers == [] else { return }
        context.report(s.binding.modifiers == nil ? s.path + ".gesture" : s.path + ".modifiers",
                       Words("every drag with button 1 (selecting text, moving windows, dragging files) becomes a stroke once it passes minimumSize; add a layer, e.g. modifiers = \"super\", or draw with button 3"),
                       warning: true)
    }

    /// The window manager's button and modifiers: ours is grabbed on the
    /// root, theirs on the frames, and the root's comes first.
    private mutating func checkWindowManager(_ s: PointerStroke) {
        if let layer = s.binding.modifiers {
            guard let wm = Self.windowManagerButtons.first(where: { $0.modifiers == layer && $0.button == s.button }) else { return }
            context.report(s.path + ".modifiers",
                           Words("{modifiers}+button {button} {does} in many window managers ({managers}); this stroke's grab on the root window comes first, so they get the press only when it is held still before it moves",
                                 ["modifiers": "\(layer)", "button": s.button, "does": wm.does,
                                  "managers": wm.managers.joined(separator: ", ")]),
                           warning: true)
        } else if s.button != 1 {
            // Button 1 for any modifiers is said by checkButtonOne (every drag).
            let taken = Self.windowManagerButtons.filter { $0.button == s.button }
            guard !taken.isEmpty else { return }
            var managers: [String] = []
            for m in taken.flatMap(\.managers) where !managers.contains(m) { managers.append(m) }
            context.report(s.path + ".gesture",
                           Words("with any modifiers this stroke also takes {buttons}, which window managers use to move or resize windows ({managers}); they get the press only when it is held still before it moves; add modifiers = \"none\" to leave it to them",
                                 ["buttons": taken.map { "\($0.modifiers)+button \($0.button)" }.joined(separator: ", "),
                                  "managers": managers.joined(separator: ", ")]),
                           warning: true)
        }
    }

    /// Two bindings a drawing makes candidates together, whose shapes it
    /// matches alike: the higher ranked fires (the first on a tie,
    /// `PointerStrokeBindings.recognize`), so the other never does. Said at
    /// the one that never fires, naming the line of the one that does.
    private mutating func checkNeverWins(_ s: PointerStroke, among strokes: [PointerStroke]) {
        func beats(_ w: PointerStroke) -> Bool {
            w.id != s.id && w.rank >= s.rank && (w.rank > s.rank || w.id < s.id)
        }
        guard let winner = strokes.first(where: { w in
            beats(w) && w.stroke.shape == s.stroke.shape && w.button == s.button && w.binding.modifiers == s.binding.modifiers
                && w.scope == s.scope && (w.binding.device == .any || w.binding.device == s.binding.device)
                && w.stroke.directionSensitive == s.stroke.directionSensitive
                && w.stroke.rotationSensitive == s.stroke.rotationSensitive && w.stroke.minimumSize == s.stroke.minimumSize
        }) else { return }
        context.report(s.path + ".gesture",
                       Words("this stroke never fires: the binding at line {line} draws the same shape '{shape}' with button {button}, the same modifiers and scope, and wins",
                             ["line": context.map.key(winner.path + ".gesture")?.line ?? 1, "shape": s.stroke.shape,
                              "button": s.button]),
                       warning: true)
    }

    /// An action that holds a button down (`buttondown 1`, a finger drag
    /// that drags with the left button) is an XTest press, which meets the
    /// stroke's passive grab: the drag it starts is taken as a stroke.
    private mutating func checkHeldButtons(against strokes: [PointerStroke]) {
        guard !strokes.isEmpty else { return }
        let phases: [(String, KeyPath<BindingActions, [Action]>)] = [
            ("on-began", \.began), ("on-changed", \.changed), ("on-ended", \.ended), ("on-cancelled", \.cancelled),
            ("on-repeat", \.repeats), ("on-step", \.increase), ("on-step", \.decrease),
        ]
        for (id, b) in table.allBindings.enumerated() where b.gesture.pointerButton == nil && id < actions.count {
            // The modifiers the press is made with: the layer's, when its actions keep them.
            let held: Modifiers = b.keepModifiers ? b.modifiers ?? [] : []
            var said: Set<Int> = []
            for (key, phase) in phases {
                for case .buttonDown(let n, _) in actions[id][keyPath: phase] where !said.contains(n) {
                    guard let s = strokes.first(where: { $0.button == n && ($0.binding.modifiers == nil || $0.binding.modifiers == held) })
                    else { continue }
                    said.insert(n)
                    context.report(paths[id] + "." + key,
                                   Words("the stroke bound to button {button} at line {line} grabs this binding's 'buttondown {button}' too: the drag it starts is taken as a stroke and reaches no window",
                                         ["button": n, "line": context.map.key(s.path + ".gesture")?.line ?? 1]),
                                   key: true, warning: true)
                }
            }
        }
    }

    /// The button of a stroke drawn with one inside a composition (which
    /// nothing grabs or recognizes: docs/pointer-strokes.md).
    static func pointerStrokeInside(_ g: GestureSpec) -> Int? {
        switch g {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b):
            return a.pointerButton ?? b.pointerButton ?? pointerStrokeInside(a) ?? pointerStrokeInside(b)
        default:
            return nil
        }
    }
}
