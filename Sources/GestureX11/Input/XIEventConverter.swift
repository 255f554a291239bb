import CX11
import GestureCore

/// XI2 events, as XCB delivers them off the wire, → the engine's input.
/// Pure: the listener hands it the events X sent; tests hand it events
/// built by hand.
public enum XIEventConverter {
    /// XI_TouchBegin / Update / End: root coordinates, the slave device it
    /// came from, the touch id.
    public static func touch(_ e: xcb_input_touch_begin_event_t) -> Input? {
        touch(stage(e.event_type, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd), source: e.sourceid, detail: e.detail,
              at: Point(x: fixed(e.root_x), y: fixed(e.root_y)))
    }

    /// A touch (`detail`: its id) beginning, moving or ending at `p`: what
    /// a touch event and a raw one both say.
    static func touch(_ stage: XIStage?, source: xcb_input_device_id_t, detail: UInt32, at p: Point) -> Input? {
        let d = DeviceID(source), id = TouchID(truncatingIfNeeded: detail)
        switch stage {
        case .begin?: return .touchBegin(device: d, touch: id, at: p)
        case .update?: return .touchUpdate(device: d, touch: id, at: p)
        case .end?: return .touchEnd(device: d, touch: id, at: p)
        case nil: return nil
        }
    }

    /// Which of three event types (begin, update, end) `type` is; nil for another.
    static func stage(_ type: UInt16, _ begin: Int32, _ update: Int32, _ end: Int32) -> XIStage? {
        switch Int32(type) {
        case begin: return .begin
        case update: return .update
        case end: return .end
        default: return nil
        }
    }

    /// XI 2.4 swipe: `detail` is the finger count.
    public static func swipe(_ e: xcb_input_gesture_swipe_begin_event_t) -> Input? {
        switch stage(e.event_type, XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd) {
        case .begin?: return .swipeBegin(device: e.device, fingers: e.fingers, at: e.at)
        case .update?:
            let unaccelerated = Point(x: fixed(e.delta_unaccel_x), y: fixed(e.delta_unaccel_y))
            return .swipeUpdate(device: e.device, fingers: e.fingers, delta: e.delta, unaccelerated: unaccelerated)
        case .end?: return .swipeEnd(device: e.device, fingers: e.fingers, cancelled: e.cancelled(XIGestureSwipeEventCancelled))
        case nil: return nil
        }
    }

    /// XI 2.4 pinch: absolute scale, rotation delta in degrees (clockwise).
    public static func pinch(_ e: xcb_input_gesture_pinch_begin_event_t) -> Input? {
        switch stage(e.event_type, XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd) {
        case .begin?: return .pinchBegin(device: e.device, fingers: e.fingers, at: e.at)
        case .update?:
            let (scale, angle) = (fixed(e.scale), fixed(e.delta_angle))
            return .pinchUpdate(device: e.device, fingers: e.fingers, delta: e.delta, scale: scale, angleDelta: angle)
        case .end?: return .pinchEnd(device: e.device, fingers: e.fingers, cancelled: e.cancelled(XIGesturePinchEventCancelled))
        case nil: return nil
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
        guard let p = valuatorPoint(words: Int(e.valuators_len), mask: cx_raw_touch_mask(event)!,
                                    values: cx_raw_touch_values(event)!, xRange: device.xRange, yRange: device.yRange,
                                    area: area, last: last)
        else { return nil }
        return touch(stage(e.event_type, XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd), source: e.sourceid,
                     detail: e.detail, at: p)
    }

    /// Where a touch event's own valuators put it, mapped as its raw event's
    /// are (`rawTouch`): X gives a touch event the values it gives the raw
    /// one (both after the device's matrix, before the screen's scaling).
    /// Nil without both axes.
    public static func valuatorPoint(_ event: UnsafePointer<xcb_input_touch_begin_event_t>,
                                     xRange: ClosedRange<Double>?, yRange: ClosedRange<Double>?,
                                     area: (x: Double, y: Double, width: Double, height: Double)) -> Point? {
        valuatorPoint(words: Int(event.pointee.valuators_len), mask: cx_touch_valuator_mask(event)!,
                      values: cx_touch_values(event)!, xRange: xRange, yRange: yRange, area: area, last: nil)
    }

    /// Valuators 0 and 1 (`words` 32-bit words of `mask`, then one value
    /// per bit set) scaled from the device's axis ranges onto `area`; an
    /// axis missing is `last`'s.
    static func valuatorPoint(words: Int, mask: UnsafePointer<UInt32>, values: UnsafePointer<xcb_input_fp3232_t>,
                              xRange: ClosedRange<Double>?, yRange: ClosedRange<Double>?,
                              area: (x: Double, y: Double, width: Double, height: Double), last: Point?) -> Point? {
        var x: Double? = nil, y: Double? = nil
        // Only the first word of the mask can hold axes 0 and 1; the values
        // are in the order of the bits set.
        if words > 0 {
            let bits = mask[0]
            if bits & 1 != 0 { x = fixed(values[0]) }
            if bits & 2 != 0 { y = fixed(values[bits & 1 != 0 ? 1 : 0]) }
        }
        func scale(_ v: Double?, _ r: ClosedRange<Double>?, _ o: Double, _ size: Double) -> Double? {
            guard let v else { return nil }
            guard let r, r.upperBound > r.lowerBound else { return o + v }
            return o + (v - r.lowerBound) / (r.upperBound - r.lowerBound) * size
        }
        guard let px = scale(x, xRange, area.x, area.width) ?? last?.x,
              let py = scale(y, yRange, area.y, area.height) ?? last?.y else { return nil }
        return Point(x: px, y: py)
    }

    /// X's 16.16 fixed point.
    static func fixed(_ v: xcb_input_fp1616_t) -> Double { Double(v) / 65536 }
    /// X's 32.32 fixed point.
    static func fixed(_ v: xcb_input_fp3232_t) -> Double { Double(v.integral) + Double(v.frac) / 4_294_967_296 }
}

/// The fields XI 2.4's swipe and pinch events share (a pinch adds its scale
/// and angle after the deltas): read once for both.
protocol XIGestureEvent {
    var sourceid: xcb_input_device_id_t { get }
    var detail: UInt32 { get }
    var root_x: xcb_input_fp1616_t { get }
    var root_y: xcb_input_fp1616_t { get }
    var delta_x: xcb_input_fp1616_t { get }
    var delta_y: xcb_input_fp1616_t { get }
    var flags: UInt32 { get }
}

extension xcb_input_gesture_swipe_begin_event_t: XIGestureEvent {}
extension xcb_input_gesture_pinch_begin_event_t: XIGestureEvent {}

/// An XI2 event's place in its touch or gesture: XI's begin, update and end.
enum XIStage { case begin, update, end }

extension XIGestureEvent {
    /// The slave device it came from.
    var device: DeviceID { DeviceID(sourceid) }
    /// `detail` is the finger count.
    var fingers: Int { Int(detail) }
    var at: Point { Point(x: XIEventConverter.fixed(root_x), y: XIEventConverter.fixed(root_y)) }
    var delta: Point { Point(x: XIEventConverter.fixed(delta_x), y: XIEventConverter.fixed(delta_y)) }

    func cancelled(_ flag: Int32) -> Bool { flags & UInt32(flag) != 0 }
}
