import GestureActions
import GestureConfig
import GestureCore
import GestureSystem
import GestureTraces
import GestureX11

extension Daemon {
    /// The daemon's config: the file, what runs (loaded at start, reloaded
    /// when the file changes, the last good one kept), and what its last
    /// failed load said.
    struct Configuration {
        var loader: ConfigLoader
        let path: String
        /// The config running: the file's last good load, or the built-in default.
        var loaded: LoadedConfig
        /// What the last failed reload reported: an editor's several writes,
        /// or a chmod, of a file still broken the same way are not reported
        /// again (nil: the last load was good, or a reload was asked for).
        var reportedFailure: [String]? = nil
        /// Its strokes drawn with a pointer button held (nil: none bound).
        var pointer: PointerStrokeBindings? = nil

        /// The file at `path` if it loads; otherwise the built-in default,
        /// saying so (`explicit`: the user named the file).
        init(loader: ConfigLoader, path: String, explicit: Bool, log: Logger) {
            self.loader = loader
            self.path = path
            loaded = Self.initial(path: path, explicit: explicit, loader: loader, log: log)
        }

        private static func initial(path: String, explicit: Bool, loader: ConfigLoader, log: Logger) -> LoadedConfig {
            guard FileSystem.exists(path) else {
                if explicit { log.error(Words("{path} does not exist; running the built-in default until it does", ["path": path])) }
                else { log.notice(Words("no config file at {path}; running the built-in default (gesture-bridge init writes it there)", ["path": path])) }
                return builtIn(loader)
            }
            switch loader.load(path: path) {
            case .success(let c):
                for w in c.warnings { log.log(w) }
                log.notice(Words("loaded {path}: {count} bindings", ["path": path, "count": c.actions.count]))
                return c
            case .failure(let e):
                for d in e.diagnostics { log.log(d) }
                log.error(Words("{path} has errors; running the built-in default until they are fixed", ["path": path]))
                return builtIn(loader)
            }
        }

        static func builtIn(_ loader: ConfigLoader) -> LoadedConfig {
            try! loader.load(text: DefaultConfig.text, file: ConfigSource.builtInName).get()
        }
    }

    // MARK: Reload

    mutating func reload() {
        timers[.reload] = nil   // one pending is done by this one
        guard FileSystem.exists(config.path) else {
            reportFailure([], Words("{path} is gone; keeping the running config", ["path": config.path]))
            return
        }
        switch config.loader.load(path: config.path) {
        case .failure(let e):
            reportFailure(e.diagnostics, Words("{path} has errors; keeping the running config", ["path": config.path]))
        case .success(let c):
            config.reportedFailure = nil
            for w in c.warnings { log.log(w) }
            connection.session?.performer.releaseAll()
            config.loaded = c
            rebuildEngine()
            let before = connection.input?.statusListening ?? []
            for n in connection.input?.listen(for: c.table) ?? [] { log.warning(n) }
            log.notice(Words("reloaded {path}: {count} bindings", ["path": config.path, "count": c.actions.count]))
            if let now = connection.input?.statusListeningWords, now.map(\.description) != before { logGranted(now) }
        }
    }

    /// What the daemon holds on the display, per kind of device (changed
    /// by a reload, or by X refusing a grab): said whenever it changes.
    mutating func logGranted(_ lines: [Words]) {
        status.changed = true
        for l in lines { log.notice(Words("holding: {what}", ["what": l])) }
    }

    /// Logs a failed reload's diagnostics (each at its own level: a warning
    /// is a warning, even in a config with errors) and why, once for as long
    /// as they stay the same.
    mutating func reportFailure(_ diagnostics: [Diagnostic], _ summary: Words) {
        let lines = diagnostics.map { "\($0)" } + [summary.description]
        status.changed = true
        guard lines != config.reportedFailure else {
            log.debug("\(config.path) changed, still with the same errors; keeping the running config")
            return
        }
        config.reportedFailure = lines
        for d in diagnostics { log.log(d) }
        log.error(summary)
    }

    /// The engine and router made again for the config, session and screen now.
    mutating func rebuildEngine() {
        status.changed = true
        let table = config.loaded.table
        connection.session?.performer.dragLock = table.settings.dragLock
        let pointer = PointerStrokeBindings(table: table, pxPerMM: connection.screen.pxPerMM)
        config.pointer = pointer.isEmpty ? nil : pointer
        let devices = connection.input?.devices ?? []
        var engine = GestureEngine(table: table, screen: connection.screen, devices: devices)
        engine.explain = options.verbose
        serveTouchegg(table.settings.toucheggProtocol)
        let forwarder = clients.touchegg != nil ? ToucheggForwarder() : nil
        recognition = Recognition(engine: engine, router: makeRouter(), forwarder: forwarder)
        let outcomes = StrokeOutcomes(table: table)
        recognition.watchStrokes(table.settings.strokeName && outcomes.watches ? outcomes : nil)
        if !table.settings.strokeName {
            strokeName.hidden()
            connection.session?.nameTag.destroy()
        }
        if clients.monitor?.listening == true { startOrStopMonitoring() }
    }

    /// A router for the config and session now: it asks the input source
    /// for a device's kind (the router is made again whenever the source
    /// changes), and logs with --verbose.
    func makeRouter() -> EffectRouter {
        var hooks = EffectRouter.Hooks()
        let input = connection.input
        hooks.deviceKind = { id in input?.kind(of: id) }
        if options.verbose { hooks.debug = { [log] in log.debug($0) } }
        return EffectRouter(config.loaded, performer: connection.session?.performer, hooks: hooks)
    }
}
