import CX11
import GestureCore

/// What the listener keeps from one XI2 event to the next, and the turning
/// of each event into the engine's input. One value: the listener is a
/// class, and every access to one of its stored properties is checked for
/// exclusivity at run time in the debug build (the shipped one checks when
/// compiling only: scripts/build-static.sh), so an event is one access to
/// this, not one per field (eight of them). It never calls back into the daemon: it returns
/// what to hand over, and the listener hands it over once it is done.
struct ListenerState {
    typealias TouchKey = TouchOwnership.Key
    typealias Area = (x: Double, y: Double, width: Double, height: Double)

    /// What actually listens (a refused selection falls back to raw events).
    var active = ListenPlan()
    var devices: [XDevice]
    /// X's stamps on the daemon's clock, and how late X delivers them: the
    /// engine's clock keeps behind by as much (DeliveryLag.swift).
    var clock = DeliveryClock()
    /// The X time of the last touch or gesture event (EWMH messages carry it).
    var lastEventTime: UInt = 0
    /// Which modifier bits are Alt and Super (read again on a new keymap).
    var modifierMap = ModifierMap.usual
    /// The modifiers the last begin carried (what the engine was told).
    var lastModifiers: Modifiers = []
    /// Who owns each grabbed touch: undecided, accepted, handed back and
    /// followed (TouchOwnership.swift).
    var touches = TouchOwnership()
    /// Touches the window manager took for its own gestures, since asked.
    var takenAbove = 0
    /// Where each touch was last, raw (an update may carry one axis only).
    var lastRaw = FewKeysMap<TouchKey, Point>()
    /// Where each device's raw axes land on the screen (its CTM): asked of
    /// X by the listener at the start, and after a read that found the
    /// devices or the screen changed, taken by a later drain (never here).
    var rawAreas = FewKeysMap<Int32, Area>()

    /// Touches selected, not grabbed, whose lift came flagged as a pending
    /// end (`convert`): X's end for each, when it comes, is dropped. The
    /// last `liftedEarlyKept`: an end the window manager never lets go of
    /// is forgotten (X never gives a touch id twice).
    var liftedEarly: [TouchKey] = []
    static let liftedEarlyKept = 16

    /// The sequence number of the rejection sent for each touch handed
    /// back whose grab end has not come yet (`rejectionSent`).
    var rejections = FewKeysMap<TouchKey, UInt32>()

    /// Whether the last read stopped inside a touchscreen frame (X writes
    /// its touches one by one): the daemon then reads the rest in one go.
    var frame = FrameGather()

    /// What a touch's or gesture's begin says besides its input, handed
    /// over before it: the modifier keys held, when they are others than
    /// the last, and the top-level window under it (0 or the root: the
    /// desktop; its application is the listener's to find, never asked here).
    struct Begin {
        var modifiers: Modifiers? = nil
        var window: Window? = nil
    }

    /// XI2 event `type`, as XCB delivered it, read at `now`: the input (at
    /// `time`), and what its begin says (`begin`). Asks X nothing: where a
    /// device's raw axes land is known already (`rawAreas`; a device whose
    /// matrix is not in yet maps onto the whole `screen` until the
    /// listener's refresh is answered). The input is returned alone, not in
    /// a struct beside the rest: it is copied once per event, not four
    /// times (docs/performance.md, "Per touch event").
    mutating func convert(_ type: Int32, _ event: UnsafeRawPointer, now: Double, screen: GestureCore.Screen,
                          time: inout Double, begin: inout Begin) -> Input? {
        switch type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = event.load(as: xcb_input_touch_begin_event_t.self)
            guard let input = XIEventConverter.touch(e) else { return nil }
            time = stamp(e.time, now: now)
            let key = TouchKey(device: Int32(e.sourceid), touch: e.detail)
            // The finger lifted while a client above us (the window manager's
            // grab) still owns the touch: X flags our update, and sends the
            // end only once the touch is decided there, perhaps never.
            let pendingEnd = type == XI_TouchUpdate && e.flags & UInt32(XITouchPendingEnd) != 0
            frame.saw(pendingEnd ? XI_TouchEnd : type, key, at: e.time)
            // With grabs on the top-level windows, a touch on the bare desktop
            // comes through our selection on the root instead: ours outright.
            let grabbed = active.touches == .grab && (active.touchGrab == .root || e.event != e.root)
            // One we handed back, come round through the selection (under
            // mutter it was taken for a fifth finger, mid-move).
            if !grabbed && active.touches == .grab && touches.cameRound(key, ended: type == XI_TouchEnd) { return nil }
            // Selected, not grabbed: the pending end is the lift, X's end later dropped.
            if !grabbed && (pendingEnd || type == XI_TouchEnd) {
                if let i = liftedEarly.firstIndex(of: key) {
                    if type == XI_TouchEnd { liftedEarly.remove(at: i) }
                    return nil
                }
                if pendingEnd {
                    liftedEarly.append(key)
                    if liftedEarly.count > Self.liftedEarlyKept { liftedEarly.removeFirst() }
                    return Self.lift(input)
                }
            }
            if type == XI_TouchBegin {
                begin.modifiers = modifiers(e.mods.effective)
                // Under a grab on the root, the top-level window is the child
                // the touch is in; under one on a top-level window, that window.
                begin.window = Window(e.event == e.root ? e.child : e.event)
            }
            if grabbed {
                let at = Point(x: XIEventConverter.fixed(e.root_x), y: XIEventConverter.fixed(e.root_y))
                switch type {
                case XI_TouchBegin:
                    // Through our grab: it waits for accept or reject.
                    let kind: Grab.Kind = active.touchGrab == .root ? .root(Window(e.event)) : .topLevel(Window(e.event))
                    _ = touches.on(.began(Grab(master: Int32(e.deviceid), kind: kind), at: at,
                                          raw: ownRaw(event, screen: screen)), key)
                case XI_TouchUpdate where pendingEnd:
                    // The lift, for a touch undecided or accepted (the table);
                    // the grab's end that comes later is dropped.
                    guard case .follow(_, ended: true) = touches.on(.pendingEnd(at: at), key) else { return nil }
                    return Self.lift(input)
                case XI_TouchUpdate:
                    // The table keeps only an undecided touch's moves: the
                    // others (most of a gesture's) are not put through it.
                    if touches.isUndecided(key) {
                        _ = touches.on(.moved(at: at, raw: ownRaw(event, screen: screen)), key)
                    }
                default:
                    // X numbers each event with the last request it had
                    // taken: an end numbered before our rejection is the lift.
                    let sentBefore = rejections.remove(key).map { Int32(bitPattern: e.full_sequence &- $0) < 0 } ?? false
                    switch touches.on(sentBefore ? .grabEndedBeforeRejection : .grabEnded, key) {
                    case .dropEnd: return nil   // X's end for a touch handed back (the finger is still down), or one whose raw end was its lift
                    case .lift(takenAbove: true): takenAbove += 1
                    default: break
                    }
                }
            }
            return input
        case XI_TouchOwnership:
            // The client above us (the window manager) rejected the touch.
            let e = event.load(as: xcb_input_touch_ownership_event_t.self)
            let key = TouchKey(device: Int32(e.sourceid), touch: e.touchid)
            _ = touches.on(.handedDown, key)
            return nil
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let e = event.load(as: xcb_input_gesture_swipe_begin_event_t.self)
            time = stamp(e.time, now: now)
            if type == XI_GestureSwipeBegin { gestureBegins(&begin, e.mods.effective, e.child) }
            return XIEventConverter.swipe(e)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = event.load(as: xcb_input_gesture_pinch_begin_event_t.self)
            time = stamp(e.time, now: now)
            if type == XI_GesturePinchBegin { gestureBegins(&begin, e.mods.effective, e.child) }
            return XIEventConverter.pinch(e)
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            return rawTouch(type, event.assumingMemoryBound(to: xcb_input_raw_touch_begin_event_t.self), now: now,
                            screen: screen, time: &time)
        default:
            return nil
        }
    }

    /// A touch's update flagged as its pending end, as its end.
    private static func lift(_ input: Input) -> Input {
        guard case .touchUpdate(let d, let id, let p) = input else { return input }
        return .touchEnd(device: d, touch: id, at: p)
    }

    /// A raw touch: the touch itself when listening to raw touches; with a
    /// grab, the motion and lift of a touch handed back to the applications.
    private mutating func rawTouch(_ type: Int32, _ raw: UnsafePointer<xcb_input_raw_touch_begin_event_t>, now: Double,
                                   screen: GestureCore.Screen, time t: inout Double) -> Input? {
        let e = raw.pointee
        let key = TouchKey(device: Int32(e.sourceid), touch: e.detail)
        // With a grab, only the raw events of touches handed back (or that
        // may be) matter: most of a gesture's are skipped unread.
        if active.touches == .grab && !touches.wantsRaw(key) {
            if type == XI_RawTouchEnd { lastRaw[key] = nil }
            return nil
        }
        // Found in place (a copy of the device, three strings, was retained and released per event).
        guard let i = devices.firstIndex(where: { $0.id == Int32(e.sourceid) }), devices[i].kind != .other else { return nil }
        guard let input = XIEventConverter.rawTouch(raw, device: devices[i],
                                                    area: rawArea(devices[i].id, screen: screen),
                                                    last: lastRaw[key])
        else { return nil }
        var p = Point.zero, ended = false
        switch input {
        case .touchBegin(_, _, let q), .touchUpdate(_, _, let q): lastRaw[key] = q; p = q
        case .touchEnd(_, _, let q): lastRaw[key] = nil; p = q; ended = true
        default: return nil
        }
        t = clock.stamped(UInt(e.time), now: now)
        if active.touches == .raw { return input }
        guard active.touches == .grab,
              case .follow(let root, let end) = touches.on(.raw(at: p, ended: ended), key) else { return nil }
        let d = DeviceID(e.sourceid), id = TouchID(truncatingIfNeeded: e.detail)
        return end ? .touchEnd(device: d, touch: id, at: root) : .touchUpdate(device: d, touch: id, at: root)
    }

    /// Under our grab on the root, where a grabbed touch event's own
    /// valuators put the touch, mapped as its raw events are (the offset,
    /// should it be handed back: raw events are not selected meanwhile).
    /// Below the window manager raw events are, and say it.
    private func ownRaw(_ event: UnsafeRawPointer, screen: GestureCore.Screen) -> Point? {
        guard active.touchGrab == .root else { return nil }
        let e = event.assumingMemoryBound(to: xcb_input_touch_begin_event_t.self)
        let id = Int32(e.pointee.sourceid)
        guard e.pointee.valuators_len > 0, let i = devices.firstIndex(where: { $0.id == id }) else { return nil }
        // The ranges alone, not the device (three strings: a copy retains them).
        return XIEventConverter.valuatorPoint(e, xRange: devices[i].xRange, yRange: devices[i].yRange,
                                              area: rawArea(id, screen: screen))
    }

    /// Where device `id`'s raw axes land: its matrix's area, or the whole
    /// screen while its matrix is not in yet.
    private func rawArea(_ id: Int32, screen: GestureCore.Screen) -> Area {
        rawAreas[id] ?? (0, 0, screen.width, screen.height)
    }

    /// A touchpad gesture begins: the modifiers held and the window under
    /// the pointer, if they are not the last ones.
    private mutating func gestureBegins(_ begin: inout Begin, _ mods: UInt32, _ child: xcb_window_t) {
        begin.modifiers = modifiers(mods)
        begin.window = Window(child)
    }

    /// An event's engine time; it is the last event's time from now on.
    private mutating func stamp(_ serverTime: UInt32, now: Double) -> Double {
        lastEventTime = UInt(serverTime)
        return clock.stamped(UInt(serverTime), now: now)
    }

    /// The modifiers in an event's state, when they are not the last ones.
    private mutating func modifiers(_ effective: UInt32) -> Modifiers? {
        let m = modifierMap.modifiers(effective)
        guard m != lastModifiers else { return nil }
        lastModifiers = m
        return m
    }

    /// The engine decided a grabbed touch: the grab to tell X through, if
    /// X still waits for the decision.
    mutating func decide(_ key: TouchKey, claimed: Bool) -> Grab? {
        guard case .allow(let grab, _) = touches.on(.decided(accepted: claimed), key) else { return nil }
        return grab
    }

    /// The rejection of `key` went out as request `sequence`: kept while X's
    /// end for it is still to come (a grab end numbered before it is the
    /// finger's own lift).
    mutating func rejectionSent(_ key: TouchKey, sequence: UInt32) {
        if touches.awaitsRejectionEnd(key) { rejections[key] = sequence }
    }

    /// The grab was let go: what it held goes back to the applications
    /// (returned: the touches to reject), nothing is followed.
    mutating func release() -> [(key: TouchKey, grab: Grab)] {
        active = ListenPlan()
        rejections.removeAll()
        return touches.release()
    }
}
