import GestureBridge
import GestureCore
import GestureTraces

/// Plays `events` through `engine` and its effects through the daemon's
/// router, as the daemon does: route, then carry out the actions in order;
/// the engine's timers run to `end` last. `carriedOut` sees each event's
/// effects (by the event's index; the timers' at the end by `events.count`)
/// once its actions are done.
func playRouted(_ events: [TraceEvent], engine: inout GestureEngine, router: EffectRouter, until end: Seconds = 10,
                carriedOut: (_ index: Int, _ effects: [Effect]) -> Void = { _, _ in }) {
    func carryOut(_ effects: [Effect], now: Double) {
        var deeds: [Deed] = []
        router.route(effects, window: engine.window, into: &deeds)
        for case .act(let g, let window) in deeds { router.act(g, window: window, now: now) }
    }
    for (i, e) in events.enumerated() {
        let effects = engine.process(e.input, at: e.t)
        carryOut(effects, now: e.t)
        carriedOut(i, effects)
    }
    let effects = engine.advance(to: end)
    carryOut(effects, now: end)
    carriedOut(events.count, effects)
}
