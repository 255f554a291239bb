import CX11
import GestureCore

/// Listens to touches and touchpad gestures on the root window as a
/// ListenPlan says, and turns what X delivers into the engine's input.
public final class XIListener {
    public let connection: XConnection
    public let xi: XInput
    public let windows: WindowClasses
    public let monitors: Monitors
    private var lastScreen: GestureCore.Screen
    public private(set) var devices: [XDevice] = []
    public private(set) var plan = ListenPlan()
    /// What actually listens (a refused selection falls back to raw events).
    public private(set) var active = ListenPlan()
    private var time = ServerTime()
    private var lastWindow: WindowContext? = nil
    /// Grabbed touches awaiting accept/reject: (source device, touch) → the
    /// master device the grab delivered them through.
    private var pending: [TouchKey: Int32] = [:]
    private var lastRaw: [TouchKey: Point] = [:]
    /// Touches handed back to applications that the engine still follows.
    private var follower = TouchFollower()
    /// Where each device's raw axes land on the screen (its CTM), read once
    /// per device and again when devices or the screen change.
    private var rawAreas: [Int32: (x: Double, y: Double, width: Double, height: Double)] = [:]
    /// The touchpads whose gestures are grabbed.
    private var gestureGrabbed: [Int32] = []
    /// The X time of the last touch or gesture event (EWMH messages carry it).
    public private(set) var lastEventTime: UInt = 0
    /// The keyboard layout changed (MappingNotify).
    public var onMappingChanged: () -> Void = {}

    typealias TouchKey = TouchFollower.Key

    /// `connection`: one whose events XCB reads (`XConnection(events: .xcb)`).
    public init(connection: XConnection) throws(XConnectionError) {
        precondition(connection.events == .xcb, "XIListener reads its events through XCB")
        self.connection = connection
        xi = try XInput(connection)
        windows = WindowClasses(connection: connection)
        monitors = Monitors(connection: connection)
        lastScreen = monitors.screen
        devices = XDevice.query(connection)
    }

    /// Engine devices for the touch-capable ones; touchscreens with the
    /// output they are mapped to.
    public var engineDevices: [Device] {
        let outputs = lastScreen.outputs
        return devices.filter { $0.kind != .other && $0.enabled }.map { d in
            var dev = d.device
            if d.kind == .touchscreen { dev.output = monitors.mappedOutput(device: d.id, outputs: outputs) }
            return dev
        }
    }

    // MARK: Listening

    /// Grabs and selects what `plan` asks for, releasing what the old plan held.
    /// Returns problems worth telling the user (a refused selection, no XI 2.4).
    @discardableResult
    public func apply(_ plan: ListenPlan) -> [String] {
        var notes: [String] = []
        let d = connection.dpy, root = connection.root
        ungrabAll()
        self.plan = plan
        var want = plan
        if !xi.hasGestures && (plan.swipes != .none || plan.pinches != .none) {
            notes.append("the X server speaks XInput \(xi.major).\(xi.minor): touchpad gestures need 2.4; touchpad bindings will not fire")
            want.swipes = .none
            want.pinches = .none
        }
        _ = connection.takeErrors()

        // Passive grabs on the root: the desktop (parent) takes touches first.
        if want.touches == .grab {
            var mask = Mask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership])
            var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
            mask.with(XIAllMasterDevices) { m in _ = XIGrabTouchBegin(d, XIAllMasterDevices, root, 0, &m, 1, &mods) }
        }
        active = want
        grabGestures(of: devices)
        // Selections on the root: only one client may select touch or gesture events there.
        var selected: [Int32] = []
        if want.touches == .select { selected += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        if want.swipes == .select { selected += [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd] }
        if want.pinches == .select { selected += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        // With a grab, raw touches too: a touch handed back to the applications
        // is followed through them (TouchFollower).
        select(master: selected, raw: want.touches == .raw || want.touches == .grab)
        connection.sync()
        active = want
        let refused = connection.takeErrors().filter { $0.code == UInt8(BadAccess) }
        if !refused.isEmpty && !selected.isEmpty {
            notes.append("another client already selects touch or gesture events on the root window (touchegg, "
                + "another gesture daemon?); listening to raw touch events instead, so applications also see "
                + "those touches, and touchpad gestures are off")
            active = ListenPlan(touches: want.touches == .none ? .none : .raw)
            select(master: [], raw: active.touches == .raw)
            connection.sync()
            _ = connection.takeErrors()
        }
        return notes
    }

    /// Our root selections: touches, gestures and raw touches for the master
    /// devices (raw events selected for all devices would come twice, from
    /// the slave and again through its master); hierarchy changes for all
    /// devices.
    private func select(master: [Int32], raw: Bool) {
        var m1 = Mask(master + (raw ? [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd] : []))
        var m2 = Mask([XI_HierarchyChanged])
        m1.with(XIAllMasterDevices) { a in
            m2.with(XIAllDevices) { b in
                var both = [a, b]
                _ = XISelectEvents(connection.dpy, connection.root, &both, 2)
            }
        }
    }

    /// Touchpad gestures are grabbed per touchpad (its slave device), not on
    /// the master pointer: an active grab of the master would also take the
    /// pointer events the bridge itself sends through XTest during the
    /// gesture (a three-finger drag's button and motion would never reach
    /// the window).
    private func grabGestures(of list: [XDevice]) {
        guard active.swipes == .grab || active.pinches == .grab else { return }
        let d = connection.dpy, root = connection.root
        for dev in list where dev.kind == .touchpad && dev.enabled && !gestureGrabbed.contains(dev.id) {
            var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
            if active.swipes == .grab {
                var mask = Mask([XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd])
                mask.with(dev.id) { m in _ = XIGrabSwipeGestureBegin(d, dev.id, root, XIGrabModeAsync, XIGrabModeAsync, 0, &m, 1, &mods) }
            }
            if active.pinches == .grab {
                var mask = Mask([XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd])
                mask.with(dev.id) { m in _ = XIGrabPinchGestureBegin(d, dev.id, root, XIGrabModeAsync, XIGrabModeAsync, 0, &m, 1, &mods) }
            }
            gestureGrabbed.append(dev.id)
        }
    }

    private func ungrabAll() {
        guard connection.alive else { return }
        var mods = XIGrabModifiers(modifiers: Int32(bitPattern: cx_XIAnyModifier()), status: 0)
        let d = connection.dpy, root = connection.root
        if active.touches == .grab { XIUngrabTouchBegin(d, XIAllMasterDevices, root, 1, &mods) }
        for id in gestureGrabbed {
            XIUngrabSwipeGestureBegin(d, id, root, 1, &mods)
            XIUngrabPinchGestureBegin(d, id, root, 1, &mods)
        }
        gestureGrabbed.removeAll()
        // Touches still held by our grab go back to the applications.
        for (key, master) in pending { allow(master, key.touch, accept: false) }
        pending.removeAll()
        follower.reset()
        active = ListenPlan()
    }

    /// Lets go of everything (exit, reload with another plan).
    public func stop() {
        ungrabAll()
        select(master: [], raw: false)
        connection.flush()
    }

    // MARK: Events

    /// Hands `emit` each input X sent, with its engine time: what one read of
    /// the socket brought when `readSocket` (poll said it is readable),
    /// else only what an earlier round trip already read.
    public func drain(now: Double, readSocket: Bool = true, _ emit: (Input, Double) -> Void) {
        let opcode = UInt8(truncatingIfNeeded: xi.opcode)
        connection.drain(readSocket: readSocket, onMappingChanged: onMappingChanged, generic: { event in
            let ge = event.assumingMemoryBound(to: xcb_ge_generic_event_t.self)
            guard ge.pointee.extension == opcode else { return }
            handle(Int32(ge.pointee.event_type), event, now: now, emit)
        }, other: { ev in
            guard monitors.changed(&ev) else { return }
            // A monitor plugged, unplugged, moved or resized: edges follow.
            let screen = monitors.screen
            rawAreas.removeAll()
            if screen != lastScreen {
                lastScreen = screen
                emit(.screenChanged(screen), now)
                // Touchscreens' mapped outputs may have changed with them.
                for dev in engineDevices where dev.kind == .touchscreen { emit(.deviceAdded(dev), now) }
            }
        })
    }

    private func handle(_ type: Int32, _ event: UnsafeRawPointer, now: Double, _ emit: (Input, Double) -> Void) {
        switch type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = event.load(as: xcb_input_touch_begin_event_t.self)
            guard let input = XIEventConverter.touch(e) else { return }
            let t = time.seconds(UInt(e.time), now: now)
            lastEventTime = UInt(e.time)
            let key = TouchKey(device: Int32(e.sourceid), touch: e.detail)
            if type == XI_TouchBegin {
                context(Window(e.child), t, emit)
                // Through our grab: it waits for accept or reject.
                if active.touches == .grab { pending[key] = Int32(e.deviceid) }
            }
            if active.touches == .grab {
                if type == XI_TouchEnd {
                    // The end X sends for a touch we handed back: the finger is still down.
                    guard follower.grabEnd(key) else { return }
                } else {
                    follower.grab(key, at: Point(x: XIEventConverter.fixed(e.root_x), y: XIEventConverter.fixed(e.root_y)))
                }
            }
            emit(input, t)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let e = event.load(as: xcb_input_gesture_swipe_begin_event_t.self)
            let t = time.seconds(UInt(e.time), now: now)
            lastEventTime = UInt(e.time)
            if type == XI_GestureSwipeBegin { context(Window(e.child), t, emit) }
            XIEventConverter.swipe(e).map { emit($0, t) }
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = event.load(as: xcb_input_gesture_pinch_begin_event_t.self)
            let t = time.seconds(UInt(e.time), now: now)
            lastEventTime = UInt(e.time)
            if type == XI_GesturePinchBegin { context(Window(e.child), t, emit) }
            XIEventConverter.pinch(e).map { emit($0, t) }
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            let raw = event.assumingMemoryBound(to: xcb_input_raw_touch_begin_event_t.self)
            let e = raw.pointee
            let key = TouchKey(device: Int32(e.sourceid), touch: e.detail)
            // With a grab, only the raw events of touches handed back (or
            // that may be) matter.
            if active.touches == .grab && !follower.wantsRaw(key) {
                if type == XI_RawTouchEnd { lastRaw[key] = nil }
                return
            }
            guard let dev = devices.first(where: { $0.id == Int32(e.sourceid) }), dev.kind != .other else { return }
            guard let input = XIEventConverter.rawTouch(raw, device: dev, area: rawArea(dev.id), last: lastRaw[key])
            else { return }
            var p = Point.zero, ended = false
            switch input {
            case .touchBegin(_, _, let q), .touchUpdate(_, _, let q): lastRaw[key] = q; p = q
            case .touchEnd(_, _, let q): lastRaw[key] = nil; p = q; ended = true
            default: return
            }
            let t = time.seconds(UInt(e.time), now: now)
            if active.touches == .raw { return emit(input, t) }
            guard active.touches == .grab,
                  case .follow(let root, let end) = follower.raw(key, at: p, ended: ended) else { return }
            let d = DeviceID(e.sourceid), id = TouchID(truncatingIfNeeded: e.detail)
            emit(end ? .touchEnd(device: d, touch: id, at: root) : .touchUpdate(device: d, touch: id, at: root), t)
        case XI_HierarchyChanged:
            let before = Dictionary(uniqueKeysWithValues: engineDevices.map { ($0.id, $0) })
            devices = XDevice.query(connection)
            rawAreas.removeAll()
            gestureGrabbed.removeAll { id in !devices.contains { $0.id == id } }
            grabGestures(of: devices)   // a touchpad plugged in
            let after = Dictionary(uniqueKeysWithValues: engineDevices.map { ($0.id, $0) })
            for (id, _) in before where after[id] == nil { emit(.deviceRemoved(id), now) }
            for (id, dev) in after where before[id] == nil { emit(.deviceAdded(dev), now) }
        default:
            return
        }
    }

    /// A window event when the application under the touch changes.
    private func context(_ child: Window, _ t: Double, _ emit: (Input, Double) -> Void) {
        let ctx = windows.context(of: child)
        if ctx != lastWindow {
            lastWindow = ctx
            emit(.window(ctx), t)
        }
    }

    // MARK: Accept / reject

    /// The engine decided a touch: accept it (applications never see it) or
    /// reject it (X replays it to them at once). Only grabbed touches wait.
    public func decide(device: DeviceID, touch: TouchID, claimed: Bool) {
        let key = TouchKey(device: device, touch: touch)
        guard let master = pending.removeValue(forKey: key) else { return }
        follower.decided(key, accepted: claimed)
        allow(master, touch, accept: claimed)
    }

    /// Where a device's raw axes land on the screen.
    private func rawArea(_ device: Int32) -> (x: Double, y: Double, width: Double, height: Double) {
        if let a = rawAreas[device] { return a }
        let a = monitors.area(device: device)
        rawAreas[device] = a
        return a
    }

    private func allow(_ master: Int32, _ touch: UInt32, accept: Bool) {
        guard connection.alive else { return }
        XIAllowTouchEvents(connection.dpy, master, touch, connection.root,
                           accept ? Int32(XIAcceptTouch) : Int32(XIRejectTouch))
        connection.queued()   // sent by the daemon's flush at the end of this wakeup
    }

    /// Touches waiting for a decision (for tests and --verbose).
    public var undecided: Int { pending.count }
    /// Touches handed back to applications that the engine still follows.
    public var followed: Int { follower.followed }
}

extension Int32 {
    var touchID: UInt32 { UInt32(bitPattern: self) }
}

/// An XI2 event mask for one device id.
struct Mask {
    var bytes: [UInt8]
    init(_ events: [Int32]) {
        bytes = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
        for e in events { cx_XISetMask(&bytes, e) }
    }
    mutating func with(_ device: Int32, _ body: (inout XIEventMask) -> Void) {
        bytes.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
            body(&m)
        }
    }
}
