import GestureCore
import GestureTraces

/// The one seeded generator of random binding tables and random gestures,
/// for the invariant tests of the engine (GestureCoreTests) and of the daemon's
/// router (GestureBridgeTests): touch streams of 1–5 fingers that land apart,
/// wait, move, pinch and turn; touchpad swipes and pinches, some cancelled;
/// window changes; and, when asked, a device that goes away mid-stream and
/// comes back. The same seed gives the same table and trace.
public enum RandomGestures {
    /// Every kind of gesture and composition, with and without arguments:
    /// those below, and each kind of `GestureKind.all` they leave out, bare
    /// (but stroke).
    public static let pool: [GestureSpec] = {
        func common(_ n: Int, _ from: Edge? = nil) -> CommonArguments { CommonArguments(fingers: n, from: from) }
        let picked: [GestureSpec] = [
            .tap(TapSpec()), .tap(TapSpec(count: 2)), .tap(TapSpec(common: common(2))),
            .longPress(LongPressSpec()), .longPress(LongPressSpec(minimumDuration: 0.3, common: common(2))),
            .drag(DragSpec()), .drag(DragSpec(common: common(2))),
            .swipe(SwipeSpec(direction: .left, common: common(3))), .swipe(SwipeSpec(direction: .right, common: common(2))),
            .swipe(SwipeSpec(common: common(4))), .swipe(SwipeSpec(direction: .up, common: common(1, .bottomEdge))),
            .magnify(MagnifySpec()), .rotate(RotateSpec()), .hold(HoldSpec(minimumDuration: 0.2)),
            .sequenced(.longPress(LongPressSpec(minimumDuration: 0.4)), .drag(DragSpec())),
            .exclusively(.tap(TapSpec(count: 2)), .longPress(LongPressSpec())),
            .simultaneously(.magnify(MagnifySpec()), .rotate(RotateSpec())),
        ]
        let kinds = Set(picked.compactMap { $0.kind?.name })
        // Not stroke: it needs taught shapes, which random tables have none of
        // (StrokeRecognizerTests covers it); and a pool one longer reshuffles
        // every seed's table.
        return picked + GestureKind.all.filter { !kinds.contains($0.name) && $0.name != "stroke" }.map { $0.make() }
    }()

    /// A random binding named `name`: any gesture of the pool, any priority,
    /// sometimes with `on-step` (continuous gestures) and `on-repeat`.
    public static func binding(_ name: String, _ rng: inout SplitMix64) -> Binding {
        let g = pool[Int(rng.next() % UInt64(pool.count))]
        let p = Priority.allCases[Int(rng.next() % 3)]
        let step = g.isContinuous && rng.next() % 2 == 0 ? StepSpec(every: 0.2) : nil
        return Binding(name: name, gesture: g, priority: p, step: step, repeats: rng.next() % 4 == 0)
    }

    /// 1–4 desktop bindings, and an app scope for `app*` windows with 0–2
    /// bindings under a random mask.
    public static func table(_ rng: inout SplitMix64) -> GestureTable {
        let desktop = (0..<Int(1 + rng.next() % 4)).map { binding("b\($0)", &rng) }
        let app = AppScope(classGlob: "app*", including: GestureMask.allCases[Int(rng.next() % 4)],
                           bindings: (0..<Int(rng.next() % 3)).map { binding("a\($0)", &rng) })
        return GestureTable(desktop: desktop, apps: [app])
    }

    /// 1–4 gestures on the standard touchscreen and touchpad, with window
    /// changes between them; with `deviceChurn`, now and then a device goes
    /// away mid-stream and comes back.
    public static func trace(_ rng: inout SplitMix64, seed: UInt64, deviceChurn: Bool = false) -> Trace {
        var b = TraceBuilder.standard(seed: seed)
        for _ in 0..<Int(1 + rng.next() % 4) {
            if rng.next() % 4 == 0 { b.window(class: rng.next() % 2 == 0 ? "app1" : "other") }
            let n = Int(1 + rng.next() % 5)
            let at = Point(x: rng.uniform(0, 1920), y: rng.uniform(0, 1080))
            switch rng.next() % 6 {
            case 0:
                b.device = TraceBuilder.touchpadID
                b.touchpadSwipe(fingers: max(3, n), by: Point(x: rng.uniform(-400, 400), y: rng.uniform(-400, 400)),
                                over: rng.uniform(0.05, 0.6), cancelled: rng.next() % 5 == 0)
            case 1:
                b.device = TraceBuilder.touchpadID
                b.touchpadPinch(fingers: max(2, n % 4), to: rng.uniform(0.4, 2.2), rotating: rng.uniform(-60, 60),
                                over: rng.uniform(0.05, 0.6), cancelled: rng.next() % 5 == 0)
            default:
                b.device = TraceBuilder.touchscreenID
                b.land(n, at: at, spacing: rng.uniform(20, 200), stagger: rng.uniform(0, 0.03))
                for _ in 0..<Int(rng.next() % 3) {
                    switch rng.next() % 4 {
                    case 0: b.wait(rng.uniform(0, 0.8))
                    case 1: b.pinch(to: rng.uniform(0.5, 2), over: rng.uniform(0.05, 0.4), jitter: 1)
                    case 2: b.rotate(by: rng.uniform(-90, 90), over: rng.uniform(0.05, 0.4), jitter: 1)
                    default: b.move(by: Point(x: rng.uniform(-500, 500), y: rng.uniform(-500, 500)),
                                    over: rng.uniform(0.02, 0.8), jitter: rng.uniform(0, 3), curve: rng.uniform(-50, 50))
                    }
                }
                b.lift(stagger: rng.uniform(0, 0.03))
            }
            b.wait(rng.uniform(0, 0.5))
        }
        var trace = b.trace
        if deviceChurn && rng.next() % 5 == 0 && trace.events.count > 4 {
            let at = Int(rng.next() % UInt64(trace.events.count - 2)) + 1
            let t = trace.events[at].t
            let device = trace.header.devices[Int(rng.next() % UInt64(trace.header.devices.count))]
            trace.events.insert(TraceEvent(t: t, input: .deviceRemoved(device.id)), at: at)
            trace.events.insert(TraceEvent(t: t, input: .deviceAdded(device)), at: at + 1)
        }
        return trace
    }

    /// The latest a touch may be decided (claimed or released) under `table`:
    /// `grab-timeout` after it began; with a high press deciding by time, its
    /// timer (0.5 s after fingers landing ≤ 0.12 s apart, the most this
    /// generator staggers them); and for a high press composed after a double
    /// tap (`tap(count: 2).exclusively(before: longPress())`), the double-tap
    /// timeout after the lift, since the press waits for the double tap to fail.
    public static func latestDecision(began: Seconds, ended: Seconds?, table: GestureTable) -> Seconds {
        let settings = table.settings
        let timed = table.allBindings.contains { $0.priority == .high && $0.gesture.decidedByTime }
        guard timed else { return began + settings.grabTimeout }
        let press = began + max(settings.grabTimeout, settings.longPress + 0.12)
        return max(press, (ended ?? .infinity) + settings.doubleTapTimeout)
    }
}
