import GestureCore
import GestureTraces

/// The `GESTURE_*` variables an `exec` action sees: the gesture's values,
/// never pasted into the command text.
public enum GestureEnvironment {
    public static func variables(_ g: GestureEvent, name: String, window: WindowContext) -> [String: String] {
        let v = g.value
        /// To the thousandth, written as traces write numbers (any finite value, never an Int trap).
        func n(_ x: Double) -> String { TraceWriter.num((x * 1000).rounded() / 1000) }
        var env = [
            "GESTURE_NAME": name,
            "GESTURE_PHASE": g.step.map { "step-\($0.rawValue)" } ?? g.phase.rawValue,
            "GESTURE_FINGERS": String(v.fingers),
            "GESTURE_DX": n(v.translation.x),
            "GESTURE_DY": n(v.translation.y),
            "GESTURE_SCALE": n(v.scale),
            "GESTURE_ANGLE": n(v.angle),
            "GESTURE_X": n(v.location.x),
            "GESTURE_Y": n(v.location.y),
            "GESTURE_WINDOW_CLASS": window.windowClass,
            "GESTURE_WINDOW_INSTANCE": window.instance,
        ]
        if let d = v.direction { env["GESTURE_DIRECTION"] = d.rawValue }
        if let t = window.title { env["GESTURE_WINDOW_TITLE"] = t }
        return env
    }
}
