import GestureActions
import GestureConfig
import GestureCore
import GestureX11

/// What the engine's effects call for, in the order they came: the daemon
/// carries these out after X's events are drained (never while it reads
/// them), then flushes the connection once.
public enum Deed {
    /// The arena decided a touch: X accepts (claimed) or rejects it.
    case decide(TouchDecisionEvent)
    /// A signal to Touchégg's clients (touchegg-protocol).
    case signal(ToucheggSignal)
    /// A phase of a binding: its actions, under the window it began over.
    case act(GestureEvent, WindowContext)
}

/// Where the engine's effects go. A gesture's phase becomes its binding's
/// actions (keys, buttons, pointer, windows, commands), but none for a
/// binding the desktop shell animates (`yields`: touchegg-protocol, whose
/// signals `ToucheggForwarder` makes beside the router); a
/// touch decision goes back to the input source; the arena's notes and
/// rejections go to the log. `route` only says what is to be done (`Deed`);
/// `act` does a binding's actions. The daemon routes through it, and so does
/// the randomized invariant test: what is checked is what runs.
///
/// One router per config and session: what it reads on every effect is
/// constant (`let`), so reading it needs no exclusivity check.
public final class EffectRouter {
    /// What the router asks of the daemon, and where it writes.
    public struct Hooks {
        /// A device's kind: on a touchscreen, window and pointer actions aim
        /// at the fingers.
        public var deviceKind: (DeviceID) -> DeviceKind? = { _ in nil }
        /// `--verbose`: one line per phase, decision and note.
        public var debug: ((String) -> Void)? = nil
        public init() {}
    }

    /// By BindingID.
    public let bindings: [Binding]
    public let actions: [BindingActions]
    /// By BindingID: the binding `yields` (touchegg-protocol forwards it).
    private let forwarded: [Bool]
    /// By BindingID: it has `on-changed` actions. A `changed` phase without
    /// any does nothing, and is no deed (most of a gesture's effects).
    private let actsOnChange: [Bool]
    /// Performs actions; nil while there is no X connection (the gesture
    /// still goes through: it is logged).
    public let performer: ActionPerformer?
    private let deviceKind: (DeviceID) -> DeviceKind?
    private let debug: ((String) -> Void)?

    public convenience init(_ config: LoadedConfig, performer: ActionPerformer?, hooks: Hooks) {
        self.init(bindings: config.table.allBindings, actions: config.actions, performer: performer, hooks: hooks)
    }

    /// Actions as another table says (tests build them without a config file).
    public init(bindings: [Binding], actions: [BindingActions], performer: ActionPerformer?, hooks: Hooks) {
        self.bindings = bindings
        self.actions = actions
        forwarded = bindings.map(\.yields)
        // `window move`/`resize` on began: the window follows every frame.
        actsOnChange = actions.map { a in
            !a.changed.isEmpty || a.began.contains { if case .window(.follow, _) = $0 { true } else { false } }
        }
        self.performer = performer
        deviceKind = hooks.deviceKind
        debug = hooks.debug
    }

    /// What one engine call's effects call for, appended to `deeds`.
    /// `window`: the window under the touch (commands see its class).
    public func route(_ effects: [Effect], window: WindowContext, into deeds: inout [Deed]) {
        for e in effects {
            switch e {
            case .gesture(let g) where forwarded[g.binding]:
                // A gesture forwarded to Touchégg's clients (touchegg-protocol's
                // forwarder makes its signals, `ToucheggForwarder.follow`): no action of ours.
                continue
            case .gesture(let g) where g.phase == .changed && !actsOnChange[g.binding]:
                continue
            case .gesture(let g):
                deeds.append(.act(g, window))
            case .touch(let d):
                deeds.append(.decide(d))
                debug?("touch \(d.device)/\(d.touch) \(d.decision.rawValue)")
            case .arena(let n):
                debug?("arena: \(bindings[n.binding].name) \(n.kind.rawValue)\(n.reason.map { " (\(Self.logged($0)))" } ?? "")")
            case .rejected(let r, _):
                debug?("input rejected: \(r.rawValue)")
            case .pointerStroke:
                continue   // the engine makes none (a played trace's pointer records are not drawn)
            }
        }
    }

    /// A binding's actions for one phase, at the performer's time `now`.
    public func act(_ g: GestureEvent, window: WindowContext, now: Double) {
        let name = bindings[g.binding].name
        let actions = actions[g.binding].actions(for: g.phase, step: g.step)
        if let debug, g.phase != .changed || !actions.isEmpty {
            let phase = g.step.map { "step \($0.rawValue)" } ?? g.phase.rawValue
            debug("\(name) \(phase)\(actions.isEmpty ? "" : ": " + actions.map(\.description).joined(separator: "; "))")
        }
        guard let performer else { return }
        let needsEnvironment = actions.contains { if case .exec = $0 { true } else { false } }
        let environment = needsEnvironment ? GestureEnvironment.variables(g, name: name, window: window) : [:]
        // Touchscreens have a point on the screen: window actions aim at the
        // window under the fingers, pointer actions at the fingers.
        var target = WindowTarget()
        var place = GesturePlace(translation: (g.value.translation.x, g.value.translation.y))
        let follows = performer.isFollowing(binding: g.binding)
        if (!actions.isEmpty || follows) && deviceKind(g.device) == .touchscreen {
            target = WindowTarget(x: g.value.start.x, y: g.value.start.y)
            place.touch = (g.value.location.x, g.value.location.y)
        }
        if g.phase == .began { performer.gestureBegan(binding: g.binding) }
        // A layer's chords go out exactly as configured: the modifiers held
        // for it are let go of around them and pressed again after
        // (fusuma's clearmodifiers), unless keep-modifiers.
        let b = bindings[g.binding]
        var released: [Keysym] = []
        if let layer = b.modifiers, !b.keepModifiers, actions.contains(where: \.sendsInput) {
            released = performer.synthesizer.releaseHeld(ModifierMap.keysyms(of: layer))
        }
        for a in actions {
            performer.perform(a, binding: g.binding, gesture: environment, target: target, place: place, now: now)
        }
        if !released.isEmpty { performer.synthesizer.pressAgain(released) }
        if g.phase == .changed && follows { performer.gestureChanged(binding: g.binding, place: place, now: now) }
        if g.phase == .ended || g.phase == .cancelled {
            performer.gestureFinished(binding: g.binding, cancelled: g.phase == .cancelled, now: now, place: place)
        }
    }

    /// A reason in the verbose log: a refusal by its words ("travelled 54 px
    /// (14.3 mm) of the 80 px swipe-distance"), the others by their case.
    static func logged(_ r: ArenaReason) -> String {
        if case .refused(let refusal) = r { return refusal.said }
        return "\(r)"
    }
}
