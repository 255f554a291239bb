// The arena: who gets one device's touches, decided the way Flutter's gesture
// arena decides (`arena.dart`), with SwiftUI's priorities as ranks.
//
//   open ──a recognized binding that nothing of a higher rank could still want──▶ won(binding)
//     │        (accept: every other competitor is rejected; the touches are claimed)
//     └──every competitor failed or was rejected──▶ nobody (the touches are released)
//
// The arena owns the standing machine (Standing.swift): `members` and
// `touches` change only through the mutators below, one per edge —
// `join` (absent → possible), `recognize` (possible → recognized), `fail`
// (possible or recognized → failed), `accept`/`reject` (inside `tryToResolve`:
// the winner, and recognized or possible → rejected), `begin` (recognized →
// began, for the winner or a simultaneous binding), `finish` (began → done).
// Publishing keeps its counters through `startCounting`, `stepped` and
// `scheduleRepeat`. The attempt and the device lane call these; neither
// writes a standing or a touch record itself.
//
// Simultaneous bindings never compete: they publish beside whoever wins.
// While the arena is open, a touch is held from the applications for at most
// `grab-timeout`, unless a high-priority press still deciding by its timer
// holds it longer; then it is released, and the bindings go on (X keeps
// telling us where those fingers are), so a slow gesture still acts. Time
// never changes who wins. When the attempt ends, every touch still
// undecided is released (`releaseUndecided`).

/// One touch of the attempt and what became of it.
struct TouchRecord: Sendable {
    var id: TouchID
    var began: Seconds
    var decision: TouchDecision?

    /// Undecided for `grabTimeout` by `t`.
    func isOverdue(grabTimeout: Seconds, at t: Seconds) -> Bool {
        decision == nil && t >= began + grabTimeout
    }
}

struct Arena: Sendable {
    enum Verdict: Equatable, Sendable {
        /// Competitors remain and none has won.
        case open
        case won(BindingID)
        /// No competitor is left: the touches go to the applications.
        case nobody
    }

    /// By BindingID: every binding of the table, `absent` if not in this attempt.
    private(set) var members: [Member]
    /// The BindingIDs in this attempt, in declaration order.
    private(set) var participants: [BindingID] = []
    /// Those of them that are simultaneous: they publish beside the winner.
    private(set) var simultaneous: [BindingID] = []
    private(set) var touches: [TouchRecord] = []
    private(set) var verdict = Verdict.open

    init(bindings: Int) {
        members = Array(repeating: Member(), count: bindings)
        participants.reserveCapacity(bindings)
        simultaneous.reserveCapacity(bindings)
    }

    var winner: BindingID? {
        if case .won(let id) = verdict { return id }
        return nil
    }

    /// Bindings whose gesture began and has not ended (they publish):
    /// kept by `begin` and `finish`, so asking costs a load (the engine
    /// asks at every lift).
    private(set) var publishing = 0

    // MARK: The standing machine, one mutator per edge

    /// absent → possible: a binding enters the arena as an attempt starts.
    mutating func join(_ contender: Contender) {
        members[contender.id] = Member(standing: .possible)
        participants.append(contender.id)
        if contender.simultaneous { simultaneous.append(contender.id) }
    }

    /// No more bindings join. With no competitor at all (only simultaneous
    /// bindings, or none), nobody can win: the touches go at once.
    mutating func close() {
        if participants.count == simultaneous.count { verdict = .nobody }
    }

    /// Back to empty, keeping its storage, for the next attempt.
    mutating func clear() {
        for id in participants { members[id] = Member() }
        participants.removeAll(keepingCapacity: true)
        simultaneous.removeAll(keepingCapacity: true)
        touches.removeAll(keepingCapacity: true)
        verdict = .open
        publishing = 0
    }

    /// possible → recognized: its gesture was recognized at `t`; it waits for
    /// the arena.
    mutating func recognize(_ id: BindingID, at t: Seconds) {
        guard members[id].standing == .possible else { return }
        members[id].standing = .recognized(since: t)
    }

    /// possible or recognized → failed: its gesture failed, or was cancelled
    /// before it began.
    mutating func fail(_ id: BindingID, at t: Seconds, _ sink: inout EffectSink, reason: ArenaReason = .failed) {
        guard members[id].standing.isCompeting else { return }
        members[id].standing = .failed
        sink.note(id, .conceded, reason, at: t)
    }

    /// recognized → began: the winner, or a simultaneous binding, publishes.
    mutating func begin(_ id: BindingID) {
        guard case .recognized = members[id].standing else { return }
        members[id].standing = .began
        publishing += 1
    }

    /// began → done: it ended or was cancelled. (Repeats are publishing's:
    /// an ended press keeps repeating while the fingers stay down.)
    mutating func finish(_ id: BindingID) {
        guard members[id].standing == .began else { return }
        members[id].standing = .done
        publishing -= 1
    }

    /// Looks for a winner among the competitors (Flutter's
    /// `_tryToResolveArena`): the best recognized one, if no possible one
    /// outranks it (equal ranks: first recognized, then first declared).
    /// With no competitor left, the verdict is `nobody`.
    mutating func tryToResolve(_ contenders: [Contender], at t: Seconds, _ sink: inout EffectSink) {
        guard verdict == .open else { return }
        var highestPossible = Int.min
        var best: (id: BindingID, since: Seconds)? = nil
        var anyCompeting = false
        for id in participants where !contenders[id].simultaneous {
            switch members[id].standing {
            case .possible:
                anyCompeting = true
                highestPossible = max(highestPossible, contenders[id].rank)
            case .recognized(let since):
                anyCompeting = true
                if best == nil || Contender.outranks(contenders[id], since: since, contenders[best!.id], since: best!.since) {
                    best = (id, since)
                }
            default:
                break
            }
        }
        if let best, contenders[best.id].rank >= highestPossible {
            accept(best.id, contenders, at: t, &sink)
        } else if !anyCompeting {
            verdict = .nobody
        }
    }

    /// `id` wins: every other competitor is rejected.
    private mutating func accept(_ id: BindingID, _ contenders: [Contender], at t: Seconds, _ sink: inout EffectSink) {
        verdict = .won(id)
        sink.note(id, .won, .recognized, at: t)
        for other in participants where other != id && !contenders[other].simultaneous {
            if members[other].standing.isCompeting { reject(other, lostTo: id, at: t, &sink) }
        }
    }

    /// possible or recognized → rejected: another binding was accepted.
    private mutating func reject(_ id: BindingID, lostTo winner: BindingID, at t: Seconds, _ sink: inout EffectSink) {
        members[id].standing = .rejected
        sink.note(id, .conceded, .lostTo(winner), at: t)
    }

    // MARK: Publishing's counters (no standing changes here)

    /// At `begin`: where `on-step` counts from, the drag's axis, the first repeat.
    mutating func startCounting(_ id: BindingID, stepBase: Double, vertical: Bool, firstRepeat: Seconds?) {
        members[id].stepBase = stepBase
        members[id].stepVertical = vertical
        members[id].nextRepeat = firstRepeat
    }

    /// `on-step`: the last crossing.
    mutating func stepped(_ id: BindingID, to base: Double) { members[id].stepBase = base }

    /// `on-repeat`: the next one (nil: no more).
    mutating func scheduleRepeat(_ id: BindingID, at t: Seconds?) { members[id].nextRepeat = t }

    // MARK: Touches

    /// A touch joins the attempt undecided, or claimed when the binding that
    /// won the hand already owns it.
    mutating func add(_ touch: TouchID, at t: Seconds, ownedBy owner: BindingID?, _ sink: inout EffectSink) {
        touches.removeAll { $0.id == touch && $0.decision != nil }
        touches.append(TouchRecord(id: touch, began: t, decision: owner == nil ? nil : .claimed))
        if let owner { sink.touch(touch, .claimed, .wonBy(owner), at: t) }
    }

    /// Once decided, every undecided touch follows the verdict: the winner
    /// claims it, or with nobody left it goes to the applications.
    mutating func decideTouches(_ contenders: [Contender], at t: Seconds, _ sink: inout EffectSink) {
        switch verdict {
        case .open:
            return
        case .won(let id):
            for k in touches.indices where touches[k].decision == nil {
                touches[k].decision = .claimed
                sink.touch(touches[k].id, .claimed, .wonBy(id), at: t)
            }
        case .nobody:
            let reason: ArenaReason = participants.count > simultaneous.count ? .noBindingLeft : .noCandidates
            releaseUndecided(reason, at: t, &sink)
        }
    }

    /// A touch has been undecided for `grabTimeout` while no binding won.
    func hasOverdueTouch(grabTimeout: Seconds, at t: Seconds) -> Bool {
        winner == nil && touches.contains { $0.isOverdue(grabTimeout: grabTimeout, at: t) }
    }

    /// Touches undecided for `grabTimeout` go to the applications.
    mutating func releaseOverdue(grabTimeout: Seconds, at t: Seconds, _ sink: inout EffectSink) {
        for k in touches.indices where touches[k].isOverdue(grabTimeout: grabTimeout, at: t) {
            touches[k].decision = .released
            sink.touch(touches[k].id, .released, .grabTimeout, at: t)
        }
    }

    /// Touches still held from a finished attempt join this one (a finger
    /// that landed late starts a new attempt with every finger down).
    mutating func carryOver(_ records: [TouchRecord]) {
        touches.append(contentsOf: records)
    }

    /// Releases every touch still undecided (when the attempt ends, or is
    /// abandoned): they go to the applications.
    mutating func releaseUndecided(_ reason: ArenaReason, at t: Seconds, _ sink: inout EffectSink) {
        for k in touches.indices where touches[k].decision == nil {
            touches[k].decision = .released
            sink.touch(touches[k].id, .released, reason, at: t)
        }
    }

    /// The earliest grab timeout of an undecided touch after `after`.
    func grabDeadline(after: Seconds, grabTimeout: Seconds, into best: inout Deadline) {
        for k in touches.indices where touches[k].decision == nil {
            best.lower(to: touches[k].began + grabTimeout, after: after)
        }
    }
}
