import GestureCore
import GestureTraces

/// One signal of Touchégg's D-Bus protocol (src/daemon/dbus.h): the member,
/// and the arguments `(uudiut)` in order.
public struct ToucheggSignal: Hashable, Sendable, CustomStringConvertible {
    public enum Member: String, Sendable { case begin = "OnGestureBegin", update = "OnGestureUpdate", end = "OnGestureEnd" }
    /// src/gesture/gesture-type.h: SWIPE 1, PINCH 2.
    public enum GestureType: UInt32, Sendable { case swipe = 1, pinch = 2 }
    /// src/gesture/gesture-direction.h.
    public enum Direction: UInt32, Sendable { case up = 1, down = 2, left = 3, right = 4, pinchIn = 5, pinchOut = 6 }
    /// src/gesture/device-type.h.
    public enum DeviceType: UInt32, Sendable { case touchpad = 1, touchscreen = 2 }

    public var member: Member
    public var type: GestureType
    public var direction: Direction
    /// 0 to 100: how far the gesture went towards its finish.
    public var percentage: Double
    public var fingers: Int32
    public var device: DeviceType
    /// Milliseconds since the gesture began.
    public var elapsedMS: UInt64

    public var description: String {
        "\(member.rawValue) type=\(type.rawValue) direction=\(direction.rawValue) percentage=\(ReplayPrinter.fixed(percentage, places: 2)) "
            + "fingers=\(fingers) device=\(device.rawValue) elapsed=\(elapsedMS)"
    }
}

/// Turns the phases of the forwarded bindings (`touchegg-protocol`) into
/// Touchégg's signals, with the values Touchégg computes for the same
/// movement (src/gesture-gatherer/*.cpp):
///
/// - touchpad swipe: the motion since the swipe began, in libinput's
///   unaccelerated units (1000 dpi), less a start threshold, over a finish
///   distance: 1 % of the touchpad's shorter side and 9 % of its width or
///   height (libinput ≥ 1.18, which filters those deltas); 200 and 2,500
///   units when its size is unknown, as Touchégg falls back;
/// - touchpad pinch: the scale, 1 → 0 (in) or 1 → 2 (out) as 0 → 100 %;
/// - touchscreen swipe: the fingers' mean motion from where the gesture
///   began, less 2 % of the shorter side, over 16 % of the width or height;
///   Touchégg counts in mm, the mapped output's pixels give the same ratios;
/// - touchscreen pinch: the width of the fingers' span over its width at the start.
///
/// Percentages are clamped to 0…100; the direction is fixed at the begin.
/// Begin comes when our arena gives the gesture to the forwarded binding;
/// updates follow every motion of its device; End comes when the gesture
/// ends (touchpad lift; on touchscreens when one finger is left, as there),
/// also after our recognizer cancelled it (a reversed swipe), as Touchégg
/// knows no cancel: its clients read a low End percentage as "go back".
///
/// It runs after the engine, on what the engine says (`follow`): the
/// effects, and the device's snapshot (`GestureEngine.snapshot(of:)`) for
/// where the fingers are and how far the touchpad gesture went. Of the
/// input it reads only which device it was about and whether it moved or
/// lifted; the geometry is the engine's.
public struct ToucheggForwarder: Sendable {
    /// Touchégg's fallbacks when libinput knows no size (libinput-device-info.h).
    public static let defaultStartThreshold = 200.0
    public static let defaultFinishThreshold = 2500.0
    /// Touchpads, libinput ≥ 1.18: percent of the size in 1000-dpi units.
    public static let touchpadStartPercent = 1.0
    public static let touchpadFinishPercent = 9.0
    /// Touchscreens: percent of the size.
    public static let touchscreenStartPercent = 2.0
    public static let touchscreenFinishPercent = 16.0

    struct Thresholds {
        var start: Double
        var finishHorizontal: Double
        var finishVertical: Double
    }

    /// The gesture being forwarded, per device.
    struct Forwarded {
        var type: ToucheggSignal.GestureType
        var direction: ToucheggSignal.Direction
        var fingers: Int32
        var device: ToucheggSignal.DeviceType
        var began: Seconds
        var thresholds: Thresholds
        /// Touchscreens: the fingers down when the gesture began.
        var start: [Finger] = []
        /// Our recognizer cancelled it: End comes with the lift.
        var cancelled = false
    }

    /// What each device's hand did since it landed, as the engine's
    /// snapshots said it after each of its inputs: kept here because the
    /// engine forgets a hand when its attempt ends, in the same call as the
    /// gesture's End (whose percentage is where the hand was).
    struct Hand {
        var unaccelerated = Point.zero
        var scale = 1.0
        /// Every finger seen, where it last was (a lifted one: where it lifted).
        var fingers: [Finger] = []
    }

    private var hands: [DeviceID: Hand] = [:]
    private var forwarded: [DeviceID: Forwarded] = [:]
    /// Where the engine writes a device's snapshot (kept: no array per event).
    private var seen = DeviceSnapshot()

    public init() {}

    /// One engine call's outputs, after it: the signals its effects and
    /// `input` (nil: time passed) make, appended to `deeds` in order. The
    /// motion of the input comes first (the update of a gesture already
    /// forwarded, or the End of one our recognizer cancelled), then the
    /// phases of the forwarded bindings in the effects.
    public mutating func follow(_ input: Input?, _ effects: [Effect], _ engine: GestureEngine,
                                into deeds: inout [Deed]) {
        if let input, let signal = motion(input, engine, at: engine.now) { deeds.append(.signal(signal)) }
        for case .gesture(let g) in effects where engine.bindings[g.binding].yields {
            if let signal = phase(g, engine, at: g.time) { deeds.append(.signal(signal)) }
        }
    }

    /// An input the engine took: the hand it changed, as the engine has it
    /// now, and the update (or the End of a cancelled gesture) it makes.
    mutating func motion(_ input: Input, _ engine: GestureEngine, at t: Seconds) -> ToucheggSignal? {
        switch input {
        case .deviceRemoved(let id):
            hands[id] = nil
            forwarded[id] = nil
            return nil
        case .swipeBegin(let d, _, _), .pinchBegin(let d, _, _):
            hands[d] = Hand()
            return nil
        case .swipeUpdate(let d, _, _, _), .pinchUpdate(let d, _, _, _, _):
            engine.snapshot(of: d, into: &seen, .hand)
            if seen.touchpadGesture {
                hands[d, default: Hand()].unaccelerated = seen.unaccelerated
                hands[d, default: Hand()].scale = seen.scale
            }
            return update(d, at: t)
        case .swipeEnd(let d, _, _), .pinchEnd(let d, _, _):
            return endIfCancelled(d, at: t)
        case .touchBegin(let d, _, _):
            engine.snapshot(of: d, into: &seen, .hand)
            if seen.fingersDown <= 1 { hands[d] = Hand() }   // a new hand
            see(d)
            return nil
        case .touchUpdate(let d, _, _):
            engine.snapshot(of: d, into: &seen, .hand)
            see(d)
            return update(d, at: t)
        case .touchEnd(let d, _, _):
            engine.snapshot(of: d, into: &seen, .hand)
            see(d)
            if (hands[d]?.fingers.reduce(0) { $0 + ($1.down ? 1 : 0) } ?? 0) <= 1 { return endIfCancelled(d, at: t) }
            return nil
        case .deviceAdded, .screenChanged, .window, .modifiers, .buttonPress, .pointerMotion, .buttonRelease:
            return nil
        }
    }

    /// The snapshot's fingers into `d`'s hand.
    private mutating func see(_ d: DeviceID) {
        for f in seen.fingers { hands[d, default: Hand()].fingers.place(f) }
    }

    /// A phase of a forwarded binding, from the engine.
    mutating func phase(_ g: GestureEvent, _ engine: GestureEngine, at t: Seconds) -> ToucheggSignal? {
        switch g.phase {
        case .began:
            guard let f = begin(g, engine, at: t) else { return nil }
            forwarded[g.device] = f
            return signal(.begin, f, g.device, at: t)
        case .ended:
            guard let f = forwarded.removeValue(forKey: g.device) else { return nil }
            return signal(.end, f, g.device, at: t)
        case .cancelled:
            forwarded[g.device]?.cancelled = true
            return nil
        case .changed, .step, .repeat:
            return nil   // updates follow the device's motion (`motion`)
        }
    }

    private mutating func begin(_ g: GestureEvent, _ engine: GestureEngine, at t: Seconds) -> Forwarded? {
        engine.snapshot(of: g.device, into: &seen, [.hand, .device])
        guard let dev = seen.device, dev.kind.isTouch else { return nil }
        let m = hands[g.device] ?? Hand()
        let touchpad = dev.kind == .touchpad
        let type: ToucheggSignal.GestureType = g.value.direction != nil ? .swipe : .pinch
        var direction: ToucheggSignal.Direction
        if let d = g.value.direction {
            let v = d.vector
            direction = abs(v.x) > abs(v.y) ? (v.x > 0 ? .right : .left) : (v.y > 0 ? .down : .up)
        } else {
            let scale = touchpad ? m.scale : g.value.scale
            direction = scale > 1 ? .pinchOut : .pinchIn
        }
        var f = Forwarded(type: type, direction: direction, fingers: Int32(g.value.fingers),
                          device: touchpad ? .touchpad : .touchscreen, began: t,
                          thresholds: touchpad ? touchpadThresholds(dev) : touchscreenThresholds(dev, engine.screen))
        // Touchscreens count from where the gesture began (Touchégg rebases
        // once its start threshold is passed).
        if !touchpad { f.start = m.fingers.filter(\.down) }
        return f
    }

    private func update(_ d: DeviceID, at t: Seconds) -> ToucheggSignal? {
        guard let f = forwarded[d] else { return nil }
        return signal(.update, f, d, at: t)
    }

    private mutating func endIfCancelled(_ d: DeviceID, at t: Seconds) -> ToucheggSignal? {
        guard let f = forwarded[d], f.cancelled else { return nil }
        forwarded[d] = nil
        return signal(.end, f, d, at: t)
    }

    private func signal(_ member: ToucheggSignal.Member, _ f: Forwarded, _ d: DeviceID, at t: Seconds) -> ToucheggSignal {
        let elapsed = member == .begin ? 0 : UInt64(max(0, (t - f.began) * 1000).rounded())
        return ToucheggSignal(member: member, type: f.type, direction: f.direction, percentage: percentage(f, d),
                              fingers: f.fingers, device: f.device, elapsedMS: elapsed)
    }

    private func percentage(_ f: Forwarded, _ d: DeviceID) -> Double {
        let m = hands[d] ?? Hand()
        switch (f.type, f.device) {
        case (.swipe, .touchpad):
            return Self.swipePercentage(f.direction, m.unaccelerated, f.thresholds)
        case (.pinch, .touchpad):
            return Self.pinchPercentage(f.direction, m.scale)
        case (.swipe, .touchscreen):
            return Self.swipePercentage(f.direction, m.fingers.meanMotion(from: f.start), f.thresholds)
        case (.pinch, .touchscreen):
            return Self.pinchPercentage(f.direction, m.fingers.widthRatio(from: f.start))
        }
    }

    // MARK: Touchégg's arithmetic (libinput-handler.cpp, libinput-touch-handler.cpp;
    // the fingers' mean motion and span: `[Finger]` in GestureCore)

    /// calculateSwipeAnimationPercentage.
    static func swipePercentage(_ direction: ToucheggSignal.Direction, _ delta: Point, _ th: Thresholds) -> Double {
        let finish = direction == .left || direction == .right ? th.finishHorizontal : th.finishVertical
        let current: Double
        switch direction {
        case .up: current = abs(min(0, delta.y + th.start))
        case .down: current = max(0, delta.y - th.start)
        case .left: current = abs(min(0, delta.x + th.start))
        case .right: current = max(0, delta.x - th.start)
        case .pinchIn, .pinchOut: current = 0
        }
        return min(current * 100 / (th.start + finish), 100)
    }

    /// calculatePinchAnimationPercentage: scale 1 → 0 (in) or 1 → 2 (out).
    static func pinchPercentage(_ direction: ToucheggSignal.Direction, _ scale: Double) -> Double {
        if direction == .pinchIn { return min(100, abs(min(1, scale) - 1) * 100) }
        return min(100, max(0, min(2, scale) - 1) * 100)
    }

    func touchpadThresholds(_ d: Device) -> Thresholds {
        guard let mm = d.sizeMM, mm.width > 0, mm.height > 0 else {
            return Thresholds(start: Self.defaultStartThreshold, finishHorizontal: Self.defaultFinishThreshold,
                              finishVertical: Self.defaultFinishThreshold)
        }
        func units(_ mm: Double) -> Double { mm / 25.4 * 1000 }   // libinput's 1000-dpi units
        return Thresholds(start: units(min(mm.width, mm.height)) * Self.touchpadStartPercent / 100,
                          finishHorizontal: units(mm.width) * Self.touchpadFinishPercent / 100,
                          finishVertical: units(mm.height) * Self.touchpadFinishPercent / 100)
    }

    func touchscreenThresholds(_ d: Device, _ screen: Screen) -> Thresholds {
        var w = screen.width, h = screen.height
        if let name = d.output, let o = screen.outputs.first(where: { $0.name == name }) { w = o.width; h = o.height }
        return Thresholds(start: min(w, h) * Self.touchscreenStartPercent / 100,
                          finishHorizontal: w * Self.touchscreenFinishPercent / 100,
                          finishVertical: h * Self.touchscreenFinishPercent / 100)
    }
}
