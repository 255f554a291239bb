import CX11
import GestureCore
@testable import GestureX11
import Testing

/// Under our grab on the root, a touch X holds for our decision needs no
/// raw events: its own events carry its device coordinates (X gives a touch
/// event the values it gives the raw one), which are the offset should it
/// be handed back; raw events are selected only then. A lift that crossed
/// the rejection on the wire (numbered before X took it) is the lift.
@Suite struct RootGrabRawTests {
    static let touchscreen = XDevice(id: 11, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10,
                                     enabled: true, xRange: 0...4095, yRange: 0...4095)
    static let screen = GestureCore.Screen(width: 1920, height: 1080)
    let key = TouchOwnership.Key(device: 11, touch: 7)

    /// A touch event as XCB hands it over: the fixed part, one word of
    /// button mask, one of valuator mask (x and y), their two values.
    static func event(_ type: Int32, touch: UInt32, root: Point, device: Point, sequence: UInt32 = 0,
                      flags: UInt32 = 0, window: UInt32 = 0) -> [UInt8] {
        var e = xcb_input_touch_begin_event_t()
        e.flags = flags
        e.event = window   // the root is 0 here: a top-level window's events come through a grab on it
        e.response_type = UInt8(GenericEvent)
        e.event_type = UInt16(type)
        e.deviceid = 2
        e.sourceid = 11
        e.detail = touch
        e.full_sequence = sequence
        e.root_x = Int32((root.x * 65536).rounded())
        e.root_y = Int32((root.y * 65536).rounded())
        e.buttons_len = 1
        e.valuators_len = 1
        var bytes = withUnsafeBytes(of: e) { Array($0) }
        withUnsafeBytes(of: UInt32(0xffff_ffff)) { bytes += $0 }   // a button mask to skip (its bits say nothing here)
        withUnsafeBytes(of: UInt32(0b11)) { bytes += $0 }
        for v in [device.x, device.y] {
            let integral = Int32(v.rounded(.down))
            let value = xcb_input_fp3232_t(integral: integral, frac: UInt32((v - Double(integral)) * 4_294_967_296))
            withUnsafeBytes(of: value) { bytes += $0 }
        }
        return bytes
    }

    static func state() -> ListenerState {
        var s = ListenerState(devices: [touchscreen])
        s.active = ListenPlan(touches: .grab)   // on the root
        return s
    }

    @discardableResult
    static func convert(_ s: inout ListenerState, _ type: Int32, _ bytes: [UInt8]) -> Input? {
        var time = 0.0, begin = ListenerState.Begin()
        return bytes.withUnsafeBytes { s.convert(type, $0.baseAddress!, now: 1, screen: screen, time: &time, begin: &begin) }
    }

    /// The valuators after the button mask, scaled as a raw event's are.
    @Test func aTouchEventsOwnValuatorsAreWhereItIsRaw() {
        let bytes = Self.event(XI_TouchBegin, touch: 7, root: Point(x: 965, y: 545), device: Point(x: 2047.5, y: 2047.5))
        let p = bytes.withUnsafeBytes {
            XIEventConverter.valuatorPoint($0.baseAddress!.assumingMemoryBound(to: xcb_input_touch_begin_event_t.self),
                                           xRange: 0...4095, yRange: 0...4095, area: (0, 0, 1920, 1080))
        }
        #expect(p == Point(x: 960, y: 540))
    }

    @Test func handedBackItIsFollowedFromWhereItsValuatorsPutIt() {
        var s = Self.state()
        let begin = Self.convert(&s, XI_TouchBegin, Self.event(XI_TouchBegin, touch: 7, root: Point(x: 965, y: 545),
                                                                device: Point(x: 2047.5, y: 2047.5)))
        #expect(begin == .touchBegin(device: 11, touch: 7, at: Point(x: 965, y: 545)))
        #expect(!s.touches.needsRaw)   // no raw events asked for while X holds it
        Self.convert(&s, XI_TouchUpdate, Self.event(XI_TouchUpdate, touch: 7, root: Point(x: 1915, y: 545),
                                                    device: Point(x: 4095, y: 2047.5)))   // the screen's right edge: 1920
        #expect(s.decide(key, claimed: false) != nil)
        #expect(s.touches.needsRaw)    // handed back: followed by its raw events
        #expect(s.touches.touches[key] == .followed(offset: Point(x: -5, y: 5), endToDrop: true))   // the update's
    }

    @Test(arguments: [(UInt32(99), true), (UInt32(100), false), (UInt32(101), false)])
    func anEndNumberedBeforeTheRejectionIsTheLift(_ sequence: UInt32, _ isLift: Bool) {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, Self.event(XI_TouchBegin, touch: 7, root: Point(x: 965, y: 545),
                                                   device: Point(x: 2047.5, y: 2047.5)))
        _ = s.decide(key, claimed: false)
        s.rejectionSent(key, sequence: 100)
        let end = Self.convert(&s, XI_TouchEnd, Self.event(XI_TouchEnd, touch: 7, root: Point(x: 965, y: 545),
                                                           device: Point(x: 2047.5, y: 2047.5), sequence: sequence))
        if isLift {
            // X sent it before it took the rejection: the finger's own lift; no raw end will come.
            #expect(end == .touchEnd(device: 11, touch: 7, at: Point(x: 965, y: 545)))
            #expect(s.touches.touches.isEmpty && !s.touches.needsRaw)
        } else {
            // The end X sends for the rejection: the finger is still down, followed by its raw events.
            #expect(end == nil)
            #expect(s.touches.touches[key] == .followed(offset: Point(x: 5, y: 5), endToDrop: false))
        }
        #expect(s.rejections.isEmpty)
    }

    /// Sequence numbers wrap: the comparison is modular.
    @Test func theComparisonWraps() {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, Self.event(XI_TouchBegin, touch: 7, root: .zero, device: .zero))
        _ = s.decide(key, claimed: false)
        s.rejectionSent(key, sequence: 3)
        let end = Self.convert(&s, XI_TouchEnd, Self.event(XI_TouchEnd, touch: 7, root: .zero, device: .zero,
                                                           sequence: UInt32.max - 2))
        #expect(end == .touchEnd(device: 11, touch: 7, at: .zero))
    }

    /// An accepted touch, or one lifted before the decision, keeps no
    /// rejection's number.
    @Test func onlyATouchFollowedKeepsItsRejection() {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, Self.event(XI_TouchBegin, touch: 7, root: .zero, device: .zero))
        Self.convert(&s, XI_TouchEnd, Self.event(XI_TouchEnd, touch: 7, root: .zero, device: .zero))
        _ = s.decide(key, claimed: false)
        s.rejectionSent(key, sequence: 100)
        #expect(s.rejections.isEmpty)
    }
}
