import GestureCore

/// The engine and where its effects go, held by the daemon as one value: an
/// input, or time passing, is one mutation of it. The daemon is a class, and
/// every access to one of its stored properties is checked for exclusivity
/// at run time; the engine, its output buffer and the router as three
/// properties cost several checks per event, this one.
struct Recognition {
    private(set) var engine: GestureEngine
    /// What the effects become: made again with each config and session.
    var router: EffectRouter
    /// The effects of one engine call (kept: no allocation per event).
    private var buffer: [Effect] = []

    init(engine: GestureEngine, router: EffectRouter) {
        self.engine = engine
        self.router = router
        buffer.reserveCapacity(32)
    }

    /// One input at engine time `t` (taken as the engine's now when earlier:
    /// X's clock and ours may disagree by a millisecond); its effects act at
    /// wall time `now`.
    mutating func feed(_ input: Input, at t: Double, now: Double) {
        buffer.removeAll(keepingCapacity: true)
        engine.process(input, at: max(t, engine.now), into: &buffer)
        router.route(buffer, window: engine.window, now: now)
    }

    /// Time passed to engine time `t`: timers due by then act at wall time `now`.
    mutating func advance(to t: Double, now: Double) {
        buffer.removeAll(keepingCapacity: true)
        engine.advance(to: t, into: &buffer)
        router.route(buffer, window: engine.window, now: now)
    }
}
