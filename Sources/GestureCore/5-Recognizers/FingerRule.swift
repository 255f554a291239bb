// The finger and edge rule every recognizer shares.

/// Fingers of one gesture may land within `finger-landing`; an extra finger
/// fails a recognizer that wants fewer; `from:` wants every finger near an edge.
struct FingerRule: Sendable {
    let fingers: Int
    let edge: Edge?
    let edgeWidth: Double

    init(_ gesture: some LeafGesture, _ t: Thresholds) {
        fingers = max(1, gesture.common.fingers ?? gesture.defaultFingers)
        edge = gesture.common.from
        edgeWidth = t.px(gesture.common.edgeWidth, default: t.edgeWidth)
    }

    /// The contact can never be this gesture (in its current session).
    func violated(by c: Contact) -> Bool {
        if c.landed > fingers || c.tooManyFingers { return true }
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
    func stillPossible(_ c: Contact) -> Bool {
        !violated(by: c) && c.lifted == 0 && !c.ended
    }
}
