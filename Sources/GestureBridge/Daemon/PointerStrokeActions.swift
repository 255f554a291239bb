import GestureConfig
import GestureCore
import GestureX11

// Strokes drawn with a pointer button held (issue 58): the listener grabs
// the bound buttons and hands over each path at its release
// (PointerStrokes, GestureX11); here it is matched against the shapes
// taught, the same matcher and strokes.toml as finger strokes, and the
// binding it fires acts through the router, as the engine's do. Nothing of
// this is on the touch engine's path: it runs once per release.
extension Daemon {
    /// The paths drawn since the last wakeup, matched and acted on at wall time `t`.
    mutating func actOnPointerStrokes(now t: Double) {
        guard let input = connection.input else { return }
        // `--record`: the grabbed pointer's records, on the engine's clock.
        if let recording = connection.recording, let x = input as? XInputSource {
            let records = x.listener.takePointerRecords()
            for r in records { recording.write(r, at: clock.time(ofInput: r.time)) }
            if !records.isEmpty { recording.flush() }
        }
        let drawn = input.takePointerStrokes()
        guard !drawn.isEmpty, let bindings = config.pointer else { return }
        for d in drawn {
            let outcome = bindings.recognize(d.path, candidates: d.candidates)
            if recognition.isMonitoring {
                // Engine time, as the stream's other lines: the release is now.
                let at = max(clock.engineTime(t) ?? 0, recognition.engine.now)
                recognition.sayStroke(device: DeviceID(d.device), button: d.button, path: d.path,
                                      binding: outcome.binding, at: at)
            }
            let at = d.path.last ?? d.start
            if config.loaded.table.settings.strokeName {
                let fired = outcome.binding.flatMap { id in bindings.entries.first { $0.id == id }?.shape }
                showStrokeName(fired.map { .fired($0, at: at) } ?? .noShape(closest: outcome.match?.closest, at: at), now: t)
            }
            guard let m = outcome.match else { continue }
            guard let id = outcome.binding else {
                let closest = m.closest.map { "closest: \($0), score \(StrokeVerdict.hundredths(m.score))" }
                let why = [closest, m.rejection?.rawValue].compactMap { $0 }.joined(separator: "; ")
                log.debug("stroke with button \(d.button): no shape (\(why.isEmpty ? "no shape taught" : why)), nothing fires")
                continue
            }
            log.debug("stroke with button \(d.button): \(m.name ?? "") (score \(StrokeVerdict.hundredths(m.score)))")
            connection.session?.windows.time = input.lastEventTime
            for g in PointerStrokeBindings.events(binding: id, device: d.device, start: d.start, path: d.path, at: t) {
                recognition.router.act(g, window: d.window, now: t)
            }
        }
    }

    /// The trail behind a finger drawing a stroke (FingerTrail), as far as
    /// this wakeup's inputs went: sent with the daemon's flush.
    mutating func followFingerStrokes() {
        let trail = connection.session?.fingerTrail
        recognition.takeFingerTrail { r in
            switch r {
            case .pressed: trail?.pressed()
            case .start(let path): trail?.start(path)
            case .point(let p): trail?.extend(to: p)
            case .end: trail?.end()
            }
        }
    }

    /// The name of what a stroke fired, or "no shape", near where it ended
    /// for `NameTagPlan.duration`: hidden by the `.strokeName` deadline.
    mutating func showStrokeName(_ shown: StrokeOutcomes.Shown, now t: Double) {
        guard let s = connection.session else { return }
        s.nameTag.show(shown.words.text(options.translate), english: shown.words.description, near: shown.at)
        strokeName.shown(at: t)
    }
}
