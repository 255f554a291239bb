// What the engine publishes about one device after each call, for the
// outputs that watch it (the monitor stream, the Touchégg forwarder): where
// its fingers are, the hand's travel, scale and angle, and how each binding
// of its attempt stands. The engine keeps one model of the fingers (its
// ContactTracker); nothing outside it works them out again.
//
// Read on request, from the state the engine keeps anyway: an engine call
// costs nothing more for it, and a reader pays only for what it asks.

/// One finger of a device, as its latest event left it.
public struct Finger: Hashable, Sendable {
    public var touch: TouchID
    public var position: Point
    /// False for a finger that lifted in the frame still being built (its
    /// lift position); once that frame is judged, it is gone.
    public var down: Bool
}

/// One device as the engine has it after its latest call.
public struct DeviceSnapshot: Sendable {
    /// Which parts to read: each costs only when asked.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The device's kind, its fingers and the hand's motion.
        public static let hand = Parts(rawValue: 1)
        /// How each binding of its attempt stands.
        public static let standings = Parts(rawValue: 2)
        /// The whole `Device` (its name, size, output: strings to copy).
        public static let device = Parts(rawValue: 4)
        public static let all: Parts = [.hand, .standings, .device]
    }

    /// The device's kind (nil: the engine does not know it, or no longer).
    public internal(set) var kind: DeviceKind? = nil
    /// The device, with `.device` (else nil).
    public internal(set) var device: Device? = nil
    /// Touchscreens: its fingers, in the order of their touch ids, with the
    /// events of the frame being built already in (as X sent them).
    public internal(set) var fingers: [Finger] = []
    /// Where the hand's motion comes from: touches, or a touchpad gesture.
    public internal(set) var source: ContactSource = .touch
    /// A touchpad swipe or pinch has begun and not ended.
    public internal(set) var touchpadGesture = false
    /// Fingers that landed in this session (touchpads: the gesture's count).
    public internal(set) var landed = 0
    /// The hand's mean motion since it landed, px (touchpads: the events'
    /// deltas summed). Touches: as of the last judged frame.
    public internal(set) var travel: Point = .zero
    /// Touchpads: the same motion in libinput's unaccelerated 1000-dpi
    /// units (the accelerated delta where an update lacks it).
    public internal(set) var unaccelerated: Point = .zero
    /// Spread ratio since landing (touchpads: the event's scale), and the
    /// rotation since landing, degrees clockwise.
    public internal(set) var scale = 1.0
    public internal(set) var angle = 0.0
    /// An attempt runs on it: `standings` are its bindings (with `.standings`).
    public internal(set) var attempting = false
    public internal(set) var standings: [BindingStanding] = []

    public init() {}

    /// The fingers down now.
    public var fingersDown: Int {
        var n = 0
        for f in fingers where f.down { n += 1 }
        return n
    }
}

extension GestureEngine {
    /// `device` as the engine has it now, written into `snapshot` (its
    /// arrays' storage kept: a reader that keeps one makes no array).
    public func snapshot(of device: DeviceID, into snapshot: inout DeviceSnapshot,
                         _ parts: DeviceSnapshot.Parts = .all) {
        // Read where the lane lies (see `standings(of:into:)`: anything else copies it).
        let found = lanes.withUnsafeBufferPointer { lanes in
            for i in lanes.indices where lanes[i].device.id == device {
                let lane = lanes.baseAddress! + i
                if parts.contains(.hand) { DeviceLane.hand(lane, into: &snapshot) } else { snapshot.forgetHand() }
                snapshot.device = parts.contains(.device) ? lane.pointee.device : nil
                snapshot.standings.removeAll(keepingCapacity: true)
                if parts.contains(.standings) {
                    snapshot.attempting = DeviceLane.standings(lane, into: &snapshot.standings)
                } else {
                    snapshot.attempting = lane.pointee.hasAttempt
                }
                return true
            }
            return false
        }
        guard !found else { return }
        snapshot.forgetHand()
        snapshot.device = nil
        snapshot.standings.removeAll(keepingCapacity: true)
        snapshot.attempting = false
    }

    /// `device` as the engine has it now (tests, and readers that keep none).
    public func snapshot(of device: DeviceID, _ parts: DeviceSnapshot.Parts = .all) -> DeviceSnapshot {
        var s = DeviceSnapshot()
        snapshot(of: device, into: &s, parts)
        return s
    }
}

extension DeviceSnapshot {
    /// No kind, no fingers, no motion.
    mutating func forgetHand() {
        kind = nil
        fingers.removeAll(keepingCapacity: true)
        source = .touch
        touchpadGesture = false
        landed = 0
        travel = .zero
        unaccelerated = .zero
        scale = 1
        angle = 0
    }
}

extension DeviceLane {
    /// The lane's device, fingers and hand, into `s`.
    static func hand(_ lane: UnsafePointer<DeviceLane>, into s: inout DeviceSnapshot) {
        s.kind = lane.pointee.device.kind
        let c = lane.pointee.tracker.contact
        s.source = c.source
        s.touchpadGesture = c.source != .touch && c.landed > 0 && !c.ended
        s.landed = c.landed
        s.travel = c.translation
        s.unaccelerated = c.padTravel / ContactTracker.mmPerUnaccelerated
        s.scale = c.scale
        s.angle = c.angle
        // The tracker keeps them in landing order; readers want them by id
        // (a few: each moved back into place).
        s.fingers.removeAll(keepingCapacity: true)
        for slot in lane.pointee.tracker.slots {
            s.fingers.append(Finger(touch: slot.id, position: slot.position, down: slot.down))
            var k = s.fingers.count - 1
            while k > 0 && s.fingers[k - 1].touch > s.fingers[k].touch {
                s.fingers.swapAt(k - 1, k)
                k -= 1
            }
        }
    }
}

extension Array where Element == Finger {
    /// `f` put in, in the order of touch ids (replacing the one of its id).
    public mutating func place(_ f: Finger) {
        var i = 0
        while i < count && self[i].touch < f.touch { i += 1 }
        if i < count && self[i].touch == f.touch { self[i] = f } else { insert(f, at: i) }
    }

    /// The fingers' mean motion from `start` to where `self` has them (each
    /// finger of `start` that `self` still has: Touchégg's getAverageDelta).
    public func meanMotion(from start: [Finger]) -> Point {
        var sum = Point.zero, n = 0.0
        for s in start {
            guard let now = first(where: { $0.touch == s.touch }) else { continue }
            sum = sum + (now.position - s.position)
            n += 1
        }
        return n > 0 ? sum / n : .zero
    }

    /// The width of the fingers' horizontal span over its width in `start`
    /// (1 when that was none: Touchégg's getPinchDelta).
    public func widthRatio(from start: [Finger]) -> Double {
        let s = start.width
        return s > 0 ? width / s : 1
    }

    /// From the leftmost finger to the rightmost, px.
    var width: Double {
        guard let first else { return 0 }
        var lo = first.position.x, hi = lo
        for f in self {
            lo = Swift.min(lo, f.position.x)
            hi = Swift.max(hi, f.position.x)
        }
        return hi - lo
    }
}
