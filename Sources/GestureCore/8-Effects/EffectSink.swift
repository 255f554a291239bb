// Where the arena and publishing send what they decide: one sink per engine
// call, stamped with the device being worked on.

struct EffectSink {
    var effects: [Effect] = []
    /// The device whose attempt is being worked on.
    var device: DeviceID = 0
    /// Send `.arena` notes (joined, won, conceded): `--explain`, `--verbose`.
    let explain: Bool

    init(explain: Bool) { self.explain = explain }

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

    mutating func rejected(_ why: InputRejection, at t: Seconds) {
        effects.append(.rejected(why, at: t))
    }
}
