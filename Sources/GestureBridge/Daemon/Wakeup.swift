#if canImport(Glibc)
import Glibc
#endif
import GestureCore
import GestureX11

// One wakeup of the daemon, one pass, one way: read, decide, do, flush.
// Nothing it calls comes back into what called it (docs/engine.md, "The
// daemon's path, hop by hop").
extension Daemon {
    /// The pass after poll returned (`poll`: what it reported) at wall time `now`.
    mutating func pass(_ poll: PollSet, now: Double) {
        // Read: every descriptor, in the table's order (X's events, or the
        // trace's, feed the engine; its deeds are collected, not done).
        for role in Descriptor.allCases { read(role, poll[role], now: now) }
        // Decide: the engine's timers due by now (more deeds), and a frame
        // that ends a publishing gesture (a lift, ContactTracker.frameEnds)
        // through its own moment, which this read brought: the lift acts
        // now, not once the clock held back by X's delivery lag passes it.
        // Only then: a window manager that holds touches hands them down
        // late with their old stamps (mutter, muffin), so X's order is not
        // the stamps' order, and the hold-back covers that.
        if let t = engineTime(now) {
            let ending = recognition.engineEndingFrame.map { min($0, recognition.engine.now) } ?? t
            recognition.advance(to: max(t, ending))
        }
        // A pointer stroke's press held still past its hold (the daemon's clock).
        connection.input?.advancePointer(to: now)
        // Do: what was decided, in order.
        act(now: now)
        // Flush: sent to the server once.
        flush(now: now)
    }

    /// One input, stamped at `stamped` (the input source's time: X's stamp
    /// on the daemon's clock, or a played trace's).
    mutating func feed(_ input: Input, at stamped: Double) {
        switch input {
        case .screenChanged(let s):
            // Monitors changed: an engine rebuilt on reload starts from the new screen.
            connection.screen = s
        case .deviceAdded, .deviceRemoved: status.changed = true
        default: break
        }
        // The engine takes an input no earlier than its clock (an event X
        // delivered later than the engine's hold-back, DeliveryLag): the
        // record says the time the engine judged it at, so `replay` of it
        // does what the daemon did, even then.
        let (t, behind) = clock.judged(stamped, engineNow: recognition.engine.now,
                                       advancedThrough: recognition.advancedThrough)
        if behind > 0 {
            log.debug("input \(Int((behind * 1000).rounded())) ms behind the engine's clock (X delivered it later than the hold-back)")
        }
        connection.recording?.write(input, at: t)
        recognition.feed(input, at: t)
    }

    /// The machine slept `slept` seconds since the last wakeup (SleepWatch),
    /// and woke at wall time `now`: the hands that were down are gone
    /// (every device's attempt abandoned, through the engine as a device
    /// unplugged and plugged again: `inputsOnResume`), and every key and
    /// button the daemon held goes up, before this wakeup reads anything.
    /// The daemon's and X's clocks are monotonic and did not move while it
    /// slept: the engine's timers keep their times, and those of the
    /// abandoned attempts are gone with them.
    mutating func resumed(afterSleeping slept: Double, now: Double) {
        log.notice(Words("resumed after {seconds} s asleep: the touches in flight are cancelled, held keys and buttons released",
                          ["seconds": Int(slept.rounded())]))
        for input in inputsOnResume(devices: connection.input?.devices ?? []) { feed(input, at: now) }
        carryOut(now: now)
        connection.session?.performer.releaseAll()
        connection.input?.letGoOfPointerPress()
        status.changed = true
    }

    /// Carries out what this wakeup's inputs and timers called for, after
    /// X's events were drained; then the timers of the actions' own (a
    /// keycode given back, a drag-lock run out, a window's move) and the
    /// daemon's (a reload, a reconnection).
    mutating func act(now t: Double) {
        // What the drain brought for the keys, before the actions: a new
        // layout is looked up afresh; a key pressed again for a hand (a
        // layer's modifier) is let go of when the hand lets go.
        if let s = connection.session, let news = connection.input?.takeNews() {
            if news.mappingChanged { s.synthesizer.layoutChanged() }
            for k in news.keyReleases { s.synthesizer.handReleased(keycode: k.keycode, source: k.source) }
        }
        carryOut(now: t)
        actOnPointerStrokes(now: t)
        followFingerStrokes()
        if let shown = recognition.takeStrokeOutcome() { showStrokeName(shown, now: t) }
        if strokeName.hides(by: t) { connection.session?.nameTag.hide() }
        if let m = clients.monitor, m.listening { recognition.takeMonitorStream { m.broadcast($0) } }
        if let s = connection.session {
            // Key releases are followed only while a key is pressed again for a hand.
            let holding = s.synthesizer.holdsKeysForHand
            if holding != s.followingKeyReleases {
                connection.session?.followingKeyReleases = holding
                connection.input?.followKeyReleases(holding)
            }
            s.synthesizer.restoreIfDue(now: t)
            // Also reads the window mover's connection (`Descriptor.windowMover`).
            s.performer.advance(to: t)
        }
        // After the deeds: a reload or a reconnection makes a new engine and router.
        for timer in Timer.allCases where timers.take(timer, by: t) { fire(timer, now: t) }
    }

    /// The deeds, in the order they came: accept or reject touches, signal
    /// Touchégg's clients, perform actions at wall time `t`.
    mutating func carryOut(now t: Double) {
        guard !recognition.deeds.isEmpty else { return }
        for deed in recognition.deeds {
            switch deed {
            case .decide(let d):
                connection.input?.decide(d)
            case .signal(let s):
                clients.touchegg?.send(s)
                log.debug("touchegg-protocol: \(s)")
            case .act(let g, let window):
                // Window-manager requests carry the time of the last X event.
                connection.session?.windows.time = connection.input?.lastEventTime ?? 0
                recognition.router.act(g, window: window, now: t)
            }
        }
        recognition.clearDeeds()
    }

    /// Sends what the pass queued, once; X's errors said; a connection
    /// that went is let go of.
    mutating func flush(now: Double) {
        guard let s = connection.session else { return }
        s.connection.flush()
        reportErrors(s)
        if !s.connection.alive { lost(now: now) }
    }

    /// The monitor stream is made while a client listens, from now on.
    mutating func startOrStopMonitoring() {
        let on = clients.monitor?.listening == true
        recognition.monitoring(on ? MonitorFeed(config.loaded) : nil, verbose: options.verbose)
    }
}
