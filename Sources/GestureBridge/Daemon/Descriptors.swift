#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureX11

extension Daemon {
    /// Every descriptor the daemon's poll waits on, by what it is for: the one
    /// list of them. At each wait the pollfd array is built from it, in this
    /// order, and each wakeup reads them in this order: the clients first (a
    /// monitor client that just came sees this wakeup's input), X last (its
    /// events feed the engine).
    ///
    /// A new socket is one case here, with its arm in `addDescriptors` (what it
    /// polls) and in `read` (what its readiness means) below: both switches
    /// are exhaustive, so the compiler points at each.
    enum Descriptor: Int, CaseIterable {
        /// `touchegg-protocol`: the D-Bus server's sockets (libdbus's watches).
        case touchegg
        /// The monitor socket (`gesture-bridge watch`) and its clients.
        case monitor
        /// SIGHUP, SIGTERM, SIGINT, SIGCHLD (a signalfd).
        case signals
        /// The config file's directory (inotify).
        case configFile
        /// The wall clock was set: at every resume (ResumeAlarm, Sleep.swift).
        case resume
        /// The X connection, while it is alive.
        case x
        /// The window mover's own X connection, while a window follows a gesture.
        case windowMover
    }
}

/// The pollfd array and which part of it is whose, by `Descriptor`: built
/// at each wait (its storage kept: no allocation per wakeup), read by role
/// after. A role may have none (a socket not open: nothing is polled for
/// it) or several (a server and its clients).
struct PollSet {
    private(set) var fds: [pollfd] = []
    /// Each role's part of `fds`, by `Descriptor.rawValue`.
    private var parts = [Range<Int>](repeating: 0..<0, count: Daemon.Descriptor.allCases.count)
    /// Input already read and waiting in a queue (Xlib's): the wait does not sleep.
    private(set) var pending = false

    init() {
        fds.reserveCapacity(Daemon.Descriptor.allCases.count + 2 * ToucheggServer.maximumClients + MonitorServer.maximumClients)
    }

    mutating func clear() {
        fds.removeAll(keepingCapacity: true)
        for i in parts.indices { parts[i] = 0..<0 }
        pending = false
    }

    /// `role`'s descriptors, appended by `add` (poll reads `events`;
    /// `pending`: it has input waiting already).
    mutating func add(_ role: Daemon.Descriptor, pending: Bool = false, _ add: (inout [pollfd]) -> Void) {
        let start = fds.count
        add(&fds)
        parts[role.rawValue] = start..<fds.count
        self.pending = self.pending || pending
    }

    /// `role`'s one descriptor, if it has one now.
    mutating func add(_ role: Daemon.Descriptor, fd: Int32?, pending: Bool = false) {
        let start = fds.count
        if let fd, fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        parts[role.rawValue] = start..<fds.count
        if pending { self.pending = true }
    }

    /// What poll reported for `role`'s descriptors (in the order added).
    subscript(_ role: Daemon.Descriptor) -> ArraySlice<pollfd> { fds[parts[role.rawValue]] }

    /// Waits until a descriptor is ready or `timeout` ms pass (-1: no
    /// timeout); not at all when something is pending. True if it waited
    /// the whole of a timeout above 0 (then that much time has passed,
    /// whatever a coarse clock says).
    mutating func wait(_ timeout: Int32) -> Bool {
        for i in fds.indices { fds[i].revents = 0 }
        let timeout = pending ? 0 : timeout
        return poll(&fds, nfds_t(fds.count), timeout) == 0 && timeout > 0
    }

    /// The wait until `deadline` from `now`, in whole milliseconds rounded
    /// up (never early), at most an hour; -1 (no timeout) without one.
    static func timeout(until deadline: Double?, now: Double) -> Int32 {
        deadline.map { Int32(max(0, min(($0 - now) * 1000, 3_600_000)).rounded(.up)) } ?? -1
    }
}

extension Daemon {
    /// What `role` polls now (mutating only so the loop hands it the
    /// daemon, not a copy: `nextDeadline`).
    mutating func addDescriptors(_ role: Descriptor, to poll: inout PollSet) {
        switch role {
        case .touchegg:
            poll.add(role) { clients.touchegg?.addPollDescriptors(to: &$0) }
        case .monitor:
            poll.add(role) { clients.monitor?.addPollDescriptors(to: &$0) }
        case .signals:
            poll.add(role, fd: signals.fd)
        case .configFile:
            poll.add(role, fd: watcher.fd)
        case .resume:
            poll.add(role, fd: resumeAlarm.fd >= 0 ? resumeAlarm.fd : nil)
        case .x:
            // Left out while the rest of a frame is let come (`restOfFrameAt`).
            let x = connection.session?.connection
            poll.add(role, fd: x?.alive == true && restOfFrameAt == nil ? x?.fd : nil, pending: x?.hasQueuedEvents == true)
        case .windowMover:
            let mover = connection.session?.windows.mover
            poll.add(role, fd: mover?.descriptor, pending: mover?.hasQueuedEvents == true)
        }
    }

    /// What poll reported for `role` (`fds`), read; what it means decided.
    /// Called for every role at every wakeup: a source whose input is due
    /// by time (a played trace) or already queued reads without poll's word.
    mutating func read(_ role: Descriptor, _ fds: ArraySlice<pollfd>, now: Double) {
        switch role {
        case .touchegg:
            // Also libdbus's timers due by now.
            clients.touchegg?.handle(fds, now: now)
        case .monitor:
            guard let m = clients.monitor, fds.reported else { return }
            m.handle(fds)
            // A first client came, or the last went: the stream is made only while one listens.
            if m.listening != recognition.isMonitoring { startOrStopMonitoring() }
        case .signals:
            // Only what poll reported: no read syscalls for idle sources.
            guard fds.reported else { return }
            for s in signals.read() {
                switch s {
                case .stop: running = false
                case .reload:
                    timers[.reload] = now
                    config.reportedFailure = nil   // asked for: said again
                case .child: Exec.reap()
                }
            }
        case .configFile:
            if fds.reported && watcher.readChanged() { timers[.reload] = now + Self.reloadDebounce }
        case .resume:
            // The resume itself was handled before this pass read anything (Daemon.run).
            if fds.reported { resumeAlarm.rearm() }
        case .x:
            // Everything X (or the trace) has for us; what the engine makes
            // of it is collected, not done, while reading.
            // After a wait that left X's socket out, it is read whatever poll said.
            let gathered = restOfFrameAt != nil
            restOfFrameAt = nil
            guard let source = connection.input,
                  connection.session?.connection.alive == true || source === connection.player else { return }
            source.drain(now: now, readSocket: fds.reported || gathered) { event, at in feed(event, at: at) }
            connection.recording?.flush()
            // X woke the daemon with part of a touchscreen frame: the rest is
            // read in one go `frameGather` later, and X's writes meanwhile
            // wake nobody (FrameGather.swift). Not again after such a read:
            // one wait per wakeup of X's, at most.
            if fds.reported && !gathered && source.awaitsRestOfFrame { restOfFrameAt = now + Self.frameGather }
        case .windowMover:
            break   // read by the performer's advance, after the actions (Wakeup.swift)
        }
    }
}

extension ArraySlice<pollfd> {
    /// Poll reported something on one of these.
    var reported: Bool { contains { $0.revents != 0 } }
}
