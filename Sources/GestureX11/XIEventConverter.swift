import CX11
import GestureCore

/// XI2 events, as XCB delivers them off the wire, → the engine's input.
/// Pure: the listener hands it the events X sent; tests hand it events
/// built by hand.
public enum XIEventConverter {
    /// XI_TouchBegin / Update / End: root coordinates, the slave device it
    /// came from, the touch id.
    public static func touch(_ e: xcb_input_touch_begin_event_t) -> Input? {
        let p = Point(x: fixed(e.root_x), y: fixed(e.root_y))
        let d = DeviceID(e.sourceid), id = TouchID(truncatingIfNeeded: e.detail)
        switch Int32(e.event_type) {
        case XI_TouchBegin: return .touchBegin(device: d, touch: id, at: p)
        case XI_TouchUpdate: return .touchUpdate(device: d, touch: id, at: p)
        case XI_TouchEnd: return .touchEnd(device: d, touch: id, at: p)
        default: return nil
        }
    }

    /// XI 2.4 swipe: `detail` is the finger count.
    public static func swipe(_ e: xcb_input_gesture_swipe_begin_event_t) -> Input? {
        let d = DeviceID(e.sourceid), fingers = Int(e.detail)
        switch Int32(e.event_type) {
        case XI_GestureSwipeBegin:
            return .swipeBegin(device: d, fingers: fingers, at: Point(x: fixed(e.root_x), y: fixed(e.root_y)))
        case XI_GestureSwipeUpdate:
            return .swipeUpdate(device: d, fingers: fingers, delta: Point(x: fixed(e.delta_x), y: fixed(e.delta_y)),
                                unaccelerated: Point(x: fixed(e.delta_unaccel_x), y: fixed(e.delta_unaccel_y)))
        case XI_GestureSwipeEnd:
            return .swipeEnd(device: d, fingers: fingers, cancelled: e.flags & UInt32(XIGestureSwipeEventCancelled) != 0)
        default: return nil
        }
    }

    /// XI 2.4 pinch: absolute scale, rotation delta in degrees (clockwise).
    public static func pinch(_ e: xcb_input_gesture_pinch_begin_event_t) -> Input? {
        let d = DeviceID(e.sourceid), fingers = Int(e.detail)
        switch Int32(e.event_type) {
        case XI_GesturePinchBegin:
            return .pinchBegin(device: d, fingers: fingers, at: Point(x: fixed(e.root_x), y: fixed(e.root_y)))
        case XI_GesturePinchUpdate:
            return .pinchUpdate(device: d, fingers: fingers, delta: Point(x: fixed(e.delta_x), y: fixed(e.delta_y)),
                                scale: fixed(e.scale), angleDelta: fixed(e.delta_angle))
        case XI_GesturePinchEnd:
            return .pinchEnd(device: d, fingers: fingers, cancelled: e.flags & UInt32(XIGesturePinchEventCancelled) != 0)
        default: return nil
        }
    }

    /// XI_RawTouch*: device coordinates (valuators 0 and 1, which follow the
    /// event in XCB's buffer), scaled from the device's axis ranges onto
    /// `area` (its output, or the screen). Nil when the event carries
    /// neither axis and no position is known yet. Raw touches are selected
    /// for the master devices only: X delivers each once through the master
    /// its slave is attached to (`sourceid` the slave); selected for all
    /// devices, each would come twice, and a finger must be one touch.
    public static func rawTouch(_ event: UnsafePointer<xcb_input_raw_touch_begin_event_t>, device: XDevice,
                                area: (x: Double, y: Double, width: Double, height: Double), last: Point?) -> Input? {
        let e = event.pointee
        var x: Double? = nil, y: Double? = nil
        let mask = cx_raw_touch_mask(event)!, values = cx_raw_touch_values(event)!
        // Only the first word of the mask can hold axes 0 and 1; the values
        // are in the order of the bits set.
        if e.valuators_len > 0 {
            let bits = mask[0]
            if bits & 1 != 0 { x = fixed(values[0]) }
            if bits & 2 != 0 { y = fixed(values[bits & 1 != 0 ? 1 : 0]) }
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
        switch Int32(e.event_type) {
        case XI_RawTouchBegin: return .touchBegin(device: d, touch: id, at: p)
        case XI_RawTouchUpdate: return .touchUpdate(device: d, touch: id, at: p)
        case XI_RawTouchEnd: return .touchEnd(device: d, touch: id, at: p)
        default: return nil
        }
    }

    /// X's 16.16 fixed point.
    static func fixed(_ v: xcb_input_fp1616_t) -> Double { Double(v) / 65536 }
    /// X's 32.32 fixed point.
    static func fixed(_ v: xcb_input_fp3232_t) -> Double { Double(v.integral) + Double(v.frac) / 4_294_967_296 }
}
