import CX11
import GestureCore
import GestureX11
import Testing

/// XI2 event structs, built as X delivers them, converted to engine input.
@Suite struct ConversionTests {
    func deviceEvent(_ type: Int32, detail: Int32, x: Double, y: Double) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.evtype = type
        e.deviceid = 2          // the master pointer the grab delivers through
        e.sourceid = 11         // the touchscreen
        e.detail = detail       // the touch id
        e.root_x = x
        e.root_y = y
        e.event_x = x - 100     // window-relative: not what the engine wants
        return e
    }

    @Test(arguments: [(XI_TouchBegin, "begin"), (XI_TouchUpdate, "update"), (XI_TouchEnd, "end")])
    func touches(_ type: Int32, _ which: String) {
        let input = XIEventConverter.touch(deviceEvent(type, detail: 42, x: 1200.5, y: 300.25))
        let p = Point(x: 1200.5, y: 300.25)
        switch which {
        case "begin": #expect(input == .touchBegin(device: 11, touch: 42, at: p))
        case "update": #expect(input == .touchUpdate(device: 11, touch: 42, at: p))
        default: #expect(input == .touchEnd(device: 11, touch: 42, at: p))
        }
    }

    @Test func otherDeviceEventsAreNotTouches() {
        #expect(XIEventConverter.touch(deviceEvent(XI_Motion, detail: 0, x: 1, y: 1)) == nil)
    }

    @Test func swipes() {
        var e = XIGestureSwipeEvent()
        e.sourceid = 12
        e.detail = 3
        e.evtype = XI_GestureSwipeBegin
        e.root_x = 500
        e.root_y = 400
        #expect(XIEventConverter.swipe(e) == .swipeBegin(device: 12, fingers: 3, at: Point(x: 500, y: 400)))
        e.evtype = XI_GestureSwipeUpdate
        e.delta_x = -12.5
        e.delta_y = 0.75
        #expect(XIEventConverter.swipe(e) == .swipeUpdate(device: 12, fingers: 3, delta: Point(x: -12.5, y: 0.75)))
        e.evtype = XI_GestureSwipeEnd
        e.flags = Int32(XIGestureSwipeEventCancelled)
        #expect(XIEventConverter.swipe(e) == .swipeEnd(device: 12, fingers: 3, cancelled: true))
        e.flags = 0
        #expect(XIEventConverter.swipe(e) == .swipeEnd(device: 12, fingers: 3, cancelled: false))
    }

    @Test func pinches() {
        var e = XIGesturePinchEvent()
        e.sourceid = 12
        e.detail = 2
        e.evtype = XI_GesturePinchUpdate
        e.delta_x = 1
        e.delta_y = 2
        e.scale = 1.25
        e.delta_angle = -3.5
        #expect(XIEventConverter.pinch(e) == .pinchUpdate(device: 12, fingers: 2, delta: Point(x: 1, y: 2), scale: 1.25, angleDelta: -3.5))
        e.evtype = XI_GesturePinchEnd
        e.flags = Int32(XIGesturePinchEventCancelled)
        #expect(XIEventConverter.pinch(e) == .pinchEnd(device: 12, fingers: 2, cancelled: true))
    }

    @Test func rawTouchesAreScaledOntoTheScreen() {
        let dev = XDevice(id: 11, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10, enabled: true,
                          xRange: 0...4095, yRange: 0...4095)
        var mask: [UInt8] = [0b11, 0]
        var values: [Double] = [4095, 2047.5]
        let input = mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var e = XIRawEvent()
                e.evtype = XI_RawTouchBegin
                e.sourceid = 11
                e.detail = 7
                e.valuators = XIValuatorState(mask_len: 2, mask: m.baseAddress, values: v.baseAddress)
                return XIEventConverter.rawTouch(e, device: dev, area: (0, 0, 1920, 1080), last: nil)
            }
        }
        #expect(input == .touchBegin(device: 11, touch: 7, at: Point(x: 1920, y: 540)))
    }

    @Test func serverTimeKeepsFramesAndWraps() {
        var s = ServerTime()
        let a = s.seconds(1000, now: 50.0)
        #expect(a == 50.0)
        #expect(s.seconds(1000, now: 50.0004) == a)            // one frame, one time
        #expect(abs(s.seconds(1016, now: 50.02) - 50.016) < 1e-9)
        var w = ServerTime()
        _ = w.seconds(UInt(UInt32.max - 5), now: 10)
        #expect(abs(w.seconds(10, now: 10.02) - 10.016) < 1e-6) // past the 32-bit wrap
    }

    @Test func planFollowsPriorities() {
        func b(_ p: Priority, _ g: GestureSpec, _ d: DeviceFilter = .any) -> Binding {
            Binding(name: "x", gesture: g, priority: p, device: d)
        }
        let swipe = GestureSpec.swipe(SwipeSpec(direction: .left))
        let zoom = GestureSpec.magnify(MagnifySpec())
        #expect(ListenPlan(table: GestureTable(desktop: [b(.high, swipe)]))
            == ListenPlan(touches: .grab, swipes: .grab, pinches: .none))
        #expect(ListenPlan(table: GestureTable(desktop: [b(.normal, zoom), b(.simultaneous, swipe, .touchscreen)]))
            == ListenPlan(touches: .select, swipes: .none, pinches: .select))
        #expect(ListenPlan(table: GestureTable(desktop: [b(.simultaneous, .tap(TapSpec()))]))
            == ListenPlan(touches: .raw))
        #expect(ListenPlan(table: GestureTable(apps: [AppScope(classGlob: "x", bindings: [b(.high, zoom, .touchpad)])]))
            == ListenPlan(touches: .none, swipes: .none, pinches: .grab))
        #expect(ListenPlan(table: GestureTable()) == ListenPlan())
    }
}
