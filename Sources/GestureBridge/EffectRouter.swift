import GestureActions
import GestureConfig
import GestureCore
import GestureX11

/// Where the engine's effects go. A gesture's phase becomes its binding's
/// actions (keys, buttons, pointer, windows, commands), or for a binding the
/// desktop shell animates (`yields`: touchegg-protocol) a signal to it; a
/// touch decision goes back to the input source; the arena's notes and
/// rejections go to the log. The daemon routes through it, and so does the
/// randomized invariant test: what is checked is what runs.
///
/// One router per config and session: what it reads on every effect is
/// constant (`let`), so reading it needs no exclusivity check.
public final class EffectRouter {
    /// Where decisions and forwarded gestures go, and what the router asks.
    public struct Hooks {
        /// The arena decided a touch.
        public var decide: (TouchDecisionEvent) -> Void = { _ in }
        /// A phase of a binding that `yields`: forwarded, not performed.
        public var forward: (GestureEvent) -> Void = { _ in }
        /// A device's kind: on a touchscreen, window and pointer actions aim
        /// at the fingers.
        public var deviceKind: (DeviceID) -> DeviceKind? = { _ in nil }
        /// Before a window action: the window manager wants the time of the last X event.
        public var beforeWindowAction: () -> Void = {}
        /// `--verbose`: one line per phase, decision and note.
        public var debug: ((String) -> Void)? = nil
        public init() {}
    }

    /// By BindingID.
    public let bindings: [Binding]
    public let actions: [BindingActions]
    /// By BindingID: the binding `yields` (touchegg-protocol forwards it).
    private let forwarded: [Bool]
    /// Performs actions; nil while there is no X connection (the gesture
    /// still goes through: it is logged).
    public let performer: ActionPerformer?
    private let decide: (TouchDecisionEvent) -> Void
    private let forward: (GestureEvent) -> Void
    private let deviceKind: (DeviceID) -> DeviceKind?
    private let beforeWindowAction: () -> Void
    private let debug: ((String) -> Void)?

    public convenience init(_ config: LoadedConfig, performer: ActionPerformer?, hooks: Hooks) {
        self.init(bindings: config.table.allBindings, actions: config.actions, performer: performer, hooks: hooks)
    }

    /// Actions as another table says (tests build them without a config file).
    public init(bindings: [Binding], actions: [BindingActions], performer: ActionPerformer?, hooks: Hooks) {
        self.bindings = bindings
        self.actions = actions
        forwarded = bindings.map(\.yields)
        self.performer = performer
        decide = hooks.decide
        forward = hooks.forward
        deviceKind = hooks.deviceKind
        beforeWindowAction = hooks.beforeWindowAction
        debug = hooks.debug
    }

    /// Routes one engine call's effects. `window`: the window under the
    /// touch (commands see its class); `now`: the performer's clock.
    public func route(_ effects: [Effect], window: WindowContext, now: Double) {
        for e in effects {
            switch e {
            case .gesture(let g) where forwarded[g.binding]:
                forward(g)
            case .gesture(let g):
                perform(g, window: window, now: now)
            case .touch(let d):
                decide(d)
                debug?("touch \(d.device)/\(d.touch) \(d.decision.rawValue)")
            case .arena(let n):
                debug?("arena: \(bindings[n.binding].name) \(n.kind.rawValue)\(n.reason.map { " (\($0))" } ?? "")")
            case .rejected(let r, _):
                debug?("input rejected: \(r.rawValue)")
            }
        }
    }

    private func perform(_ g: GestureEvent, window: WindowContext, now: Double) {
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
        if !actions.isEmpty && deviceKind(g.device) == .touchscreen {
            target = WindowTarget(x: g.value.start.x, y: g.value.start.y)
            place.touch = (g.value.location.x, g.value.location.y)
        }
        if actions.contains(where: { if case .window = $0 { true } else { false } }) { beforeWindowAction() }
        if g.phase == .began { performer.gestureBegan(binding: g.binding) }
        // A layer's chords go out exactly as configured: the modifiers held
        // for it are let go of around them and pressed again after
        // (fusuma's clearmodifiers), unless keep-modifiers.
        let b = bindings[g.binding]
        var released: [Keysym] = []
        if let layer = b.modifiers, !b.keepModifiers, actions.contains(where: \.sendsInput) {
            released = performer.synthesizer.releaseHeld(ModifierMap.keysyms(of: layer))
        }
        for a in actions { performer.perform(a, binding: g.binding, gesture: environment, target: target, place: place) }
        if !released.isEmpty { performer.synthesizer.pressAgain(released) }
        if g.phase == .ended || g.phase == .cancelled {
            performer.gestureFinished(binding: g.binding, cancelled: g.phase == .cancelled, now: now)
        }
    }
}
