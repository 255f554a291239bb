// Where the arena and publishing send what they decide: one sink per engine
// call, stamped with the device being worked on.

struct EffectSink {
    var effects: [Effect] = []
    /// The device whose attempt is being worked on.
    var device: DeviceID = 0
    /// Send `.arena` notes (joined, won, conceded): `--explain`, `--verbose`.
    let explain: Bool
    /// Without `explain`: a stroke drawn and not its shape still says its
    /// verdict (the daemon shows "no shape" and the closest one).
    let verdicts: Bool

    init(explain: Bool, verdicts: Bool = false) {
        self.explain = explain
        self.verdicts = verdicts
    }

    mutating func gesture(_ binding: BindingID, _ phase: GesturePhase, _ value: GestureValue,
                          step: StepDirection? = nil, at t: Seconds) {
        effects.append(.gesture(GestureEvent(time: t, binding: binding, phase: phase, step: step, device: device,
                                             value: value)))
    }

    mutating func touch(_ touch: TouchID, _ decision: TouchDecision, _ reason: ArenaReason, at t: Seconds) {
        effects.append(.touch(TouchDecisionEvent(time: t, device: device, touch: touch, decision: decision,
                                                 reason: reason)))
    }

    mutating func note(_ binding: BindingID, _ kind: ArenaNoteKind, _ reason: ArenaReason?, at t: Seconds) {
        guard explain else { return }
        effects.append(.arena(ArenaNote(time: t, device: device, binding: binding, kind: kind, reason: reason)))
    }

    /// A stroke's verdict as a conceding note, whether or not `explain`
    /// (the caller asks only when `verdicts` or `explain` is on).
    mutating func verdict(_ binding: BindingID, _ v: StrokeVerdict, at t: Seconds) {
        effects.append(.arena(ArenaNote(time: t, device: device, binding: binding, kind: .conceded, reason: .notTheShape(v))))
    }

    mutating func rejected(_ why: InputRejection, at t: Seconds) {
        effects.append(.rejected(why, at: t))
    }
}
