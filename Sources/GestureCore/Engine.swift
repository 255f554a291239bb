// The gesture engine: a value that takes an input and the current time and
// returns effects. It never reads a clock, sleeps or does I/O; timers are
// deadlines the caller honours by calling `advance(to:)`.

public struct GestureEngine: Sendable {
    public let table: GestureTable
    /// All bindings, desktop scope first, then each app scope's; a BindingID indexes this.
    public let bindings: [Binding]
    private(set) var compiled: [CompiledBinding]
    private(set) var thresholds: Thresholds
    public private(set) var screen: Screen
    public private(set) var window: WindowContext = .desktop {
        didSet { scopesInEffect = Self.scopesInEffect(table, window) }
    }
    /// Per app scope: its bindings take part for the window now (masks and
    /// WM_CLASS match), worked out when the window changes, not per attempt.
    private var scopesInEffect: [Bool]
    public private(set) var now: Seconds = 0
    /// Counts the template rebuilds: an attempt whose trees came from older
    /// templates (older thresholds) is not kept for reuse.
    private var templateGeneration = 0
    /// Emit `.arena` notes (joined, won, conceded): for `--explain` and `--verbose`.
    public var explain: Bool = false
    var devices: [DeviceState] = []

    struct CompiledBinding: Sendable {
        let binding: Binding
        /// -1: the desktop scope; otherwise the index of its app scope.
        let scope: Int
        /// The recognizers in their initial state, built once (and again when
        /// the screen's px/mm changes): each device's pool of trees copies it
        /// once, then resets its trees in place.
        var template: RecognizerTree
        /// Its candidate as an attempt starts, and the fingers it may want,
        /// built once too (reading them from `binding` copied the binding).
        let candidate: Candidate
        let maximumFingers: Int
        let devices: DeviceFilter

        init(binding: Binding, scope: Int, rank: Int, id: BindingID, thresholds: Thresholds) {
            self.binding = binding
            self.scope = scope
            template = RecognizerTree(binding.gesture, thresholds)
            candidate = Candidate(id: id, rank: rank, binding: binding, stepKind: StepKind.of(binding.gesture))
            maximumFingers = binding.gesture.maximumFingers
            devices = binding.device
        }
    }

    struct DeviceState: Sendable {
        var device: Device
        var tracker = ContactTracker()
        /// Set through `store` and `takeAttempt`, which keep `attemptTimer` with it.
        private(set) var attempt: Attempt? = nil
        /// The attempt's next timer after `lastStep` (infinity: none; nil: no
        /// attempt), worked out when the attempt is stored: the engine looks
        /// for it on every input, and reading it from the attempt in place
        /// made Swift copy the attempt (retaining its arrays) each time.
        private(set) var attemptTimer: Seconds? = nil
        /// What the last attempt leaves for the next to reuse, so that starting
        /// one allocates nothing: its arrays, emptied, and the recognizer trees
        /// of every binding, by BindingID, reset in place when reused.
        var spare: Attempt? = nil
        /// The last time this device was stepped: timers at or before it are done.
        var lastStep: Seconds = -.infinity

        /// `timer`: `a.deadline(after: lastStep, …)` (`GestureEngine.putBack`).
        mutating func store(_ a: consuming Attempt, timer: Seconds) {
            attemptTimer = timer
            attempt = a
        }

        /// Takes the attempt out, so that it is owned while stepping: no copy on write.
        mutating func takeAttempt() -> Attempt? {
            attemptTimer = nil
            return attempt.take()
        }
    }

    public init(table: GestureTable, screen: Screen, devices: [Device] = []) {
        self.table = table
        self.screen = screen
        thresholds = Thresholds(table.settings, pxPerMM: screen.pxPerMM)
        var compiled: [CompiledBinding] = []
        for b in table.desktop {
            compiled.append(CompiledBinding(binding: b, scope: -1, rank: b.yields ? Self.yieldingRank : Self.rank(b.priority, parent: true),
                                            id: compiled.count, thresholds: thresholds))
        }
        for (i, app) in table.apps.enumerated() {
            for b in app.bindings {
                compiled.append(CompiledBinding(binding: b, scope: i, rank: Self.rank(b.priority, parent: false),
                                                id: compiled.count, thresholds: thresholds))
            }
        }
        bindings = table.allBindings
        self.compiled = compiled
        scopesInEffect = Self.scopesInEffect(table, .desktop)
        self.devices = devices.map { DeviceState(device: $0) }
        self.devices.reserveCapacity(8)
    }

    /// SwiftUI's order between a parent (desktop) and a child (app) scope:
    /// parent `.highPriorityGesture` > child `.highPriorityGesture` > child
    /// `.gesture` > parent `.gesture`. Simultaneous bindings are not ranked.
    static func rank(_ p: Priority, parent: Bool) -> Int {
        switch (p, parent) {
        case (.high, true): return 5
        case (.high, false): return 4
        case (.normal, false): return 3
        case (.normal, true): return 2
        case (.simultaneous, _): return 0
        }
    }

    /// A binding that `yields`: under every ranked one.
    static let yieldingRank = 1

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
    public var deviceIDs: [DeviceID] { devices.map(\.device.id) }

    /// When `advance(to:)` next has work: a pending frame or a timer.
    public var nextDeadline: Seconds? {
        var best: Seconds? = nil
        for d in devices.indices {
            if let x = deadline(of: d), best == nil || x < best! { best = x }
        }
        return best
    }

    /// `process` that appends to a caller's buffer (no allocation when it has capacity).
    public mutating func process(_ input: Input, at t: Seconds, into out: inout [Effect]) {
        if !(t >= now) || !t.isFinite {
            out.append(.rejected(t.isFinite ? .timeWentBackwards : .notFinite, at: now))
            return
        }
        if let r = Self.invalid(input) {
            out.append(.rejected(r, at: t))
            return
        }
        // Judge every pending frame from before this moment, and timers due by now.
        advance(to: t, strictlyBefore: true, into: &out)
        now = t

        switch input {
        case .window(let w):
            window = w
        case .screenChanged(let s):
            screen = s
            thresholds = Thresholds(table.settings, pxPerMM: s.pxPerMM)
            // Recognizers hold thresholds in px: new attempts start from new templates.
            for k in compiled.indices { compiled[k].template = RecognizerTree(compiled[k].binding.gesture, thresholds) }
            templateGeneration += 1
            for k in devices.indices { devices[k].spare = nil }
        case .deviceAdded(let dev):
            if let d = index(of: dev.id) { devices[d].device = dev } else { devices.append(DeviceState(device: dev)) }
        case .deviceRemoved(let id):
            guard let d = index(of: id) else { return out.append(.rejected(.unknownDevice, at: t)) }
            abandon(d, at: t, into: &out)
            devices.remove(at: d)
        case .touchBegin(let dev, let touch, let p):
            guard let d = index(of: dev) else { return out.append(.rejected(.unknownDevice, at: t)) }
            closeFrames(for: d, touch: touch, at: t, into: &out)
            touchBegin(d, touch, p, t, into: &out)
        case .touchUpdate(let dev, let touch, let p), .touchEnd(let dev, let touch, let p):
            guard let d = index(of: dev) else { return out.append(.rejected(.unknownDevice, at: t)) }
            closeFrames(for: d, touch: touch, at: t, into: &out)
            var lift = false
            if case .touchEnd = input { lift = true }
            if !devices[d].tracker.touchMove(touch, to: p, time: t, lift: lift) {
                out.append(.rejected(.unknownTouch, at: t))
            }
        case .swipeBegin(let dev, let fingers, let p), .pinchBegin(let dev, let fingers, let p):
            guard let d = index(of: dev) else { return out.append(.rejected(.unknownDevice, at: t)) }
            closeFrames(for: d, touch: nil, at: t, into: &out)
            if devices[d].tracker.active { abandon(d, at: t, into: &out) }
            var source = ContactSource.touchpadSwipe
            if case .pinchBegin = input { source = .touchpadPinch }
            startAttemptIfIdle(d, at: t, into: &out)
            devices[d].tracker.gestureBegin(source, fingers: fingers, at: p, time: t)
            stepDevice(d, at: t, into: &out)
        case .swipeUpdate(let dev, let fingers, let delta, _):
            guard let d = gestureDevice(dev, .touchpadSwipe, t, &out) else { return }
            devices[d].tracker.gestureUpdate(fingers: fingers, delta: delta, scale: nil, angleDelta: 0, time: t)
            stepDevice(d, at: t, into: &out)
        case .pinchUpdate(let dev, let fingers, let delta, let scale, let da):
            guard let d = gestureDevice(dev, .touchpadPinch, t, &out) else { return }
            devices[d].tracker.gestureUpdate(fingers: fingers, delta: delta, scale: scale, angleDelta: da, time: t)
            stepDevice(d, at: t, into: &out)
        case .swipeEnd(let dev, _, let cancelled):
            guard let d = gestureDevice(dev, .touchpadSwipe, t, &out) else { return }
            devices[d].tracker.gestureEnd(cancelled: cancelled, time: t)
            stepDevice(d, at: t, into: &out)
        case .pinchEnd(let dev, _, let cancelled):
            guard let d = gestureDevice(dev, .touchpadPinch, t, &out) else { return }
            devices[d].tracker.gestureEnd(cancelled: cancelled, time: t)
            stepDevice(d, at: t, into: &out)
        }
    }

    public mutating func advance(to t: Seconds, into out: inout [Effect]) {
        guard t.isFinite else { return }  // never "forever": a held press repeats without end
        advance(to: t, strictlyBefore: false, into: &out)
        if t.isFinite { now = max(now, t) }
    }

    // MARK: Time

    /// Runs every due deadline in time order. `strictlyBefore`: only those
    /// before `t` (a frame at `t` is still being built).
    private mutating func advance(to t: Seconds, strictlyBefore: Bool, into out: inout [Effect]) {
        while true {
            var best: (Seconds, Int)? = nil
            for d in devices.indices {
                if let x = deadline(of: d), best == nil || x < best!.0 { best = (x, d) }
            }
            guard let (when, d) = best, strictlyBefore ? when < t : when <= t else { return }
            now = max(now, when)
            if devices[d].tracker.pendingFrame != nil {
                commitFrame(d, into: &out)
            } else {
                devices[d].tracker.tick(when)
                stepDevice(d, at: when, into: &out)
            }
        }
    }

    /// Judges a device's frame, at the time of its last event.
    private mutating func commitFrame(_ d: Int, into out: inout [Effect]) {
        devices[d].tracker.commitFrame()
        stepDevice(d, at: devices[d].tracker.contact.time, into: &out)
    }

    @inline(__always)  // called from mutating code: inlined, it reads self in place (see Arena.swift)
    private func deadline(of d: Int) -> Seconds? {
        if let f = devices[d].tracker.frameDeadline { return f }
        return attemptDeadline(d)
    }

    @inline(__always)  // called from mutating code: inlined, it reads self in place (see Arena.swift)
    private func attemptDeadline(_ d: Int) -> Seconds? {
        guard var best = devices[d].attemptTimer else { return nil }  // no attempt
        if devices[d].tracker.active && !devices[d].tracker.contact.settled {
            let landing = devices[d].tracker.contact.lastLanding + thresholds.fingerLanding
            if landing > devices[d].lastStep && landing < best { best = landing }
        }
        return best == .infinity ? nil : best
    }

    /// An event closes the frames of other devices, and its own device's frame
    /// unless it belongs there: within `frameJoin` of the frame's first event,
    /// of a touch not yet in it (`touch` nil: never).
    private mutating func closeFrames(for d: Int, touch: TouchID?, at t: Seconds, into out: inout [Effect]) {
        for o in devices.indices where devices[o].tracker.pendingFrame != nil {
            if o == d, let touch, devices[o].tracker.joinsFrame(touch, at: t) { continue }
            commitFrame(o, into: &out)
        }
    }

    // MARK: Devices

    @inline(__always)  // called from mutating code: inlined, it reads self in place (see Arena.swift)
    private func index(of id: DeviceID) -> Int? {
        devices.firstIndex { $0.device.id == id }
    }

    private mutating func gestureDevice(_ id: DeviceID, _ source: ContactSource, _ t: Seconds,
                                        _ out: inout [Effect]) -> Int? {
        guard let d = index(of: id) else {
            out.append(.rejected(.unknownDevice, at: t))
            return nil
        }
        let c = devices[d].tracker.contact
        guard c.source == source, c.landed > 0, !c.ended else {
            out.append(.rejected(.noGestureInProgress, at: t))
            return nil
        }
        return d
    }

    private mutating func touchBegin(_ d: Int, _ touch: TouchID, _ p: Point, _ t: Seconds, into out: inout [Effect]) {
        if devices[d].tracker.contact.source != .touch && devices[d].tracker.active {
            abandon(d, at: t, into: &out)
        }
        var owner: BindingID? = nil
        if devices[d].tracker.active && devices[d].tracker.contact.settled {
            owner = lateFinger(d, at: t, into: &out)
        }
        startAttemptIfIdle(d, at: t, into: &out)
        devices[d].tracker.touchBegin(touch, at: p, time: t, screen: screen, output: devices[d].device.output)
        guard var a = devices[d].takeAttempt() else { return }
        a.touches.removeAll { $0.id == touch && $0.decision != nil }
        a.touches.append(TouchRecord(id: touch, began: t, decision: nil))
        if let owner {
            // The hand belongs to the binding that won it: a finger added to it
            // is that binding's too, never a lone touch in the application.
            a.touches[a.touches.count - 1].decision = .claimed
            out.append(.touch(TouchDecisionEvent(time: t, device: devices[d].device.id, touch: touch, decision: .claimed,
                                                 reason: .wonBy(owner))))
        }
        // The arena may already have decided this attempt (a winner owns the
        // hand, or nothing wants it): the new touch is decided at once.
        decide(&a, devices[d].device.id, t, &out)
        putBack(consume a, in: d)
    }

    /// A finger lands after the landing window closed: the attempt of the
    /// fingers down ends (its candidates wanted exactly those fingers: what
    /// began is cancelled), and a new one begins with every finger down, as
    /// libinput begins a new gesture when the finger count changes. Touches
    /// already decided stay so (one the applications got stays theirs); those
    /// still held carry over, so the new attempt's winner can claim them; the
    /// new finger is claimed at once if a binding had won the hand.
    /// Returns the old attempt's winner, if it had one: it owns the hand.
    private mutating func lateFinger(_ d: Int, at t: Seconds, into out: inout [Effect]) -> BindingID? {
        guard var a = devices[d].takeAttempt() else { return nil }
        let dev = devices[d].device.id
        let owner = a.winner.map { a.candidates[$0].id }
        if explain {
            for c in a.candidates where !c.isResolved { note(c.id, .conceded, .extraFinger, dev, t, &out) }
        }
        cancelBegun(&a, dev, t, &out)
        let carried = a.touches
        recycle(consume a, of: d)
        devices[d].tracker.restartWithFingersDown(time: t, screen: screen, output: devices[d].device.output)
        startAttempt(d, at: t, into: &out)
        guard var b = devices[d].takeAttempt() else { return owner }
        b.touches.append(contentsOf: carried)
        putBack(consume b, in: d)
        return owner
    }

    /// Input the engine refuses: non-finite coordinates or values.
    static func invalid(_ input: Input) -> InputRejection? {
        switch input {
        case .touchBegin(_, _, let p), .touchUpdate(_, _, let p), .touchEnd(_, _, let p),
             .swipeBegin(_, _, let p), .pinchBegin(_, _, let p), .swipeUpdate(_, _, let p, _):
            return p.isFinite ? nil : .notFinite
        case .pinchUpdate(_, _, let p, let scale, let da):
            return p.isFinite && scale.isFinite && da.isFinite ? nil : .notFinite
        case .screenChanged(let s):
            return s.width.isFinite && s.height.isFinite && s.pxPerMM.isFinite && s.pxPerMM > 0 ? nil : .notFinite
        default:
            return nil
        }
    }

    private mutating func startAttemptIfIdle(_ d: Int, at t: Seconds, into out: inout [Effect]) {
        if devices[d].attempt != nil { return }
        devices[d].tracker.resetAttempt()
        startAttempt(d, at: t, into: &out)
    }

    private mutating func startAttempt(_ d: Int, at t: Seconds, into out: inout [Effect]) {
        let a = makeAttempt(d)
        if explain {
            for c in a.candidates {
                out.append(.arena(ArenaNote(time: t, device: devices[d].device.id, binding: c.id, kind: .joined,
                                            reason: nil)))
            }
        }
        putBack(consume a, in: d)
    }

    /// Puts an attempt (back) in its device, with its next timer worked out
    /// here, on the engine's own copy (in `store`, Swift copied the attempt
    /// to work it out).
    @inline(__always)  // out of line, the attempt was copied on the way in
    mutating func putBack(_ attempt: consuming Attempt, in d: Int) {
        var a = attempt
        let timer = a.deadline(after: devices[d].lastStep, grabTimeout: thresholds.grabTimeout)
        devices[d].store(consume a, timer: timer)
    }

    static func scopesInEffect(_ table: GestureTable, _ window: WindowContext) -> [Bool] {
        table.apps.map { table.including.includesChildren && $0.including.includesOwn && $0.matches(window) }
    }

    /// The candidates for a new attempt of device `d`: the bindings of the
    /// scopes in effect for the window now under the touch, filtered by
    /// device and masks. Built in the last attempt's storage.
    private mutating func makeAttempt(_ d: Int) -> Attempt {
        var a = devices[d].spare.take()
            ?? Attempt(candidates: [], trees: compiled.map(\.template), maximumFingers: 1, generation: templateGeneration)
        var fingers = 1
        let desktopOn = table.including.includesOwn
        let kind = devices[d].device.kind
        for id in compiled.indices where compiled[id].devices.accepts(kind) {
            let scope = compiled[id].scope
            guard scope < 0 ? desktopOn : scopesInEffect[scope] else { continue }
            a.candidates.append(compiled[id].candidate)
            a.trees[id].reset()
            fingers = max(fingers, compiled[id].maximumFingers)
        }
        a.maximumFingers = fingers
        a.noneLeft = !a.candidates.contains { !$0.simultaneous }
        return a
    }

    /// Keeps an attempt that is over for the next one to reuse.
    mutating func recycle(_ attempt: consuming Attempt, of d: Int) {
        guard attempt.generation == templateGeneration else { return }
        var a = attempt
        a.candidates.removeAll(keepingCapacity: true)
        a.touches.removeAll(keepingCapacity: true)
        a.winner = nil
        a.noneLeft = false
        devices[d].spare = a
    }
}
