import GestureClient

/// The daemon on this display, as `gesture-bridge status` reads it.
enum DaemonStatusReader {
    static func display(_ env: [String: String]) -> String { env["DISPLAY"] ?? ":0" }

    static func running(environment env: [String: String]) -> DaemonState? {
        DaemonState.running(display: display(env), environment: env)
    }
}
