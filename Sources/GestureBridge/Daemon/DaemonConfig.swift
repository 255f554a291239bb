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

// The daemon's config: loaded at start, reloaded when the file changes (the
// last good one kept), and the engine and router rebuilt from it.
extension Daemon {
    /// The file if it loads; otherwise the built-in default, saying so.
    static func initialConfig(path: String, explicit: Bool, loader: ConfigLoader, log: Logger) -> LoadedConfig {
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
            for d in e.diagnostics { log.log(level: d.isError ? .error : .warning, "\(d)") }
            log.error("\(path) has errors; running the built-in default until they are fixed")
            return builtIn()
        }
    }

    // MARK: Config

    func reload() {
        reloadAt = nil
        guard FileSystem.exists(configPath) else {
            reportFailure([], "\(configPath) is gone; keeping the running config")
            return
        }
        switch loader.load(path: configPath) {
        case .failure(let e):
            reportFailure(e.diagnostics, "\(configPath) has errors; keeping the running config")
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
    func logGranted(_ lines: [String]) {
        stateChanged = true
        for l in lines { log.notice("holding: \(l)") }
    }

    /// Logs a failed reload's diagnostics (each at its own level: a warning
    /// is a warning, even in a config with errors) and why, once for as long
    /// as they stay the same.
    func reportFailure(_ diagnostics: [Diagnostic], _ summary: String) {
        let lines = diagnostics.map { "\($0)" } + [summary]
        stateChanged = true
        guard lines != reportedFailure else {
            log.debug("\(configPath) changed, still with the same errors; keeping the running config")
            return
        }
        reportedFailure = lines
        for d in diagnostics { log.log(level: d.isError ? .error : .warning, "\(d)") }
        log.error("\(summary)")
    }

    func rebuildEngine() {
        stateChanged = true
        session?.performer.dragLock = config.table.settings.dragLock
        let devices = input?.devices ?? []
        var engine = GestureEngine(table: config.table, screen: screen, devices: devices)
        engine.explain = options.verbose
        serveTouchegg(config.table.settings.toucheggProtocol)
        let forwarder = touchegg != nil ? ToucheggForwarder(screen: screen, devices: devices) : nil
        recognition = Recognition(engine: engine, router: makeRouter(), forwarder: forwarder)
        if monitor?.listening == true { startOrStopMonitoring() }
    }

    /// Starts or stops the Touchégg protocol server as the config says; a
    /// taken address is said once and the daemon goes on without it.
    func serveTouchegg(_ on: Bool) {
        guard on else {
            if touchegg != nil { log.notice("touchegg-protocol off: the D-Bus server stops") }
            touchegg = nil
            return
        }
        guard touchegg == nil else { return }
        do {
            // The address can be moved (tests run beside a real touchegg).
            let address = ProcessEnvironment.current()["GESTURE_BRIDGE_TOUCHEGG_ADDRESS"] ?? ToucheggServer.address
            let server = try ToucheggServer(address: address, now: wokenAt)
            let log = self.log
            server.onNote = { log.info("\($0)") }
            touchegg = server
            log.notice("touchegg-protocol: serving Touchégg's D-Bus signals at \(address)")
        } catch {
            if !toucheggRefusalSaid { log.warning("\(error)") }
            toucheggRefusalSaid = true
        }
    }

    /// A router for the config and session now: it asks the input source
    /// for a device's kind, and logs with --verbose.
    func makeRouter() -> EffectRouter {
        var hooks = EffectRouter.Hooks()
        hooks.deviceKind = { [unowned self] id in input?.kind(of: id) }
        if options.verbose { hooks.debug = { [log] in log.debug("\($0)") } }
        return EffectRouter(config, performer: session?.performer, hooks: hooks)
    }
}
