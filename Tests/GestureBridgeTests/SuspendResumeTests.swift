@testable import GestureBridge
import GestureActions
import GestureConfig
import GestureCore
import GestureTesting
import GestureTraces
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A laptop that sleeps: the daemon notices the sleep (SleepWatch) and, at
/// its first wakeup after the resume, gives the engine `inputsOnResume` and
/// lets go of every key it holds (Daemon.resumed). Here the same inputs go
/// through the engine and the daemon's own router to a synthesizer that
/// counts the keys down: the hands down at the suspend fire nothing after
/// it, hold nothing, and the first hand after it fires as it should.
@Suite struct SuspendResumeTests {
    @Test(arguments: [
        // Gaps read at successive wakeups (CLOCK_BOOTTIME − CLOCK_MONOTONIC)
        // and the sleeps noticed: none at the first read, none for jitter.
        ([0.0, 0.0, 0.000_3, 0.1], [Double?]([nil, nil, nil, nil])),
        ([12.0, 12.0, 15.5, 15.5], [nil, nil, 3.5, nil]),
        ([0.0, 0.5, 0.9, 61.0], [nil, 0.5, nil, 60.1]),
        ([4.0, 7.0], [nil, 3.0]),
    ])
    func aSleepIsTheBootClockGainingOnTheMonotonicOne(gaps: [Double], slept: [Double?]) {
        var watch = SleepWatch()
        let seen = gaps.map { watch.slept(suspendedNow: $0) }
        #expect(seen.count == slept.count)
        for (a, b) in zip(seen, slept) {
            if let b { #expect(a != nil && abs(a! - b) < 1e-9) } else { #expect(a == nil) }
        }
    }

    /// The gap costs two system calls where the vDSO cannot read the clock
    /// (the E2E VM's HPET): it is read only when the wall clock's lead over
    /// the monotonic one (read from memory) moved by nearly a sleep, or the
    /// wall clock was set; and always at the first wakeup.
    @Test(arguments: [
        // Leads at successive wakeups, whether the clock was set, and the
        // wakeups that read the gap.
        ([100.0, 100.0, 100.004, 100.0], [false, false, false, false], [true, false, false, false]),
        // A sleep of 3 s, then one of just `least` (0.5 s) seen a tick short.
        ([100.0, 103.0, 103.0, 103.46], [false, false, false, false], [true, true, false, true]),
        // A set backwards during a sleep hides it from the lead: the alarm says so.
        ([100.0, 99.0, 99.0], [false, true, false], [true, true, false]),
    ])
    func theGapIsReadOnlyWhenTheWallClocksLeadMoved(leads: [Double], set: [Bool], reads: [Bool]) {
        var watch = SleepWatch()
        var seen: [Bool] = []
        for (lead, clockSet) in zip(leads, set) { seen.append(watch.mayHaveSlept(wallLead: lead, clockSet: clockSet)) }
        #expect(seen == reads)
    }

    @Test func theWallClocksLeadStaysStillBetweenTwoReads() {
        var watch = SleepWatch()
        let first = watch.mayHaveSlept(wallLead: wallLead(), clockSet: false)
        let second = watch.mayHaveSlept(wallLead: wallLead(), clockSet: false)
        #expect(first && !second)
    }

    @Test func theClocksThisMachineHasGiveAGapThatNeverShrinks() {
        // Read here: the gap is the machine's time asleep since boot, ≥ 0,
        // and two reads in a row (no sleep between them) are no sleep.
        var watch = SleepWatch()
        let a = secondsSuspended()
        #expect(a >= -0.001)
        #expect(watch.slept(suspendedNow: a) == nil)
        #expect(watch.slept(suspendedNow: secondsSuspended()) == nil)
    }

    /// The resume alarm sleeps through everything but a set of the wall
    /// clock, which the kernel makes at every resume. Set here to the time
    /// it already is (as root; skipped otherwise): the alarm is readable,
    /// and quiet again once armed anew.
    @Test func theResumeAlarmWakesOnAClockSetOnly() throws {
        let alarm = ResumeAlarm()
        try #require(alarm.fd >= 0)
        func ready() -> Bool {
            var p = pollfd(fd: alarm.fd, events: Int16(POLLIN), revents: 0)
            return poll(&p, 1, 0) == 1
        }
        #expect(!ready())
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard clock_settime(CLOCK_REALTIME, &now) == 0 else { return }   // not root: nothing to see
        #expect(ready())
        alarm.rearm()
        #expect(!ready())
    }

    @Test func aResumeIsEveryDeviceUnpluggedAndPluggedBack() throws {
        let b = TraceBuilder.standard()
        let inputs = inputsOnResume(devices: b.header.devices)
        try #require(inputs.count == 4)
        #expect(inputs.map(\.device) == [TraceBuilder.touchscreenID, TraceBuilder.touchscreenID,
                                          TraceBuilder.touchpadID, TraceBuilder.touchpadID])
        if case .deviceRemoved = inputs[0], case .deviceAdded(let d) = inputs[1] { #expect(d == b.header.devices[0]) }
        else { Issue.record("not removed then added: \(inputs)") }
    }

    static let config = """
        version = 1
        keymap = "none"
        [[bind]]
        name = "screen-swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        device = "touchscreen"
        on-began = "keydown super"
        on-ended = "key F9"
        [[bind]]
        name = "pad-swipe-down-held"
        gesture = "swipe(fingers: 4, direction: .down)"
        device = "touchpad"
        on-began = "keydown super"
        [[bind]]
        name = "pad-swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        device = "touchpad"
        on-ended = "key F10"
        """

    /// The engine and the daemon's router over the builder's events
    /// (`playRouted`); after the last of the resume's inputs (`resumeAt`),
    /// the keys down are recorded, then the daemon's `releaseAll` runs, as
    /// `Daemon.resumed` does.
    struct Run {
        var synth = RecordingSynthesizer()
        var downAfterResume: [UInt32: Int] = [:]
        var ended: [String] = []
    }

    static func run(_ b: TraceBuilder, resumeAt: Range<Int>) throws -> Run {
        let loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: [:])
        let config = try loader.load(text: Self.config, file: "suspend.toml").get()
        var engine = GestureEngine(table: config.table, screen: b.header.screen, devices: b.header.devices)
        var r = Run()
        let performer = ActionPerformer(synthesizer: r.synth, baseEnvironment: [:])
        let router = EffectRouter(bindings: config.table.allBindings, actions: config.actions, performer: performer,
                                  hooks: EffectRouter.Hooks())
        let names = config.table.allBindings.map(\.name)
        playRouted(b.events, engine: &engine, router: router, until: (b.events.last?.t ?? 0) + 5) { i, effects in
            for case .gesture(let g) in effects where g.phase == .ended { r.ended.append(names[g.binding]) }
            if i == resumeAt.upperBound - 1 {
                r.downAfterResume = r.synth.down.filter { $0.value != 0 }
                performer.releaseAll()
            }
        }
        return r
    }

    static let super_ = Keysym.named("Super_L")!.value
    static let f9 = Keysym.named("F9")!.value
    static let f10 = Keysym.named("F10")!.value

    @Test func fingersDownAtTheSuspendFireNothingAfterItAndTheFirstHandAfterItDoes() throws {
        var b = TraceBuilder.standard()
        let centre = Point(x: 960, y: 540)
        b.land(3, at: centre, spacing: 70)
        b.move(by: Point(x: -200, y: 0), over: 0.2)          // the swipe has begun: Super held
        b.wait(0.05)
        let resume = b.events.count..<(b.events.count + 4)
        for input in inputsOnResume(devices: b.header.devices) { b.emit(input) }
        b.move(by: Point(x: -100, y: 0), over: 0.1)          // X still reports the old touches …
        b.lift()                                             // … and their lifts
        b.wait(0.3)
        b.land(3, at: centre, spacing: 70)                   // the first hand after the resume
        b.move(by: Point(x: -300, y: 0), over: 0.3)
        b.lift()
        let r = try Self.run(b, resumeAt: resume)
        // The swipe under way at the suspend let go of Super when it was cancelled.
        #expect(r.downAfterResume.isEmpty, "keys down after the resume: \(r.downAfterResume)")
        // F9 once: the swipe after the resume, never the one cut by the sleep.
        #expect(r.ended == ["screen-swipe-left"])
        #expect(r.synth.pressed[Self.f9, default: 0] == 1)
        #expect(r.synth.pressed[Self.super_, default: 0] == 2)
        #expect(!r.synth.anyDown)
    }

    @Test func aKeyHeldByATouchpadSwipeAtTheSuspendIsReleasedAndTheNextSwipeActs() throws {
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadSwipe(fingers: 4, by: Point(x: 0, y: 300), over: 0.25)
        // The fingers were still down when the lid closed: no end yet.
        var held = TraceBuilder.standard(device: .touchpad)
        for e in b.events { if case .swipeEnd = e.input {} else { held.wait(e.t - held.t); held.emit(e.input) } }
        held.wait(0.05)
        let resume = held.events.count..<(held.events.count + 4)
        for input in inputsOnResume(devices: held.header.devices) { held.emit(input) }
        // libinput ends the old gesture after the resume; then a new swipe.
        held.emit(.swipeEnd(device: TraceBuilder.touchpadID, fingers: 4, cancelled: true))
        held.wait(0.3)
        held.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.25)
        let r = try Self.run(held, resumeAt: resume)
        #expect(r.downAfterResume.isEmpty, "keys down after the resume: \(r.downAfterResume)")
        #expect(r.synth.pressed[Self.super_, default: 0] == 1)
        #expect(r.synth.pressed[Self.f10, default: 0] == 1)
        #expect(r.ended == ["pad-swipe-left"])
        #expect(!r.synth.anyDown)
    }
}
