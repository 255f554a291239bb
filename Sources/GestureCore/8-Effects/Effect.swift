// What the engine returns: data only. The daemon performs it; replay prints it.

public enum GesturePhase: String, Hashable, Sendable {
    case began, changed, step, `repeat`, ended, cancelled
}

public enum StepDirection: String, Hashable, Sendable {
    case increase, decrease
}

/// A binding's gesture reached a phase.
public struct GestureEvent: Hashable, Sendable {
    public var time: Seconds
    public var binding: BindingID
    public var phase: GesturePhase
    /// Set for `.step`.
    public var step: StepDirection?
    public var device: DeviceID
    public var value: GestureValue

    /// One made outside the engine: a pointer stroke the daemon recognized
    /// (PointerStrokeBindings) goes through the same actions as the engine's.
    public init(time: Seconds, binding: BindingID, phase: GesturePhase, step: StepDirection? = nil, device: DeviceID,
                value: GestureValue) {
        self.time = time
        self.binding = binding
        self.phase = phase
        self.step = step
        self.device = device
        self.value = value
    }
}

public enum TouchDecision: String, Hashable, Sendable {
    /// A binding owns the touch: the X layer accepts it (applications never see it).
    case claimed
    /// No binding can want it: the X layer rejects it, X replays it to the application.
    case released
}

public struct TouchDecisionEvent: Hashable, Sendable {
    public var time: Seconds
    public var device: DeviceID
    public var touch: TouchID
    public var decision: TouchDecision
    public var reason: ArenaReason
}

/// Why the arena did what it did (for `replay --explain` and `--verbose`).
public enum ArenaReason: Hashable, Sendable {
    /// The binding recognized its gesture and nothing outranking it could still want the touches.
    case recognized
    /// A binding won the touches.
    case wonBy(BindingID)
    /// Every binding that could want the touches failed.
    case noBindingLeft
    /// The touch was undecided for `grab-timeout`.
    case grabTimeout
    /// Its gesture can no longer be recognized.
    case failed
    /// Its gesture can no longer be recognized, and the rule that refused
    /// it says why, with its measure and threshold (under `--explain`).
    case refused(Refusal)
    /// A finger landed after the landing window closed: a new attempt begins
    /// with every finger down.
    case extraFinger
    /// It lost to a binding that recognized first or outranks it.
    case lostTo(BindingID)
    /// The device went away mid-gesture.
    case deviceRemoved
    /// No binding of this attempt's scopes can take touches from this device.
    case noCandidates
    /// A layer (`modifiers`) whose modifiers were not held as the gesture
    /// started: held are these.
    case layerNotHeld(held: Modifiers)
    /// A stroke drawn was not its shape: the closest one and its score.
    case notTheShape(StrokeVerdict)
}

public enum ArenaNoteKind: String, Hashable, Sendable {
    /// A binding's recognizer joined the arena for a new touch sequence.
    case joined
    /// A binding won the arena.
    case won
    /// A binding left the arena without publishing anything.
    case conceded
}

public struct ArenaNote: Hashable, Sendable {
    public var time: Seconds
    public var device: DeviceID
    public var binding: BindingID
    public var kind: ArenaNoteKind
    /// Why it won or conceded; nil for `joined`.
    public var reason: ArenaReason?
}

/// Input the engine refused, and why; the engine's state is unchanged by it.
public enum InputRejection: String, Hashable, Sendable, Error {
    case timeWentBackwards = "time went backwards"
    case notFinite = "a coordinate or value is not finite"
    case unknownDevice = "unknown device"
    case unknownTouch = "update or end of a touch that never began"
    case noGestureInProgress = "touchpad gesture update or end without a begin"
}

public enum Effect: Hashable, Sendable {
    case gesture(GestureEvent)
    case touch(TouchDecisionEvent)
    case arena(ArenaNote)
    case rejected(InputRejection, at: Seconds)
    /// A pointer button's press decided (never the engine's: `replay`'s
    /// PointerStrokeReplay, from a trace's pointer records).
    case pointerStroke(PointerStrokeDecision)
}
