import CX11
import GestureCore

/// Strokes drawn with a pointer button held, on X: the bound buttons
/// grabbed passively on the root window for the master pointers
/// (synchronous: each press arrives frozen), each press's events fed to
/// PointerStrokeMachine, and what it asks for carried out (docs/pointer-strokes.md).
/// The listener owns one and hands it the pointer events its grab and
/// selections bring; a path drawn is kept in `drawn` for the daemon, which
/// matches it and acts. With no pointer stroke bound it grabs and selects
/// nothing.
final class PointerStrokes {
    let connection: XConnection
    private(set) var bindings: PointerStrokeBindings?
    private var machine = PointerStrokeMachine(minimumSize: PointerStrokeBindings.defaultMinimumSize)
    /// The passive grabs made: a button and the modifier states (nil: any).
    private(set) var grabs: [(button: Int32, states: [UInt32]?)] = []
    /// The candidates of the press being decided (its bindings here).
    private var candidates: [PointerStrokeBindings.Entry] = []
    /// The application under it, where the action goes.
    private var window = WindowContext.desktop
    /// The master device whose grab delivered the press (XIAllowEvents
    /// and XIUngrabDevice name it).
    private var master: Int32 = XIAllMasterDevices
    /// Where the pointer was last seen (a click synthesized at the press
    /// puts it back there).
    private var pointerAt = Point.zero
    /// A press frozen while its window's application is asked about: it
    /// waits, frozen, until the answer comes (`windowKnown`).
    private(set) var awaiting: (press: PointerStrokeMachine.Press, top: Window)? = nil
    /// Escape's keycode, looked up when the grabs are made.
    private var escape: UInt32 = 0
    /// Escape came while the press waited for its window: it cancels the
    /// press once taken.
    private var escapedWhileAwaiting = false
    /// Paths drawn, for the daemon to match (taken with `takeDrawn`).
    private(set) var drawn: [PointerStrokeDrawn] = []
    /// The trail while drawing (`stroke-trail`): made when a stroke is
    /// bound with it on (nil: none bound, or the trail off).
    private(set) var trail: StrokeTrail? = nil
    /// What happened in words, for the daemon's verbose log.
    var onNote: (String) -> Void = { _ in }
    /// `run --record`, `record --button`, `teach --live --button`: the
    /// grabbed pointer's events kept as a trace's pointer records
    /// (trace-format.md), for the recorder to write (`takeRecords`).
    var recordsInputs = false
    private(set) var records: [PointerRecord] = []

    /// What the machine asked for, carried out once the read is done
    /// (`act`): the read itself asks X nothing.
    private var queued: [PointerStrokeMachine.Request] = []

    init(connection: XConnection) {
        self.connection = connection
    }

    /// The root events the machine's state needs, besides the grab's:
    /// Escape while a press is taken (raw key presses reach us whoever has
    /// the focus), the release of a press handed to the application (no
    /// grab of ours sees it any more). None when idle.
    var rawEvents: [Int32] {
        switch machine.state {
        case .idle: return awaiting == nil ? [] : [XI_RawKeyPress]
        case .pending, .drawing, .cancelled: return [XI_RawKeyPress]
        case .passing: return [XI_RawButtonRelease]
        }
    }

    /// When the machine wants a tick (a held press's hold), on the daemon's clock.
    var deadline: Double? { machine.deadline }

    /// The slave pointer whose press is held (nil: none).
    var pressDevice: Int32? {
        switch machine.state {
        case .idle: return nil
        case .pending(let p, _, _), .drawing(let p, _), .passing(let p), .cancelled(let p): return Int32(p.device)
        }
    }

    // MARK: Grabs

    /// Grabs what `bindings` bind (nil or empty: nothing), after letting
    /// go of what the old ones held (a press in flight ends as a lost grab).
    /// Returns what X refused (another client grabs that button).
    func apply(_ bindings: PointerStrokeBindings?, modifierMap: ModifierMap) -> [Words] {
        lose()
        ungrabAll()
        self.bindings = bindings?.isEmpty == false ? bindings : nil
        guard let bindings = self.bindings, connection.alive else {
            trail?.destroy()
            trail = nil
            return []
        }
        machine.hold = bindings.hold
        if !bindings.trail {
            trail?.destroy()
            trail = nil
        } else if trail == nil {
            trail = StrokeTrail(connection: connection)
        }
        escape = UInt32(XKeysymToKeycode(connection.display, KeySym(0xff1b)))
        // Xlib asks the server about XTEST at its first use on a connection:
        // here, not in the click synthesized after a read.
        var ev: Int32 = 0, err: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        _ = XTestQueryExtension(connection.display, &ev, &err, &major, &minor)
        var notes: [Words] = []
        _ = connection.takeErrors()
        for g in bindings.grabs {
            let states = PointerStrokeBindings.states(g.modifiers, modifierMap)
            if states?.isEmpty == true {
                notes.append(Words("button {button} with {modifiers}: the keyboard layout has no key for one of those modifiers; strokes bound to it will not fire",
                                   ["button": Int(g.button), "modifiers": "\(g.modifiers!)"]))
                continue
            }
            let refused = grab(Int32(g.button), states)
            grabs.append((Int32(g.button), states))
            if refused > 0 {
                notes.append(g.modifiers.map {
                    Words("another client already grabs button {button} with {modifiers} on the root window; strokes drawn with it will not fire",
                          ["button": Int(g.button), "modifiers": "\($0)"])
                } ?? Words("another client already grabs button {button} on the root window; strokes drawn with it will not fire",
                           ["button": Int(g.button)]))
            }
        }
        connection.sync()
        return notes
    }

    /// XIGrabButton on the root for every master device: synchronous (the
    /// press waits frozen for our decision), the keyboard left alone, not
    /// owner events (the motion and release come to us, not to the
    /// application under the pointer). Returns how many modifier states X refused.
    private func grab(_ button: Int32, _ states: [UInt32]?) -> Int { buttonGrab(button, states).grab(connection) }

    private func ungrab(_ button: Int32, _ states: [UInt32]?) { buttonGrab(button, states).release(connection) }

    private func buttonGrab(_ button: Int32, _ states: [UInt32]?) -> PassiveGrab {
        PassiveGrab.button(button, states: states ?? [cx_XIAnyModifier()], window: connection.root)
    }

    private func ungrabAll() {
        if connection.alive { for g in grabs { ungrab(g.button, g.states) } }
        grabs.removeAll()
    }

    /// Our own XTest events must not meet our passive grab (XTest's events
    /// go through passive grabs like a device's): the button's grabs are
    /// lifted around them and made again after, in the same batch of
    /// requests, which X carries out in order.
    /// The grab made again is sent without waiting for its answer (it was
    /// granted a moment ago; the answer is discarded).
    private func withoutGrabs(of button: Int, _ body: () -> Void) {
        let mine = grabs.filter { $0.button == Int32(button) }
        for g in mine { ungrab(g.button, g.states) }
        body()
        for g in mine {
            if let sequence = buttonGrab(g.button, g.states).send(connection), let c = connection.xcbConnection {
                xcb_discard_reply(c, sequence)
            }
        }
    }

    // MARK: Events

    /// A pointer event from our grab (XI_ButtonPress, XI_ButtonRelease,
    /// XI_Motion) or our raw selections (XI_RawKeyPress,
    /// XI_RawButtonRelease), read at `now` (the daemon's clock).
    /// `device`: a slave pointer by id; `application`: a top-level window's
    /// application if known (asks X nothing).
    func take(_ type: Int32, _ event: UnsafeRawPointer, now: Double, modifierMap: ModifierMap,
              device: (Int32) -> Device, application: (Window) -> WindowContext?) {
        switch type {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let e = event.load(as: xcb_input_button_press_event_t.self)
            let at = Point(x: XIEventConverter.fixed(e.root_x), y: XIEventConverter.fixed(e.root_y))
            pointerAt = at
            if recordsInputs, !(type == XI_ButtonRelease && machine.state.isPassing) {
                record(type, device: DeviceID(e.sourceid), button: Int(e.detail), at: at, now: now,
                       modifiers: modifierMap.modifiers(e.mods.effective))
            }
            if type == XI_Motion { return carryOut(machine.on(.motion(at, at: now))) }
            let button = Int(e.detail)
            if type == XI_ButtonRelease {
                // Handed to the application: the release we see through the
                // grab is our own (passThrough's); the user's comes raw.
                if case .passing = machine.state { return }
                return carryOut(machine.on(.release(button: button, at: at, time: now)))
            }
            if machine.state != .idle { return carryOut(machine.on(.otherButton(button, at: now))) }
            master = Int32(e.deviceid)
            let press = PointerStrokeMachine.Press(button: button, device: Int(e.sourceid), at: at, time: now,
                                                   modifiers: e.mods.effective, window: e.child)
            // A press X made from a touch (pointer emulation) is the touch's.
            if e.flags & UInt32(XIPointerEmulated) != 0 { return decide(press, bound: []) }
            let top = Window(e.child)
            if top == 0 || top == connection.root { return begin(press, .desktop, modifierMap, device) }
            if let app = application(top) { return begin(press, app, modifierMap, device) }
            // Frozen until X says which application it is on (the listener
            // asks; a local server answers within a millisecond). Meanwhile X
            // queues the pointer's motion, merged into the last.
            awaiting = (press, top)
            escapedWhileAwaiting = false
        case XI_RawKeyPress:
            let e = event.load(as: xcb_input_raw_key_press_event_t.self)
            guard e.detail == escape && escape != 0 else { break }
            if awaiting != nil { escapedWhileAwaiting = true }
            carryOut(machine.on(.escape(at: now)))
        case XI_RawButtonRelease:
            let e = event.load(as: xcb_input_raw_key_press_event_t.self)
            if case .passing(let p) = machine.state, Int(e.detail) == p.button {
                if recordsInputs { record(XI_ButtonRelease, device: DeviceID(p.device), button: p.button, at: pointerAt, now: now, modifiers: []) }
                carryOut(machine.on(.release(button: p.button, at: pointerAt, time: now)))
            }
        default:
            break
        }
    }

    /// The application under the frozen press is known (or given up on:
    /// the desktop's scope).
    func windowKnown(_ application: WindowContext, modifierMap: ModifierMap, device: (Int32) -> Device) {
        guard let a = awaiting else { return }
        awaiting = nil
        begin(a.press, application, modifierMap, device)
    }

    private func begin(_ press: PointerStrokeMachine.Press, _ app: WindowContext, _ map: ModifierMap,
                       _ device: (Int32) -> Device) {
        window = app
        let found = bindings?.candidates(button: press.button, modifiers: map.modifiers(press.modifiers),
                                         device: device(Int32(press.device)), window: app) ?? []
        let on = app == .desktop ? "the desktop" : app.windowClass
        onNote(found.isEmpty ? "button \(press.button) pressed on \(on): no stroke bound there; replayed"
               : "button \(press.button) pressed on \(on): \(found.count) stroke binding(s) can begin; taken")
        decide(press, bound: found)
        if escapedWhileAwaiting {
            escapedWhileAwaiting = false
            carryOut(machine.on(.escape(at: press.time)))
        }
    }

    private func decide(_ press: PointerStrokeMachine.Press, bound: [PointerStrokeBindings.Entry]) {
        candidates = bound
        carryOut(machine.press(press, candidates: bound))
    }

    /// The daemon's clock reached `now`: a press held still past its hold.
    func advance(to now: Double) {
        guard let d = machine.deadline, now >= d else { return }
        carryOut(machine.on(.tick(now)))
        act()
    }

    private func record(_ type: Int32, device: DeviceID, button: Int, at: Point, now: Double, modifiers: Modifiers) {
        let input: Input = switch type {
        case XI_ButtonPress: .buttonPress(device: device, button: button, at: at)
        case XI_ButtonRelease: .buttonRelease(device: device, button: button, at: at)
        default: .pointerMotion(device: device, at: at)
        }
        records.append(PointerRecord(input: input, time: now, modifiers: modifiers))
    }

    /// The pointer records kept since the last call.
    func takeRecords() -> [PointerRecord] {
        defer { records.removeAll() }
        return records
    }

    /// The paths drawn since the last call.
    func takeDrawn() -> [PointerStrokeDrawn] {
        defer { drawn.removeAll() }
        return drawn
    }

    /// Our grab is gone (a reload, the exit, the device unplugged): what
    /// the machine held is let go of (a press handed over goes up), a
    /// frozen press goes on to the application.
    func lose() {
        act()
        if let a = awaiting {
            awaiting = nil
            if connection.alive { XIAllowEvents(connection.display, master, XIReplayDevice, 0) }
            onNote("button \(a.press.button): our grab ended while its window was asked about; replayed")
        }
        let wasHeld = machine.state != .idle
        switch machine.state {
        case .pending, .drawing, .cancelled:
            // Our active grab holds the pointer until the release: let go.
            if connection.alive { XIUngrabDevice(connection.display, master, 0) }
        case .idle, .passing:
            break
        }
        carryOut(machine.on(.grabLost))
        act()
        if wasHeld { onNote("a pointer stroke's press ended without its release (grab lost)") }
    }

    /// Lets go of everything: exit, or the X connection going.
    func stop() {
        lose()
        ungrabAll()
        bindings = nil
        trail?.destroy()
        trail = nil
    }

    // MARK: Carrying out

    private func carryOut(_ requests: [PointerStrokeMachine.Request]) {
        queued += requests
    }

    /// Carries out what the machine asked for since the last call: after
    /// the read, from the listener (`afterRead`), and at once where no read
    /// is under way (a tick, a lost grab). Sent with the daemon's flush.
    func act() {
        guard !queued.isEmpty else { return }
        let requests = queued
        queued.removeAll()
        let d = connection.display, alive = connection.alive
        for r in requests {
            switch r {
            case .replayPress:
                if alive { XIAllowEvents(d, master, XIReplayDevice, 0) }
            case .takePress:
                if alive { XIAllowEvents(d, master, XIAsyncDevice, 0) }
                trail?.pressed()
            case .trailStart(let path):
                trail?.start(path)
            case .trailPoint(let p):
                trail?.extend(to: p)
            case .trailEnd:
                trail?.end()
            case .recognize(let p, let path):
                drawn.append(PointerStrokeDrawn(button: p.button, device: Int32(p.device), start: p.at, time: p.time, path: path,
                                                window: window, candidates: candidates))
            case .synthesizeClick(let p):
                // The release ended our grab; the click goes where the press was.
                guard alive else { break }
                let back = pointerAt
                withoutGrabs(of: p.button) {
                    motion(p.at)
                    XTestFakeButtonEvent(d, UInt32(p.button), 1, 0)
                    XTestFakeButtonEvent(d, UInt32(p.button), 0, 0)
                    motion(back)
                }
                onNote("button \(p.button): a click, synthesized at \(Int(p.at.x)),\(Int(p.at.y))")
            case .passThrough(let p, let now):
                guard alive else { break }
                // The master has the button down while the device that
                // pressed it holds it, and X drops a second press of a
                // button a master has down: the device's own button is let
                // up first, through XTest's device events (XI 1's, which
                // name the device: a mouse's as well as XTest's own). That
                // release ends our grab (it comes back through it and is
                // dropped); the ungrab is for a grab it did not end. Then
                // the press at its place, from XTest's device, and the
                // pointer where it is now: the application has the button
                // down from here on. The device's own release, when the hand
                // lets go, finds its button up and is dropped by X (its raw
                // event still comes: `synthesizeRelease` follows it).
                // Measured in the E2E VM with a uinput mouse (docs/pointer-strokes.md).
                var device = CX11.XDevice(device_id: XID(p.device), num_classes: 0, classes: nil)
                XTestFakeDeviceButtonEvent(d, &device, UInt32(p.button), 0, nil, 0, 0)
                XIUngrabDevice(d, master, 0)
                withoutGrabs(of: p.button) {
                    motion(p.at)
                    XTestFakeButtonEvent(d, UInt32(p.button), 1, 0)
                    motion(now)
                }
                onNote("button \(p.button): held still, handed to the application")
            case .synthesizeRelease(let b):
                if alive { XTestFakeButtonEvent(d, UInt32(b), 0, 0) }
            case .cancel:
                onNote("a pointer stroke cancelled: nothing fires, the application gets nothing to the release")
            }
        }
    }

    private func motion(_ p: Point) {
        XTestFakeMotionEvent(connection.display, -1, Int32(p.x.rounded()), Int32(p.y.rounded()), 0)
    }
}

/// A grabbed pointer's event as a trace records it: the input, when (the
/// daemon's clock) and, for a press, the modifiers held (its line's `mods`).
public struct PointerRecord: Sendable {
    public var input: Input
    public var time: Double
    public var modifiers: Modifiers

    public init(input: Input, time: Double, modifiers: Modifiers) {
        self.input = input
        self.time = time
        self.modifiers = modifiers
    }
}

extension PointerStrokeMachine.State {
    var isPassing: Bool { if case .passing = self { true } else { false } }
}

/// A path drawn with a pointer button held, at its release: what the
/// daemon matches (PointerStrokeBindings.recognize) and acts on.
public struct PointerStrokeDrawn: Sendable {
    public var button: Int
    /// The slave pointer it was drawn with.
    public var device: Int32
    /// Where and when (the daemon's clock) the button went down.
    public var start: Point
    public var time: Double
    public var path: [Point]
    /// The application under the press: the action's window.
    public var window: WindowContext
    /// The bindings the press could begin.
    public var candidates: [PointerStrokeBindings.Entry]
}
