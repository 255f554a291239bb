import CX11

/// Whether the last read brought only part of a touchscreen frame.
///
/// X writes each touch event to a client in a write of its own: the
/// server's `WriteToClient` (os/io.c) sends an event at once to a client
/// with nothing pending. So a frame of three touches comes as three writes,
/// and a client waiting in poll is woken for each one it is asleep for, at
/// X's cost as much as its own. In the E2E VM the daemon woke 40–49 times
/// for a swipe of 22 frames, and X spent more for it than for nobody
/// (docs/performance.md, "Why a client that keeps up is woken for every
/// touch").
///
/// This says when a read stopped inside a frame: a touch that is down has
/// no event in the newest frame yet. The daemon then leaves X's socket out
/// of its next wait for a moment (`Daemon.frameGather`) and reads the rest
/// of the frame in one go. X's writes in the meantime wake nobody.
///
/// A touch that does not move in a frame gets no event in it: a finger
/// resting while others move makes each frame look unfinished, until it
/// has been still for `still` (then it is not waited for). Until then each
/// of X's wakeups is followed by one gathering wait, never more (the daemon
/// does not gather again after a gathering read). A touch whose end never
/// came (a device unplugged mid-touch) is the same: still, so not waited
/// for, and forgotten at the next touch's begin.
struct FrameGather {
    typealias Key = TouchOwnership.Key

    /// Each touch that is down (begun, not ended), with X's time of its last event.
    private var down = FewKeysMap<Key, UInt32>()
    /// X's time of the newest touch event (ms).
    private var newest: UInt32 = 0

    /// X stamps a frame's events one after the other as its driver posts
    /// them: one frame's stamps are this many ms apart at most
    /// (`ContactTracker.frameJoin` says the same for the engine: 1.5 ms).
    static let frameSpread: Int32 = 1

    /// A touch with no event for this long (ms) is not waited for: three
    /// frames of a 60 Hz touchscreen.
    static let still: Int32 = 50

    /// A touch event of `type` (XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd)
    /// for `key`, stamped `time` by X.
    mutating func saw(_ type: Int32, _ key: Key, at time: UInt32) {
        if down.isEmpty || Int32(bitPattern: time &- newest) > 0 { newest = time }
        switch type {
        case XI_TouchEnd: _ = down.remove(key)
        case XI_TouchBegin:
            down.removeAll { _, last in Int32(bitPattern: time &- last) > Self.still }
            down[key] = time
        default: down[key] = time
        }
    }

    /// A touch that is down, and moved lately, has had no event in the
    /// newest frame: the rest of that frame is likely still to come from X.
    var awaitsRest: Bool {
        down.values.contains {
            let age = Int32(bitPattern: newest &- $0)
            return age > Self.frameSpread && age <= Self.still
        }
    }
}
