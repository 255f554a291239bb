#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureActions
import GestureConfig
import GestureCore
import GestureX11
import Logging
import GestureTraces

/// `gesture-bridge run`: one thread, poll() on the X connection, the config
/// watcher and a signalfd, with the engine's next deadline as the timeout.
/// Nothing wakes it when nothing happens.
public final class Daemon {
    public struct Options: Sendable {
        public var configPath: String?
        public var display: String?
        public var verbose = false
        /// Feed a recorded trace through the live daemon instead of XI2 touches
        /// (real actions, real X): for demos and tests on machines without touch devices.
        public var play: String?
        /// Plays the trace this many times faster (the engine keeps trace time).
        public var playSpeed: Double = 1
        /// Exit (0) once listening, or (1) if the X server cannot be reached:
        /// a start-up check, and what the start-up benchmark times.
        public var exitWhenReady = false
        /// Also write every input the engine is given to this trace file, at
        /// the time the engine judged it (the time X stamped it, unless X
        /// delivered it later than the engine's clock: DeliveryLag): `replay`
        /// of it does what the daemon did.
        public var record: String?

        public init(configPath: String? = nil, display: String? = nil, verbose: Bool = false, play: String? = nil,
                    playSpeed: Double = 1, exitWhenReady: Bool = false, record: String? = nil) {
            self.configPath = configPath
            self.display = display
            self.verbose = verbose
            self.play = play
            self.playSpeed = playSpeed
            self.exitWhenReady = exitWhenReady
            self.record = record
        }
    }

    /// A live X connection and what hangs off it.
    final class Session {
        let connection: XConnection
        let synthesizer: XTestSynthesizer
        let performer: ActionPerformer
        let windows: EWMHControl
        /// The listener follows key releases (while keys are pressed again for a hand).
        var followingKeyReleases = false
        init(connection: XConnection, synthesizer: XTestSynthesizer, performer: ActionPerformer, windows: EWMHControl) {
            self.connection = connection
            self.synthesizer = synthesizer
            self.performer = performer
            self.windows = windows
        }
    }

    public let options: Options
    let log: Logger
    var loader: ConfigLoader
    let configPath: String
    var config: LoadedConfig
    /// The engine and the router its effects go through.
    var recognition: Recognition
    var session: Session? = nil
    /// X's touches, or a played trace (`--play`): the loop is the same.
    var input: InputSource? = nil
    /// `--play`: the trace, which goes on across reconnections.
    var player: TracePlayer? = nil
    /// `--record`: the engine's inputs, written as they come; its header
    /// goes out with the first connection.
    var recording: TraceRecording? = nil
    var recordingHeaderWritten = false
    let signals = SignalSource()
    let watcher: ConfigWatcher
    var reloadAt: Double? = nil
    /// What the last failed reload reported: an editor's several writes, or a
    /// chmod, of a file still broken the same way are not reported again.
    var reportedFailure: [String]? = nil
    var reconnectAt: Double? = nil
    var backoff = 0.25
    var running = true
    var screen = Screen(width: 1920, height: 1080)
    /// `touchegg-protocol = true`: the D-Bus server (what it sends is
    /// worked out by `recognition`'s forwarder).
    var touchegg: ToucheggServer? = nil
    /// The monitor socket (`gesture-bridge watch`), made at the first connection.
    var monitor: MonitorServer? = nil
    /// A taken address is said once, not at every reload.
    var toucheggRefusalSaid = false
    /// The pollfds before the D-Bus server's (signals, watcher, X).
    private static let fixedDescriptors = 4
    /// `gesture-bridge status`: the state file, rewritten when it changes.
    let messages = MessageRing()
    var stateChanged = true
    var statePath: String? = nil
    let startedAt = Int(time(nil))
    /// The time of the current wakeup (the loop's one clock read).
    var wokenAt = 0.0

    /// Reload this long after the last change to the file (editors write in steps).
    public static let reloadDebounce = 0.1
    public static let maxBackoff = 8.0

    public init(options: Options) {
        self.options = options
        log = Log.make(verbose: options.verbose, messages: messages)
        loader = .standard()
        configPath = options.configPath ?? ConfigLoader.defaultPath(environment: loader.environment)
        watcher = ConfigWatcher(path: configPath)
        config = Self.initialConfig(path: configPath, explicit: options.configPath != nil, loader: loader, log: log)
        recognition = Recognition(engine: GestureEngine(table: config.table, screen: screen),
                                  router: EffectRouter(config, performer: nil, hooks: EffectRouter.Hooks()))
    }

    // MARK: The loop

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    public func run() -> Int32 {
        guard openTraces() else { return 1 }
        // The time of this wakeup (`tickNow`, read once per wakeup): every
        // input, deed and timer of a round takes it, and the next wait is
        // measured from it (the round's own work, microseconds, makes a
        // timer at most that late).
        var t = tickNow()
        wokenAt = t
        connect(now: t)
        if options.exitWhenReady {
            guard session != nil else { return 1 }
            shutdown()
            return 0
        }
        // One pollfd array for the whole run (the loop allocates nothing per
        // wakeup): signals, the config watcher, X, the window mover's own X
        // connection while a window follows, then the D-Bus server's sockets.
        var fds = [pollfd](repeating: pollfd(fd: -1, events: Int16(POLLIN), revents: 0), count: Self.fixedDescriptors)
        fds.reserveCapacity(Self.fixedDescriptors + 2 * ToucheggServer.maximumClients + 2)
        fds[0].fd = signals.fd
        fds[1].fd = watcher.fd
        while running {
            // Before sleeping: what changed in the last round is on disk while idle.
            if stateChanged || messages.changed { writeState() }
            // Read once per round: each read of the daemon's own properties is checked for exclusive access.
            let source = input
            var wake = earliest(recognition.engine.nextDeadline.map { source?.wallTime($0) ?? $0 }, reloadAt)
            wake = earliest(wake, earliest(reconnectAt, session?.synthesizer.restoreDeadline))
            wake = earliest(wake, session?.performer.nextDeadline)   // a drag-lock running out
            wake = earliest(wake, touchegg?.nextDeadline)   // a D-Bus client's authentication timing out
            wake = earliest(wake, source?.nextDeadline)   // a played trace's next event
            if let m = recognition.monitorDeadline {   // the monitor stream's held-back frame
                wake = earliest(wake, source?.wallTime(m) ?? m)
            }
            var timeout = wake.map { Int32(max(0, min(($0 - t) * 1000, 3_600_000)).rounded(.up)) } ?? -1
            if session?.connection.hasQueuedEvents == true || session?.windows.mover.hasQueuedEvents == true { timeout = 0 }
            fds[2].fd = session.map { $0.connection.alive ? $0.connection.fd : -1 } ?? -1   // poll skips -1
            // Read by the performer's advance below, every wakeup.
            fds[3].fd = session?.windows.mover.descriptor ?? -1
            fds.removeSubrange(Self.fixedDescriptors...)
            touchegg?.addPollDescriptors(to: &fds)
            let monitorDescriptors = fds.count
            monitor?.addPollDescriptors(to: &fds)
            for i in fds.indices { fds[i].revents = 0 }
            let woken = poll(&fds, nfds_t(fds.count), timeout)
            // A wait that ran out lasted its timeout at least: a deadline the
            // tick clock has not reached yet is still due (and time never
            // goes back for having been ahead of the tick).
            t = max(tickNow(), woken == 0 && timeout > 0 ? t + Double(timeout) / 1000 : t)
            wokenAt = t
            touchegg?.handle(fds[Self.fixedDescriptors..<monitorDescriptors], now: t)
            if let m = monitor, fds[monitorDescriptors...].contains(where: { $0.revents != 0 }) {
                m.handle(fds[monitorDescriptors...])
                // A first client came, or the last went: the stream is made only while one listens.
                if m.listening != recognition.isMonitoring { startOrStopMonitoring() }
            }

            // Only what poll reported: no read syscalls for idle sources.
            if fds[0].revents != 0 {
                for s in signals.read() {
                    switch s {
                    case .stop: running = false
                    case .reload: reloadAt = t; reportedFailure = nil   // asked for: say it again
                    case .child: Exec.reap()
                    }
                }
            }
            if fds[1].revents != 0 && watcher.readChanged() { reloadAt = t + Self.reloadDebounce }

            // Read everything X (or the trace) has for us; what the engine
            // makes of it is collected, not done, while reading.
            if let source, session?.connection.alive == true || source === player {
                source.drain(now: t, readSocket: fds[2].revents != 0) { event, at in feed(event, at: at) }
                recording?.flush()
            }
            recognition.advance(to: source?.engineTime(t) ?? t)
            // Then done, in order, and sent to the server once.
            if let s = session, let news = source?.takeNews() { keysFollow(news, s) }
            carryOut(now: t)
            if let m = monitor, m.listening { recognition.takeMonitorStream { m.broadcast($0) } }
            if let s = session {
                // Key releases are followed only while a key is pressed again for a hand.
                let holding = s.synthesizer.holdsKeysForHand
                if holding != s.followingKeyReleases {
                    s.followingKeyReleases = holding
                    source?.followKeyReleases(holding)
                }
                s.synthesizer.restoreIfDue(now: t)
                s.performer.advance(to: t)
                s.connection.flush()
                reportErrors(s)
                if !s.connection.alive { lost(now: t) }
            }
            if let r = reloadAt, t >= r { reload() }
            if let r = reconnectAt, t >= r { connect(now: t) }
        }
        shutdown()
        return 0
    }

    /// One input at engine time `t`.
    func feed(_ input: Input, at t: Double) {
        switch input {
        case .screenChanged(let s):
            // Monitors changed: an engine rebuilt on reload starts from the new screen.
            screen = s
        case .deviceAdded, .deviceRemoved: stateChanged = true
        default: break
        }
        // The engine takes an input no earlier than its clock (an event X
        // delivered later than the engine's hold-back, DeliveryLag): the
        // record says the time the engine judged it at, so `replay` of it
        // does what the daemon did, even then.
        let now = recognition.engine.now
        if t < now && options.verbose {
            log.debug("input \(Int(((now - t) * 1000).rounded())) ms behind the engine's clock (X delivered it later than the hold-back)")
        }
        let t = DeliveryLag.judged(t, engineNow: now)
        recording?.write(input, at: t)
        recognition.feed(input, at: t)
    }

    /// The monitor stream is made while a client listens, from now on.
    func startOrStopMonitoring() {
        let on = monitor?.listening == true
        recognition.monitoring(on ? MonitorFeed(config, devices: input?.devices ?? []) : nil, verbose: options.verbose)
    }

    /// What the drain brought for the keys, before the actions: a new
    /// layout is looked up afresh; a key pressed again for a hand (a layer's
    /// modifier) is let go of when the hand lets go.
    func keysFollow(_ news: InputNews, _ s: Session) {
        if news.mappingChanged { s.synthesizer.layoutChanged() }
        for k in news.keyReleases { s.synthesizer.handReleased(keycode: k.keycode, source: k.source) }
    }

    /// Carries out what this wakeup's inputs and timers called for, in the
    /// order they came, after X's events were drained: accept or reject
    /// touches, signal Touchégg's clients, perform actions at wall time `t`.
    func carryOut(now t: Double) {
        guard !recognition.deeds.isEmpty else { return }
        for deed in recognition.deeds {
            switch deed {
            case .decide(let d):
                input?.decide(d)
            case .signal(let s):
                touchegg?.send(s)
                if options.verbose { log.debug("touchegg-protocol: \(s)") }
            case .act(let g, let window):
                // Window-manager requests carry the time of the last X event.
                session?.windows.time = input?.lastEventTime ?? 0
                recognition.router.act(g, window: window, now: t)
            }
        }
        recognition.clearDeeds()
    }
}
