// The arena: who gets the touches. After every frame or timer of a device,
// its candidates step on the same Contact; then
//   1. the arena looks for a winner: a recognized candidate that nothing of a
//      higher rank could still want (equal ranks: first recognized, then the
//      first declared). Its competitors are dropped; its touches are claimed.
//   2. if no non-simultaneous candidate is left, the touches are released.
//   3. a touch undecided for `grab-timeout` is released to the applications;
//      the candidates stay: a gesture still in progress is still recognized
//      and acts, it only no longer consumes those touches. Time never changes
//      who wins.
//   4. the winner and the simultaneous candidates publish their phases,
//      steps and repeats.

// The helpers below are `mutating` though most only read the engine: called
// from a mutating method, a non-mutating one is handed a copy of the whole
// engine (368 bytes, memcpy'd at every call); a mutating one gets its address.

extension GestureEngine {
    mutating func stepDevice(_ d: Int, at t: Seconds, into out: inout [Effect]) {
        devices[d].lastStep = t
        guard var a = devices[d].takeAttempt() else { return }
        let dev = devices[d].device.id

        var c = devices[d].tracker.contact
        if c.landed > 0 && !c.settled && landingClosed(c, a.maximumFingers, t) {
            devices[d].tracker.setSettled(true)
            c.settled = true
        }

        for i in a.candidates.indices where !a.candidates[i].isResolved {
            let id = a.candidates[i].id
            a.trees[id].step(c)
            a.candidates[i].treeState = a.trees[id].state
            let s = a.candidates[i].state
            if a.candidates[i].recognizedAt == nil && s.isRecognized { a.candidates[i].recognizedAt = t }
            if explain && a.candidates[i].shown == .nothing && (s == .failed || s == .cancelled) {
                note(a.candidates[i].id, .conceded, .failed, dev, t, &out)
            }
        }

        resolve(&a, dev, t, &out)
        expireGrabs(&a, dev, t, &out)

        for i in a.candidates.indices where a.candidates[i].simultaneous || a.winner == i {
            let id = a.candidates[i].id
            let changed = a.trees[id].changed, value = a.trees[id].nodes[0].value
            publish(&a.candidates[i], changed, value, dev, t, &out)
        }
        let pressing = !c.ended && c.fingers > 0
        for i in a.candidates.indices where a.candidates[i].nextRepeat != nil {
            let value = a.trees[a.candidates[i].id].nodes[0].value
            repeats(&a.candidates[i], value, pressing, dev, t, &out)
        }
        decide(&a, dev, t, &out)

        let over = !devices[d].tracker.active && devices[d].tracker.pendingFrame == nil
            && a.candidates.allSatisfy { $0.isResolved && $0.nextRepeat == nil }
        if over {
            release(&a, dev, t, a.winner == nil ? .noBindingLeft : .wonBy(a.candidates[a.winner!].id), &out)
            devices[d].tracker.resetAttempt()
            recycle(consume a, of: d)
        } else {
            putBack(consume a, in: d)
        }
    }

    /// Ends a device's attempt at once (device removed, or its touches replaced
    /// by a touchpad gesture): what began is cancelled, undecided touches released.
    mutating func abandon(_ d: Int, at t: Seconds, into out: inout [Effect]) {
        guard var a = devices[d].takeAttempt() else { return }
        let dev = devices[d].device.id
        cancelBegun(&a, dev, t, &out)
        release(&a, dev, t, .deviceRemoved, &out)
        devices[d].tracker.resetAttempt()
        recycle(consume a, of: d)
    }

    /// Ends what began of an attempt that stops short: `cancelled`, and no
    /// more repeats.
    mutating func cancelBegun(_ a: inout Attempt, _ dev: DeviceID, _ t: Seconds, _ out: inout [Effect]) {
        for i in a.candidates.indices {
            if a.candidates[i].shown == .began {
                emit(a.candidates[i].id, a.trees[a.candidates[i].id].nodes[0].value, .cancelled, nil, dev, t, &out)
                a.candidates[i].shown = .done
            }
            a.candidates[i].nextRepeat = nil
        }
    }

    // MARK: Winning

    private mutating func resolve(_ a: inout Attempt, _ dev: DeviceID, _ t: Seconds, _ out: inout [Effect]) {
        guard a.winner == nil, !a.noneLeft else { return }
        var highestPossible = Int.min
        var best: Int? = nil
        var live = false
        for i in a.candidates.indices where !a.candidates[i].simultaneous && !a.candidates[i].dropped {
            let state = a.candidates[i].state
            if state == .possible {
                live = true
                highestPossible = max(highestPossible, a.candidates[i].rank)
            } else if state.isRecognized {
                live = true
                if best == nil || Self.outranks(a.candidates[i], a.candidates[best!]) { best = i }
            }
        }
        if let b = best, a.candidates[b].rank >= highestPossible {
            a.winner = b
            let winnerID = a.candidates[b].id
            note(winnerID, .won, .recognized, dev, t, &out)
            for i in a.candidates.indices where i != b && !a.candidates[i].simultaneous && !a.candidates[i].dropped {
                if a.candidates[i].state == .possible || a.candidates[i].state.isRecognized {
                    note(a.candidates[i].id, .conceded, .lostTo(winnerID), dev, t, &out)
                }
                a.candidates[i].dropped = true
            }
        } else if !live {
            a.noneLeft = true
        }
    }

    /// Higher rank first; then the first to recognize; then the first declared.
    private static func outranks(_ x: Candidate, _ y: Candidate) -> Bool {
        if x.rank != y.rank { return x.rank > y.rank }
        let tx = x.recognizedAt ?? .infinity, ty = y.recognizedAt ?? .infinity
        if tx != ty { return tx < ty }
        return x.id < y.id
    }

    /// Releases touches undecided for `grab-timeout` to the applications —
    /// the longest a touch is held while no binding can decide. A `high`
    /// press (a long press or hold, which decide by time) still possible
    /// will decide when its timer runs out: the touches wait for it, so a
    /// long press consumes its press (no stray click reaches the
    /// application). Every candidate stays after a release: X goes on
    /// telling the bridge where those fingers are (through raw events), so a
    /// slow gesture still acts.
    private mutating func expireGrabs(_ a: inout Attempt, _ dev: DeviceID, _ t: Seconds, _ out: inout [Effect]) {
        guard a.winner == nil else { return }   // the winner claims them in this step
        for c in a.candidates where c.high && c.decidedByTime && !c.isResolved && c.state == .possible {
            if let due = a.trees[c.id].nextDeadline, due > t { return }
        }
        for k in a.touches.indices where a.touches[k].decision == nil && t >= a.touches[k].began + thresholds.grabTimeout {
            a.touches[k].decision = .released
            out.append(.touch(TouchDecisionEvent(time: t, device: dev, touch: a.touches[k].id, decision: .released,
                                                 reason: .grabTimeout)))
        }
    }

    // MARK: Landing

    /// The landing window closes, and the finger count is final, when as many
    /// fingers landed as any candidate wants, when `finger-landing` passed
    /// since the last finger landed (each landing restarts it), or when every
    /// finger down has moved by `slop` since then: the hand has started its
    /// gesture (together, apart or around), and a lone finger that drags goes
    /// to the application at once.
    @inline(__always)
    private func landingClosed(_ c: Contact, _ maximumFingers: Int, _ t: Seconds) -> Bool {
        c.landed >= maximumFingers || t >= c.lastLanding + thresholds.fingerLanding
            || c.movedSinceLanding >= thresholds.slop
    }

    // MARK: Touches

    mutating func decide(_ a: inout Attempt, _ dev: DeviceID, _ t: Seconds, _ out: inout [Effect]) {
        if let w = a.winner {
            let id = a.candidates[w].id
            for k in a.touches.indices where a.touches[k].decision == nil {
                a.touches[k].decision = .claimed
                out.append(.touch(TouchDecisionEvent(time: t, device: dev, touch: a.touches[k].id, decision: .claimed,
                                                     reason: .wonBy(id))))
            }
        } else if a.noneLeft {
            let reason: ArenaReason = a.candidates.contains { !$0.simultaneous } ? .noBindingLeft : .noCandidates
            release(&a, dev, t, reason, &out)
        }
    }

    private mutating func release(_ a: inout Attempt, _ dev: DeviceID, _ t: Seconds, _ reason: ArenaReason,
                         _ out: inout [Effect]) {
        for k in a.touches.indices where a.touches[k].decision == nil {
            a.touches[k].decision = .released
            out.append(.touch(TouchDecisionEvent(time: t, device: dev, touch: a.touches[k].id, decision: .released,
                                                 reason: reason)))
        }
    }

    // MARK: Publishing

    /// `changed` and `value`: its tree's, as of this step.
    private mutating func publish(_ cand: inout Candidate, _ changed: Bool, _ value: GestureValue, _ dev: DeviceID,
                         _ t: Seconds, _ out: inout [Effect]) {
        let state = cand.treeState
        var justBegan = false
        if cand.shown == .nothing {
            guard state.isRecognized else { return }
            emit(cand.id, value, .began, nil, dev, t, &out)
            cand.shown = .began
            justBegan = true
            cand.stepBase = cand.stepKind == .scale ? 1 : 0
            let translation = value.translation
            cand.stepVertical = abs(translation.y) > abs(translation.x)
            if cand.repeats { cand.nextRepeat = t + thresholds.repeatDelay }
        }
        guard cand.shown == .began else { return }
        switch state {
        case .possible:
            return
        case .active:
            if changed && !justBegan { emit(cand.id, value, .changed, nil, dev, t, &out) }
            steps(&cand, value, dev, t, &out)
        case .ended:
            steps(&cand, value, dev, t, &out)
            emit(cand.id, value, .ended, nil, dev, t, &out)
            cand.shown = .done
        case .cancelled, .failed:
            emit(cand.id, value, .cancelled, nil, dev, t, &out)
            cand.shown = .done
            cand.nextRepeat = nil
        }
    }

    /// `on-step`: one effect per crossing of `every`, re-based on the crossing.
    private mutating func steps(_ cand: inout Candidate, _ v: GestureValue, _ dev: DeviceID, _ t: Seconds,
                       _ out: inout [Effect]) {
        guard let every = cand.stepEvery, every > 0, let kind = cand.stepKind else {
            return
        }
        let q: Double
        switch kind {
        case .alongDirection: q = v.translation.dot((v.direction ?? Direction.cardinal(of: v.translation)).vector)
        case .dragAxis: q = cand.stepVertical ? -v.translation.y : v.translation.x
        case .scale: q = v.scale
        case .angle: q = v.angle
        case .duration: q = v.duration
        }
        guard q.isFinite else { return }
        // A bound on crossings per frame, so absurd input cannot stall the loop.
        var budget = 1000
        if kind == .scale {
            let f = 1 + every
            while q >= cand.stepBase * f && budget > 0 {
                cand.stepBase *= f; budget -= 1
                emit(cand.id, v, .step, .increase, dev, t, &out)
            }
            while q <= cand.stepBase / f && budget > 0 {
                cand.stepBase /= f; budget -= 1
                emit(cand.id, v, .step, .decrease, dev, t, &out)
            }
        } else {
            while q >= cand.stepBase + every && budget > 0 {
                cand.stepBase += every; budget -= 1
                emit(cand.id, v, .step, .increase, dev, t, &out)
            }
            while q <= cand.stepBase - every && budget > 0 {
                cand.stepBase -= every; budget -= 1
                emit(cand.id, v, .step, .decrease, dev, t, &out)
            }
        }
    }

    /// `on-repeat`: after `repeat-delay` from began, then every `repeat-interval`,
    /// while the fingers stay down and the gesture is not cancelled.
    private mutating func repeats(_ cand: inout Candidate, _ value: GestureValue, _ pressing: Bool, _ dev: DeviceID,
                         _ t: Seconds, _ out: inout [Effect]) {
        guard pressing, cand.treeState != .cancelled else {
            cand.nextRepeat = nil
            return
        }
        while let due = cand.nextRepeat, due <= t {
            emit(cand.id, value, .repeat, nil, dev, due, &out)
            cand.nextRepeat = due + max(thresholds.repeatInterval, 0.001)
        }
    }

    mutating func emit(_ id: BindingID, _ value: GestureValue, _ phase: GesturePhase, _ step: StepDirection?,
                      _ dev: DeviceID, _ t: Seconds, _ out: inout [Effect]) {
        out.append(.gesture(GestureEvent(time: t, binding: id, phase: phase, step: step, device: dev,
                                         value: value)))
    }

    mutating func note(_ binding: BindingID, _ kind: ArenaNoteKind, _ reason: ArenaReason, _ dev: DeviceID,
                      _ t: Seconds, _ out: inout [Effect]) {
        guard explain else { return }
        out.append(.arena(ArenaNote(time: t, device: dev, binding: binding, kind: kind, reason: reason)))
    }
}
