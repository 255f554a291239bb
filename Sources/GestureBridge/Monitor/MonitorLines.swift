import GestureConfig
import GestureCore
import GestureTraces

extension MonitorFeed {
    /// The stream a trace makes under a config, as the daemon would have
    /// streamed it to a client listening from the start
    /// (`gesture-bridge replay --monitor`): each timer run when it is due,
    /// as the daemon's loop runs them, and 1 s of timers after the last event.
    public static func lines(of trace: Trace, config: LoadedConfig) -> [String] {
        var feed = MonitorFeed(config)
        var engine = GestureEngine(table: config.table, screen: trace.header.screen, devices: trace.header.devices)
        engine.explain = true
        var out: [String] = []
        var effects: [Effect] = []
        // The pointer's records: a stroke drawn with a button held, said as
        // the daemon says it at the release (a `stroke` line).
        var pointer = PointerStrokeReplay(table: config.table, header: trace.header)
        func strokes(_ decisions: [Effect]) {
            for case .pointerStroke(let p) in decisions {
                guard case .drawn(let outcome, let path) = p.kind else { continue }
                feed.stroke(device: p.device, button: p.button, path: path, binding: outcome.binding, at: p.time)
            }
            out += feed.take()
        }
        func timers(until t: Seconds) {
            while let due = engine.nextDeadline, due < t {
                effects.removeAll(keepingCapacity: true)
                engine.advance(to: due, into: &effects)
                feed.effects(effects, engine: engine, at: due)
                out += feed.take()
            }
        }
        var last: Seconds = 0
        for e in trace.events {
            timers(until: e.t)
            strokes(pointer.feed(e.input, at: e.t))
            effects.removeAll(keepingCapacity: true)
            engine.process(e.input, at: e.t, into: &effects)
            feed.input(e.input, at: e.t)
            feed.effects(effects, engine: engine, at: e.t)
            out += feed.take()
            last = max(last, e.t)
        }
        let end = last + Replayer.tail
        strokes(pointer.advance(to: end))
        timers(until: end)
        effects.removeAll()
        engine.advance(to: end, into: &effects)
        feed.effects(effects, engine: engine, at: end)
        feed.flush(engine: engine, at: end)
        return out + feed.take()
    }
}
