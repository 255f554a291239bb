/// What the daemon reads of its engine at every wakeup and every input,
/// read in place. A non-mutating getter of a struct this large (337
/// bytes), called on one held in a mutable place (a stored property, from
/// a mutating method), is handed a copy of it: Swift passes a large struct
/// by pointer to a value the caller owns, and makes one with `memcpy`
/// (three per wakeup and two per input in the daemon's loop;
/// docs/performance.md, "Per touch event"). These are `mutating` though
/// they change nothing, so the caller hands the engine's own storage. The
/// non-mutating properties they read are the API everywhere else.
extension GestureEngine {
    /// `nextDeadline`, and whether it only judges a frame (`nextDeadlineJudgesAFrame`).
    public var wake: (deadline: Seconds, judgesAFrame: Bool)? { mutating get { nextWork } }

    /// `endingFrame`, read in place.
    public var endingFrameInPlace: Seconds? { mutating get { endingFrame } }

    /// `window`, read in place.
    public var windowInPlace: WindowContext { mutating get { window } }
}
