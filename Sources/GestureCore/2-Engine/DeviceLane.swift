// One device: its contact tracker, and its attempt while one runs.

struct DeviceLane: Sendable {
    var device: Device
    private(set) var tracker = ContactTracker()
    private var attempt: Attempt? = nil
    /// The attempt's next timer after `lastStep` (`never` with no attempt),
    /// worked out whenever the attempt is put back.
    private(set) var timer = Deadline.never
    /// The last attempt, emptied, kept for the next one: starting one
    /// allocates nothing.
    private var spare: Attempt? = nil
    /// The last time this device was stepped: timers at or before it are done.
    private(set) var lastStep: Seconds = -.infinity
    /// When this device next has work: its frame to judge, a finger-landing
    /// window to close, or its attempt's timer. Kept current by every change
    /// below, so that finding the earliest device reads one field of each.
    private(set) var due = Deadline.never
    /// A `[[device]]` rule disables it: the engine ignores it.
    var disabled = false
    /// Its `[[device]]` settings: the rules compiled from them (nil: the
    /// config's; the engine keeps the table they came from).
    var ownRules: Rules? = nil
    /// The modifier keys held, as the last begin carried them.
    var held: Modifiers = []
    /// The modifiers held when the running gesture started: its layers
    /// (a modifier pressed or let go of mid-gesture changes nothing).
    private var layer: Modifiers = []

    init(_ device: Device, held: Modifiers = []) {
        self.device = device
        self.held = held
    }

    var hasAttempt: Bool { attempt != nil }

    /// A touchscreen stroke being drawn in the running attempt (StrokeBeingDrawn.swift).
    var strokeBeingDrawn: (origin: Point, points: [Point])? { attempt?.strokeBeingDrawn }

    /// A binding of the running attempt publishes (its gesture began).
    var publishes: Bool { (attempt?.arena.publishing ?? 0) > 0 }

    /// The running attempt's bindings and how far each is (empty with none).
    var standings: [BindingStanding] { attempt?.standings(on: tracker.contact) ?? [] }

    /// The same, appended to `out`; whether it has an attempt. Read through
    /// the pointer field by field (`GestureEngine.standings(of:into:)`).
    @inline(__always)
    static func standings(_ lane: UnsafePointer<DeviceLane>, into out: inout [BindingStanding]) -> Bool {
        guard lane.pointee.attempt != nil else { return false }
        lane.pointee.attempt.unsafelyUnwrapped.standings(on: lane.pointee.tracker.contact, into: &out)
        return true
    }

    enum Fate { case goesOn, over }

    /// The one way to work on the attempt: it is taken out (owned while
    /// worked on, so nothing copies it on write), `body` runs on it, and it
    /// goes back with its next timer — or, when `body` says it is over, it is
    /// emptied and kept for the next attempt. Returns false with no attempt.
    @discardableResult
    mutating func withAttempt(_ rules: Rules, _ body: (inout Attempt, inout ContactTracker) -> Fate) -> Bool {
        guard var a = attempt.take() else { return false }
        switch body(&a, &tracker) {
        case .goesOn:
            store(consume a, rules)
        case .over:
            timer = .never
            if a.generation == rules.generation {
                a.arena.clear()
                spare = consume a
            }
            refreshDue(rules)
        }
        return true
    }

    /// The attempt goes (back) in, with its next timer.
    private mutating func store(_ a: consuming Attempt, _ rules: Rules) {
        timer = a.nextTimer(after: lastStep, grabTimeout: rules.thresholds.grabTimeout)
        attempt = consume a
        refreshDue(rules)
    }

    private mutating func refreshDue(_ rules: Rules) {
        if let f = tracker.frameDeadline {
            due = .at(f)
            return
        }
        due = timer
        if hasAttempt && tracker.active && !tracker.contact.settled {
            due.lower(to: tracker.contact.lastLanding + rules.thresholds.fingerLanding, after: lastStep)
        }
    }

    /// Runs the work that is due at `due`: judges the frame being built, or
    /// steps the attempt at its timer.
    mutating func runDue(_ rules: Rules, _ sink: inout EffectSink) {
        if tracker.pendingFrame != nil {
            commitFrame(rules, &sink)
        } else {
            tracker.tick(due.time)
            step(at: due.time, rules, &sink)
        }
    }

    /// Judges the frame being built, at the time of its last event.
    mutating func commitFrame(_ rules: Rules, _ sink: inout EffectSink) {
        tracker.commitFrame(pxPerMM: rules.thresholds.pxPerMM)
        step(at: tracker.contact.time, rules, &sink)
    }

    /// An event at `t` closes the frame being built, unless it belongs there:
    /// within `frameJoin` of the frame's first event, of a touch not yet in it
    /// (`touch` nil: never; `landing`: it is the touch's begin).
    mutating func closeFrame(unlessJoinedBy touch: TouchID?, landing: Bool, at t: Seconds, _ rules: Rules,
                             _ sink: inout EffectSink) {
        guard tracker.pendingFrame != nil else { return }
        if let touch, tracker.joinsFrame(touch, at: t, landing: landing) { return }
        commitFrame(rules, &sink)
    }

    /// The screen changed: the kept attempt's trees are out of date.
    mutating func dropSpare() { spare = nil }

    // MARK: Attempts

    /// A new attempt, if none runs, with the bindings that take part for this
    /// device and the window now.
    mutating func startAttemptIfIdle(_ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        guard !hasAttempt else { return }
        sink.device = device.id
        tracker.resetAttempt()
        layer = held
        startAttempt(rules, at: t, &sink)
    }

    private mutating func startAttempt(_ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        var a = spare.take() ?? Attempt(rules)
        a.maximumFingers = 1
        a.repeating = false
        for c in rules.contenders {
            guard rules.takesPart(c, device, layer) else {
                // --explain: a layer that would have joined with its modifiers held.
                if rules.explain, let m = c.modifiers, rules.takesPart(c, device, m) {
                    sink.note(c.id, .conceded, .layerNotHeld(held: layer), at: t)
                }
                continue
            }
            a.arena.join(c)
            a.trees[c.id].reset()
            a.maximumFingers = max(a.maximumFingers, c.maximumFingers)
            sink.note(c.id, .joined, nil, at: t)
        }
        a.arena.close()
        store(consume a, rules)
    }

    /// After every frame or timer: the bindings step on the contact, the
    /// arena decides, the winner and the simultaneous bindings publish.
    mutating func step(at t: Seconds, _ rules: Rules, _ sink: inout EffectSink) {
        lastStep = t
        sink.device = device.id
        withAttempt(rules) { a, tracker in
            if tracker.contact.landed > 0 && !tracker.contact.settled
                && Self.landingClosed(tracker.contact, a.maximumFingers, rules.thresholds.fingerLanding,
                                      rules.thresholds.slop, at: t) {
                tracker.setSettled(true)
            }
            let c = tracker.contact
            a.stepRecognizers(c, rules, at: t, &sink)
            a.arena.tryToResolve(rules.contenders, at: t, &sink)
            a.releaseOverdueTouches(rules, at: t, &sink)
            a.publish(rules, pressing: !c.ended && c.fingers > 0, at: t, &sink)
            a.arena.decideTouches(rules.contenders, at: t, &sink)
            guard !tracker.active && tracker.pendingFrame == nil && a.isFinished else { return .goesOn }
            a.arena.releaseUndecided(a.arena.winner.map { .wonBy($0) } ?? .noBindingLeft, at: t, &sink)
            tracker.resetAttempt()
            return .over
        }
    }

    /// The landing window closes, and the finger count is final, when as many
    /// fingers landed as any binding wants, when `finger-landing` passed since
    /// the last finger landed (each landing restarts it), or when every finger
    /// down has moved by `slop` since then: the hand has started its gesture
    /// (together, apart or around), and a lone finger that drags goes to the
    /// application at once. But not after a late finger (`landedApart`): a
    /// hand whose fingers come one by one as it moves may bring another (the
    /// E4 panel's 4-finger drag: fingers flicker and land over 0.27 s), so
    /// its count is final only when `finger-landing` passes.
    /// Given the two thresholds it reads, not `Thresholds` (whose stroke
    /// shapes are a reference: copying it on every frame would retain it).
    private static func landingClosed(_ c: Contact, _ maximumFingers: Int, _ fingerLanding: Seconds, _ slop: Double,
                                      at t: Seconds) -> Bool {
        c.landed >= maximumFingers || t >= c.lastLanding + fingerLanding
            || c.movedSinceLanding >= slop && !c.landedApart
    }

    /// Ends the attempt at once (device removed, or its touches replaced by a
    /// touchpad gesture): what began is cancelled, undecided touches released.
    mutating func abandon(_ rules: Rules, at t: Seconds, _ sink: inout EffectSink) {
        sink.device = device.id
        withAttempt(rules) { a, tracker in
            a.cancelBegun(at: t, &sink)
            a.arena.releaseUndecided(.deviceRemoved, at: t, &sink)
            tracker.resetAttempt()
            return .over
        }
    }

    // MARK: Touches

    /// A finger lands.
    mutating func touchBegin(_ touch: TouchID, at p: Point, _ t: Seconds, screen: Screen, _ rules: Rules,
                             _ sink: inout EffectSink) {
        sink.device = device.id
        if tracker.contact.source != .touch && tracker.active { abandon(rules, at: t, &sink) }
        var owner: BindingID? = nil
        if tracker.active && tracker.contact.settled { owner = lateFinger(at: t, screen: screen, rules, &sink) }
        startAttemptIfIdle(rules, at: t, &sink)
        tracker.touchBegin(touch, at: p, time: t, screen: screen, output: device.output)
        withAttempt(rules) { a, _ in
            a.arena.add(touch, at: t, ownedBy: owner, &sink)
            // The arena may already have decided this attempt (a winner owns
            // the hand, or nobody wants it): the new touch is decided at once.
            a.arena.decideTouches(rules.contenders, at: t, &sink)
            return .goesOn
        }
    }

    /// A finger moves or lifts: added to the frame being built. False for a
    /// touch that never began.
    ///
    /// A lift while a gesture publishes ends it, whatever else its hardware
    /// frame holds: its frame is due at its own time, not `frameJoin` later
    /// (`ContactTracker.frameEnds`), and the daemon judges it as soon as it
    /// has read what X sent (`Recognition.advance(to:)` to the engine's own
    /// time), not once its clock, held back by X's delivery lag
    /// (DeliveryLag: 8 ms and more), passes it. The touchscreen's lift →
    /// key waited that long (p50 32.8 ms in the VM).
    mutating func touchMove(_ touch: TouchID, to p: Point, at t: Seconds, lift: Bool, _ rules: Rules) -> Bool {
        defer { refreshDue(rules) }
        let known = tracker.touchMove(touch, to: p, time: t, lift: lift)
        if lift && known && publishes { tracker.frameEnds = true }
        return known
    }

    // MARK: Touchpad gestures

    /// A touchpad swipe or pinch begins: whatever touches this device had
    /// are abandoned, and the gesture steps at once.
    mutating func touchpadBegin(_ source: ContactSource, fingers: Int, at p: Point, _ t: Seconds, _ rules: Rules,
                                _ sink: inout EffectSink) {
        if tracker.active { abandon(rules, at: t, &sink) }
        startAttemptIfIdle(rules, at: t, &sink)
        tracker.gestureBegin(source, fingers: fingers, at: p, time: t)
        step(at: t, rules, &sink)
    }

    /// A touchpad gesture moves (or ends: `ended`). False when no gesture
    /// of that kind is in progress.
    mutating func touchpadUpdate(_ source: ContactSource, fingers: Int, delta: Point, unaccelerated: Point?, scale: Double?,
                                 angleDelta: Double, at t: Seconds, _ rules: Rules, _ sink: inout EffectSink) -> Bool {
        guard tracker.isInGesture(from: source) else { return false }
        tracker.gestureUpdate(fingers: fingers, delta: delta, unaccelerated: unaccelerated, scale: scale,
                              angleDelta: angleDelta, time: t)
        step(at: t, rules, &sink)
        return true
    }

    mutating func touchpadEnd(_ source: ContactSource, cancelled: Bool, at t: Seconds, _ rules: Rules,
                              _ sink: inout EffectSink) -> Bool {
        guard tracker.isInGesture(from: source) else { return false }
        tracker.gestureEnd(cancelled: cancelled, time: t)
        step(at: t, rules, &sink)
        return true
    }

    /// A finger lands after the landing window closed: the attempt of the
    /// fingers down ends (its bindings wanted exactly those fingers: what
    /// began is cancelled), and a new one begins with every finger down, as
    /// libinput begins a new gesture when the finger count changes. Touches
    /// already decided stay so (one the applications got stays theirs); those
    /// still held carry over, so the new attempt's winner can claim them; the
    /// new finger is claimed at once if a binding had won the hand.
    /// Returns the old attempt's winner, if it had one: it owns the hand.
    private mutating func lateFinger(at t: Seconds, screen: Screen, _ rules: Rules,
                                     _ sink: inout EffectSink) -> BindingID? {
        var owner: BindingID? = nil
        var carried: [TouchRecord] = []
        var tooManyFingers = false
        let had = withAttempt(rules) { a, tracker in
            // More fingers landed than any binding wants: a resting hand, for
            // good (fingers lifting and landing again make no gesture of it).
            if tracker.contact.landed > a.maximumFingers { tooManyFingers = true }
            owner = a.arena.winner
            for id in a.arena.participants where !a.arena.members[id].standing.isOut {
                sink.note(id, .conceded, .extraFinger, at: t)
            }
            a.cancelBegun(at: t, &sink)
            carried = a.arena.touches
            return .over
        }
        guard had else { return nil }
        tracker.restartWithFingersDown(time: t, tooManyFingers: tooManyFingers, screen: screen,
                                       output: device.output)
        startAttempt(rules, at: t, &sink)
        withAttempt(rules) { a, _ in
            a.arena.carryOver(carried)
            return .goesOn
        }
        return owner
    }
}
