import GestureBridge
import GestureCore
import GestureTraces

/// Plays `events` through `engine` and its effects through the daemon's
/// router, as the daemon does: route, then carry out the actions in order;
/// the engine's timers run to `end` last.
func playRouted(_ events: [TraceEvent], engine: inout GestureEngine, router: EffectRouter, until end: Seconds = 10) {
    var forwarder: ToucheggForwarder? = nil
    func carryOut(_ effects: [Effect], now: Double) {
        var deeds: [Deed] = []
        router.route(effects, window: engine.window, forwarder: &forwarder, into: &deeds)
        for case .act(let g, let window) in deeds { router.act(g, window: window, now: now) }
    }
    for e in events { carryOut(engine.process(e.input, at: e.t), now: e.t) }
    carryOut(engine.advance(to: end), now: end)
}
