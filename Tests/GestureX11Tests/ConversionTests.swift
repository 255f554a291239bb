import CX11
import GestureCore
@testable import GestureX11
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
        e.delta_unaccel_x = -40
        e.delta_unaccel_y = 2
        #expect(XIEventConverter.swipe(e) == .swipeUpdate(device: 12, fingers: 3, delta: Point(x: -12.5, y: 0.75),
                                                           unaccelerated: Point(x: -40, y: 2)))
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
                e.deviceid = 11     // delivered for the slave itself
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

/// Raw touches selected for all devices: X delivers each from the slave and
/// again through its master, both naming the slave as the source.
@Suite struct RawTouchOncePerFingerTests {
    let dev = XDevice(id: 11, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10, enabled: true,
                      xRange: 0...4095, yRange: 0...4095)

    func raw(_ type: Int32, deliveredBy deviceid: Int32, touch: Int32) -> Input? {
        var mask: [UInt8] = [0b11, 0]
        var values: [Double] = [1000, 2000]
        return mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var e = XIRawEvent()
                e.evtype = type
                e.deviceid = deviceid
                e.sourceid = 11
                e.detail = touch
                e.valuators = XIValuatorState(mask_len: 2, mask: m.baseAddress, values: v.baseAddress)
                return XIEventConverter.rawTouch(e, device: dev, area: (0, 0, 4095, 4095), last: nil)
            }
        }
    }

    @Test(arguments: [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd])
    func slaveAndMasterCopiesMakeOneTouch(_ type: Int32) {
        // What X delivers for one finger of a two-finger tap: the slave's
        // event (deviceid 11) and the master pointer's (deviceid 2).
        let delivered = [raw(type, deliveredBy: 11, touch: 5), raw(type, deliveredBy: 2, touch: 5),
                         raw(type, deliveredBy: 11, touch: 6), raw(type, deliveredBy: 2, touch: 6)]
        let inputs = delivered.compactMap { $0 }
        let p = Point(x: 1000, y: 2000)
        switch type {
        case XI_RawTouchBegin: #expect(inputs == [.touchBegin(device: 11, touch: 5, at: p), .touchBegin(device: 11, touch: 6, at: p)])
        case XI_RawTouchUpdate: #expect(inputs == [.touchUpdate(device: 11, touch: 5, at: p), .touchUpdate(device: 11, touch: 6, at: p)])
        default: #expect(inputs == [.touchEnd(device: 11, touch: 5, at: p), .touchEnd(device: 11, touch: 6, at: p)])
        }
    }
}

/// Device kinds from what X and the driver say, as real hardware is described
/// (names as xinput lists them; classes, type atoms and properties as
/// xf86-input-libinput, -synaptics, -evdev and -wacom set them).
@Suite struct DeviceKindRuleTests {
    struct Case: Sendable, CustomStringConvertible {
        var facts: DeviceFacts
        var kind: DeviceKind
        var description: String { facts.name }
    }

    static let tapping: Set<String> = [DeviceKindRule.libinputTapping]
    static let cases: [Case] = [
        // libinput touchpads whose names carry no keyword: gesture class, type TOUCHPAD, tapping.
        Case(facts: DeviceFacts(hasGestureClass: true, typeName: "TOUCHPAD", properties: tapping, name: "bcm5974"), kind: .touchpad),
        Case(facts: DeviceFacts(hasGestureClass: true, typeName: "TOUCHPAD", properties: tapping,
                                name: "Apple Inc. Magic Trackpad 2"), kind: .touchpad),
        Case(facts: DeviceFacts(hasGestureClass: true, typeName: "TOUCHPAD", properties: tapping,
                                name: "AlpsPS/2 ALPS GlidePoint"), kind: .touchpad),
        Case(facts: DeviceFacts(hasGestureClass: true, typeName: "TOUCHPAD", properties: tapping,
                                name: "Wacom Intuos Pro M Finger"), kind: .touchpad),
        // libinput on an X server before 2.4 (no gesture class reported): the type still says it.
        Case(facts: DeviceFacts(typeName: "TOUCHPAD", properties: tapping, name: "bcm5974"), kind: .touchpad),
        // A driver that sets no type but libinput's tapping property is there.
        Case(facts: DeviceFacts(properties: tapping, name: "ELAN0501:00 04F3:3060"), kind: .touchpad),
        // xf86-input-synaptics / evdev: type TOUCHPAD, no gesture class.
        Case(facts: DeviceFacts(typeName: "TOUCHPAD", name: "AlpsPS/2 ALPS GlidePoint"), kind: .touchpad),
        // xf86-input-wacom finger touch on an Intuos: type TOUCH, dependent touch class.
        Case(facts: DeviceFacts(touchMode: "dependent", typeName: "TOUCH", name: "Wacom Intuos5 touch M Finger touch"),
             kind: .touchpad),
        // Touchscreens: a direct touch class, whatever the name says.
        Case(facts: DeviceFacts(touchMode: "direct", typeName: "TOUCHSCREEN", name: "ELAN Touchscreen"), kind: .touchscreen),
        Case(facts: DeviceFacts(touchMode: "direct", typeName: "TOUCH", name: "Wacom Cintiq 13HD touch Finger touch"),
             kind: .touchscreen),
        Case(facts: DeviceFacts(touchMode: "direct", name: "Atmel maXTouch Digitizer"), kind: .touchscreen),
        // A single-touch screen X drives as a pointer: nothing to read as touches.
        Case(facts: DeviceFacts(typeName: "TOUCHSCREEN", name: "eGalax Inc. USB TouchController"), kind: .other),
        // Mice and the rest.
        Case(facts: DeviceFacts(typeName: "MOUSE", name: "Logitech USB Receiver"), kind: .other),
        Case(facts: DeviceFacts(typeName: "MOUSE", name: "TPPS/2 IBM TrackPoint"), kind: .other),
        Case(facts: DeviceFacts(name: "Virtual core XTEST pointer"), kind: .other),
        // The name, only when nothing else says anything.
        Case(facts: DeviceFacts(name: "SynPS/2 Synaptics TouchPad"), kind: .touchpad),
    ]

    @Test(arguments: cases)
    func kindIsWhatTheDeviceIs(_ c: Case) {
        let (kind, reason) = DeviceKindRule.decide(c.facts)
        #expect(kind == c.kind, "\(c.facts.name): \(reason)")
        #expect(!reason.isEmpty)
    }

    @Test func aMouseNamedTouchpadIsTrustedOnlyWithoutAType() {
        // A driver's type outranks the name: a mouse is a mouse.
        #expect(DeviceKindRule.decide(DeviceFacts(typeName: "MOUSE", name: "Touchpad-shaped mouse")).kind == .other)
        #expect(DeviceKindRule.decide(DeviceFacts(name: "Touchpad-shaped mouse")).kind == .touchpad)
    }

    @Test func theReasonSaysWhatDecided() {
        #expect(DeviceKindRule.decide(DeviceFacts(hasGestureClass: true, name: "bcm5974")).reason.contains("gesture"))
        #expect(DeviceKindRule.decide(DeviceFacts(typeName: "TOUCHPAD", name: "x")).reason.contains("TOUCHPAD"))
        #expect(DeviceKindRule.decide(DeviceFacts(name: "My Trackpad")).reason.contains("name"))
    }
}

@Suite struct TouchFollowerTests {
    let key = TouchFollower.Key(device: 10, touch: 7)

    @Test func aTouchHandedBackIsFollowedThroughRawEvents() {
        var f = TouchFollower()
        // Both streams carry it while the grab holds it; raw lands 5 px off.
        f.grab(key, at: Point(x: 100, y: 200))
        #expect(f.raw(key, at: Point(x: 95, y: 200), ended: false) == .ignore)
        f.grab(key, at: Point(x: 110, y: 200))
        #expect(f.raw(key, at: Point(x: 105, y: 200), ended: false) == .ignore)
        // grab-timeout: rejected while the finger is down.
        f.decided(key, accepted: false)
        #expect(f.followed == 1)
        // X ends it for us at once: not a lift.
        #expect(f.grabEnd(key) == false)
        // Its motion and its real lift come from raw events, on root coordinates.
        #expect(f.raw(key, at: Point(x: 145, y: 210), ended: false) == .follow(Point(x: 150, y: 210), ended: false))
        #expect(f.raw(key, at: Point(x: 185, y: 210), ended: true) == .follow(Point(x: 190, y: 210), ended: true))
        #expect(f.followed == 0)
        #expect(f.raw(key, at: Point(x: 185, y: 210), ended: false) == .ignore)
    }

    @Test func aTouchThatLiftedBeforeItWasRejectedEndsThere() {
        var f = TouchFollower()
        f.grab(key, at: Point(x: 100, y: 200))
        _ = f.raw(key, at: Point(x: 100, y: 200), ended: true)
        f.decided(key, accepted: false)
        #expect(f.followed == 0)
        #expect(f.grabEnd(key) == true)
    }

    @Test func anAcceptedTouchStaysWithTheGrab() {
        var f = TouchFollower()
        f.grab(key, at: Point(x: 100, y: 200))
        f.decided(key, accepted: true)
        #expect(f.raw(key, at: Point(x: 120, y: 200), ended: false) == .ignore)
        #expect(f.grabEnd(key) == true)
        // Touches nobody grabbed are never forwarded from raw events.
        #expect(f.raw(.init(device: 10, touch: 8), at: .zero, ended: false) == .ignore)
    }
}

/// `_NET_DESKTOP_LAYOUT` grids: which workspace a direction leads to.
@Suite struct DesktopLayoutTests {
    @Test func withoutALayoutWorkspacesAreOneRow() {
        let l = DesktopLayout([], count: 4)
        #expect(l.target(from: 1, .right, count: 4) == .success(2))
        #expect(l.target(from: 1, .left, count: 4) == .success(0))
        #expect(l.target(from: 1, .up, count: 4) == .failure(.init(text: "no workspace up of workspace 2")))
        #expect(l.target(from: 3, .next, count: 4) == .failure(.init(text: "already on the last workspace")))
        #expect(l.target(from: 0, .previous, count: 4) == .failure(.init(text: "already on the first workspace")))
        #expect(l.target(from: 0, .number(4), count: 4) == .success(3))
        #expect(l.target(from: 0, .number(5), count: 4) == .failure(.init(text: "there are 4 workspaces, no 5")))
    }

    @Test func aTwoByTwoGridRowsFirst() {
        // 0 1
        // 2 3
        let l = DesktopLayout([0, 2, 2, 0], count: 4)
        #expect(l.target(from: 0, .down, count: 4) == .success(2))
        #expect(l.target(from: 2, .right, count: 4) == .success(3))
        #expect(l.target(from: 3, .up, count: 4) == .success(1))
        #expect(l.target(from: 1, .right, count: 4) == .failure(.init(text: "no workspace right of workspace 2")))
    }

    @Test func aColumnLikeMuffinsAndCornersOtherThanTopLeft() {
        // Columns first, one column (rows worked out from the count): 0 above 1 above 2.
        let column = DesktopLayout([1, 1, 0, 0], count: 3)
        #expect(column.rows == 3 && column.columns == 1)
        #expect(column.target(from: 0, .down, count: 3) == .success(1))
        #expect(column.target(from: 0, .right, count: 3) == .failure(.init(text: "no workspace right of workspace 1")))
        // Rows first from the top-right corner: 1 0 / 3 2.
        let mirrored = DesktopLayout([0, 2, 2, 1], count: 4)
        #expect(mirrored.target(from: 0, .left, count: 4) == .success(1))
        #expect(mirrored.target(from: 0, .down, count: 4) == .success(2))
        // A grid cell past the count is no workspace: 3 workspaces in 2x2.
        #expect(DesktopLayout([0, 2, 2, 0], count: 3).target(from: 1, .down, count: 3)
                == .failure(.init(text: "no workspace down of workspace 2")))
    }
}

/// A touchpad's size from udev's database entry (what libinput reads too).
@Suite struct DeviceSizeTests {
    @Test(arguments: [
        ("E:ID_INPUT=1\nE:ID_INPUT_TOUCHPAD=1\nE:ID_INPUT_WIDTH_MM=105\nE:ID_INPUT_HEIGHT_MM=68\nG:seat\n", Size(width: 105, height: 68)),
        ("E:ID_INPUT_WIDTH_MM=105\n", nil),
        ("E:ID_INPUT_WIDTH_MM=0\nE:ID_INPUT_HEIGHT_MM=68\n", nil),
        ("", nil),
    ])
    func udevSizes(data: String, size: Size?) {
        #expect(DeviceSize.parse(udevData: data) == size)
    }
}
