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
        /// the time X stamped it: `replay` of it does what the daemon did.
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
        init(connection: XConnection, synthesizer: XTestSynthesizer, performer: ActionPerformer, windows: EWMHControl) {
            self.connection = connection
            self.synthesizer = synthesizer
            self.performer = performer
            self.windows = windows
        }
    }

    public let options: Options
    let log: Logger
    private(set) var loader: ConfigLoader
    let configPath: String
    private(set) var config: LoadedConfig
    /// The engine and the router its effects go through.
    private(set) var recognition: Recognition
    private var session: Session? = nil
    /// X's touches, or a played trace (`--play`): the loop is the same.
    private var input: InputSource? = nil
    /// `--play`: the trace, which goes on across reconnections.
    private var player: TracePlayer? = nil
    /// `--record`: the engine's inputs, written as they come; its header
    /// goes out with the first connection.
    private var recording: TraceRecording? = nil
    private var recordingHeaderWritten = false
    private let signals = SignalSource()
    private let watcher: ConfigWatcher
    private var reloadAt: Double? = nil
    /// What the last failed reload reported: an editor's several writes, or a
    /// chmod, of a file still broken the same way are not reported again.
    private var reportedFailure: [String]? = nil
    private var reconnectAt: Double? = nil
    private var backoff = 0.25
    private var running = true
    private var screen = Screen(width: 1920, height: 1080)
    /// `touchegg-protocol = true`: the D-Bus server and what it sends.
    private var touchegg: ToucheggServer? = nil
    private var forwarder: ToucheggForwarder? = nil
    /// A taken address is said once, not at every reload.
    private var toucheggRefusalSaid = false
    /// The pollfds before the D-Bus server's (signals, watcher, X).
    private static let fixedDescriptors = 3
    /// `gesture-bridge status`: the state file, rewritten when it changes.
    private let messages = MessageRing()
    private var stateChanged = true
    private var statePath: String? = nil
    private let startedAt = Int(time(nil))

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

    /// A router for the config and session now, with its hooks into the
    /// session, the input source and the log.
    private func makeRouter() -> EffectRouter {
        var hooks = EffectRouter.Hooks()
        hooks.decide = { [unowned self] in input?.decide($0) }
        hooks.deviceKind = { [unowned self] id in input?.kind(of: id) }
        hooks.beforeWindowAction = { [unowned self] in session?.windows.time = input?.lastEventTime ?? 0 }
        hooks.forward = { [unowned self] g in
            // A gesture forwarded to Touchégg's clients: no action of ours.
            guard let signal = forwarder?.phase(g, at: g.time) else { return }
            touchegg?.send(signal)
            if options.verbose { log.debug("touchegg-protocol: \(signal)") }
        }
        if options.verbose { hooks.debug = { [log] in log.debug("\($0)") } }
        return EffectRouter(config, performer: session?.performer, hooks: hooks)
    }

    /// The file if it loads; otherwise the built-in default, saying so.
    private static func initialConfig(path: String, explicit: Bool, loader: ConfigLoader, log: Logger) -> LoadedConfig {
        let builtIn = { try! loader.load(text: DefaultConfig.text, file: ConfigSource.builtInName).get() }
        guard FileSystem.exists(path) else {
            if explicit { log.error("\(path) does not exist; running the built-in default until it does") }
            else { log.notice("no config file at \(path); running the built-in default (gesture-bridge init writes it there)") }
            return builtIn()
        }
        switch loader.load(path: path) {
        case .success(let c):
            for w in c.warnings { log.warning("\(w)") }
            log.notice("loaded \(path): \(c.actions.count) bindings")
            return c
        case .failure(let e):
            for d in e.diagnostics { log.error("\(d)") }
            log.error("\(path) has errors; running the built-in default until they are fixed")
            return builtIn()
        }
    }

    // MARK: The loop

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    public func run() -> Int32 {
        if let p = options.play {
            do {
                player = try TracePlayer(path: p, speed: options.playSpeed, log: log)
            } catch {
                log.error("\(error)")
                return 1
            }
        }
        if let path = options.record {
            var error = ""
            guard let r = TraceRecording(path: path, error: &error) else {
                log.error("\(error)")
                return 1
            }
            recording = r
        }
        connect(now: monotonicNow())
        if options.exitWhenReady {
            guard session != nil else { return 1 }
            shutdown()
            return 0
        }
        // One pollfd array for the whole run (the loop allocates nothing per
        // wakeup): signals, the config watcher, X, then the D-Bus server's sockets.
        var fds = [pollfd](repeating: pollfd(fd: -1, events: Int16(POLLIN), revents: 0), count: Self.fixedDescriptors)
        fds.reserveCapacity(Self.fixedDescriptors + 2 * ToucheggServer.maximumClients + 2)
        fds[0].fd = signals.fd
        fds[1].fd = watcher.fd
        // The time of this wakeup (`tickNow`, read once per wakeup): every
        // input, effect and timer of a round takes it, and the next wait is
        // measured from it (the round's own work, microseconds, makes a
        // timer at most that late).
        var t = tickNow()
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
            var timeout = wake.map { Int32(max(0, min(($0 - t) * 1000, 3_600_000)).rounded(.up)) } ?? -1
            if session?.connection.hasQueuedEvents == true { timeout = 0 }
            fds[2].fd = session.map { $0.connection.alive ? $0.connection.fd : -1 } ?? -1   // poll skips -1
            fds.removeSubrange(Self.fixedDescriptors...)
            touchegg?.addPollDescriptors(to: &fds)
            for i in fds.indices { fds[i].revents = 0 }
            let woken = poll(&fds, nfds_t(fds.count), timeout)
            // A wait that ran out lasted its timeout at least: a deadline the
            // tick clock has not reached yet is still due (and time never
            // goes back for having been ahead of the tick).
            t = max(tickNow(), woken == 0 && timeout > 0 ? t + Double(timeout) / 1000 : t)
            touchegg?.handle(fds[Self.fixedDescriptors...])

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

            if let source, session?.connection.alive == true || source === player {
                source.drain(now: t, readSocket: fds[2].revents != 0) { event, at in feed(event, at: at, now: t) }
                recording?.flush()
            }
            recognition.advance(to: source?.engineTime(t) ?? t, now: t)
            if let s = session {
                s.synthesizer.restoreIfDue(now: t)
                s.performer.advance(to: t)
                s.performer.flush()
                reportErrors(s)
                if !s.connection.alive { lost(now: t) }
            }
            if let r = reloadAt, t >= r { reload() }
            if let r = reconnectAt, t >= r { connect(now: t) }
        }
        shutdown()
        return 0
    }

    // MARK: State (gesture-bridge status)

    /// The state file for `status`, written when something in it changed.
    private func writeState() {
        stateChanged = false
        messages.changed = false
        let env = ProcessEnvironment.current()
        let display = session?.connection.name ?? options.display ?? env["DISPLAY"] ?? ":0"
        let path = DaemonState.path(display: display, environment: env)
        if let old = statePath, old != path { unlink(old) }
        statePath = path
        var s = DaemonState()
        s.pid = getpid()
        s.started = startedAt
        s.display = display
        s.config = configPath
        if config.file == ConfigSource.builtInName {
            s.configStatus = FileSystem.exists(configPath) ? "the file has errors; running the built-in default"
                                                           : "no file; running the built-in default"
        } else if reportedFailure != nil {
            s.configStatus = "the file has errors since it changed; running the last good config (\(config.actions.count) bindings)"
        } else {
            s.configStatus = "loaded (\(config.actions.count) bindings)"
        }
        s.keymap = config.keymap.map { "\($0.keymapName) (\($0.desktop))" } ?? "none"
        if let input {
            s.devices = input.statusDevices
            s.listening = input.statusListening
        } else {
            s.listening = ["nothing: no X connection (retrying)"]
        }
        s.toucheggProtocol = touchegg != nil ? "serving"
            : config.table.settings.toucheggProtocol ? "on, but not serving (the address is taken)" : "off"
        s.messages = messages.messages
        s.write(to: path)
    }

    private func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// One input at engine time `t`; its effects act at wall time `now`.
    private func feed(_ input: Input, at t: Double, now: Double) {
        switch input {
        case .screenChanged(let s):
            // Monitors changed: an engine rebuilt on reload starts from the new screen.
            screen = s
        case .deviceAdded, .deviceRemoved: stateChanged = true
        default: break
        }
        // The forwarded gesture's motion (and the End of one our recognizer
        // cancelled) goes out before the engine's phases of the same input.
        if let signal = forwarder?.observe(input, at: max(t, recognition.engine.now)) { touchegg?.send(signal) }
        recording?.write(input, at: t)
        recognition.feed(input, at: t, now: now)
    }

    // MARK: Config

    private func reload() {
        reloadAt = nil
        guard FileSystem.exists(configPath) else {
            reportFailure(["\(configPath) is gone; keeping the running config"])
            return
        }
        switch loader.load(path: configPath) {
        case .failure(let e):
            reportFailure(e.diagnostics.map { "\($0)" } + ["\(configPath) has errors; keeping the running config"])
        case .success(let c):
            reportedFailure = nil
            for w in c.warnings { log.warning("\(w)") }
            session?.performer.releaseAll()
            config = c
            rebuildEngine()
            let before = input?.statusListening ?? []
            for n in input?.listen(for: c.table) ?? [] { log.warning("\(n)") }
            log.notice("reloaded \(configPath): \(c.actions.count) bindings")
            if let now = input?.statusListening, now != before { logGranted(now) }
        }
    }

    /// What the daemon holds on the display, per kind of device (changed
    /// by a reload, or by X refusing a grab): said whenever it changes.
    private func logGranted(_ lines: [String]) {
        stateChanged = true
        for l in lines { log.notice("holding: \(l)") }
    }

    /// Logs a failed reload's lines, once for as long as they stay the same.
    private func reportFailure(_ lines: [String]) {
        stateChanged = true
        guard lines != reportedFailure else {
            log.debug("\(configPath) changed, still with the same errors; keeping the running config")
            return
        }
        reportedFailure = lines
        for l in lines { log.error("\(l)") }
    }

    private func rebuildEngine() {
        stateChanged = true
        session?.performer.dragLock = config.table.settings.dragLock
        let devices = input?.devices ?? []
        var engine = GestureEngine(table: config.table, screen: screen, devices: devices)
        engine.explain = options.verbose
        recognition = Recognition(engine: engine, router: makeRouter())
        serveTouchegg(config.table.settings.toucheggProtocol, devices: devices)
    }

    /// Starts or stops the Touchégg protocol server as the config says; a
    /// taken address is said once and the daemon goes on without it.
    private func serveTouchegg(_ on: Bool, devices: [Device]) {
        guard on else {
            if touchegg != nil { log.notice("touchegg-protocol off: the D-Bus server stops") }
            touchegg = nil
            forwarder = nil
            return
        }
        forwarder = ToucheggForwarder(screen: screen, devices: devices)
        guard touchegg == nil else { return }
        do {
            // The address can be moved (tests run beside a real touchegg).
            let address = ProcessEnvironment.current()["GESTURE_BRIDGE_TOUCHEGG_ADDRESS"] ?? ToucheggServer.address
            let server = try ToucheggServer(address: address, clock: monotonicNow)
            let log = self.log
            server.onNote = { log.info("\($0)") }
            touchegg = server
            log.notice("touchegg-protocol: serving Touchégg's D-Bus signals at \(address)")
        } catch {
            if !toucheggRefusalSaid { log.warning("\(error)") }
            toucheggRefusalSaid = true
        }
    }

    // MARK: X

    private func connect(now: Double) {
        reconnectAt = nil
        do {
            let c = try XConnection(name: options.display, events: .xcb)
            let synth = XTestSynthesizer(connection: c, clock: monotonicNow)
            if let player {
                player.attach(c, at: monotonicNow(), onMappingChanged: { synth.layoutChanged() })
                input = player
            } else {
                let listener = try XIListener(connection: c)
                listener.onMappingChanged = { synth.layoutChanged() }
                let log = self.log
                listener.onRefused = { log.warning("\($0)") }
                // Keys pressed again for a hand holding them (a layer's
                // modifiers) are let go of when the hand lets go.
                listener.onKeyReleased = { synth.handReleased(keycode: $0, source: $1) }
                synth.onPressedForHand = { [weak listener] in listener?.followKeyReleases($0) }
                input = XInputSource(listener)
            }
            for n in input?.listen(for: config.table) ?? [] { log.warning("\(n)") }
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: ProcessEnvironment.current())
            let log = self.log
            performer.onError = { log.error("\($0)") }
            let verbose = options.verbose
            performer.onNote = { if verbose { log.debug("\($0)") } }
            let windows = EWMHControl(connection: c)
            performer.windowControl = windows
            session = Session(connection: c, synthesizer: synth, performer: performer, windows: windows)
            screen = input?.screen ?? Monitors(connection: c).screen
            if let recording, !recordingHeaderWritten, let input {
                recordingHeaderWritten = true
                let x = input as? XInputSource
                recording.write(x.map { TraceRecording.header(of: $0.listener) }
                                    ?? TraceHeader(screen: screen, devices: input.devices))
            }
            rebuildEngine()
            backoff = 0.25
            log.notice("listening on display \(c.name) (\(input?.summary ?? ""), \(recognition.engine.deviceIDs.count) touch devices)")
            if input is XInputSource { logGranted(input?.statusListening ?? []) }
            if options.verbose, let x = input as? XInputSource {
                for d in x.listener.devices { log.debug("device \(d.id) '\(d.name)': \(d.kind.rawValue) (\(d.kindReason))") }
            }
            windowManagerSeen(WindowManager.name(c))
        } catch {
            log.warning("\(error); retrying in \(backoff) s")
            reconnectAt = now + backoff
            backoff = min(backoff * 2, Self.maxBackoff)
        }
    }

    /// `keymap = "auto"` goes by the window manager when the environment names
    /// no desktop (a bare i3 or Openbox session): the config is loaded again
    /// once X says which window manager runs, if that changes anything.
    private func windowManagerSeen(_ wm: String?) {
        guard wm != loader.windowManager else { return }
        loader.windowManager = wm
        if let wm { log.info("window manager: \(wm)") }
        guard KeymapStore.desktopWords(environment: loader.environment).isEmpty else { return }
        if FileSystem.exists(configPath) {
            reload()
        } else if case .success(let c) = loader.load(text: DefaultConfig.text, file: ConfigSource.builtInName) {
            for w in c.warnings { log.warning("\(w)") }
            config = c
            rebuildEngine()
        }
    }

    /// X errors are logged, never fatal. One from our own key requests may
    /// leave a key in doubt: every held key goes up.
    private func reportErrors(_ s: Session) {
        let errors = s.connection.takeErrors()
        guard !errors.isEmpty else { return }
        for e in errors { log.warning("\(e)") }
        if errors.contains(where: { $0.request == s.synthesizer.requestCode }) && !s.performer.holdsNothing {
            log.warning("releasing held keys and buttons after an XTest error")
            s.performer.releaseAll()
        }
    }

    /// The X server went away: drop everything tied to it and retry.
    private func lost(now: Double) {
        log.warning("the X server went away; gestures in progress are dropped, retrying")
        session = nil
        if player == nil { input = nil }
        rebuildEngine()
        reconnectAt = now + backoff
    }

    private func shutdown() {
        touchegg?.stop()
        if let p = statePath { unlink(p) }
        if let s = session {
            s.performer.releaseAll()
            s.synthesizer.restore()
            input?.stop()
            s.connection.sync()
        }
        log.notice("stopped")
    }
}
