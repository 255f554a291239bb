// The gesture engine: a value that takes an input and the current time and
// returns effects. It never reads a clock, sleeps or does I/O; timers are
// deadlines the caller honours by calling `advance(to:)`.
//
// Each device has a lane (DeviceLane.swift): its touches become frames and a
// Contact (ContactTracker.swift); each frame steps the device's attempt, where
// the bindings' recognizers compete in an arena (Arena/). Frames of different
// devices, and timers, are judged in time order.

public struct GestureEngine: Sendable {
    public let table: GestureTable
    /// All bindings, desktop scope first, then each app scope's; a BindingID indexes this.
    public let bindings: [Binding]
    private(set) var rules: Rules
    public private(set) var screen: Screen
    public private(set) var window: WindowContext = .desktop
    /// The modifier keys held, as the last touch or gesture begin carried them.
    public private(set) var modifiers: Modifiers = []
    public private(set) var now: Seconds = 0
    private(set) var lanes: [DeviceLane] = []
    /// The table with its `[[device]]` settings, of each device that has
    /// some: its lane's rules are compiled from it.
    private var deviceTables: [DeviceID: GestureTable] = [:]

    /// Emit `.arena` notes (joined, won, conceded): for `--explain` and `--verbose`.
    public var explain: Bool {
        get { rules.explain }
        set {
            rules = rules.explaining(newValue)
            for d in lanes.indices { lanes[d].ownRules = lanes[d].ownRules?.explaining(newValue) }
        }
    }

    /// Without `explain`, still say why a stroke drawn was not its shape
    /// (an `.arena` conceded note with `.notTheShape`, one per stroke
    /// binding that failed at a lift): the daemon's stroke name
    /// (`stroke-name`) shows "no shape" and the closest one from it. Off: not a
    /// cast more per event (the note is made where a binding fails).
    public var strokeVerdicts = false

    public init(table: GestureTable, screen: Screen, devices: [Device] = []) {
        self.table = table
        self.screen = screen
        bindings = table.allBindings
        rules = Rules(table, pxPerMM: screen.pxPerMM)
        lanes = devices.map { DeviceLane($0) }
        for d in lanes.indices { adoptRule(d) }
        lanes.reserveCapacity(8)
    }

    // MARK: API

    /// Feeds one input at time `t` (seconds, never decreasing).
    public mutating func process(_ input: Input, at t: Seconds) -> [Effect] {
        var out: [Effect] = []
        process(input, at: t, into: &out)
        return out
    }

    /// Runs timers due at or before `t` (and judges pending frames before it).
    public mutating func advance(to t: Seconds) -> [Effect] {
        var out: [Effect] = []
        advance(to: t, into: &out)
        return out
    }

    /// The devices the engine knows.
    public var deviceIDs: [DeviceID] { lanes.map(\.device.id) }

    /// The bindings in `device`'s running attempt and how far each is toward
    /// its threshold: for people watching (the monitor stream); worked out
    /// only when asked.
    public func standings(of device: DeviceID) -> [BindingStanding] {
        Self.lane(of: device, lanes).map { lanes[$0].standings } ?? []
    }

    /// `standings(of:)` written into `out` (emptied first, its storage
    /// kept): what a monitor asks after every call, with no array made.
    /// Returns whether the device has an attempt running.
    @discardableResult
    public func standings(of device: DeviceID, into out: inout [BindingStanding]) -> Bool {
        out.removeAll(keepingCapacity: true)
        // The lane read through a pointer, where it lies: called on the
        // array's element, or on a borrowed lane, Swift copied the whole
        // lane first (its arrays retained and released: 600 instructions).
        return lanes.withUnsafeBufferPointer { lanes in
            for i in lanes.indices where lanes[i].device.id == device {
                return DeviceLane.standings(lanes.baseAddress! + i, into: &out)
            }
            return false
        }
    }

    /// When `advance(to:)` next has work: a pending frame or a timer.
    public var nextDeadline: Seconds? { nextWork?.deadline }

    /// Whether the work `nextDeadline` names is the judging of a frame
    /// that ends nothing (not a timer, not a lift's frame): what the next
    /// input judges first anyway (`process` judges the frames before it),
    /// at the same moment and in the same order. The daemon's wait for it
    /// ends at X's next events, which a touchscreen sends a frame later
    /// (Daemon's `frameSlack`): a wakeup of its own for each frame was
    /// half of a touchscreen swipe's (docs/performance.md, "Per touch event").
    public var nextDeadlineJudgesAFrame: Bool { nextWork?.judgesAFrame ?? false }

    /// Both of the above, found once (the daemon reads them in place: `wake`).
    var nextWork: (deadline: Seconds, judgesAFrame: Bool)? {
        guard let (d, due) = Self.nextDue(lanes), let seconds = due.seconds else { return nil }
        return (seconds, lanes[d].tracker.pendingFrame != nil && !lanes[d].tracker.frameEnds)
    }

    /// The moment of the earliest frame that ends a publishing gesture (a
    /// lift: `ContactTracker.frameEnds`), while one waits: the daemon runs
    /// the engine through it as soon as it has read what X sent, rather
    /// than once its clock, held back by X's delivery lag, passes it.
    public var endingFrame: Seconds? {
        var best: Seconds? = nil
        for d in lanes.indices where lanes[d].tracker.frameEnds {
            if let f = lanes[d].tracker.pendingFrame, best.map({ f < $0 }) ?? true { best = f }
        }
        return best
    }

    /// `process` that appends to a caller's buffer (no allocation when it has capacity).
    public mutating func process(_ input: Input, at t: Seconds, into out: inout [Effect]) {
        var sink = EffectSink(explain: rules.explain, verdicts: strokeVerdicts)
        swap(&sink.effects, &out)
        defer { swap(&sink.effects, &out) }
        guard t >= now && t.isFinite else {
            return sink.rejected(t.isFinite ? .timeWentBackwards : .notFinite, at: now)
        }
        if let r = Self.invalid(input) { return sink.rejected(r, at: t) }
        // Judge every pending frame from before this moment, and timers due by now.
        runDue(before: t, inclusive: false, &sink)
        now = t
        apply(input, at: t, &sink)
    }

    public mutating func advance(to t: Seconds, into out: inout [Effect]) {
        guard t.isFinite else { return }  // never "forever": a held press repeats without end
        var sink = EffectSink(explain: rules.explain, verdicts: strokeVerdicts)
        swap(&sink.effects, &out)
        runDue(before: t, inclusive: true, &sink)
        swap(&sink.effects, &out)
        now = max(now, t)
    }

    // MARK: Inputs

    private mutating func apply(_ input: Input, at t: Seconds, _ sink: inout EffectSink) {
        switch input {
        case .window(let w):
            window = w
            rules = rules.window(w, table)
            for d in lanes.indices { if let own = deviceTables[lanes[d].device.id] { lanes[d].ownRules = lanes[d].ownRules?.window(w, own) } }
        case .modifiers(let m):
            modifiers = m
            for d in lanes.indices { lanes[d].held = m }
        case .screenChanged(let s):
            screen = s
            rules = rules.screen(pxPerMM: s.pxPerMM, table)
            for d in lanes.indices {
                // A touchscreen's density is its mapped output's px over its mm: new too.
                adoptRule(d)
                lanes[d].dropSpare()
            }
        case .deviceAdded(let dev):
            if let d = Self.lane(of: dev.id, lanes) {
                lanes[d].device = dev
                lanes[d].dropSpare()
            } else {
                lanes.append(DeviceLane(dev, held: modifiers))
            }
            adoptRule(Self.lane(of: dev.id, lanes)!)
        case .deviceRemoved(let id):
            guard let d = Self.lane(of: id, lanes, &sink, t) else { return }
            onLane(d) { lane, r in lane.abandon(r, at: t, &sink) }
            lanes.remove(at: d)
        case .touchBegin(let dev, let touch, let p):
            guard let d = Self.lane(of: dev, lanes, &sink, t) else { return }
            // A disabled device's touches go straight back to the applications.
            if lanes[d].disabled {
                sink.device = dev
                return sink.touch(touch, .released, .noCandidates, at: t)
            }
            closeFrames(for: d, touch: touch, landing: true, at: t, &sink)
            let screen = self.screen
            onLane(d) { lane, r in lane.touchBegin(touch, at: p, t, screen: screen, r, &sink) }
        case .touchUpdate(let dev, let touch, let p), .touchEnd(let dev, let touch, let p):
            guard let d = Self.lane(of: dev, lanes, &sink, t), !lanes[d].disabled else { return }
            closeFrames(for: d, touch: touch, at: t, &sink)
            var lift = false
            if case .touchEnd = input { lift = true }
            if !onLane(d, { lane, r in lane.touchMove(touch, to: p, at: t, lift: lift, r) }) { sink.rejected(.unknownTouch, at: t) }
        case .swipeBegin(let dev, let fingers, let p), .pinchBegin(let dev, let fingers, let p):
            guard let d = Self.lane(of: dev, lanes, &sink, t), !lanes[d].disabled else { return }
            closeFrames(for: d, touch: nil, at: t, &sink)
            var source = ContactSource.touchpadSwipe
            if case .pinchBegin = input { source = .touchpadPinch }
            onLane(d) { lane, r in lane.touchpadBegin(source, fingers: fingers, at: p, t, r, &sink) }
        case .swipeUpdate(let dev, let fingers, let delta, let unaccelerated):
            guard let d = Self.lane(of: dev, lanes, &sink, t), !lanes[d].disabled else { return }
            onLane(d) { lane, r in
                if !lane.touchpadUpdate(.touchpadSwipe, fingers: fingers, delta: delta, unaccelerated: unaccelerated,
                                        scale: nil, angleDelta: 0, at: t, r, &sink) {
                    sink.rejected(.noGestureInProgress, at: t)
                }
            }
        case .pinchUpdate(let dev, let fingers, let delta, let scale, let angleDelta):
            guard let d = Self.lane(of: dev, lanes, &sink, t), !lanes[d].disabled else { return }
            onLane(d) { lane, r in
                if !lane.touchpadUpdate(.touchpadPinch, fingers: fingers, delta: delta, unaccelerated: nil, scale: scale,
                                        angleDelta: angleDelta, at: t, r, &sink) {
                    sink.rejected(.noGestureInProgress, at: t)
                }
            }
        case .buttonPress, .pointerMotion, .buttonRelease:
            // Strokes drawn with a button held are decided outside the
            // engine (PointerStrokeMachine, PointerStrokeBindings).
            return
        case .swipeEnd(let dev, _, let cancelled), .pinchEnd(let dev, _, let cancelled):
            guard let d = Self.lane(of: dev, lanes, &sink, t), !lanes[d].disabled else { return }
            var source = ContactSource.touchpadSwipe
            if case .pinchEnd = input { source = .touchpadPinch }
            onLane(d) { lane, r in
                if !lane.touchpadEnd(source, cancelled: cancelled, at: t, r, &sink) {
                    sink.rejected(.noGestureInProgress, at: t)
                }
            }
        }
    }

    /// Input the engine refuses: non-finite coordinates or values.
    static func invalid(_ input: Input) -> InputRejection? {
        switch input {
        case .touchBegin(_, _, let p), .touchUpdate(_, _, let p), .touchEnd(_, _, let p),
             .swipeBegin(_, _, let p), .pinchBegin(_, _, let p), .swipeUpdate(_, _, let p, _),
             .buttonPress(_, _, let p), .pointerMotion(_, let p), .buttonRelease(_, _, let p):
            return p.isFinite ? nil : .notFinite
        case .pinchUpdate(_, _, let p, let scale, let da):
            return p.isFinite && scale.isFinite && da.isFinite ? nil : .notFinite
        case .screenChanged(let s):
            return s.width.isFinite && s.height.isFinite && s.pxPerMM.isFinite && s.pxPerMM > 0 ? nil : .notFinite
        default:
            return nil
        }
    }

    // MARK: Devices
    //
    // Lookups are static and take the lanes: called from the engine's
    // mutating methods, a method of the engine itself would get a copy of it.

    private static func lane(of id: DeviceID, _ lanes: [DeviceLane]) -> Int? {
        lanes.firstIndex { $0.device.id == id }
    }

    /// The device's lane, or a rejection.
    private static func lane(of id: DeviceID, _ lanes: [DeviceLane], _ sink: inout EffectSink, _ t: Seconds) -> Int? {
        guard let d = lane(of: id, lanes) else {
            sink.rejected(.unknownDevice, at: t)
            return nil
        }
        return d
    }

    // MARK: Time

    /// The lane with the earliest work, and when.
    private static func nextDue(_ lanes: [DeviceLane]) -> (lane: Int, deadline: Deadline)? {
        var best: (lane: Int, deadline: Deadline)? = nil
        for d in lanes.indices where !lanes[d].due.isNever {
            if best == nil || lanes[d].due < best!.deadline { best = (d, lanes[d].due) }
        }
        return best
    }

    /// Runs every due deadline in time order: those before `t`, and with
    /// `inclusive` those at `t` too (without it, a frame at `t` is still being built).
    private mutating func runDue(before t: Seconds, inclusive: Bool, _ sink: inout EffectSink) {
        while let (d, deadline) = Self.nextDue(lanes), inclusive ? deadline.time <= t : deadline.time < t {
            now = max(now, deadline.time)
            onLane(d) { lane, r in lane.runDue(r, &sink) }
        }
    }

    /// An event closes the frames of other devices, and its own device's frame
    /// unless it belongs there.
    private mutating func closeFrames(for d: Int, touch: TouchID?, landing: Bool = false, at t: Seconds,
                                      _ sink: inout EffectSink) {
        for o in lanes.indices where lanes[o].tracker.pendingFrame != nil {
            let joining = o == d ? touch : nil
            onLane(o) { lane, r in lane.closeFrame(unlessJoinedBy: joining, landing: landing, at: t, r, &sink) }
        }
    }

    // MARK: [[device]] rules and densities

    /// Works on a device's lane with the rules its attempts run under: its
    /// `[[device]]` settings' or its own density's where it has either, the
    /// config's otherwise (handed over borrowed, as the config's were before
    /// device rules: no reference counting per event).
    @inline(__always)
    private mutating func onLane<R>(_ d: Int, _ body: (inout DeviceLane, Rules) -> R) -> R {
        if let own = lanes[d].ownRules { return body(&lanes[d], own) }
        return body(&lanes[d], rules)
    }

    /// A device's `[[device]]` rule (the first that matches it): disabled,
    /// or its own settings; and its own density (a touchscreen that
    /// declares its size: `Screen.pxPerMM(of:)`), its mm thresholds in its
    /// px. Compiled once here, when the device or the screen changes.
    private mutating func adoptRule(_ d: Int) {
        let device = lanes[d].device
        let rule = table.rule(for: device)
        lanes[d].disabled = rule?.disabled ?? false
        let density = screen.pxPerMM(of: device)
        guard rule?.settings != nil || density != screen.pxPerMM else {
            lanes[d].ownRules = nil
            deviceTables[device.id] = nil
            return
        }
        var own = table
        if let settings = rule?.settings { own.settings = settings }
        deviceTables[device.id] = own
        let generation = max(rules.generation, lanes[d].ownRules?.generation ?? 0) + 1
        lanes[d].ownRules = Rules(own, pxPerMM: density, generation: generation).window(window, own).explaining(rules.explain)
    }
}
