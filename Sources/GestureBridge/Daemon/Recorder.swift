#if canImport(Glibc)
import Glibc
#endif
import GestureConfig
import GestureCore
import GestureX11
import GestureTraces

/// `gesture-bridge record FILE`: what the daemon sees, as a trace-format v1
/// file that `replay` reads. It only observes (selection, or raw touches if
/// another client holds the selection): applications keep their touches.
public enum Recorder {
    /// Records until SIGINT or SIGTERM; returns the exit status.
    public static func run(path: String, display: String?, report: (String) -> Void) -> Int32 {
        let signals = SignalSource()
        let connection: XConnection, listener: XIListener
        do {
            connection = try XConnection(name: display, events: .xcb)
            listener = try XIListener(connection: connection)
        } catch {
            report("\(error)")
            return 1
        }
        for note in listener.apply(.observeAll) { report(note) }
        guard let f = fopen(path, "w") else {
            report("cannot write \(path): \(String(cString: strerror(errno)))")
            return 1
        }
        defer { fclose(f) }
        // The screen with its monitors (edges are per output); every slave
        // pointer, so a device's events always name a header device, and
        // touchscreens with the output they are mapped to.
        let mapped = Dictionary(uniqueKeysWithValues: listener.engineDevices.map { ($0.id, $0) })
        let header = TraceHeader(screen: listener.monitors.screen,
                                 devices: listener.devices.map { mapped[$0.id] ?? $0.device },
                                 kindFrom: Dictionary(uniqueKeysWithValues: listener.devices.map { ($0.id, $0.kindReason) }))
        fputs(TraceWriter.header(header) + "\n", f)
        fflush(f)
        report("recording to \(path) (\(listener.devices.filter { $0.kind != .other }.count) touch devices); Ctrl+C to stop")
        var start: Double? = nil
        var events = 0
        var running = true
        while running && connection.alive {
            var fds = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, connection.hasQueuedEvents ? 0 : -1)
            if fds[0].revents != 0 && signals.read().contains(where: { $0 == .stop }) { running = false }
            listener.drain(now: monotonicNow(), readSocket: fds[1].revents != 0) { input, t in
                if start == nil { start = t }
                let e = TraceEvent(t: ((t - start!) * 1e6).rounded() / 1e6, input: input)
                if let line = TraceWriter.line(e) {
                    fputs(line + "\n", f)
                    events += 1
                }
            }
            fflush(f)
        }
        listener.stop()
        report("recorded \(events) events to \(path)")
        return 0
    }
}
