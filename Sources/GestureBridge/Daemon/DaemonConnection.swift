#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureConfig
import GestureCore
import GestureSystem
import GestureX11
import GestureTraces

extension Daemon {
    /// A live X connection and what hangs off it, made at each connection
    /// and dropped with it. A class: the loop reads it at every wakeup, and a
    /// struct of six references was copied out each time (`if let s =
    /// connection.session`: six retains and six releases, 360 copies per
    /// touchscreen swipe; docs/performance.md, "Per touch event").
    final class Session {
        let connection: XConnection
        let synthesizer: XTestSynthesizer
        let performer: ActionPerformer
        let windows: EWMHControl
        /// The name shown at a stroke's end (`stroke-name`): its window is
        /// made at the first one shown.
        let nameTag: StrokeNameTag
        /// The trail behind a finger drawing a stroke on a touchscreen
        /// (`stroke-trail`): made when a finger stroke is bound with it on
        /// (nil: none bound, or the trail off). A pointer stroke's is the
        /// listener's own (PointerStrokes).
        var fingerTrail: StrokeTrail? = nil
        /// The listener follows key releases (while keys are pressed again for a hand).
        var followingKeyReleases = false

        init(connection: XConnection, synthesizer: XTestSynthesizer, performer: ActionPerformer, windows: EWMHControl,
             nameTag: StrokeNameTag) {
            (self.connection, self.synthesizer, self.performer, self.windows, self.nameTag) =
                (connection, synthesizer, performer, windows, nameTag)
        }
    }

    /// The daemon's X connection, from connect to loss and exit, and where
    /// the engine's input comes from.
    struct Connection {
        /// nil: none (retrying, `Timer.reconnect`).
        var session: Session? = nil
        /// X's touches, or a played trace (`--play`): the loop is the same.
        var input: InputSource? = nil
        /// `--play`: the trace, which goes on across reconnections.
        var player: TracePlayer? = nil
        /// `--record`: the engine's inputs, written as they come; its header
        /// goes out with the first connection.
        var recording: TraceRecording? = nil
        var recordingHeaderWritten = false
        /// The wait before the next try: doubled at each failure, up to `maxBackoff`.
        var backoff = 0.25
        /// As X (or the trace) says; an engine rebuilt starts from it.
        var screen = Screen(width: 1920, height: 1080)

        /// `--play` and `--record`: the trace played instead of X's touches,
        /// and the one the engine's inputs are written to. False (said) if
        /// either cannot be opened.
        mutating func openTraces(_ options: Options, log: Logger) -> Bool {
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
                // The engine's times are the trace's (EngineClock): from its first input.
                guard let r = TraceRecording(path: path, start: 0, error: &error) else {
                    log.error(error)
                    return false
                }
                recording = r
            }
            return true
        }
    }

    // MARK: X

    mutating func connect(now: Double) {
        timers[.reconnect] = nil
        do {
            let c = try XConnection(name: options.display, events: .xcb)
            let synth = XTestSynthesizer(connection: c)
            let log = self.log
            if let player = connection.player {
                player.attach(c, at: now)
                connection.input = player
            } else {
                let listener = try XIListener(connection: c)
                listener.onRefused = { log.warning($0) }
                listener.onQueryNote = { log.info($0) }
                listener.onPointerNote = { log.debug($0) }
                connection.input = XInputSource(listener)
            }
            for n in connection.input?.listen(for: config.loaded.table) ?? [] { log.warning(n) }
            let performer = ActionPerformer(synthesizer: synth, baseEnvironment: ProcessEnvironment.current())
            performer.onError = { log.error($0) }
            performer.onNote = { log.debug($0) }
            let windows = EWMHControl(connection: c)
            windows.mover.onNotice = { log.notice($0) }
            performer.windowControl = windows
            connection.session = Session(connection: c, synthesizer: synth, performer: performer, windows: windows,
                                         nameTag: StrokeNameTag(connection: c))
            strokeName.hidden()
            let input = connection.input
            connection.screen = input?.screen ?? Monitors(connection: c).screen
            // The grabbed pointer's events go in the record too (pointer strokes).
            (input as? XInputSource)?.listener.recordsPointer = connection.recording != nil
            if let recording = connection.recording, !connection.recordingHeaderWritten, let input {
                connection.recordingHeaderWritten = true
                let x = input as? XInputSource
                recording.write(x.map { TraceRecording.header(of: $0.listener) }
                                    ?? TraceHeader(screen: connection.screen, devices: input.devices))
            }
            openMonitor(display: c.name)
            rebuildEngine()
            connection.backoff = 0.25
            log.notice(Words("listening on display {display} ({input}, {count} touch devices)",
                              ["display": c.name, "input": input?.summary ?? "", "count": recognition.engine.deviceIDs.count]))
            if let x = input as? XInputSource {
                logGranted(x.statusListeningWords)
                for d in x.listener.devices { log.debug("device \(d.id) '\(d.name)': \(d.kind.rawValue) (\(d.kindReason))") }
            }
            windowManagerSeen(WindowManager.name(c))
        } catch {
            log.warning(Words("{error}; retrying in {seconds} s", ["error": "\(error)", "seconds": "\(connection.backoff)"]))
            timers[.reconnect] = now + connection.backoff
            connection.backoff = min(connection.backoff * 2, Self.maxBackoff)
        }
    }

    /// `keymap = "auto"` goes by the window manager when the environment names
    /// no desktop (a bare i3 or Openbox session): the config is loaded again
    /// once X says which window manager runs, if that changes anything.
    mutating func windowManagerSeen(_ wm: String?) {
        guard wm != config.loader.windowManager else { return }
        config.loader.windowManager = wm
        if let wm { log.info("window manager: \(wm)") }
        guard KeymapStore.desktopWords(environment: config.loader.environment).isEmpty else { return }
        if FileSystem.exists(config.path) {
            reload()
        } else if case .success(let c) = config.loader.load(text: DefaultConfig.text, file: ConfigSource.builtInName) {
            for w in c.warnings { log.log(w) }
            config.loaded = c
            rebuildEngine()
        }
    }

    /// X errors are logged, never fatal. One from our own key requests may
    /// leave a key in doubt: every held key goes up. (Mutating: read at
    /// every wakeup, as `nextDeadline`.)
    mutating func reportErrors(_ s: Session) {
        let errors = s.connection.takeErrors()
        guard !errors.isEmpty else { return }
        for e in errors { log.warning("\(e)") }
        if errors.contains(where: { $0.request == s.synthesizer.requestCode }) && !s.performer.holdsNothing {
            log.warning(Words("releasing held keys and buttons after an XTest error"))
            s.performer.releaseAll()
        }
        if errors.contains(where: { $0.request == s.synthesizer.requestCode }) {
            // A pointer stroke's press, whose click or hand-over may be half done.
            connection.input?.letGoOfPointerPress()
        }
    }

    /// The X server went away: drop everything tied to it and retry.
    mutating func lost(now: Double) {
        log.warning(Words("the X server went away; gestures in progress are dropped, retrying"))
        connection.session = nil
        if connection.player == nil { connection.input = nil }
        rebuildEngine()
        timers[.reconnect] = now + connection.backoff
    }

    /// Every key and button let go of, the borrowed keycode given back, the
    /// sockets and the state file removed.
    mutating func shutdown() {
        clients.stop()
        if let p = status.path { unlink(p) }
        if let s = connection.session {
            s.performer.releaseAll()
            s.synthesizer.restore()
            connection.input?.stop()
            s.nameTag.destroy()
            s.fingerTrail?.destroy()
            s.connection.sync()
        }
        log.notice(Words("stopped"))
    }
}
