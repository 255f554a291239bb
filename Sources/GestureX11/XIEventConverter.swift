import CX11
import GestureCore

/// XI2 event structs → the engine's input. Pure: the listener hands it the
/// structs X delivered; tests hand it structs built by hand.
public enum XIEventConverter {
    /// XI_TouchBegin / Update / End (an XIDeviceEvent): root coordinates, the
    /// slave device it came from, the touch id.
    public static func touch(_ e: XIDeviceEvent) -> Input? {
        let p = Point(x: e.root_x, y: e.root_y)
        let d = DeviceID(e.sourceid), id = TouchID(truncatingIfNeeded: e.detail)
        switch e.evtype {
        case XI_TouchBegin: return .touchBegin(device: d, touch: id, at: p)
        case XI_TouchUpdate: return .touchUpdate(device: d, touch: id, at: p)
        case XI_TouchEnd: return .touchEnd(device: d, touch: id, at: p)
        default: return nil
        }
    }

    /// XI 2.4 swipe: `detail` is the finger count.
    public static func swipe(_ e: XIGestureSwipeEvent) -> Input? {
        let d = DeviceID(e.sourceid), fingers = Int(e.detail)
        switch e.evtype {
        case XI_GestureSwipeBegin: return .swipeBegin(device: d, fingers: fingers, at: Point(x: e.root_x, y: e.root_y))
        case XI_GestureSwipeUpdate:
            return .swipeUpdate(device: d, fingers: fingers, delta: Point(x: e.delta_x, y: e.delta_y),
                                unaccelerated: Point(x: e.delta_unaccel_x, y: e.delta_unaccel_y))
        case XI_GestureSwipeEnd:
            return .swipeEnd(device: d, fingers: fingers, cancelled: UInt32(bitPattern: e.flags) & UInt32(XIGestureSwipeEventCancelled) != 0)
        default: return nil
        }
    }

    /// XI 2.4 pinch: absolute scale, rotation delta in degrees (clockwise).
    public static func pinch(_ e: XIGesturePinchEvent) -> Input? {
        let d = DeviceID(e.sourceid), fingers = Int(e.detail)
        switch e.evtype {
        case XI_GesturePinchBegin: return .pinchBegin(device: d, fingers: fingers, at: Point(x: e.root_x, y: e.root_y))
        case XI_GesturePinchUpdate:
            return .pinchUpdate(device: d, fingers: fingers, delta: Point(x: e.delta_x, y: e.delta_y), scale: e.scale,
                                angleDelta: e.delta_angle)
        case XI_GesturePinchEnd:
            return .pinchEnd(device: d, fingers: fingers, cancelled: UInt32(bitPattern: e.flags) & UInt32(XIGesturePinchEventCancelled) != 0)
        default: return nil
        }
    }

    /// XI_RawTouch*: device coordinates (valuators 0 and 1), scaled from the
    /// device's axis ranges onto `area` (its output, or the screen). Nil when
    /// the event carries neither axis and no position is known yet, and nil
    /// for the copy X delivers through the master device: raw events selected
    /// for all devices come once from the slave (`deviceid == sourceid`) and
    /// again from its master (`deviceid` the master, `sourceid` the same
    /// slave), and a finger must be one touch, not two.
    public static func rawTouch(_ e: XIRawEvent, device: XDevice, area: (x: Double, y: Double, width: Double, height: Double),
                                last: Point?) -> Input? {
        guard e.deviceid == e.sourceid else { return nil }
        var x: Double? = nil, y: Double? = nil
        var k = 0
        let bits = Int(e.valuators.mask_len) * 8
        for v in 0..<min(bits, 2 + 64) {
            guard cx_XIMaskIsSet(e.valuators.mask, Int32(v)) != 0 else { continue }
            let value = e.valuators.values[k]
            if v == 0 { x = value }
            if v == 1 { y = value }
            k += 1
        }
        func scale(_ v: Double?, _ r: ClosedRange<Double>?, _ o: Double, _ size: Double) -> Double? {
            guard let v else { return nil }
            guard let r, r.upperBound > r.lowerBound else { return o + v }
            return o + (v - r.lowerBound) / (r.upperBound - r.lowerBound) * size
        }
        guard let px = scale(x, device.xRange, area.x, area.width) ?? last?.x,
              let py = scale(y, device.yRange, area.y, area.height) ?? last?.y else { return nil }
        let p = Point(x: px, y: py)
        let d = DeviceID(e.sourceid), id = TouchID(truncatingIfNeeded: e.detail)
        switch e.evtype {
        case XI_RawTouchBegin: return .touchBegin(device: d, touch: id, at: p)
        case XI_RawTouchUpdate: return .touchUpdate(device: d, touch: id, at: p)
        case XI_RawTouchEnd: return .touchEnd(device: d, touch: id, at: p)
        default: return nil
        }
    }
}
