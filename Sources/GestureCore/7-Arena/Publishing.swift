// Publishing: what the winner and the simultaneous bindings send, from their
// recognizers' states — SwiftUI's phases, plus `on-step` and `on-repeat`.
//
//   recognized ──▶ began ──changed…, step…, repeat…──▶ ended
//                    └──────────────────────────────▶ cancelled

extension Attempt {
    /// Publishes every binding that may: the winner and the simultaneous ones;
    /// then the repeats due. `pressing`: fingers are down.
    mutating func publish(_ rules: Rules, pressing: Bool, at t: Seconds, _ sink: inout EffectSink) {
        if let winner = arena.winner { publish(winner, rules, at: t, &sink) }
        for id in arena.simultaneous { publish(id, rules, at: t, &sink) }
        guard repeating else { return }
        for id in arena.participants where arena.members[id].nextRepeat != nil {
            repeats(id, pressing: pressing, interval: rules.thresholds.repeatInterval, at: t, &sink)
        }
    }

    /// One binding's phase, from its recognizer tree's state as of this step.
    private mutating func publish(_ id: BindingID, _ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        let state = trees[id].state
        var justBegan = false
        if case .recognized = arena.members[id].standing {
            let value = trees[id].value
            sink.gesture(id, .began, value, at: t)
            justBegan = true
            arena.begin(id)
            let repeats = rules.contenders[id].repeats
            arena.startCounting(id, stepBase: rules.contenders[id].stepKind == .scale ? 1 : 0,
                                vertical: abs(value.translation.y) > abs(value.translation.x),
                                firstRepeat: repeats ? t + rules.thresholds.repeatDelay : nil)
            if repeats { repeating = true }
        }
        guard arena.members[id].standing == .began else { return }
        switch state {
        case .possible:
            return
        case .active:
            if trees[id].changed && !justBegan { sink.gesture(id, .changed, trees[id].value, at: t) }
            steps(id, rules.contenders[id], at: t, &sink)
        case .ended:
            steps(id, rules.contenders[id], at: t, &sink)
            sink.gesture(id, .ended, trees[id].value, at: t)
            arena.finish(id)
        case .cancelled, .failed:
            sink.gesture(id, .cancelled, trees[id].value, at: t)
            arena.finish(id)
            arena.scheduleRepeat(id, at: nil)
        }
    }

    /// `on-step`: one effect per crossing of `every`, re-based on the crossing.
    private mutating func steps(_ id: BindingID, _ contender: Contender, at t: Seconds, _ sink: inout EffectSink) {
        guard let every = contender.stepEvery, every > 0, let kind = contender.stepKind else { return }
        let v = trees[id].value
        let q: Double
        switch kind {
        case .alongDirection: q = v.translation.dot((v.direction ?? Direction.cardinal(of: v.translation)).vector)
        case .dragAxis: q = arena.members[id].stepVertical ? -v.translation.y : v.translation.x
        case .scale: q = v.scale
        case .angle: q = v.angle
        case .duration: q = v.duration
        }
        guard q.isFinite else { return }
        // A bound on crossings per frame, so absurd input cannot stall the loop.
        var budget = Self.maximumStepsPerFrame
        var base = arena.members[id].stepBase
        while q >= kind.next(base, every, up: true) && budget > 0 {
            base = kind.next(base, every, up: true); budget -= 1
            sink.gesture(id, .step, v, step: .increase, at: t)
        }
        while q <= kind.next(base, every, up: false) && budget > 0 {
            base = kind.next(base, every, up: false); budget -= 1
            sink.gesture(id, .step, v, step: .decrease, at: t)
        }
        arena.stepped(id, to: base)
    }

    static let maximumStepsPerFrame = 1000

    /// `on-repeat`: after `repeat-delay` from began, then every `repeat-interval`,
    /// while the fingers stay down and the gesture is not cancelled.
    private mutating func repeats(_ id: BindingID, pressing: Bool, interval: Seconds, at t: Seconds,
                                  _ sink: inout EffectSink) {
        guard pressing, trees[id].state != .cancelled else {
            arena.scheduleRepeat(id, at: nil)
            return
        }
        while let due = arena.members[id].nextRepeat, due <= t {
            sink.gesture(id, .repeat, trees[id].value, at: due)
            arena.scheduleRepeat(id, at: due + max(interval, Self.shortestRepeatInterval))
        }
    }

    /// A `repeat-interval` of 0 still lets time pass between repeats.
    static let shortestRepeatInterval: Seconds = 0.001
}
