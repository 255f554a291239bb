import GestureCore

extension Daemon {
    /// Every deadline the daemon's wait ends at: the one list of them. Most are
    /// kept by their owners (the engine, the synthesizer, the performer,
    /// libdbus), which are advanced at every wakeup and do what is due by then
    /// themselves; the daemon's own are `Timer`s, kept in `Timers`.
    ///
    /// Two clocks meet here only: the engine's deadlines are in engine time
    /// (from its first input, EngineClock; a trace played faster than real
    /// time, X's lateness), converted to the daemon's wall time in `due`
    /// (inputs take engine time in `feed`, Wakeup.swift). A new deadline is one case here and its arm
    /// in `due`; a new timer of the daemon's own is one `Timer` case and its
    /// arm in `fire` (both switches exhaustive: the compiler points at each).
    enum Deadline: Hashable, CaseIterable {
        /// A recognizer's timer: a hold, a tap's wait, a hand settling (engine time).
        case engine
        /// The monitor stream's frame the throttle held back (engine time).
        case monitorFrame
        /// `--play`: the trace's next event.
        case playedEvent
        /// The keycode the synthesizer lent to a keysym, given back.
        case keycodeRestore
        /// A drag-lock running out; a window's position held back for a window manager that was behind.
        case performer
        /// libdbus's timers (a Touchégg client's authentication timing out).
        case touchegg
        /// A pointer stroke's press held still until it goes to the application.
        case pointerHold
        /// The name shown at a stroke's end, hidden.
        case strokeName
        /// The rest of a touchscreen frame read, X's socket left out of the wait till then.
        case restOfFrame
        /// The daemon's own.
        case timer(Daemon.Timer)

        static let allCases: [Deadline] = [.engine, .monitorFrame, .playedEvent, .keycodeRestore, .performer, .touchegg, .pointerHold, .strokeName,
                                           .restOfFrame]
            + Daemon.Timer.allCases.map(Deadline.timer)
    }

    /// The daemon's own timers, by name.
    enum Timer: Int, CaseIterable {
        /// The config file loaded again, `reloadDebounce` after it last
        /// changed (at once on SIGHUP).
        case reload
        /// The X server tried again, `backoff` after it went or refused.
        case reconnect
    }

    /// When each of the daemon's own timers falls (wall time; nil: not set).
    struct Timers {
        private var due = [Double?](repeating: nil, count: Timer.allCases.count)

        subscript(_ timer: Timer) -> Double? {
            get { due[timer.rawValue] }
            set { due[timer.rawValue] = newValue }
        }

        /// `timer` falls by `now`: it is cleared (a timer fires once).
        mutating func take(_ timer: Timer, by now: Double) -> Bool {
            guard let t = self[timer], t <= now else { return false }
            self[timer] = nil
            return true
        }
    }

    /// How long past its deadline the judging of a frame (one that ends
    /// nothing) waits for X's next events, which judge it first in any
    /// case, at the same engine time: the engine does the same, later by
    /// at most this. A touchscreen's next frame comes 8 to 17 ms after the
    /// last; the deadline, a frame's join plus X's delivery lag (at least
    /// 9.5 ms), came just before it, and each frame of a gesture was two
    /// wakeups (43 for a swipe of 22 frames in the VM).
    static let frameSlack = 0.010

    /// When `deadline` falls, in wall time (nil: nothing is waited for).
    /// `mutating` though it changes nothing, as `nextDeadline` is: called
    /// from a mutating context, a non-mutating method is handed a copy of
    /// the whole daemon (1.6 kB, at every wakeup).
    mutating func due(_ deadline: Deadline) -> Double? {
        switch deadline {
        case .engine:
            guard let wake = recognition.engineWake else { return nil }
            let wall = wallTime(wake.deadline)
            return wake.judgesAFrame ? wall + Self.frameSlack : wall
        case .monitorFrame: return recognition.monitorDeadline.map { wallTime($0) }
        case .playedEvent: return connection.input?.nextDeadline
        case .keycodeRestore: return connection.session?.synthesizer.restoreDeadline
        case .performer: return connection.session?.performer.nextDeadline
        case .touchegg: return clients.touchegg?.nextDeadline
        case .pointerHold: return connection.input?.pointerDeadline
        case .strokeName: return strokeName.hideAt
        case .restOfFrame: return restOfFrameAt
        case .timer(let t): return timers[t]
        }
    }

    /// The earliest deadline: the wait's end. A `mutating get` though it
    /// changes nothing: read from the loop (a mutating method), a
    /// non-mutating one was handed a copy of the whole daemon (2 kB, every
    /// reference in it retained) at every wakeup; so are `addDescriptors`
    /// and `reportErrors` (docs/performance.md, "Per touch event").
    var nextDeadline: Double? {
        mutating get {
            var soonest: Double? = nil
            for d in Deadline.allCases { soonest = earliest(soonest, due(d)) }
            return soonest
        }
    }

    /// What one of the daemon's timers does when it falls.
    mutating func fire(_ timer: Timer, now: Double) {
        switch timer {
        case .reload: reload()
        case .reconnect: connect(now: now)
        }
    }

    /// Wall time of an engine time, and back: engine time counts from the
    /// first input (EngineClock), and runs behind the wall for X's
    /// lateness, or faster for a trace played faster than real time (the
    /// input source's). nil: no input yet, no engine time. `wallTime` is
    /// `mutating` for `due`'s sake (a non-mutating call from it was handed a
    /// copy of the daemon).
    mutating func wallTime(_ engine: Double) -> Double {
        let t = clock.daemonTime(engine)
        return connection.input?.wallTime(t) ?? t
    }
    func engineTime(_ wall: Double) -> Double? { clock.engineTime(connection.input?.engineTime(wall) ?? wall) }
}
