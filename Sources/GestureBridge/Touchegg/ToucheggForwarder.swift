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
        /// Touchscreens: each finger's position when the gesture began.
        var start: [TouchID: Point] = [:]
        /// Our recognizer cancelled it: End comes with the lift.
        var cancelled = false
    }

    /// What each device's fingers did since its gesture began.
    struct Motion {
        var unaccelerated = Point.zero
        var scale = 1.0
        /// Where each finger is, or was when it lifted (the End counts it there).
        var touches: [TouchID: Point] = [:]
        var down: Set<TouchID> = []
    }

    private var devices: [DeviceID: Device] = [:]
    private var screen: Screen
    private var motion: [DeviceID: Motion] = [:]
    private var forwarded: [DeviceID: Forwarded] = [:]

    public init(screen: Screen, devices: [Device]) {
        self.screen = screen
        for d in devices { self.devices[d.id] = d }
    }

    /// Every input, before the engine takes it: the motion it tracks, and
    /// the updates (or the End of a cancelled gesture) it makes.
    public mutating func observe(_ input: Input, at t: Seconds) -> ToucheggSignal? {
        switch input {
        case .deviceAdded(let d): devices[d.id] = d; return nil
        case .deviceRemoved(let id): devices[id] = nil; motion[id] = nil; forwarded[id] = nil; return nil
        case .screenChanged(let s): screen = s; return nil
        case .swipeBegin(let d, _, _), .pinchBegin(let d, _, _):
            motion[d] = Motion()
            return nil
        case .swipeUpdate(let d, _, let delta, let raw):
            motion[d, default: Motion()].unaccelerated += raw ?? delta
            return update(d, at: t)
        case .pinchUpdate(let d, _, _, let scale, _):
            motion[d, default: Motion()].scale = scale
            return update(d, at: t)
        case .swipeEnd(let d, _, _), .pinchEnd(let d, _, _):
            return endIfCancelled(d, at: t)
        case .touchBegin(let d, let id, let p):
            if motion[d]?.down.isEmpty ?? true { motion[d] = Motion() }   // a new hand
            motion[d, default: Motion()].touches[id] = p
            motion[d, default: Motion()].down.insert(id)
            return nil
        case .touchUpdate(let d, let id, let p):
            motion[d, default: Motion()].touches[id] = p
            return update(d, at: t)
        case .touchEnd(let d, let id, let p):
            motion[d]?.touches[id] = p
            motion[d]?.down.remove(id)
            if (motion[d]?.down.count ?? 0) <= 1 { return endIfCancelled(d, at: t) }
            return nil
        case .window, .modifiers:
            return nil
        }
    }

    /// A phase of a forwarded binding, from the engine.
    public mutating func phase(_ g: GestureEvent, at t: Seconds) -> ToucheggSignal? {
        switch g.phase {
        case .began:
            guard let f = begin(g, at: t) else { return nil }
            forwarded[g.device] = f
            return signal(.begin, f, g.device, at: t)
        case .ended:
            guard let f = forwarded.removeValue(forKey: g.device) else { return nil }
            return signal(.end, f, g.device, at: t)
        case .cancelled:
            forwarded[g.device]?.cancelled = true
            return nil
        case .changed, .step, .repeat:
            return nil   // updates follow the device's motion (observe)
        }
    }

    private func begin(_ g: GestureEvent, at t: Seconds) -> Forwarded? {
        guard let dev = devices[g.device], dev.kind != .other else { return nil }
        let m = motion[g.device] ?? Motion()
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
                          thresholds: touchpad ? touchpadThresholds(dev) : touchscreenThresholds(dev))
        // Touchscreens count from where the gesture began (Touchégg rebases
        // once its start threshold is passed).
        if !touchpad { f.start = m.touches.filter { m.down.contains($0.key) } }
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
        let m = motion[d] ?? Motion()
        switch (f.type, f.device) {
        case (.swipe, .touchpad):
            return Self.swipePercentage(f.direction, m.unaccelerated, f.thresholds)
        case (.pinch, .touchpad):
            return Self.pinchPercentage(f.direction, m.scale)
        case (.swipe, .touchscreen):
            return Self.swipePercentage(f.direction, Self.meanMotion(from: f.start, to: m.touches), f.thresholds)
        case (.pinch, .touchscreen):
            return Self.pinchPercentage(f.direction, Self.spanRatio(from: f.start, to: m.touches))
        }
    }

    // MARK: Touchégg's arithmetic (libinput-handler.cpp, libinput-touch-handler.cpp)

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

    /// getAverageDelta: the mean motion of the fingers down at the start.
    static func meanMotion(from start: [TouchID: Point], to now: [TouchID: Point]) -> Point {
        var sum = Point.zero, n = 0.0
        for (id, s) in start {
            guard let c = now[id] else { continue }
            sum = sum + (c - s)
            n += 1
        }
        return n > 0 ? sum / n : .zero
    }

    /// getPinchDelta: the horizontal span of the fingers now over at the start.
    static func spanRatio(from start: [TouchID: Point], to now: [TouchID: Point]) -> Double {
        func span(_ ps: some Collection<Point>) -> Double {
            guard let lo = ps.map(\.x).min(), let hi = ps.map(\.x).max() else { return 0 }
            return hi - lo
        }
        let s = span(start.values)
        return s > 0 ? span(now.values) / s : 1
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

    func touchscreenThresholds(_ d: Device) -> Thresholds {
        var w = screen.width, h = screen.height
        if let name = d.output, let o = screen.outputs.first(where: { $0.name == name }) { w = o.width; h = o.height }
        return Thresholds(start: min(w, h) * Self.touchscreenStartPercent / 100,
                          finishHorizontal: w * Self.touchscreenFinishPercent / 100,
                          finishVertical: h * Self.touchscreenFinishPercent / 100)
    }
}
