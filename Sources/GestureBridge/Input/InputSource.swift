import GestureCore
import GestureX11

/// Where the daemon's input comes from: X's touches and touchpad gestures
/// (`XInputSource`), or a recorded trace played through the live daemon
/// (`TracePlayer`, `run --play`). The daemon's loop is the same for both.
protocol InputSource: AnyObject {
    /// The devices, as the engine knows them (worked out when asked: on
    /// start, reload and hot-plug, not per event).
    var devices: [Device] { get }
    /// A device's kind, per gesture: pointer and window actions aim by it.
    func kind(of device: DeviceID) -> DeviceKind?
    /// The screen, when the source says what it is (a trace's header does).
    var screen: Screen? { get }
    /// When the source next has input of its own, in wall time: a played
    /// trace's next event. nil: whenever X says (poll on its socket).
    var nextDeadline: Double? { get }
    /// Hands `feed` every input due by `now` (wall time), each with its
    /// engine time. `readSocket`: poll() said X's socket is readable.
    func drain(now: Double, readSocket: Bool, _ feed: (Input, Double) -> Void)
    /// The last drain stopped inside a touchscreen frame whose rest X is
    /// still writing (FrameGather.swift): worth waiting a moment for.
    var awaitsRestOfFrame: Bool { get }
    /// What the drains brought besides the engine's input (a new keyboard
    /// layout, keys released): taken once they are done (nil: nothing).
    func takeNews() -> InputNews?
    /// Follow key releases (while the synthesizer holds keys for a hand), or stop.
    func followKeyReleases(_ on: Bool)
    /// The arena decided a touch: X accepts (claimed) or rejects it.
    func decide(_ decision: TouchDecisionEvent)
    /// The config changed: what to select. Returns what could not be done.
    func listen(for table: GestureTable) -> [Words]
    /// Strokes drawn with a pointer button held: the paths drawn since the
    /// last call, when a held press is due, and time reaching it.
    func takePointerStrokes() -> [PointerStrokeDrawn]
    var pointerDeadline: Double? { get }
    func advancePointer(to now: Double)
    /// A press in flight let go of (a resume, an XTest error).
    func letGoOfPointerPress()
    /// The time of the last X event (window-manager requests carry it).
    var lastEventTime: UInt { get }
    /// Engine time for a wall-clock moment, and back: the same, except for
    /// a trace played faster than real time.
    func engineTime(_ wall: Double) -> Double
    func wallTime(_ engine: Double) -> Double
    /// For `gesture-bridge status`: the devices, and what is listened to.
    var statusDevices: [String] { get }
    /// What is listened to, in words (the log says them in the user's
    /// language; the state file has their English, `statusListening`).
    var statusListeningWords: [Words] { get }
    /// What the start-up line says it listens to.
    var summary: String { get }
    func stop()
}

extension InputSource {
    var statusListening: [String] { statusListeningWords.map(\.description) }
}

extension InputSource {
    func engineTime(_ wall: Double) -> Double { wall }
    func wallTime(_ engine: Double) -> Double { engine }
    // A played trace's frames come whole.
    var awaitsRestOfFrame: Bool { false }
    // A played trace has no pointer.
    func takePointerStrokes() -> [PointerStrokeDrawn] { [] }
    var pointerDeadline: Double? { nil }
    func advancePointer(to now: Double) {}
    func letGoOfPointerPress() {}
}

/// X's touches (XI 2.2) and touchpad gestures (XI 2.4).
final class XInputSource: InputSource {
    let listener: XIListener

    init(_ listener: XIListener) { self.listener = listener }

    var devices: [Device] { listener.engineDevices }
    /// From the listener's device list as it stands (`devices` asks X for
    /// the touchscreens' mapped outputs).
    func kind(of device: DeviceID) -> DeviceKind? { listener.devices.first { $0.id == device }?.kind }
    var screen: Screen? { listener.monitors.screen }
    var nextDeadline: Double? { nil }
    var lastEventTime: UInt { listener.lastEventTime }
    /// The engine's clock keeps behind the daemon's by X's lateness.
    func engineTime(_ wall: Double) -> Double { listener.engineTime(wall) }
    func wallTime(_ engine: Double) -> Double { listener.wallTime(engine) }
    func drain(now: Double, readSocket: Bool, _ feed: (Input, Double) -> Void) {
        listener.drain(now: now, readSocket: readSocket, feed)
    }
    var awaitsRestOfFrame: Bool { listener.awaitsRestOfFrame }
    func takeNews() -> InputNews? { listener.takeNews() }
    func followKeyReleases(_ on: Bool) { listener.followKeyReleases(on) }
    func decide(_ d: TouchDecisionEvent) {
        listener.decide(device: d.device, touch: d.touch, claimed: d.decision == .claimed)
    }
    func listen(for table: GestureTable) -> [Words] {
        // A touchpad a [[device]] rule disables keeps its gestures: not grabbed.
        listener.excludes = { table.rule(for: $0)?.disabled == true }
        return listener.apply(ListenPlan(table: table))
            + listener.applyPointer(PointerStrokeBindings(table: table, pxPerMM: listener.monitors.screen.pxPerMM))
    }
    func takePointerStrokes() -> [PointerStrokeDrawn] { listener.takePointerStrokes() }
    var pointerDeadline: Double? { listener.pointerDeadline }
    func advancePointer(to now: Double) { listener.advancePointer(to: now) }
    func letGoOfPointerPress() { listener.letGoOfPointerPress() }
    var statusDevices: [String] {
        listener.devices.filter { $0.kind != .other && $0.enabled }.map { "\($0.id) \($0.kind.rawValue) \($0.name)" }
    }
    var statusListeningWords: [Words] { listener.active.grantedWords + listener.pointerGrantedWords }
    var summary: String { "XInput \(listener.xi.major).\(listener.xi.minor)" }
    func stop() { listener.stop() }
}
