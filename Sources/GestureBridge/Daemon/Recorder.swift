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
/// With `buttons` (`record --button N`, `teach --live --button N`) it also
/// grabs those pointer buttons as the daemon grabs a stroke's
/// (PointerStrokes: a click still reaches the window, a press held still
/// goes to the application) and records their presses, motion and
/// releases as pointer records.
public enum Recorder {
    /// Records until SIGINT or SIGTERM, or until `done` says so after an
    /// input (`teach --live`: enough attempts); returns the exit status.
    public static func run(path: String, display: String?, buttons: [Int] = [], report: (Words) -> Void,
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
        if !buttons.isEmpty {
            // Bindings of no shape: every press decided as the daemon decides
            // a stroke's, none fires anything.
            let table = GestureTable(desktop: buttons.map {
                Binding(name: "record-button-\($0)", gesture: .stroke(StrokeSpec(shape: "", button: $0)))
            })
            for note in listener.applyPointer(PointerStrokeBindings(table: table, pxPerMM: listener.monitors.screen.pxPerMM)) {
                report(note)
            }
            listener.recordsPointer = true
        }
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
            // A held press goes to the application at its deadline.
            let wait = listener.pointerDeadline.map { Int32(max(0, ($0 - monotonicNow()) * 1000).rounded(.up)) } ?? -1
            _ = poll(&fds, 2, connection.hasQueuedEvents ? 0 : wait)
            if fds[0].revents != 0 && signals.read().contains(where: { $0 == .stop }) { running = false }
            let now = monotonicNow()
            listener.drain(now: now, readSocket: fds[1].revents != 0) { input, t in
                recording.write(input, at: t)
                if let done, done(input) { running = false }
            }
            listener.advancePointer(to: now)
            for r in listener.takePointerRecords() {
                recording.write(r, at: r.time)
                if let done, done(r.input) { running = false }
            }
            _ = listener.takePointerStrokes()
            connection.flush()
            recording.flush()
        }
        listener.stop()
        report(Words("recorded {count} events to {path}", ["count": recording.events, "path": path]))
        return 0
    }
}
