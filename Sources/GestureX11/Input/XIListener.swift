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
    public private(set) var plan = ListenPlan()
    /// What changes with every event (ListenerState.swift).
    private var state: ListenerState
    /// Inputs held until the application under a begin is known (ApplicationQueue.swift).
    private var queue = ApplicationQueue()
    /// The touchpads whose gestures are grabbed.
    private var gestureGrabbed: [Int32] = []
    /// Touch grabs on the top-level windows, when the root's is taken.
    private let topLevels: TopLevelGrabs
    /// The touch and gesture events selected on the root for the master devices.
    private var rootSelection: [Int32] = []
    /// Whether raw touches are selected now: always when listening to raw
    /// touches; with a grab, only while the follower needs them.
    private var rawSelected = false
    /// X refused what a hot-plugged device needed (another client grabs its
    /// gestures): said, never silent. `apply` returns its own refusals.
    public var onRefused: (Words) -> Void = { _ in }
    /// What a refresh lost, in words (an X error, a device unplugged while
    /// it was asked about: left out until the next refresh). The start's,
    /// said once this is set.
    public var onQueryNote: (String) -> Void = { _ in } {
        didSet {
            for note in startNotes { onQueryNote(note) }
            startNotes = []
        }
    }
    private var startNotes: [String] = []
    private var saidTakenAbove = false
    /// Devices the config disables (`[[device]]` with `disabled = true`):
    /// their touchpad gestures are not grabbed (the engine releases their
    /// touches at once).
    public var excludes: (Device) -> Bool = { _ in false }
    /// What the drains since the last `takeNews` brought besides the
    /// engine's input.
    private var news = InputNews()
    /// Raw key releases selected: while the synthesizer holds keys pressed
    /// again for a hand (XTestSynthesizer.pressAgain), until it lets go.
    private var keyReleasesSelected = false
    /// What the reads learnt has changed (the modifier map, the devices,
    /// the monitors), asked about after them (`afterRead`) and answered in
    /// a later drain: neither the read nor what follows it waits for X.
    private var stale = StaleTopics()
    /// The requests for what was stale, and their answers (ServerQuery.swift).
    private let query: ServerQuery
    /// The daemon's clock at the last read.
    private var readAt = 0.0
    /// Each touch device's Coordinate Transformation Matrix, as last asked
    /// (with the devices or the monitors): where its raw axes land, and
    /// the output a touchscreen is mapped to.
    private var matrices: [Int32: [Double]] = [:]
    /// Touchpads whose gesture grabs were sent after a hot-plug, their
    /// answers (granted or refused) not taken yet.
    private var grabsOut: [AnswerBatch<GestureGrab>] = []
    /// Strokes drawn with a pointer button held: the bound buttons' grabs
    /// and each press's decision (PointerStrokes.swift).
    private let pointer: PointerStrokes
    /// The root events selected for it now (`PointerStrokes.rawEvents`).
    private var pointerSelected: [Int32] = []

    typealias TouchKey = TouchOwnership.Key

    deinit { connection.answersWaiting = nil }   // (one listener per connection, made at each connect)

    /// `connection`: one whose events XCB reads (`XConnection(events: .xcb)`).
    public init(connection: XConnection) throws(XConnectionError) {
        precondition(connection.events == .xcb, "XIListener reads its events through XCB")
        self.connection = connection
        xi = try XInput(connection)
        windows = WindowClasses(connection: connection)
        monitors = Monitors(connection: connection)
        topLevels = TopLevelGrabs(connection: connection)
        pointer = PointerStrokes(connection: connection)
        // At the start, the same requests as after a read, waited for.
        query = ServerQuery(connection: connection, randr: monitors.eventBase != nil)
        query.ask(.all, devices: [])
        let first = query.finish()
        lastScreen = monitors.screen(outputs: first?.outputs ?? [])
        state = ListenerState(devices: first?.devices ?? [])
        state.modifierMap = first?.modifierMap ?? .usual
        matrices = first?.matrices ?? [:]
        startNotes = first?.notes ?? []
        state.rawAreas = rawAreas()
        // The daemon's loop must not sleep on answers already read from
        // the socket: the window directory's, and the refresh's (one
        // closure in place of the directory's own, asked at every wakeup).
        // Unowned (unsafe): no weak reference loaded and released at every
        // wakeup; `deinit` takes the closure away before the listener goes.
        connection.answersWaiting = { [unowned(unsafe) self] in
            let windows = self.windows.collect()
            return self.answersCame() || windows
        }
        // The top-level windows' creation, reparenting and destruction keep
        // the window directory true (and the top-level grabs' list, when
        // they are on); the root's own StructureNotify is the monitors'.
        XSelectInput(connection.display, connection.root,
                     (monitors.eventBase == nil ? 0 : StructureNotifyMask) | SubstructureNotifyMask)
    }

    public var devices: [XDevice] { state.devices }
    /// Which modifier bits are Alt and Super, as last asked.
    var modifierMap: ModifierMap { state.modifierMap }
    /// Something is stale or being asked about (its answer not taken yet).
    var refreshing: Bool { !stale.asked.isEmpty || !stale.marked.isEmpty }
    /// What actually listens (a refused selection falls back to raw events).
    public var active: ListenPlan { state.active }
    /// The X time of the last touch or gesture event (EWMH messages carry it).
    public var lastEventTime: UInt { state.lastEventTime }
    /// The last read brought part of a touchscreen frame: X is still writing
    /// the rest, one event at a time (FrameGather.swift).
    public var awaitsRestOfFrame: Bool { state.frame.awaitsRest }

    /// The engine's clock for the daemon's `now`: behind it by as long as X
    /// has lately taken to deliver what it stamped (DeliveryLag), so an
    /// event read late, or the rest of a frame X sent in two writes, is
    /// still judged at its own time, before the timers after it.
    public func engineTime(_ now: Double) -> Double { state.clock.engineTime(now) }
    /// The daemon's clock at which the engine's reaches `t`.
    public func wallTime(_ t: Double) -> Double { state.clock.wallTime(t) }

    /// Engine devices for the touch-capable ones; touchscreens with the
    /// output they are mapped to.
    public var engineDevices: [Device] { DeviceView.engineDevices(devices, matrices: matrices, screen: lastScreen) }

    // MARK: Listening

    /// Grabs and selects what `plan` asks for, releasing what the old plan held.
    /// Returns problems worth telling the user (a refused selection, no XI 2.4).
    @discardableResult
    public func apply(_ plan: ListenPlan) -> [Words] {
        var notes: [Words] = []
        let root = connection.root
        ungrabAll()
        self.plan = plan
        var want = plan
        if !xi.hasGestures && (plan.swipes != .none || plan.pinches != .none) {
            notes.append(Words("the X server speaks XInput {version}: touchpad gestures need 2.4; touchpad bindings will not fire",
                               ["version": "\(xi.major).\(xi.minor)"]))
            want.swipes = .none
            want.pinches = .none
        }
        _ = connection.takeErrors()

        // Passive grabs on the root: the desktop (parent) takes touches first.
        // X refuses one when another client holds it (GNOME's mutter and
        // Cinnamon's muffin do, for their own touchscreen gestures): the
        // grab's modifier status says so, and grabs on the top-level windows,
        // next in X's chain of touch grabs, stand in (TopLevelGrabs).
        if want.touches == .grab {
            if PassiveGrab.touches(TopLevelGrabs.events, window: root).grab(connection) > 0 {
                let n = topLevels.start()
                notes.append(topLevels.refused.isEmpty ? Words("{nested} ({count} now)", ["nested": Self.touchGrabNested, "count": n])
                    : Words("{nested} ({count} now; {refused} grabbed by another client)",
                            ["nested": Self.touchGrabNested, "count": n, "refused": topLevels.refused.count]))
                want.touchGrab = .topLevels
            }
        }
        state.active = want
        notes += grabGestures(of: devices)
        // Selections on the root: only one client may select touch or gesture events there.
        var selected: [Int32] = []
        // Below the window manager's grab, a touch on the bare desktop (no
        // top-level window under it) reaches no grab of ours: a selection
        // on the root takes those.
        if want.touches == .select || want.touchGrab == .topLevels { selected += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        if want.swipes == .select { selected += [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd] }
        if want.pinches == .select { selected += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        // With a grab, raw touches too, but only while a touch is undecided or
        // handed back to the applications and followed (TouchOwnership.needsRaw).
        select(master: selected, raw: want.touches == .raw, hierarchy: true)
        connection.sync()
        state.active = want
        let refused = connection.takeErrors().filter { $0.code == UInt8(BadAccess) }
        if !refused.isEmpty && !selected.isEmpty {
            notes.append(Words("another client already selects touch or gesture events on the root window (touchegg, another gesture daemon?); listening to raw touch events instead, so applications also see those touches, and touchpad gestures are off"))
            state.active = ListenPlan(touches: want.touches == .none ? .none : .raw)
            select(master: [], raw: active.touches == .raw, hierarchy: true)
            connection.sync()
            _ = connection.takeErrors()
        }
        return notes
    }

    /// Our root selections: touches, gestures and raw touches for the master
    /// devices (raw events selected for all devices would come twice, from
    /// the slave and again through its master); with `hierarchy`, hierarchy
    /// changes for all devices too. XISelectEvents sets the masks of the
    /// devices it names and leaves the others as they are, so the toggles
    /// made while listening (raw touches around a gesture's decision, the
    /// pointer's and key releases' raw events) name the master devices only:
    /// the all-devices mask never changes after `apply`.
    private func select(master: [Int32], raw: Bool, hierarchy: Bool = false) {
        rootSelection = master
        rawSelected = raw
        pointerSelected = pointer.rawEvents
        var m1 = Mask(master + (raw ? [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd] : [])
            + (keyReleasesSelected ? [XI_RawKeyRelease] : []) + pointerSelected)
        var m2 = Mask([XI_HierarchyChanged])
        m1.with(XIAllMasterDevices) { a in
            guard hierarchy else {
                _ = XISelectEvents(connection.display, connection.root, &a, 1)
                return
            }
            m2.with(XIAllDevices) { b in
                var both = [a, b]
                _ = XISelectEvents(connection.display, connection.root, &both, 2)
            }
        }
    }

    /// Touchpad gestures are grabbed per touchpad (its slave device), not on
    /// the master pointer: an active grab of the master would also take the
    /// pointer events the bridge itself sends through XTest during the
    /// gesture (a three-finger drag's button and motion would never reach
    /// the window).
    /// Returns what X refused: a touchpad whose swipes or pinches another
    /// client already grabs on the root (those bindings will not fire on it).
    /// Waits for X's answers (a new plan); after a hot-plug they are taken
    /// by a later drain instead (`grabGesturesLater`).
    @discardableResult
    private func grabGestures(of list: [XDevice]) -> [Words] {
        guard let out = sendGestureGrabs(of: list) else { return [] }
        out.waitAll()
        return refusals(out)
    }

    /// The gesture grabs for touchpads just plugged in: their answers taken
    /// by a later drain, a refusal said then (`onRefused`).
    private func grabGesturesLater(of list: [XDevice]) {
        if let out = sendGestureGrabs(of: list) { grabsOut.append(out) }
    }

    /// Sends the passive gesture grabs (XIPassiveGrabDevice, any modifier)
    /// the touchpads in `list` not grabbed yet need; each named by what it
    /// grabs. Nil when none is needed.
    private func sendGestureGrabs(of list: [XDevice]) -> AnswerBatch<GestureGrab>? {
        guard active.swipes == .grab || active.pinches == .grab else { return nil }
        let out = AnswerBatch<GestureGrab>(connection)
        for dev in list where dev.kind == .touchpad && dev.enabled && !gestureGrabbed.contains(dev.id) && !excludes(dev.device) {
            for g in Self.gestureGrabs(device: dev.id, window: connection.root, swipes: active.swipes == .grab,
                                       pinches: active.pinches == .grab) {
                out.add(GestureGrab(grab: g, device: dev.name), g.send(connection))
            }
            gestureGrabbed.append(dev.id)
        }
        return out.isEmpty ? nil : out
    }

    /// A touchpad's gesture grab sent, named for what a refusal says.
    struct GestureGrab {
        var grab: PassiveGrab
        var device: String
        var what: Words { grab.type == XIGrabtypeGestureSwipeBegin ? Words("swipes") : Words("pinches") }
    }

    /// The passive grabs of a touchpad's swipes and pinches (its slave
    /// device) on `window`, any modifier, asynchronous.
    static func gestureGrabs(device: Int32, window: Window, swipes: Bool = true, pinches: Bool = true) -> [PassiveGrab] {
        (swipes ? [PassiveGrab.gesture(XIGrabtypeGestureSwipeBegin, [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd],
                                       device: device, window: window)] : [])
            + (pinches ? [PassiveGrab.gesture(XIGrabtypeGesturePinchBegin, [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd],
                                              device: device, window: window)] : [])
    }

    /// What X refused of the grabs `out` sent: an error, or modifiers
    /// refused (another client holds that grab).
    private func refusals(_ out: AnswerBatch<GestureGrab>) -> [Words] {
        out.answers { g, answer -> Words? in
            guard connection.alive, g.grab.refused(answer) > 0 else { return nil }
            return Words("another client already grabs the {what} on the root window; touchpad bindings for them will not fire",
                         ["what": Words("{what} of {device}", ["what": g.what, "device": g.device])])
        }.compactMap { $0 }
    }

    /// Said when another client holds the root's passive touch grab.
    public static let touchGrabNested = Words("another client already holds a passive touch grab on the root window (on GNOME and Cinnamon the window manager does, mutter and muffin, for their own touchscreen gestures); grabbing touches on each top-level window below it instead: it sees each touch first, hands us those its gestures do not want, and bound gestures' touches still never reach applications")

    /// Said once, the first time the window manager keeps a touch for itself.
    public static let touchTakenAbove = Words("the window manager took a touch for its own gesture (it holds the root's touch grab, above ours): its gesture wins, as a parent's does; this is said once")

    private func ungrabAll() {
        guard connection.alive else { return }
        let root = connection.root
        if active.touches == .grab {
            if active.touchGrab == .root { PassiveGrab.touches(TopLevelGrabs.events, window: root).release(connection) }
            else { topLevels.stop() }
        }
        for id in gestureGrabbed {
            for g in Self.gestureGrabs(device: id, window: root) { g.release(connection) }
        }
        gestureGrabbed.removeAll()
        // Touches still held by our grab go back to the applications.
        for (key, grab) in state.release() { allow(grab, key.touch, accept: false) }
    }

    /// Follows key releases (raw, every keyboard's: `InputNews.keyReleases`)
    /// or stops: the synthesizer lets go of a key it pressed again for a
    /// hand when the hand does. Sent with the daemon's flush.
    public func followKeyReleases(_ on: Bool) {
        guard on != keyReleasesSelected, connection.alive else { return }
        keyReleasesSelected = on
        select(master: rootSelection, raw: rawSelected)
    }

    /// What the drains since the last call brought besides the engine's
    /// input: for the daemon to act on once they are done.
    /// (nil: nothing, nearly always.)
    /// A new keymap is Xlib's to follow here, once the drains are done: the
    /// key synthesizer on this connection looks keysyms up in Xlib's keymap
    /// (XKeysymToKeycode), which only Xlib's own request can refresh
    /// (XkbGetMapChanges, or the core keyboard mapping, read with a round
    /// trip inside Xlib into the Display's private XkbDescRec): no cookie
    /// of ours can fill it in. So it is a round trip per keymap change,
    /// made by the daemon as it acts on the news, never by a drain.
    public func takeNews() -> InputNews? {
        guard news.mappingChanged || !news.keyReleases.isEmpty else { return nil }
        defer { news = InputNews() }
        if news.mappingChanged { connection.refreshKeymap() }
        return news
    }

    /// Lets go of everything (exit, reload with another plan).
    public func stop() {
        ungrabAll()
        pointer.stop()
        select(master: [], raw: false, hierarchy: true)
        connection.flush()
    }

    // MARK: Events

    /// Hands `emit` each input X sent, with its engine time: what one read of
    /// the socket brought when `readSocket` (poll said it is readable),
    /// else only what an earlier round trip already read.
    /// Touches, touchpad gestures and their windows and modifiers come at
    /// the time X stamped them; what X does not stamp (devices, monitors)
    /// at the engine's clock at the read that found them changed, `now`
    /// less the delivery delay (`engineTime(now)`), in the drain that takes
    /// X's answer. A drain waits for X for nothing: what it needs to ask
    /// goes out once the read is done (`afterRead`), and the inputs that
    /// wait for an answer (a window's application, the devices, the
    /// monitors) come with a later drain.
    public func drain(now: Double, readSocket: Bool = true, _ emit: (Input, Double) -> Void) {
        read(now: now, readSocket: readSocket, emit)
        afterRead(emit)
    }

    /// The read: X's events turned into the engine's input, and window
    /// events into the directory. It asks X nothing (no request, no round
    /// trip): a new keymap, a device plugged or unplugged and a monitor
    /// changed are marked stale, and asked about in `afterRead`.
    /// (docs/engine.md, "The read path".)
    func read(now: Double, readSocket: Bool, _ emit: (Input, Double) -> Void) {
        state.clock.read(at: now)
        readAt = now
        let opcode = UInt8(truncatingIfNeeded: xi.opcode)
        connection.drain(readSocket: readSocket, keymap: .later, onMappingChanged: {
            // Alt and Super may sit on other modifier bits now.
            stale.mark(.modifiers)
            news.mappingChanged = true
        }, generic: { event in
            let ge = event.assumingMemoryBound(to: xcb_ge_generic_event_t.self)
            guard ge.pointee.extension == opcode else { return }
            take(Int32(ge.pointee.event_type), event, now: now, emit)
        }, structure: { event in
            guard let note = WindowNote(event) else { return false }
            windows.note(note)
            topLevels.handle(note)
            // The root's own configuration (the screen resized) is the monitors'.
            if case .configured(let w) = note { return w != connection.root }
            return true
        }, other: { ev in
            // A monitor plugged, unplugged, moved or resized: edges follow.
            if monitors.changed(&ev) { stale.mark(.monitors) }
        })
    }

    /// One XInput event, as XCB delivered it.
    func take(_ type: Int32, _ event: UnsafeRawPointer, now: Double, _ emit: (Input, Double) -> Void) {
        if type == XI_HierarchyChanged {
            stale.mark(.devices)
            return
        }
        if type == XI_RawKeyRelease {
            let e = event.load(as: xcb_input_raw_key_release_event_t.self)
            return news.keyReleases.append(InputNews.KeyRelease(keycode: e.detail, source: Int32(e.sourceid)))
        }
        switch type {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_RawKeyPress, XI_RawButtonRelease:
            // Only our button grab and the pointer's raw selections bring these.
            // Decided now; carried out once the read is done (`afterRead`).
            return pointer.take(type, event, now: now, modifierMap: state.modifierMap, device: pointerDevice,
                                application: { windows.cached($0) })
        default:
            break
        }
        var time = 0.0, begin = ListenerState.Begin()
        let converted = state.convert(type, event, now: now, screen: lastScreen, time: &time, begin: &begin)
        if let m = begin.modifiers { pass(.input(.modifiers(m), time), emit) }
        if let w = begin.window { pass(.window(w, time), emit) }
        // Moved into the queue's item, not copied beside it.
        if let input = consume converted { pass(.input(consume input, time), emit) }
        if state.takenAbove > 0 {
            if !saidTakenAbove { onRefused(Self.touchTakenAbove) }
            saidTakenAbove = true
            state.takenAbove = 0
        }
    }

    /// Once the read is done: X's answers that came with it taken (a
    /// refresh's: the modifier map, the devices, the monitors; the
    /// windows'), the inputs they held let go, and what is stale asked
    /// about (the refresh, the windows mapped, the one the held inputs
    /// wait for), raw touches selected or not as the touches now need.
    /// Nothing here waits for X: requests go out with their cookies kept,
    /// and their answers are taken by a later drain once they have come.
    func afterRead(_ emit: (Input, Double) -> Void) {
        stale.stamp(engineTime(readAt))
        var asked = refresh(emit)
        if windows.asking { windows.takeAnswers() }
        asked = windows.askMapped() || asked
        if !queue.isEmpty {
            queue.release(known: { windows.cached($0) }, emit)
            if let w = queue.awaited, windows.lookUp(w) { asked = true }
        }
        // What the read decided of a pointer stroke's press, carried out; a
        // frozen press waits for its window's application, as a touch does.
        if let w = pointer.awaiting?.top {
            if let app = windows.cached(w) {
                pointer.windowKnown(app, modifierMap: state.modifierMap, device: pointerDevice)
            } else if windows.lookUp(w) {
                asked = true
            }
        }
        pointer.act()
        followPointer()
        if asked { connection.flush() }   // sent at once: a touch may wait for the answer
        followRawIfNeeded()
    }

    /// Whether X's answers wait to be taken by the next drain (asks nothing).
    private func answersCame() -> Bool {
        let refreshed = !stale.asked.isEmpty && query.answered()
        return grabsOut.first?.collect() == true || refreshed
    }

    /// The refresh: its answers taken once all have come, what changed
    /// handed over at the engine time of the read that found it stale; then
    /// what is stale asked about (again, if marked meanwhile). True when
    /// something was asked.
    private func refresh(_ emit: (Input, Double) -> Void) -> Bool {
        var asked = false
        while let out = grabsOut.first, out.collect() {
            grabsOut.removeFirst()
            for note in refusals(out) { onRefused(note) }
        }
        if !stale.asked.isEmpty {
            if let result = query.advance() { apply(result, at: stale.answered(), emit) }
            else { asked = true }   // (the second stage may have gone out: the first is in)
        }
        let topics = stale.toAsk()
        if !topics.isEmpty {
            query.ask(topics, devices: devices.filter { $0.kind != .other }.map(\.id))
            asked = true
        }
        return asked
    }

    /// A refresh's answers: the modifier map; the devices plugged or
    /// unplugged (new touchpads' gestures grabbed); the screen; where each
    /// device's raw axes land.
    private func apply(_ r: ServerQuery.Result, at t: Double, _ emit: (Input, Double) -> Void) {
        for note in r.notes { onQueryNote(note) }
        if let m = r.modifierMap { state.modifierMap = m }
        let before = engineDevices
        if let m = r.matrices { matrices = m }
        if let list = r.devices {
            state.devices = list
            // The device holding a pointer stroke's press is gone: its grab with it.
            if let id = pointer.pressDevice, !list.contains(where: { $0.id == id }) {
                pointer.lose()
                followPointer()
            }
            gestureGrabbed.removeAll { id in !devices.contains { $0.id == id } }
            grabGesturesLater(of: devices)   // a touchpad plugged in
            for input in DeviceView.changes(from: before, to: engineDevices) { pass(.input(input, t), emit) }
        }
        if let outputs = r.outputs {
            let screen = monitors.screen(outputs: outputs)
            let touch = DeviceView.engineDevices(devices, matrices: matrices, screen: screen)
            let inputs = DeviceView.changes(from: lastScreen, to: screen, devices: touch)
            lastScreen = screen
            for input in inputs { pass(.input(input, t), emit) }
        }
        if r.matrices != nil { state.rawAreas = rawAreas() }
    }

    /// Where each touch device's raw axes land (its matrix), on the screen
    /// as Xlib last heard its size.
    private func rawAreas() -> FewKeysMap<Int32, ListenerState.Area> {
        let screen = monitors.screen(outputs: [])
        return FewKeysMap(devices.filter { $0.kind != .other }.map {
            (key: $0.id, value: Monitors.area(matrix: matrices[$0.id], screen: screen))
        })
    }

    private func pass(_ item: ApplicationQueue.Item, _ emit: (Input, Double) -> Void) {
        queue.pass(item, known: { windows.cached($0) }, emit)
    }

    // MARK: Pointer strokes

    /// Grabs the buttons `bindings` bind (nil or none: nothing is grabbed
    /// or selected for them), letting go of what was; a press in flight
    /// ends as a lost grab. Returns what X refused.
    public func applyPointer(_ bindings: PointerStrokeBindings?) -> [Words] {
        let notes = pointer.apply(bindings, modifierMap: state.modifierMap)
        followPointer()
        connection.flush()
        return notes
    }

    /// The pointer strokes grabbed: the buttons and modifier states (nil: any).
    public var pointerGrabs: [(button: Int32, states: [UInt32]?)] { pointer.grabs }

    /// When a held press is due to go to the application (the daemon's clock).
    public var pointerDeadline: Double? { pointer.deadline }

    /// What the pointer grabs hold, for `status` and the start-up log:
    /// nothing said when no pointer stroke is bound.
    public var pointerGrantedWords: [Words] {
        guard !pointer.grabs.isEmpty else { return [] }
        let buttons = pointer.grabs.map { g in
            g.states.map { s in
                ListenPlan.Says.buttonWithState.with(["button": g.button, "states": s.map { "0x" + String($0, radix: 16) }.joined(separator: "/")])
            } ?? ListenPlan.Says.button.with(["button": g.button])
        }
        return [ListenPlan.Says.pointers.with(["buttons": Words(list: buttons)])]
    }

    /// Lets go of a pointer stroke's press in flight, as a lost grab (a
    /// resume, an XTest error): a button pressed for the application goes up.
    public func letGoOfPointerPress() {
        pointer.lose()
        followPointer()
    }

    /// The daemon's clock reached `now`.
    public func advancePointer(to now: Double) {
        pointer.advance(to: now)
        followPointer()
    }

    /// The paths drawn since the last call, for the daemon to match.
    public func takePointerStrokes() -> [PointerStrokeDrawn] { pointer.takeDrawn() }

    /// Keep the grabbed pointer's events as a trace's pointer records
    /// (`run --record`, `record --button`, `teach --live --button`).
    public var recordsPointer: Bool {
        get { pointer.recordsInputs }
        set { pointer.recordsInputs = newValue }
    }

    /// The pointer records kept since the last call.
    public func takePointerRecords() -> [PointerRecord] { pointer.takeRecords() }

    /// Says what the pointer strokes do, for the verbose log.
    public var onPointerNote: (String) -> Void {
        get { pointer.onNote }
        set { pointer.onNote = newValue }
    }

    /// A slave pointer as the bindings' device rules read it.
    private func pointerDevice(_ id: Int32) -> Device {
        devices.first { $0.id == id }?.device ?? Device(id: id, name: "", kind: .other)
    }

    /// The root selection follows what the pointer's machine needs (Escape
    /// while a press is taken, a handed-over press's release); sent with
    /// the daemon's flush.
    private func followPointer() {
        guard connection.alive, pointer.rawEvents != pointerSelected else { return }
        select(master: rootSelection, raw: rawSelected)
    }

    // MARK: Accept / reject

    /// The engine decided a touch: accept it (applications never see it) or
    /// reject it (X replays it to them at once). Only grabbed touches wait.
    public func decide(device: DeviceID, touch: TouchID, claimed: Bool) {
        let key = TouchKey(device: device, touch: touch)
        guard let grab = state.decide(key, claimed: claimed) else { return }
        // Before the decision goes out: X takes requests in order, so the
        // raw events of a touch handed back start with its replay, and none
        // of its motion or its lift is missed.
        followRawIfNeeded()
        allow(grab, touch, accept: claimed)
        // Xlib's number for the request just queued (with its own XCB
        // requests in between, only the one Xlib sent is known for sure).
        if !claimed && connection.alive { state.rejectionSent(key, sequence: UInt32(truncatingIfNeeded: XNextRequest(connection.display) &- 1)) }
    }

    /// With a grab: raw touches selected while the follower needs them (a
    /// touch undecided or handed back), and let go of when it no longer does.
    /// The request goes out with the daemon's flush at the end of the wakeup.
    private func followRawIfNeeded() {
        guard active.touches == .grab, connection.alive else { return }
        let needed = state.touches.needsRaw
        guard needed != rawSelected else { return }
        select(master: rootSelection, raw: needed)
    }

    /// Accept or reject through the grab (its device and window) that
    /// delivered the touch.
    private func allow(_ grab: Grab, _ touch: UInt32, accept: Bool) {
        guard connection.alive else { return }
        XIAllowTouchEvents(connection.display, grab.master, touch, grab.window,
                           accept ? Int32(XIAcceptTouch) : Int32(XIRejectTouch))
    }
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

/// What a drain brought besides the engine's input, for the daemon to act
/// on once the drain is done (never from inside it).
public struct InputNews: Sendable {
    /// The keyboard layout changed (MappingNotify, or XKB's news of a new keymap).
    public var mappingChanged = false
    /// Keys released on some keyboard, while `followKeyReleases` is on.
    public var keyReleases: [KeyRelease] = []
    public struct KeyRelease: Sendable, Equatable {
        public var keycode: UInt32
        /// The slave device it came from.
        public var source: Int32
    }
    public init() {}
}
