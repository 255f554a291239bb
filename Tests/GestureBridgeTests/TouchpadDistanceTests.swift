import GestureCore
import Testing
import GestureTraces
import GestureTesting

// Touchpad swipe distances: in mm, the fingers' travel on the pad (XI 2.4's
// unaccelerated motion, libinput's 1000 dpi units); in px, the accelerated
// motion. The default decides a swipe's direction no later than Touchégg
// decides it on the same swipe.

/// Touchégg 2.0 (libinput ≥ 1.18): a swipe starts at the update where the
/// unaccelerated motion summed since the gesture began passes, on either
/// axis, `percent` % of the pad's shorter side (in 1000 dpi units).
func toucheggStart(_ trace: Trace, device: DeviceID, percent: Double = 1) -> Seconds? {
    guard let size = trace.header.devices.first(where: { $0.id == device })?.sizeMM else { return nil }
    let threshold = min(size.width, size.height) / 25.4 * 1000 * percent / 100
    var sum = Point.zero
    for e in trace.events {
        switch e.input {
        case .swipeBegin(let d, _, _) where d == device: sum = .zero
        case .swipeUpdate(let d, _, let delta, let unaccelerated) where d == device:
            sum += unaccelerated ?? delta
            if abs(sum.x) > threshold || abs(sum.y) > threshold { return e.t }
        default: continue
        }
    }
    return nil
}

private func run(_ trace: Trace, _ bindings: [Binding], settings: Settings = Settings()) -> (began: Seconds?, phases: [String]) {
    let table = GestureTable(settings: settings, desktop: bindings)
    let engine = GestureEngine(table: table, screen: trace.header.screen)
    var began: Seconds? = nil
    var phases: [String] = []
    for e in Replayer.run(trace, table: table) {
        guard case .gesture(let g) = e, g.phase != .changed else { continue }
        if g.phase == .began && began == nil { began = g.time }
        phases.append("\(engine.bindings[g.binding].name):\(g.phase.rawValue)")
    }
    return (began, phases)
}

private func swipe(_ name: String, _ d: Direction, fingers: Int = 3, distance: Length? = nil) -> Binding {
    Binding(name: name, gesture: .swipe(SwipeSpec(direction: d, minimumDistance: distance,
                                                  common: CommonArguments(fingers: fingers))), priority: .high)
}

private let everySwipe = [Direction.left, .right, .up, .down].map { swipe("\($0)", $0) }

/// A touchpad (100 × 60 mm) in a trace's header, for traces built by hand.
private func pad(seed: UInt64 = 1) -> TraceBuilder {
    var b = TraceBuilder.standard(device: .touchpad, seed: seed)
    for i in b.header.devices.indices where b.header.devices[i].kind == .touchpad {
        b.header.devices[i].sizeMM = Size(width: 100, height: 60)
    }
    return b
}

@Suite struct TouchpadDistanceTests {
    /// Xorg and libinput's own output (the E2E VM's `record` of a swipe on a
    /// bcm5974 touchpad, 104 × 73 mm): the binding begins at libinput's
    /// first update, two before Touchégg's 1 % (0.73 mm) is passed.
    @Test func theDefaultDecidesNoLaterThanToucheggOnLibinputsOutput() throws {
        let trace = try TraceFile.read(path: TraceFiles.directory + "/touchpad-bcm5974-libinput-swipe-left-3.jsonl")
        let r = run(trace, everySwipe)
        #expect(r.phases == ["left:began", "left:ended"])
        let touchegg = try #require(toucheggStart(trace, device: 11))
        let began = try #require(r.began)
        #expect(began <= touchegg)
        let updates = trace.events.filter { if case .swipeUpdate = $0.input { return true } else { return false } }
        #expect(updates.firstIndex { $0.t >= began } == 0)
        #expect(updates.firstIndex { $0.t >= touchegg } == 2)
    }

    /// Hands as they are (eased starts, jitter, 20 % sideways drift), every
    /// direction, swipes of 12–143 px: never later than Touchégg.
    @Test(arguments: [12.0, 25, 60, 143])
    func handsDecideNoLaterThanTouchegg(_ length: Double) throws {
        for (i, d) in [Direction.left, .right, .up, .down].enumerated() {
            var b = pad(seed: UInt64(length) + UInt64(i))
            let v = d.vector * length
            b.touchpadSwipe(fingers: 3, by: v + Point(x: v.y, y: v.x) * 0.2, over: 0.25,
                            hand: Hand(startDelay: 0.02, easing: true, jitter: 0.5))
            let r = run(b.trace, everySwipe)
            #expect(r.phases == ["\(d):began", "\(d):ended"], "\(length) px \(d)")
            // A swipe too short for Touchégg's threshold: it never starts there.
            guard let touchegg = toucheggStart(b.trace, device: b.device) else { continue }
            let began = try #require(r.began)
            #expect(began <= touchegg, "\(length) px \(d): began \(began), Touchégg \(touchegg)")
        }
    }

    /// In mm, the fingers' travel on the pad, whatever the acceleration made
    /// of it: 2 mm flung fast (200 px) is short of 3 mm; 4 mm moved slowly
    /// (20 px) is past it.
    @Test func millimetresAreTravelOnThePad() {
        var settings = Settings()
        settings.touchpadSwipeDistance = .mm(3)
        var fast = pad()
        fast.touchpadSwipe(fingers: 3, by: Point(x: -200, y: 0), over: 0.1, unaccelerated: Point(x: -2 / 0.0254, y: 0))
        #expect(run(fast.trace, everySwipe, settings: settings).phases == [])
        var slow = pad()
        slow.touchpadSwipe(fingers: 3, by: Point(x: -20, y: 0), over: 0.3, unaccelerated: Point(x: -4 / 0.0254, y: 0))
        #expect(run(slow.trace, everySwipe, settings: settings).phases == ["left:began", "left:ended"])
        // A binding's own distance in mm is travel on the pad too.
        let own = [swipe("left", .left, distance: .mm(3))]
        #expect(run(fast.trace, own).phases == [])
        #expect(run(slow.trace, own).phases == ["left:began", "left:ended"])
    }

    /// In px, the accelerated motion, as before mm were measured on the pad.
    @Test func pixelsAreAcceleratedMotion() {
        var settings = Settings()
        settings.touchpadSwipeDistance = .px(30)
        var short = pad()
        short.touchpadSwipe(fingers: 3, by: Point(x: 0, y: 20), over: 0.2, unaccelerated: Point(x: 0, y: 400))
        #expect(run(short.trace, everySwipe, settings: settings).phases == [])
        var long = pad()
        long.touchpadSwipe(fingers: 3, by: Point(x: 0, y: 40), over: 0.2, unaccelerated: Point(x: 0, y: 20))
        #expect(run(long.trace, everySwipe, settings: settings).phases == ["down:began", "down:ended"])
    }

    /// A trace without `udx`/`udy` (trace-format v1 as the spec writes it):
    /// the accelerated motion stands in, so the default 0.25 mm is 9.8 px,
    /// what the default was before it was in mm (10 px).
    @Test(arguments: [(9.0, false), (11.0, true)])
    func withoutUnacceleratedMotionTheAcceleratedStandsIn(_ px: Double, _ fires: Bool) {
        var b = pad()
        b.touchpadSwipe(fingers: 3, by: Point(x: px, y: 0), over: 0.1)
        #expect(run(b.trace, everySwipe).phases == (fires ? ["right:began", "right:ended"] : []))
    }

    /// Reversal on the pad: back by the distance from the farthest point
    /// cancels, measured in mm like the start.
    @Test func reversedOnThePadIsCancelled() {
        var settings = Settings()
        settings.touchpadSwipeDistance = .mm(1)
        var b = pad()
        let unit = 1 / 0.0254   // 1000 dpi units per mm
        b.emit(.swipeBegin(device: b.device, fingers: 3, at: Point(x: 500, y: 500)))
        for dx in [-1.0, -1, -1, 0.6, 0.6] {   // 3 mm left, then 1.2 mm back
            b.wait(0.01)
            b.emit(.swipeUpdate(device: b.device, fingers: 3, delta: Point(x: dx * 40, y: 0),
                                unaccelerated: Point(x: dx * unit, y: 0)))
        }
        b.wait(0.01)
        b.emit(.swipeEnd(device: b.device, fingers: 3, cancelled: false))
        #expect(run(b.trace, everySwipe, settings: settings).phases == ["left:began", "left:cancelled"])
    }
}
