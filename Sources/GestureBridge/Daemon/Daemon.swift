#if canImport(Glibc)
import Glibc
#endif
import CLinux
import GestureConfig
import GestureCore
import GestureX11

/// `gesture-bridge run`: one thread, one poll() on the descriptors
/// `Descriptor` lists (Descriptors.swift), with the earliest of the
/// deadlines `Deadline` lists (Deadlines.swift) as its timeout. Nothing
/// wakes it when nothing happens. Each wakeup is one pass (Wakeup.swift):
/// read what poll reported, decide (the engine's timers), do what was
/// decided in order, flush X once.
///
/// A value, its state a few values named for what they hold, each in a
/// file with the code that changes it: `Configuration` (DaemonConfig.swift),
/// `Connection` (DaemonConnection.swift), `Clients` (DaemonClients.swift),
/// `Timers` (Deadlines.swift), `Status` (DaemonStatus.swift), and the
/// engine with its router (`Recognition`).
public struct Daemon {
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
        /// The log's messages in the reader's language (the daemon's gettext); English by default.
        public var translate: @Sendable (String) -> String = { $0 }

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

    public let options: Options
    let log: Logger
    /// The config file, the config running, what its last failed load said.
    var config: Configuration
    /// The X connection and what hangs off it, the input source (X's or a
    /// played trace), the recording.
    var connection = Connection()
    /// Served beside the gestures: the monitor socket's clients, Touchégg's.
    var clients = Clients()
    /// The daemon's own timers: a reload, a reconnection.
    var timers = Timers()
    /// What `gesture-bridge status` reads.
    var status: Status
    /// The engine and the router its effects go through.
    var recognition: Recognition
    /// The engine's time (EngineClock.swift): from its first input, as the record writes it.
    var clock = EngineClock()
    /// Notices a suspend between two wakeups (Sleep.swift).
    var sleepWatch = SleepWatch()
    /// Wakes the loop at a resume (Sleep.swift).
    let resumeAlarm = ResumeAlarm()
    let signals = SignalSource()
    let watcher: ConfigWatcher
    var running = true
    /// When the name shown at a stroke's end hides (StrokeNameTag, NameTagPlan).
    var strokeName = NameTagPlan()
    /// The time of the current wakeup (the loop's one clock read).
    var wokenAt = 0.0
    /// While set, the wait leaves X's socket out until then, and the read
    /// after it takes the rest of the touchscreen frame X was writing
    /// (`frameGather`, Descriptors.swift).
    var restOfFrameAt: Double?

    /// Reload this long after the last change to the file (editors write in steps).
    public static let reloadDebounce = 0.1
    public static let maxBackoff = 8.0
    /// How long the daemon lets X write the rest of a touchscreen frame
    /// before reading it, once a read stopped inside one: X writes each
    /// touch event on its own, and under emulation the three of a frame
    /// came up to a few ms apart. The engine waits as long for a frame's
    /// events anyway (ContactTracker.frameJoin, 1.5 ms, after X's delivery
    /// lag), so a frame is judged no later for it.
    public static let frameGather = 0.002

    public init(options: Options) {
        self.options = options
        status = Status()
        log = Logger(verbose: options.verbose, messages: status.messages, translate: options.translate)
        let loader = ConfigLoader.standard()
        let path = options.configPath ?? ConfigLoader.defaultPath(environment: loader.environment)
        // Watched before it is read: a file written as soon as the daemon
        // says there is none is seen.
        watcher = ConfigWatcher(path: path)
        config = Configuration(loader: loader, path: path, explicit: options.configPath != nil, log: log)
        recognition = Recognition(engine: GestureEngine(table: config.loaded.table, screen: connection.screen),
                                  router: EffectRouter(config.loaded, performer: nil, hooks: EffectRouter.Hooks()))
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    public mutating func run() -> Int32 {
        guard connection.openTraces(options, log: log) else { return 1 }
        // The time of this wakeup (`tickNow`, read once per wakeup): every
        // input, deed and timer of a pass takes it, and the next wait is
        // measured from it (the pass's own work, microseconds, makes a
        // timer at most that late).
        var now = tickNow()
        wokenAt = now
        _ = sleepWatch.mayHaveSlept(wallLead: wallLead(), clockSet: true)
        _ = sleepWatch.slept(suspendedNow: secondsSuspended())
        connect(now: now)
        if options.exitWhenReady {
            guard connection.session != nil else { return 1 }
            shutdown()
            return 0
        }
        // Start-up is over: the relocation table the loader applied before
        // `main` is read no more, and its pages (about 500 kB of the static
        // daemon's RSS; DT_RELR, which packs it, needs glibc 2.36) are given
        // back (docs/performance.md, "Relocations and resident pages").
        let released = cx_release_own_relocations()
        log.debug("relocation table: \(released / 1024) kB given back")
        // One pollfd array for the whole run (the loop allocates nothing per wakeup).
        var poll = PollSet()
        while running {
            // Before sleeping: what changed in the last pass is on disk while idle.
            if status.needsWriting { writeState() }
            let timeout = PollSet.timeout(until: nextDeadline, now: now)
            poll.clear()
            for role in Descriptor.allCases { addDescriptors(role, to: &poll) }
            let ranOut = poll.wait(timeout)
            // A wait that ran out lasted its timeout at least: a deadline the
            // tick clock has not reached yet is still due (and time never
            // goes back for having been ahead of the tick).
            now = max(tickNow(), ranOut ? now + Double(timeout) / 1000 : now)
            wokenAt = now
            // A resume is handled before anything this wakeup read. The
            // boot clock's gap is read only when the wall clock's lead moved
            // or the clock was set (two system calls where the vDSO cannot
            // read the hardware clock; the lead is read from memory).
            let clockSet = resumeAlarm.fd < 0 || poll[.resume].reported
            if sleepWatch.mayHaveSlept(wallLead: wallLead(), clockSet: clockSet),
               let slept = sleepWatch.slept(suspendedNow: secondsSuspended()) { resumed(afterSleeping: slept, now: now) }
            pass(poll, now: now)
        }
        shutdown()
        return 0
    }
}
