import GestureCore

/// The engine, the router its effects go through and what they call for,
/// held by the daemon as one value: an input, or time passing, is one
/// mutation of it. (When the daemon was a class, every access to one of
/// its stored properties was checked for exclusivity at run time: the
/// engine, its output buffer and the router as one property cost one
/// check per event, not several.)
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
    /// The monitor stream, made only while a client listens (nil: none does,
    /// and nothing is worked out for it).
    private var monitor: MonitorFeed? = nil
    /// The engine time `advance(to:)` last ran the engine through: an input
    /// stamped at or before it comes after what was judged then.
    private(set) var advancedThrough = -Double.infinity
    /// Finger strokes' ends watched for the name shown (`stroke-name`;
    /// nil: off, or no finger stroke bound, and nothing is looked at).
    private var strokes: StrokeOutcomes? = nil
    /// Finger strokes being drawn followed by the trail (`stroke-trail`;
    /// nil: off, or no finger stroke bound, and the engine is not asked).
    private var fingerTrail: FingerTrail? = nil

    init(engine: GestureEngine, router: EffectRouter, forwarder: ToucheggForwarder? = nil) {
        self.engine = engine
        self.router = router
        self.forwarder = forwarder
        buffer.reserveCapacity(32)
        deeds.reserveCapacity(32)
    }

    /// One input at engine time `t` (taken as the engine's now when earlier:
    /// X's clock and ours may disagree by a millisecond).
    /// Data goes one way: the input to the engine, then its effects and
    /// its snapshot (`GestureEngine.snapshot(of:)`) to the outputs (the
    /// forwarder, the router, the monitor stream), which change nothing of it.
    mutating func feed(_ input: Input, at t: Double) {
        let t = max(t, engine.now)
        // Most inputs have no effect: nothing to clear, nothing to route
        // (the window, strings, not retained and released for nothing).
        if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
        engine.process(input, at: t, into: &buffer)
        if forwarder != nil { forwarder!.follow(input, buffer, engine, into: &deeds) }
        if !buffer.isEmpty { router.route(buffer, window: engine.windowInPlace, into: &deeds) }
        if strokes != nil {
            strokes!.saw(input)
            strokes!.scan(buffer)
        }
        if fingerTrail != nil {
            if case .touchBegin = input { fingerTrail!.landed() }
            fingerTrail!.saw(engine.strokeBeingDrawn)
        }
        if monitor != nil {
            monitor!.input(input, at: t)
            monitor!.effects(buffer, engine: engine, at: t)
        }
    }

    /// Time passed to engine time `t`: the timers due by then.
    mutating func advance(to t: Double) {
        if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
        engine.advance(to: t, into: &buffer)
        advancedThrough = max(advancedThrough, t)
        if forwarder != nil { forwarder!.follow(nil, buffer, engine, into: &deeds) }
        if !buffer.isEmpty { router.route(buffer, window: engine.windowInPlace, into: &deeds) }
        if strokes != nil { strokes!.scan(buffer) }
        if fingerTrail != nil { fingerTrail!.saw(engine.strokeBeingDrawn) }
        if monitor != nil { monitor!.effects(buffer, engine: engine, at: t) }
    }

    /// Finger strokes' ends watched (the engine says its verdicts for it),
    /// or not (nil).
    mutating func watchStrokes(_ outcomes: StrokeOutcomes?) {
        strokes = outcomes
        engine.strokeVerdicts = outcomes != nil
    }

    /// Finger strokes being drawn followed by a trail, or not.
    mutating func followFingerStrokes(_ on: Bool) { fingerTrail = on ? FingerTrail() : nil }

    /// What the finger strokes' trail does since the last call, each handed
    /// to `body` in order, and forgotten.
    mutating func takeFingerTrail(_ body: (FingerTrail.Request) -> Void) {
        if fingerTrail != nil { fingerTrail!.take(body) }
    }

    /// What a finger stroke's end shows, since the last call.
    mutating func takeStrokeOutcome() -> StrokeOutcomes.Shown? { strokes != nil ? strokes!.take() : nil }

    /// A monitor client listens (a feed to fill), or none does any more
    /// (nil). The engine explains itself while one listens (its notes are
    /// the standings), or when `verbose` says so anyway.
    mutating func monitoring(_ feed: MonitorFeed?, verbose: Bool) {
        monitor = feed
        engine.explain = verbose || feed != nil
    }

    var isMonitoring: Bool { monitor != nil }

    /// A pointer stroke's path said on the monitor stream (engine time `t`),
    /// while a client listens; the binding it fired, if any.
    mutating func sayStroke(device: DeviceID, button: Int, path: [Point], binding: BindingID?, at t: Double) {
        if monitor != nil { monitor!.stroke(device: device, button: button, path: path, binding: binding, at: t) }
    }

    /// When the monitor stream has touches or progress to say that the
    /// throttle held back (engine time; nil: nothing, or no client).
    var monitorDeadline: Seconds? { mutating get { monitor?.nextDeadline } }   // in place: `GestureEngine.wake`
    /// The engine's next deadline and its ending frame, read in place
    /// (EngineReadInPlace.swift): the loop asks at every wakeup.
    var engineWake: (deadline: Seconds, judgesAFrame: Bool)? { mutating get { engine.wake } }
    var engineEndingFrame: Seconds? { mutating get { engine.endingFrameInPlace } }

    /// The monitor stream's bytes made since the last call, handed to
    /// `send` (whole lines), and forgotten.
    mutating func takeMonitorStream(_ send: (ArraySlice<UInt8>) -> Void) {
        guard monitor != nil, !monitor!.bytes.isEmpty else { return }
        send(monitor!.bytes)
        monitor!.clear()
    }

    /// The deeds have been carried out.
    mutating func clearDeeds() { deeds.removeAll(keepingCapacity: true) }
}
