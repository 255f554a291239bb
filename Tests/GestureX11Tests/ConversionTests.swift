import CX11
import GestureCore
@testable import GestureX11
import Testing

/// XI2 events as XCB delivers them off the wire (16.16 and 32.32 fixed
/// point), built by hand, converted to engine input.
@Suite struct ConversionTests {
    static func fp(_ v: Double) -> xcb_input_fp1616_t { Int32((v * 65536).rounded()) }

    func deviceEvent(_ type: Int32, detail: UInt32, x: Double, y: Double) -> xcb_input_touch_begin_event_t {
        var e = xcb_input_touch_begin_event_t()
        e.response_type = UInt8(GenericEvent)
        e.event_type = UInt16(type)
        e.deviceid = 2          // the master pointer the grab delivers through
        e.sourceid = 11         // the touchscreen
        e.detail = detail       // the touch id
        e.root_x = Self.fp(x)
        e.root_y = Self.fp(y)
        e.event_x = Self.fp(x - 100)     // window-relative: not what the engine wants
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

    /// 16.16 fixed point: negative values, fractions, and the extremes.
    @Test(arguments: [(Int32(-65536 * 3 - 32768), -3.5), (Int32(1), 1.0 / 65536), (Int32.min, -32768.0),
                      (Int32(0x0001_8000), 1.5)])
    func fixedPoint(_ wire: Int32, _ value: Double) {
        #expect(XIEventConverter.fixed(wire) == value)
    }

    @Test func fixedPoint3232() {
        #expect(XIEventConverter.fixed(xcb_input_fp3232_t(integral: -2, frac: 0x8000_0000)) == -1.5)
        #expect(XIEventConverter.fixed(xcb_input_fp3232_t(integral: 4095, frac: 0)) == 4095)
    }

    @Test func swipes() {
        var e = xcb_input_gesture_swipe_begin_event_t()
        e.sourceid = 12
        e.detail = 3
        e.event_type = UInt16(XI_GestureSwipeBegin)
        e.root_x = Self.fp(500)
        e.root_y = Self.fp(400)
        #expect(XIEventConverter.swipe(e) == .swipeBegin(device: 12, fingers: 3, at: Point(x: 500, y: 400)))
        e.event_type = UInt16(XI_GestureSwipeUpdate)
        e.delta_x = Self.fp(-12.5)
        e.delta_y = Self.fp(0.75)
        e.delta_unaccel_x = Self.fp(-40)
        e.delta_unaccel_y = Self.fp(2)
        #expect(XIEventConverter.swipe(e) == .swipeUpdate(device: 12, fingers: 3, delta: Point(x: -12.5, y: 0.75),
                                                           unaccelerated: Point(x: -40, y: 2)))
        e.event_type = UInt16(XI_GestureSwipeEnd)
        e.flags = UInt32(XIGestureSwipeEventCancelled)
        #expect(XIEventConverter.swipe(e) == .swipeEnd(device: 12, fingers: 3, cancelled: true))
        e.flags = 0
        #expect(XIEventConverter.swipe(e) == .swipeEnd(device: 12, fingers: 3, cancelled: false))
    }

    @Test func pinches() {
        var e = xcb_input_gesture_pinch_begin_event_t()
        e.sourceid = 12
        e.detail = 2
        e.event_type = UInt16(XI_GesturePinchUpdate)
        e.delta_x = Self.fp(1)
        e.delta_y = Self.fp(2)
        e.scale = Self.fp(1.25)
        e.delta_angle = Self.fp(-3.5)
        #expect(XIEventConverter.pinch(e) == .pinchUpdate(device: 12, fingers: 2, delta: Point(x: 1, y: 2), scale: 1.25, angleDelta: -3.5))
        e.event_type = UInt16(XI_GesturePinchEnd)
        e.flags = UInt32(XIGesturePinchEventCancelled)
        #expect(XIEventConverter.pinch(e) == .pinchEnd(device: 12, fingers: 2, cancelled: true))
    }

    @Test func rawTouchesAreScaledOntoTheScreen() {
        let dev = XDevice(id: 11, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10, enabled: true,
                          xRange: 0...4095, yRange: 0...4095)
        let input = RawTouchEvent(XI_RawTouchBegin, touch: 7, mask: 0b11, values: [4095, 2047.5]).convert(dev, nil)
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

    /// The first event read 30 ms after X stamped it, the next ones at
    /// once: none is given a time after it was read (a frame stamped in
    /// the future would be judged only when the clock gets there, a wakeup
    /// of its own), and one frame's events still share a time.
    @Test func serverTimeNeverRunsAheadOfTheRead() {
        var s = ServerTime()
        #expect(s.seconds(1000, now: 50.030) == 50.030)
        let next = s.seconds(1040, now: 50.0401)        // read 0.1 ms after its stamp
        #expect(next <= 50.0401 && next >= 50.030)     // and never before an earlier event's time
        let frame = s.seconds(1052, now: 50.0522)
        #expect(frame <= 50.0522 && abs(frame - 50.0522) < 0.0002)
        #expect(s.seconds(1052, now: 50.0530) == frame)  // the rest of the frame, split across reads
        // A server whose clock drifted away (events read 0.6 s after their stamp): the local clock leads.
        #expect(abs(s.seconds(1064, now: 50.6641) - 50.6641) < 1e-9)
    }

    /// A local Xorg stamps with our monotonic clock: a stamp is its own
    /// time, however late it is read, and a frame split across reads one time.
    @Test func serverTimeOnOurOwnClockIsTheStamp() {
        var s = ServerTime()
        #expect(s.seconds(50_000, now: 50.030) == 50.0)        // read 30 ms late: still its stamp
        #expect(s.sameClock)
        #expect(s.seconds(50_040, now: 50.0401) == 50.04)
        #expect(s.seconds(50_052, now: 50.0522) == 50.052)
        #expect(s.seconds(50_052, now: 50.1900) == 50.052)     // the rest of the frame, 138 ms later
        #expect(s.seconds(50_100, now: 50.700) == 50.1)        // a stall of 0.6 s moves nothing
        #expect(s.seconds(50_702, now: 50.700) == 50.702)      // 2 ms ahead of the tick clock
        #expect(s.seconds(51_300, now: 50.800) == 51.3)        // 0.5 s ahead: a tick clock lagging under load
        #expect(s.sameClock)
        // Past our clock's wrap of X's 32 bits (uptime beyond 49.7 days).
        var w = ServerTime()
        #expect(abs(w.seconds(1_000, now: 4_294_967.296 + 1.004) - (4_294_967.296 + 1.0)) < 1e-6)
        #expect(w.sameClock)
        // Stamped a second after it was read: another machine's clock after all.
        var r = ServerTime()
        _ = r.seconds(50_000, now: 50.01)
        #expect(r.seconds(52_000, now: 50.02) == 50.02)
        #expect(!r.sameClock)
        // A first stamp 200 ms ahead of a lagging tick clock: ours.
        var l = ServerTime()
        #expect(l.seconds(50_200, now: 50.0) == 50.2)
        #expect(l.sameClock)
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

    /// What each kind of gesture asks of touchpads (`GestureKind.needs`):
    /// swipe events feed drag and swipe, pinch events magnify and rotate.
    @Test(arguments: [("tap", false, false), ("longPress", false, false), ("drag", true, false), ("swipe", true, false),
                      ("magnify", false, true), ("rotate", false, true), ("hold", false, false)])
    func planAsksForWhatEachKindNeeds(_ name: String, _ swipes: Bool, _ pinches: Bool) throws {
        let spec = try #require(GestureKind.named(name)).kind.make()
        let plan = ListenPlan(table: GestureTable(desktop: [Binding(name: "x", gesture: spec, priority: .high)]))
        #expect(plan == ListenPlan(touches: .grab, swipes: swipes ? .grab : .none, pinches: pinches ? .grab : .none))
        // In a composition, the parts' needs add up.
        let both = GestureSpec.simultaneously(spec, .tap(TapSpec()))
        #expect(ListenPlan(table: GestureTable(desktop: [Binding(name: "x", gesture: both, priority: .normal)]))
            == ListenPlan(touches: .select, swipes: swipes ? .select : .none, pinches: pinches ? .select : .none))
    }
}

/// A raw touch event as XCB hands it over: the fixed part, then the
/// valuator mask, then one 32.32 value per bit set, then the unaccelerated
/// values (which the conversion must not take for the accelerated ones).
struct RawTouchEvent {
    var bytes: [UInt8]

    init(_ type: Int32, deliveredBy deviceid: UInt16 = 2, touch: UInt32, mask: UInt32, values: [Double]) {
        var e = xcb_input_raw_touch_begin_event_t()
        e.response_type = UInt8(GenericEvent)
        e.event_type = UInt16(type)
        e.deviceid = deviceid   // the master pointer: raw touches are selected on the masters
        e.sourceid = 11         // the touchscreen
        e.detail = touch
        e.valuators_len = 1
        bytes = withUnsafeBytes(of: e) { Array($0) }
        withUnsafeBytes(of: mask) { bytes += $0 }
        for v in values + values.map { $0 * 1000 } {   // accelerated, then raw
            let integral = Int32(v.rounded(.down))
            let value = xcb_input_fp3232_t(integral: integral, frac: UInt32((v - Double(integral)) * 4_294_967_296))
            withUnsafeBytes(of: value) { bytes += $0 }
        }
    }

    func convert(_ dev: GestureX11.XDevice, _ last: Point?, area: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 1920, 1080)) -> Input? {
        bytes.withUnsafeBytes { b in
            XIEventConverter.rawTouch(b.baseAddress!.assumingMemoryBound(to: xcb_input_raw_touch_begin_event_t.self),
                                      device: dev, area: area, last: last)
        }
    }
}

@Suite struct RawTouchTests {
    let dev = XDevice(id: 11, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10, enabled: true,
                      xRange: 0...4095, yRange: 0...4095)

    @Test(arguments: [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd])
    func throughTheMasterIsTheSlavesTouch(_ type: Int32) {
        let input = RawTouchEvent(type, touch: 5, mask: 0b11, values: [1000, 2000]).convert(dev, nil, area: (0, 0, 4095, 4095))
        let p = Point(x: 1000, y: 2000)
        switch type {
        case XI_RawTouchBegin: #expect(input == .touchBegin(device: 11, touch: 5, at: p))
        case XI_RawTouchUpdate: #expect(input == .touchUpdate(device: 11, touch: 5, at: p))
        default: #expect(input == .touchEnd(device: 11, touch: 5, at: p))
        }
    }

    /// An update that moved along one axis carries only that valuator: the
    /// other comes from where the touch last was.
    @Test func oneAxisMovedKeepsTheOther() {
        let onlyY = RawTouchEvent(XI_RawTouchUpdate, touch: 5, mask: 0b10, values: [2047.5]).convert(dev, Point(x: 100, y: 0))
        #expect(onlyY == .touchUpdate(device: 11, touch: 5, at: Point(x: 100, y: 540)))
        let onlyX = RawTouchEvent(XI_RawTouchUpdate, touch: 5, mask: 0b01, values: [0]).convert(dev, Point(x: 100, y: 7))
        #expect(onlyX == .touchUpdate(device: 11, touch: 5, at: Point(x: 0, y: 7)))
        // Neither axis and no earlier position: nothing to say.
        #expect(RawTouchEvent(XI_RawTouchBegin, touch: 5, mask: 0b100, values: [3]).convert(dev, nil) == nil)
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

    /// A touchscreen's size from X's valuators, where its driver declares
    /// their resolution (evdev: the kernel's units per mm × 1000, XI2's
    /// units per metre): ts17's LUMIO panel, 0…32767 at 87 and 109 per mm,
    /// is 376.6 × 300.6 mm. xf86-input-libinput's 0…65535 at 0 carries none.
    @Test func valuatorSizes() {
        let s = DeviceSize.of(x: 0...32767, 87_000, y: 0...32767, 109_000)
        #expect(s.map { abs($0.width - 376.63) < 0.01 && abs($0.height - 300.61) < 0.01 } == true)
        #expect(DeviceSize.of(x: 0...65535, 0, y: 0...65535, 0) == nil)
        #expect(DeviceSize.of(x: nil, 87_000, y: 0...32767, 109_000) == nil)
    }
}
