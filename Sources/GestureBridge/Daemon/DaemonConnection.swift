#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureConfig
import GestureCore
import GestureSystem
import GestureX11
import Logging
import GestureTraces

// The daemon's X connection, from connect to loss and exit: what hangs off
// it (listener or player, synthesizer, performer, window control) is made
// at each connection and dropped with it.
extension Daemon {
    /// `--play` and `--record`: the trace played instead of X's touches, and
    /// the one the engine's inputs are written to. False (said) if either
    /// cannot be opened.
    func openTraces() -> Bool {
        if let p = options.play {
            do {
                player = try TracePlayer(path: p, speed: options.playSpeed, log: log)
            } catch {
                log.error("\(error)")
                return false
            }
        }
        if let path = options.record {
            var error = ""
            guard let r = TraceRecording(path: path, error: &error) else {
                log.error("\(error)")
                return false
            }
            recording = r
        }
        return true
    }

    // MARK: X

    func connect(now: Double) {
        reconnectAt = nil
        do {
            let c = try XConnection(name: options.display, events: .xcb)
            let synth = XTestSynthesizer(connection: c)
            if let player {
                player.attach(c, at: now)
                input = player
            } else {
                let listener = try XIListener(connection: c)
                let log = self.log
                listener.onRefused = { log.warning("\($0)") }
                input = XInputSource(listener)
            }
            for n in input?.listen(for: config.table) ?? [] { log.warning("\(n)") }
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: ProcessEnvironment.current())
            let log = self.log
            performer.onError = { log.error("\($0)") }
            let verbose = options.verbose
            performer.onNote = { if verbose { log.debug("\($0)") } }
            let windows = EWMHControl(connection: c)
            windows.mover.onNotice = { log.notice("\($0)") }
            performer.windowControl = windows
            session = Session(connection: c, synthesizer: synth, performer: performer, windows: windows)
            screen = input?.screen ?? Monitors(connection: c).screen
            if let recording, !recordingHeaderWritten, let input {
                recordingHeaderWritten = true
                let x = input as? XInputSource
                recording.write(x.map { TraceRecording.header(of: $0.listener) }
                                    ?? TraceHeader(screen: screen, devices: input.devices))
            }
            openMonitor(display: c.name)
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

    /// The monitor socket for this display, once (`gesture-bridge watch`
    /// reads it); without it the daemon goes on, saying why.
    func openMonitor(display: String) {
        guard monitor == nil else { return }
        let path = RuntimeDirectory.file(display: display, environment: ProcessEnvironment.current(), extension: "monitor")
        do {
            let m = try MonitorServer(path: path)
            let log = self.log
            m.onNote = { log.info("\($0)") }
            monitor = m
        } catch {
            log.warning("\(error); gesture-bridge watch will not reach this daemon")
        }
    }

    /// `keymap = "auto"` goes by the window manager when the environment names
    /// no desktop (a bare i3 or Openbox session): the config is loaded again
    /// once X says which window manager runs, if that changes anything.
    func windowManagerSeen(_ wm: String?) {
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
    func reportErrors(_ s: Session) {
        let errors = s.connection.takeErrors()
        guard !errors.isEmpty else { return }
        for e in errors { log.warning("\(e)") }
        if errors.contains(where: { $0.request == s.synthesizer.requestCode }) && !s.performer.holdsNothing {
            log.warning("releasing held keys and buttons after an XTest error")
            s.performer.releaseAll()
        }
    }

    /// The X server went away: drop everything tied to it and retry.
    func lost(now: Double) {
        log.warning("the X server went away; gestures in progress are dropped, retrying")
        session = nil
        if player == nil { input = nil }
        rebuildEngine()
        reconnectAt = now + backoff
    }

    func shutdown() {
        touchegg?.stop()
        monitor = nil   // the socket goes with it
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
