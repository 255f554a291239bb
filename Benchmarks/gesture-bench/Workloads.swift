// The workloads of the cost curves (docs/performance.md): how the engine's
// cost per event grows with the number of bindings and of fingers, and a
// steady stream (fingers moving, gestures decided) for allocations per event.
import GestureBridge
import GestureCore
import GestureTraces
import GestureTesting

/// `n` bindings of every kind, desktop and app scopes, every priority, with
/// distinct fingers and directions (as a large real config would have).
func curveTable(bindings n: Int) -> GestureTable {
    let directions: [Direction] = [.left, .right, .up, .down, .upLeft, .upRight, .downLeft, .downRight]
    let priorities: [Priority] = [.high, .normal, .simultaneous]
    var desktop: [Binding] = [], app: [Binding] = []
    for k in 0..<n {
        let fingers = 1 + k % 5
        let common = CommonArguments(fingers: fingers)
        let gesture: GestureSpec
        switch k % 7 {
        case 0: gesture = .swipe(SwipeSpec(direction: directions[(k / 7) % 8], common: CommonArguments(fingers: max(2, fingers))))
        case 1: gesture = .magnify(MagnifySpec(common: CommonArguments(fingers: max(2, fingers))))
        case 2: gesture = .tap(TapSpec(count: 1 + (k / 7) % 2, common: common))
        case 3: gesture = .drag(DragSpec(common: common))
        case 4: gesture = .rotate(RotateSpec(common: CommonArguments(fingers: max(2, fingers))))
        case 5: gesture = .sequenced(.longPress(LongPressSpec(common: common)), .drag(DragSpec(common: common)))
        default: gesture = .hold(HoldSpec(common: common))
        }
        let b = Binding(name: "b\(k)", gesture: gesture, priority: priorities[k % 3],
                        step: k % 7 == 1 ? StepSpec(every: 0.15) : nil)
        if k % 4 == 3 { app.append(b) } else { desktop.append(b) }
    }
    return GestureTable(desktop: desktop, apps: app.isEmpty ? [] : [AppScope(classGlob: "*", bindings: app)])
}

/// `fingers` fingers landing together, moving 300 px and lifting, over and
/// over on the touchscreen, until `events` events exist.
func fingersTrace(_ fingers: Int, events: Int) -> Trace {
    var b = TraceBuilder.standard(seed: 7)
    var k = 0
    while b.events.count < events {
        b.land(fingers, at: Point(x: 700 + Double(k % 5) * 60, y: 500), spacing: 50, stagger: 0.004)
        b.move(by: Point(x: k % 2 == 0 ? -300 : 300, y: 20), over: 0.3, jitter: 1)
        b.lift(stagger: 0.003)
        b.wait(0.4)
        k += 1
    }
    var t = b.trace
    t.events.removeLast(t.events.count - events)
    return t
}

/// Steady state: two fingers pinching out and in for as long as `events`
/// lasts. After the first frames every gesture is decided; what remains is
/// the per-frame work the daemon does all day.
func steadyTrace(events: Int) -> Trace {
    var b = TraceBuilder.standard(seed: 9)
    b.land(2, at: Point(x: 960, y: 540), spacing: 200, stagger: 0.005)
    var k = 0
    while b.events.count < events {
        b.pinch(to: k % 2 == 0 ? 1.6 : 1 / 1.6, over: 0.5, jitter: 0.5)
        k += 1
    }
    b.lift()
    var t = b.trace
    if t.events.count > events { t.events.removeLast(t.events.count - events) }
    return t
}
