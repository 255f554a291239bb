// The finger and edge rule every recognizer shares.

/// Fingers of one gesture may land within `finger-landing`; an extra finger
/// fails a recognizer that wants fewer; `from:` wants every finger near an edge.
struct FingerRule: Sendable {
    let fingers: Int
    let edge: Edge?
    let edgeWidth: Double
    /// The edge width is `edge-width`, not the binding's `edgeWidth:` (for saying which).
    let edgeWidthIsSetting: Bool

    init(_ gesture: some LeafGesture, _ t: Thresholds) {
        fingers = max(1, gesture.common.fingers ?? gesture.defaultFingers)
        edge = gesture.common.from
        edgeWidth = t.px(gesture.common.edgeWidth, default: t.edgeWidth)
        edgeWidthIsSetting = gesture.common.edgeWidth == nil
    }

    /// The contact can never be this gesture (in its current session).
    /// A hand that had more fingers than it wants, in this attempt or an
    /// earlier one of the same hand (fingers that lifted and landed again:
    /// `Contact.mostDown`), is no gesture of fewer (issue 59: ts22's
    /// 4-finger drag flickering to 3 swiped `swipe3-down`, ts14's 4-finger
    /// pinch lifting to 3 swiped `swipe3-right`).
    func violated(by c: Contact) -> Bool {
        if c.landed > fingers || Int(c.mostDown) > fingers || c.tooManyFingers { return true }
        if c.settled && c.landed < fingers { return true }
        if let e = edge, !(c.edges[e] <= edgeWidth) { return true }
        return false
    }

    /// Exactly the wanted fingers are down and no more will land (nor is
    /// the hand still growing finger by finger: `Contact.growing`).
    func ready(_ c: Contact) -> Bool {
        c.settled && c.fingers == fingers && !c.growing
    }

    /// A gesture not yet recognized can still be: the rule holds and no finger
    /// has lifted (a lift before recognition fails every gesture but tap).
    @inline(__always)
    func stillPossible(_ c: Contact) -> Bool {
        !violated(by: c) && c.lifted == 0 && !c.ended
    }
}


// Why, for people asking (Refusal.swift): worked out only when a gesture failed.
extension FingerRule {
    /// The part of the rule `c` breaks, in `violated(by:)`'s order; nil: none.
    func violation(_ c: Contact) -> Refusal.Rule? {
        if c.tooManyFingers { return .tooManyFingers }
        if c.landed > fingers || Int(c.mostDown) > fingers { return .extraFinger }
        if c.settled && c.landed < fingers { return .tooFewFingers }
        if let e = edge, !(c.edges[e] <= edgeWidth) { return .notNearEdge }
        return nil
    }

    /// Why `ready` is false on `c`.
    func unready(_ c: Contact) -> Refusal.Rule {
        !c.settled ? .countNotSettled : c.growing ? .handGrowing : .fingersDown
    }

    /// A rule of the fingers (`violation`, `unready`, `fewerFingers`) with its measure on `c`.
    func refusal(_ rule: Refusal.Rule, _ c: Contact, _ t: Thresholds) -> Refusal {
        func count(_ n: Int) -> Measure { Measure(kind: .count, value: Double(n), threshold: Double(fingers), unit: "fingers") }
        let sinceLanding = max(0, c.time - c.lastLanding) * 1000
        switch rule {
        case .tooManyFingers:
            return Refusal(rule, count(max(c.landed, Int(c.mostFingers))))
        case .tooFewFingers:
            return Refusal(rule, Measure(kind: .count, value: Double(c.landed), threshold: Double(fingers), unit: "fingers",
                                         setting: "finger-landing"), other: t.fingerLanding * 1000)
        case .countNotSettled:
            return Refusal(rule, Measure(kind: .time, value: sinceLanding, threshold: t.fingerLanding * 1000, unit: "ms",
                                         setting: "finger-landing"))
        case .handGrowing:
            return Refusal(rule, Measure(kind: .time, value: sinceLanding, threshold: c.growingWait * 1000,
                                         unit: "ms"))
        case .fingersDown:
            return Refusal(rule, count(c.fingers))
        case .notNearEdge:
            let e = edge ?? .leftEdge
            var r = Refusal(rule, Measure(kind: .distance, value: c.edges[e], threshold: edgeWidth, unit: "px", atMost: true,
                                          setting: edgeWidthIsSetting ? "edge-width" : nil), pxPerMM: c.mm(t))
            r.edge = e
            return r
        case .extraFinger:
            return Refusal(rule, count(max(c.landed, Int(c.mostDown))))
        default:   // fewerFingers
            return Refusal(rule, count(c.landed))
        }
    }

    /// What held a gesture back until the lift on `c`: too few fingers
    /// landed (said first: a two-finger tap is no short three-finger
    /// swipe), else the guard it remembered.
    func atLift(_ held: Refusal.Rule, _ c: Contact) -> Refusal.Rule { c.landed < fingers ? .fewerFingers : held }

    /// A continuous gesture recognized, then cancelled before it won: an
    /// extra finger, or libinput's cancel (`Progress.follow`).
    func cancelled(_ c: Contact, _ t: Thresholds, _ m: Measure) -> Refusal {
        c.cancelled ? Refusal(.touchpadCancelled, m) : refusal(.extraFinger, c, t)
    }

    /// What fails a continuous gesture before its own guards: cancelled
    /// before it won, the touchpad's other kind of gesture (`foreign`), or
    /// this rule broken; nil: none of them.
    func failedFirst(_ c: Contact, _ t: Thresholds, cancelled: Bool, foreign: ContactSource, _ m: Measure) -> Refusal? {
        if cancelled { return self.cancelled(c, t, m) }
        if c.source == foreign { return Refusal(foreign == .touchpadPinch ? .touchpadPinch : .touchpadSwipe, m) }
        return broken(c, t)
    }

    /// Failed at the lift: a rule of the fingers, or the guard remembered
    /// in the recognizer's words (`own`; nil: none of its own, `lifted`).
    func atLift(_ held: Refusal.Rule, _ c: Contact, _ t: Thresholds, _ m: Measure,
                _ own: (Refusal.Rule) -> Refusal?) -> Refusal {
        let why = atLift(held, c)
        var r: Refusal
        switch why {
        case .countNotSettled, .handGrowing, .fingersDown, .fewerFingers: r = refusal(why, c, t)
        default: r = own(why) ?? Refusal(.lifted, m)
        }
        r.atLift = true
        return r
    }

    /// The rule broken on `c`, with its measure; nil: none.
    func broken(_ c: Contact, _ t: Thresholds) -> Refusal? { violation(c).map { refusal($0, c, t) } }
}
