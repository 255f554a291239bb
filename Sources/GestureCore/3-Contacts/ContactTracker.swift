// Per-device bookkeeping of touches and touchpad gestures, turning X's one-by-one
// events into frames and frames into a Contact.

struct TouchSlot {
    var id: TouchID
    var landing: Point
    var position: Point
    /// Position at the last committed frame (the base for this frame's deltas).
    var previous: Point
    /// Position when the session's last finger landed.
    var anchor: Point
    var landedAt: Seconds
    var down: Bool
    /// Landed in the frame being built: no delta yet.
    var fresh: Bool
    /// Has an event in the frame being built.
    var inFrame = false
}

struct ContactTracker {
    private(set) var slots: [TouchSlot] = []
    private(set) var contact = Contact()
    /// Time of the frame being built, if any (touch events not yet judged):
    /// its first event's. `frameEnd`: its last event's.
    private(set) var pendingFrame: Seconds?
    private var frameEnd: Seconds = 0
    /// Velocity samples: (time, translation), a small ring.
    private var samples: [(Seconds, Point)] = Array(repeating: (0, .zero), count: ContactTracker.sampleRing)
    /// The ring's size: a power of two, so an index wraps with a mask.
    private static let sampleRing = 8
    private var sampleHead = 0
    private var sampleCount = 0

    /// One hardware frame's events may reach X on two reads, and so carry two
    /// adjacent millisecond stamps: an event within this of the frame's first,
    /// of a touch not yet in the frame, belongs to it.
    static let frameJoin: Seconds = 0.0015
    /// The same for a hand put down one by one (`Contact.grewOneByOne`),
    /// whose next finger may land in any frame: X's two reads of a frame
    /// came 5 ms apart in a gate run (12 ms in LiveTimingTests), and the
    /// motion read first, judged alone, began the smaller hand's gesture
    /// that the landing read next cancelled (ts17 #2: a 2-finger swipe
    /// begun and cancelled 5 ms later, in the frame its third finger
    /// landed in). Its frames wait for the second read, as long as a
    /// touchscreen's frame (60 Hz: 17 ms) at most; a hand landing
    /// together keeps `frameJoin`, and its gestures their latency.
    static let oneByOneFrameJoin: Seconds = 0.015
    /// px: a finger this close to the fingers' centre turns nothing (its
    /// angle around the centre is noise).
    static let shortestArmForTurn = 0.5
    /// Velocity is measured over the samples of this last stretch of time.
    static let velocityWindow: Seconds = 0.100

    init() {
        slots.reserveCapacity(10)
    }

    /// When the frame being built can take no more events and must be judged.
    var frameDeadline: Seconds? { pendingFrame.map { frameEnds ? $0 : $0 + frameJoin } }

    /// The frame being built ends a gesture that publishes (a lift in it:
    /// `DeviceLane.touchMove`): it is due at its first event's time, so it
    /// is judged as soon as the engine's clock reaches that, with the
    /// events of the same moment that came with it.
    var frameEnds = false

    /// How long the frame being built waits for the rest of its events.
    private var frameJoin: Seconds { contact.grewOneByOne ? Self.oneByOneFrameJoin : Self.frameJoin }

    /// An event of `touch` at `t` belongs to the frame being built. A finger
    /// that lands in a frame where every finger down lifts does not: the
    /// hand lifted, then a new one came (single taps in quick succession, one
    /// finger landing as the other lifts), whether X delivers that frame in
    /// one read or two.
    func joinsFrame(_ touch: TouchID, at t: Seconds, landing: Bool) -> Bool {
        guard let f = pendingFrame else { return true }
        if landing && !slots.contains(where: \.down) { return false }
        return t - f <= frameJoin && !slots.contains { $0.id == touch && $0.inFrame }
    }

    var active: Bool { !contact.ended && contact.landed > 0 }

    /// A touchpad gesture of this kind has begun and not ended.
    func isInGesture(from source: ContactSource) -> Bool {
        contact.source == source && contact.landed > 0 && !contact.ended
    }

    /// Starts a new attempt: the next touch opens session 1.
    mutating func resetAttempt() {
        contact = Contact()
        slots.removeAll(keepingCapacity: true)
        pendingFrame = nil
    }

    // MARK: Touches

    /// A finger lands; the first of a session (or after all lifted) opens a new one.
    mutating func touchBegin(_ id: TouchID, at p: Point, time: Seconds, screen: Screen, output mapped: String? = nil) {
        if contact.ended || contact.landed == 0 || contact.source != .touch {
            openSession(source: .touch, time: time)
        }
        slots.removeAll { $0.id == id }
        for i in slots.indices { slots[i].anchor = slots[i].position }
        slots.append(TouchSlot(id: id, landing: p, position: p, previous: p, anchor: p, landedAt: time, down: true,
                               fresh: true))
        contact.landed += 1
        var down = 0
        for s in slots where s.down { down += 1 }
        contact.mostDown = max(contact.mostDown, UInt8(min(down, 255)))
        contact.lastLanding = time
        contact.movedSinceLanding = 0
        // The fingers' motion is judged again from here, with every finger.
        contact.fingerMotion = .undecided
        widenEdges(for: p, screen: screen, output: mapped)
        addToFrame(slots.count - 1, time)
    }

    /// Each edge's distance grows to take in a finger landing at `p`,
    /// measured on the output it touches.
    private mutating func widenEdges(for p: Point, screen: Screen, output mapped: String?) {
        let o = screen.output(at: p, mappedTo: mapped)
        contact.edges[.leftEdge] = max(contact.edges[.leftEdge], p.x - o.x)
        contact.edges[.rightEdge] = max(contact.edges[.rightEdge], o.x + o.width - p.x)
        contact.edges[.topEdge] = max(contact.edges[.topEdge], p.y - o.y)
        contact.edges[.bottomEdge] = max(contact.edges[.bottomEdge], o.y + o.height - p.y)
    }

    /// A finger lands after the landing window closed: a new attempt begins
    /// with every finger down, landed now, where it is now (the motion before
    /// counts for nothing). The caller then adds the new finger. `tooManyFingers`:
    /// more fingers landed than any binding wants, so this is no gesture
    /// (and stays none).
    mutating func restartWithFingersDown(time: Seconds, tooManyFingers: Bool, screen: Screen,
                                         output mapped: String? = nil) {
        let down = slots
        let hadTooMany = contact.tooManyFingers, grown = contact.lateGrowths
        let oneByOne = contact.grewOneByOne, previousLanding = contact.lastLanding, slowest = contact.slowestGrowth
        let mostDown = contact.mostDown
        // The most this hand had: `landed` bounds what was down at once.
        let most = max(Int(contact.mostFingers), contact.landed)
        openSession(source: .touch, time: time)
        // The caller adds the late finger: one more than are down now.
        // (At most 255 counted: a hand has ten fingers, and two growths
        // are all `growing` asks.)
        let now = down.count + 1
        contact.lateGrowths = now > most ? min(grown, 254) + 1 : grown
        contact.grewOneByOne = oneByOne || now > most && time - previousLanding >= Contact.oneByOneGap
        let gap = now > most ? UInt8(min(max((time - previousLanding) * 100, 0), 255)) : 0
        contact.slowestGrowth = max(slowest, gap)
        contact.mostFingers = UInt8(min(max(most, now), 255))
        contact.mostDown = mostDown
        contact.session = 1
        contact.landedApart = !down.isEmpty
        contact.tooManyFingers = tooManyFingers || hadTooMany
        for var s in down {
            s.landing = s.position
            s.previous = s.position
            s.anchor = s.position
            s.landedAt = time
            s.fresh = false
            slots.append(s)
            contact.landed += 1
            widenEdges(for: s.position, screen: screen, output: mapped)
        }
        contact.fingers = slots.count
        contact.lastLanding = time
        if !slots.isEmpty {
            contact.start = slots.reduce(Point.zero) { $0 + $1.position } / Double(slots.count)
            contact.location = contact.start
        }
    }

    /// Returns false for a touch this tracker does not know.
    mutating func touchMove(_ id: TouchID, to p: Point, time: Seconds, lift: Bool) -> Bool {
        guard let i = slots.firstIndex(where: { $0.id == id && $0.down }) else { return false }
        slots[i].position = p
        if lift { slots[i].down = false }
        addToFrame(i, time)
        return true
    }

    /// The event of the touch in `slots[i]` joins the frame being built, or opens one.
    private mutating func addToFrame(_ i: Int, _ time: Seconds) {
        if pendingFrame == nil {
            pendingFrame = time
            frameEnds = false
        }
        slots[i].inFrame = true
        frameEnd = time
    }

    /// Judges the frame: deltas over the fingers present before and after it.
    /// `pxPerMM`: the screen's, for judging the hand's motion in mm.
    mutating func commitFrame(pxPerMM: Double) {
        guard pendingFrame != nil else { return }
        pendingFrame = nil
        let t = frameEnd
        contact.time = t

        // Fingers present in the previous frame and this one (a lifting finger's
        // last position still counts; a landing finger has no delta yet).
        var n = 0.0
        var move = Point.zero
        var prevC = Point.zero, curC = Point.zero
        for s in slots where !s.fresh {
            n += 1
            move += s.position - s.previous
            prevC += s.previous
            curC += s.position
        }
        if n > 0 {
            move = move / n
            prevC = prevC / n
            curC = curC / n
            contact.translation += move
            if n >= 2 {
                var prevSpread = 0.0, curSpread = 0.0, turn = 0.0
                for s in slots where !s.fresh {
                    let a = s.previous - prevC, b = s.position - curC
                    prevSpread += a.length
                    curSpread += b.length
                    if a.length > Self.shortestArmForTurn && b.length > Self.shortestArmForTurn {
                        turn += Angle.turn(from: a, to: b)
                    }
                }
                if prevSpread > 1e-9 { contact.scale *= curSpread / prevSpread }
                contact.angle += turn / n
            }
        }

        var down = 0
        var sum = Point.zero
        var startSum = Point.zero
        var travel = contact.maxTravel
        for i in slots.indices {
            slots[i].previous = slots[i].position
            slots[i].fresh = false
            slots[i].inFrame = false
            travel = max(travel, (slots[i].position - slots[i].landing).length)
            startSum += slots[i].landing
            if slots[i].down {
                down += 1
                sum += slots[i].position
            }
        }
        let lifting = slots.count - down
        contact.maxTravel = travel
        if down > 0 { contact.location = sum / Double(down) }
        var least = Double.infinity
        for s in slots where s.down { least = min(least, (s.position - s.anchor).length) }
        contact.movedSinceLanding = least.isFinite ? least : 0
        var radius = 0.0
        if down > 1 {
            for s in slots where s.down { radius += (s.position - contact.location).length }
            radius /= Double(down)
        }
        contact.radius = radius
        if !slots.isEmpty { contact.start = startSum / Double(slots.count) }
        if lifting > 0 && contact.firstLift == .infinity { contact.firstLift = t }
        if contact.fingerMotion == .undecided && down >= 2 && contact.source == .touch {
            contact.fingerMotion = FingerMotion.judge(slots, down: down, least: least, pxPerMM: pxPerMM)
        }
        contact.lifted += lifting
        contact.fingers = down
        if lifting > 0 { slots.removeAll { !$0.down } }
        if down == 0 { contact.ended = true }
        addSample()
    }

    // MARK: Touchpad gestures

    mutating func gestureBegin(_ source: ContactSource, fingers: Int, at p: Point, time: Seconds) {
        openSession(source: source, time: time)
        contact.time = time
        contact.fingers = fingers
        contact.landed = fingers
        contact.lastLanding = time
        contact.start = p
        contact.location = p
        contact.edges = .none
        addSample()
    }

    /// mm per unit of libinput's unaccelerated motion (1000 dpi).
    static let mmPerUnaccelerated = 25.4 / 1000

    mutating func gestureUpdate(fingers: Int, delta: Point, unaccelerated: Point?, scale: Double?, angleDelta: Double,
                                time: Seconds) {
        contact.time = time
        if fingers > contact.landed { contact.landed = fingers }
        contact.fingers = fingers
        contact.translation += delta
        contact.padTravel += (unaccelerated ?? delta) * Self.mmPerUnaccelerated
        contact.location += delta
        contact.maxTravel = max(contact.maxTravel, contact.translation.length)
        if let s = scale { contact.scale = s }
        contact.angle += angleDelta
        addSample()
    }

    mutating func gestureEnd(cancelled: Bool, time: Seconds) {
        contact.time = time
        contact.lifted = contact.fingers
        contact.fingers = 0
        contact.ended = true
        contact.cancelled = cancelled
    }

    /// A timer tick: the same contact at a later time.
    mutating func tick(_ time: Seconds) {
        contact.time = time
    }

    mutating func setSettled(_ settled: Bool) { contact.settled = settled }

    // MARK: Private

    private mutating func openSession(source: ContactSource, time: Seconds) {
        let session = contact.session + 1
        contact = Contact()
        contact.session = session
        contact.source = source
        contact.sessionStart = time
        contact.time = time
        slots.removeAll(keepingCapacity: true)
        sampleCount = 0
        // Touchpads report fingers together: nothing more will land.
        contact.settled = source != .touch
        // Touches: edge distances grow as fingers land (see touchBegin).
        if source == .touch { contact.edges = EdgeDistances(values: (0, 0, 0, 0)) }
    }

    /// Velocity over the samples of the last `velocityWindow`.
    private mutating func addSample() {
        let now = contact.time
        let mask = Self.sampleRing - 1
        samples[sampleHead] = (now, contact.translation)
        sampleHead = (sampleHead + 1) & mask
        sampleCount = min(sampleCount + 1, Self.sampleRing)
        // The oldest earlier sample still within the window (times never
        // decrease, so the first found from the oldest end).
        var oldest: (Seconds, Point)? = nil
        for k in stride(from: sampleCount - 1, through: 1, by: -1) {
            let s = samples[(sampleHead - 1 - k) & mask]
            if now - s.0 <= Self.velocityWindow {
                oldest = s
                break
            }
        }
        if let o = oldest, now > o.0 {
            contact.velocity = (contact.translation - o.1) / (now - o.0)
        }
    }
}
