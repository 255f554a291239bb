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
    /// Records until SIGINT or SIGTERM, or until `done` says so after an
    /// input (`teach --live`: enough attempts); returns the exit status.
    public static func run(path: String, display: String?, report: (Words) -> Void,
                           done: ((Input) -> Bool)? = nil) -> Int32 {
        let signals = SignalSource()
        let connection: XConnection, listener: XIListener
        do {
            connection = try XConnection(name: display, events: .xcb)
            listener = try XIListener(connection: connection)
        } catch {
            report(.verbatim("\(error)"))
            return 1
        }
        for note in listener.apply(.observeAll) { report(note) }
        var error = ""
        guard let recording = TraceRecording(path: path, error: &error) else {
            report(.verbatim(error))
            return 1
        }
        recording.write(TraceRecording.header(of: listener))
        report(Words("recording to {path} ({count} touch devices); Ctrl+C to stop",
                     ["path": path, "count": listener.devices.filter { $0.kind != .other }.count]))
        var running = true
        while running && connection.alive {
            var fds = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, connection.hasQueuedEvents ? 0 : -1)
            if fds[0].revents != 0 && signals.read().contains(where: { $0 == .stop }) { running = false }
            listener.drain(now: monotonicNow(), readSocket: fds[1].revents != 0) { input, t in
                recording.write(input, at: t)
                if let done, done(input) { running = false }
            }
            recording.flush()
        }
        listener.stop()
        report(Words("recorded {count} events to {path}", ["count": recording.events, "path": path]))
        return 0
    }
}
