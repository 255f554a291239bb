import GestureCore

/// What a trace holds, for `gesture-bridge trace`: a quick check of a recorded
/// trace before attaching it to a bug report or replaying it.
public struct TraceSummary: Sendable {
    public var header: TraceHeader
    public var events = 0
    public var duration: Seconds = 0
    public var touches = 0
    public var touchpadGestures = 0
    public var windowChanges = 0

    public init(header: TraceHeader) { self.header = header }

    public mutating func add(_ e: TraceEvent) {
        events += 1
        duration = e.t
        switch e.input {
        case .touchBegin: touches += 1
        case .swipeBegin, .pinchBegin: touchpadGestures += 1
        case .window: windowChanges += 1
        default: break
        }
    }

    public var text: String {
        let devices = header.devices.map { "\($0.id) \($0.kind.rawValue) \"\($0.name)\"" }.joined(separator: ", ")
        let ms = Int((duration * 1000).rounded())
        return "\(Int(header.screen.width))x\(Int(header.screen.height)) screen, devices: \(devices)\n"
            + "\(events) events over \(ms) ms: \(touches) touches, \(touchpadGestures) touchpad gestures, "
            + "\(windowChanges) window changes"
    }
}
