// One attempt: the bindings competing for one device's touches, from the first
// touch-down until every binding is out and the fingers are up (a double
// tap's two taps are one attempt). Everything in it is indexed by BindingID.

struct Attempt: Sendable {
    var arena: Arena
    /// Every binding's recognizer tree, by BindingID; those of bindings absent
    /// from this attempt stay idle. A new attempt resets them in place.
    var trees: [RecognizerTree]
    /// The most fingers any binding in it wants: once as many have landed,
    /// no need to wait for `finger-landing`.
    var maximumFingers = 1
    /// A binding began with `on-repeat`: repeats may be due.
    var repeating = false
    /// The templates' generation the trees were copied from.
    let generation: Int

    init(_ rules: Rules) {
        arena = Arena(bindings: rules.contenders.count)
        trees = rules.templates
        generation = rules.generation
    }

    /// Steps every binding still in on the same contact, and moves its
    /// standing on from its recognizer's state.
    mutating func stepRecognizers(_ c: Contact, _ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        let saying = sink.explain || sink.verdicts
        for id in arena.participants where !arena.members[id].standing.isOut {
            let state = trees[id].step(c)
            switch arena.members[id].standing {
            case .possible where state.isRecognized:
                arena.recognize(id, at: t)
            case .possible, .recognized:
                if state == .failed || state == .cancelled {
                    if saying {
                        Self.failSaying(id, trees[id], c, rules, &arena, at: t, &sink)
                    } else {
                        arena.fail(id, at: t, &sink)
                    }
                }
            default:
                break
            }
        }
    }

    /// Why a binding failed, under `--explain`: a stroke drawn says which
    /// shape it was closest to; else the rule that refused it, on `c`, the
    /// contact it failed on (`Refusal.swift`). Out of line and not
    /// mutating, so the loop above (on every frame) compiles as before
    /// strokes: inlined, the verdict's casts cost 12 instructions per event
    /// on the everyday trace, with no stroke bound; as a mutating call, the
    /// trees' uniqueness check moved into the loop.
    @inline(never)
    private static func failure(of tree: RecognizerTree, _ c: Contact, _ rules: Rules) -> ArenaReason {
        if let v = tree.strokeVerdict { return .notTheShape(v) }
        return tree.refusal(c, rules.thresholds).map { .refused($0) } ?? .failed
    }

    /// A binding failed while someone listens to why: `--explain` says the
    /// refusal or the stroke's verdict; `GestureEngine.strokeVerdicts` alone
    /// says a stroke's verdict (the daemon's "no shape"). Out of line, as
    /// `failure` is and for the same reason: the loop above stays as it
    /// was without either (Benchmarks/callgrind.sh: 3 instructions per
    /// event on the everyday trace with both checks written in the loop).
    @inline(never)
    private static func failSaying(_ id: BindingID, _ tree: RecognizerTree, _ c: Contact, _ rules: Rules,
                                   _ arena: inout Arena, at t: Seconds, _ sink: inout EffectSink) {
        if sink.explain {
            arena.fail(id, at: t, &sink, reason: failure(of: tree, c, rules))
        } else {
            arena.fail(id, at: t, &sink)
            if let v = tree.strokeVerdict { sink.verdict(id, v, at: t) }
        }
    }

    /// Until a binding wins, touches undecided for `grab-timeout` go to the
    /// applications — unless a high-priority press still possible, whose
    /// timer has not run out yet, holds them: it consumes its press.
    mutating func releaseOverdueTouches(_ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        guard arena.hasOverdueTouch(grabTimeout: rules.thresholds.grabTimeout, at: t),
              !pressHoldsTouches(rules.contenders, at: t) else { return }
        arena.releaseOverdue(grabTimeout: rules.thresholds.grabTimeout, at: t, &sink)
    }

    private func pressHoldsTouches(_ contenders: [Contender], at t: Seconds) -> Bool {
        for id in arena.participants where contenders[id].high && contenders[id].decidedByTime {
            if arena.members[id].standing == .possible, let due = trees[id].nextDeadline, due > t { return true }
        }
        return false
    }

    /// Every binding is out and no repeat is pending.
    var isFinished: Bool {
        arena.participants.allSatisfy { arena.members[$0].standing.isOut && arena.members[$0].nextRepeat == nil }
    }

    /// The earliest timer after `after`: a recognizer's, a repeat, or a
    /// touch's grab timeout.
    func nextTimer(after: Seconds, grabTimeout: Seconds) -> Deadline {
        var best = Deadline.never
        for id in arena.participants {
            if !arena.members[id].standing.isOut { best.lower(to: trees[id].nextDeadline, after: after) }
            best.lower(to: arena.members[id].nextRepeat, after: after)
        }
        arena.grabDeadline(after: after, grabTimeout: grabTimeout, into: &best)
        return best
    }

    /// Ends what began of an attempt that stops short: `cancelled`, and no
    /// more repeats.
    mutating func cancelBegun(at t: Seconds, _ sink: inout EffectSink) {
        for id in arena.participants {
            if arena.members[id].standing == .began {
                sink.gesture(id, .cancelled, trees[id].value, at: t)
                arena.finish(id)
            }
            arena.scheduleRepeat(id, at: nil)
        }
    }
}
