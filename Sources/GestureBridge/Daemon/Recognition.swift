import GestureCore

/// The engine, the router its effects go through and what they call for,
/// held by the daemon as one value: an input, or time passing, is one
/// mutation of it. The daemon is a class, and every access to one of its
/// stored properties is checked for exclusivity at run time; the engine,
/// its output buffer and the router as three properties cost several
/// checks per event, this one.
///
/// Nothing here acts: `feed` and `advance` collect `deeds`, which the daemon
/// carries out once the wakeup's events are drained.
struct Recognition {
    private(set) var engine: GestureEngine
    /// What the effects become: made again with each config and session.
    let router: EffectRouter
    /// touchegg-protocol: the gestures forwarded to Touchégg's clients, and
    /// the touches they follow (nil: off).
    private var forwarder: ToucheggForwarder?
    /// What this wakeup's inputs and timers call for, in order.
    private(set) var deeds: [Deed] = []
    /// The effects of one engine call (kept: no allocation per event).
    private var buffer: [Effect] = []

    init(engine: GestureEngine, router: EffectRouter, forwarder: ToucheggForwarder? = nil) {
        self.engine = engine
        self.router = router
        self.forwarder = forwarder
        buffer.reserveCapacity(32)
        deeds.reserveCapacity(32)
    }

    /// One input at engine time `t` (taken as the engine's now when earlier:
    /// X's clock and ours may disagree by a millisecond).
    mutating func feed(_ input: Input, at t: Double) {
        let t = max(t, engine.now)
        // The forwarded gesture's motion (and the End of one our recognizer
        // cancelled) goes out before the engine's phases of the same input.
        if forwarder != nil, let signal = forwarder!.observe(input, at: t) { deeds.append(.signal(signal)) }
        buffer.removeAll(keepingCapacity: true)
        engine.process(input, at: t, into: &buffer)
        router.route(buffer, window: engine.window, forwarder: &forwarder, into: &deeds)
    }

    /// Time passed to engine time `t`: the timers due by then.
    mutating func advance(to t: Double) {
        buffer.removeAll(keepingCapacity: true)
        engine.advance(to: t, into: &buffer)
        router.route(buffer, window: engine.window, forwarder: &forwarder, into: &deeds)
    }

    /// The deeds have been carried out.
    mutating func clearDeeds() { deeds.removeAll(keepingCapacity: true) }
}
