@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// The engine's contract: a value, time as an argument, deadlines, rejections.
@Suite struct EngineTests {
    let screen = Screen(width: 1920, height: 1080)
    let pad = Device(id: 12, name: "pad", kind: .touchpad)
    let ts = Device(id: 11, name: "ts", kind: .touchscreen)

    func engine(_ bindings: [Binding]) -> GestureEngine {
        GestureEngine(table: GestureTable(desktop: bindings), screen: screen, devices: [ts, pad])
    }

    /// Lengths in mm become px through the screen's density: a screen change
    /// applies to the next attempt (the engine keeps its recognizers compiled).
    @Test(arguments: [(3.78, true), (10.0, false)])
    func aScreenChangeRescalesMillimetres(pxPerMM: Double, recognized: Bool) {
        var e = engine([bind("drag", drag(distance: .mm(10)))])
        func drag60(from t: Seconds) -> [Effect] {
            var out = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: t)
            for k in 1...6 {
                out += e.process(.touchUpdate(device: 11, touch: 1, at: centre + Point(x: Double(k) * 10, y: 0)),
                                 at: t + Double(k) * 0.01)
            }
            out += e.process(.touchEnd(device: 11, touch: 1, at: centre + Point(x: 60, y: 0)), at: t + 0.07)
            return out + e.advance(to: t + 1)
        }
        func began(_ effects: [Effect]) -> Bool {
            effects.contains { if case .gesture(let g) = $0 { return g.phase == .began } else { return false } }
        }
        #expect(began(drag60(from: 0)))   // 10 mm at 3.78 px/mm is 37.8 px: 60 px is a drag
        _ = e.process(.screenChanged(Screen(width: 1920, height: 1080, pxPerMM: pxPerMM)), at: 2)
        #expect(began(drag60(from: 3)) == recognized)   // at 10 px/mm it takes 100 px
    }

    /// The same when the screen changes during an attempt: its recognizers,
    /// built for the old density, are not kept for the next one.
    @Test func aScreenChangeDuringAnAttemptAppliesToTheNext() {
        var e = engine([bind("drag", drag(distance: .mm(10)))])
        _ = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 0)
        _ = e.process(.screenChanged(Screen(width: 1920, height: 1080, pxPerMM: 10)), at: 0.01)
        _ = e.process(.touchEnd(device: 11, touch: 1, at: centre), at: 0.02)
        _ = e.advance(to: 1)
        var out = e.process(.touchBegin(device: 11, touch: 2, at: centre), at: 2)
        for k in 1...6 {
            out += e.process(.touchUpdate(device: 11, touch: 2, at: centre + Point(x: Double(k) * 10, y: 0)),
                             at: 2 + Double(k) * 0.01)
        }
        out += e.process(.touchEnd(device: 11, touch: 2, at: centre + Point(x: 60, y: 0)), at: 2.07)
        out += e.advance(to: 3)
        // 60 px is 6 mm at 10 px/mm: no drag (at the old 3.78 px/mm it was one).
        #expect(!out.contains { if case .gesture = $0 { return true } else { return false } })
    }

    @Test func rejectsTimeGoingBackwards() {
        var e = engine([bind("tap", tap())])
        _ = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 1.0)
        #expect(e.process(.touchEnd(device: 11, touch: 1, at: centre), at: 0.5) == [.rejected(.timeWentBackwards, at: 1.0)])
        #expect(e.process(.touchEnd(device: 11, touch: 1, at: centre), at: .nan) == [.rejected(.notFinite, at: 1.0)])
    }

    @Test(arguments: [
        Input.touchBegin(device: 11, touch: 1, at: Point(x: .nan, y: 0)),
        Input.touchBegin(device: 11, touch: 1, at: Point(x: 0, y: .infinity)),
        Input.pinchUpdate(device: 12, fingers: 2, delta: .zero, scale: .nan, angleDelta: 0),
        Input.pinchUpdate(device: 12, fingers: 2, delta: .zero, scale: 1, angleDelta: -.infinity),
    ])
    func rejectsNonFiniteValues(_ input: Input) {
        var e = engine([bind("tap", tap())])
        #expect(e.process(input, at: 0) == [.rejected(.notFinite, at: 0)])
        #expect(e.nextDeadline == nil)
    }

    @Test func rejectsUnknownDevicesTouchesAndGestures() {
        var e = engine([bind("tap", tap())])
        #expect(e.process(.touchBegin(device: 99, touch: 1, at: centre), at: 0) == [.rejected(.unknownDevice, at: 0)])
        #expect(e.process(.touchUpdate(device: 11, touch: 7, at: centre), at: 0) == [.rejected(.unknownTouch, at: 0)])
        #expect(e.process(.swipeUpdate(device: 12, fingers: 3, delta: .zero), at: 0)
            == [.rejected(.noGestureInProgress, at: 0)])
    }

    @Test func deadlinesDriveTimers() {
        // A long press fires only when its deadline is advanced to, never by itself.
        var e = engine([bind("press", longPress(0.5))])
        var out = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 10)
        #expect(e.nextDeadline == 10 + ContactTracker.frameJoin)   // the pending frame
        out += e.advance(to: 10.01)
        #expect(e.nextDeadline == 10 + Settings().grabTimeout)     // grab-timeout of the undecided touch
        out += e.advance(to: 10.35)
        #expect(e.nextDeadline == 10.5)                  // the press
        out += e.advance(to: 10.49)
        #expect(!out.contains { if case .gesture = $0 { return true } else { return false } })
        out += e.advance(to: 10.5)
        #expect(out.contains { if case .gesture(let g) = $0 { return g.phase == .ended && g.time == 10.5 } else { return false } })
        _ = e.process(.touchEnd(device: 11, touch: 1, at: centre), at: 11)
        _ = e.advance(to: 11.01)
        #expect(e.nextDeadline == nil)                   // idle: nothing to wake up for
    }

    @Test func engineIsAValue() {
        var b = TraceBuilder.standard(seed: 3)
        b.land(3, at: centre, stagger: 0.02)
        b.move(by: Point(x: -250, y: 0), over: 0.25, jitter: 1.5)
        b.lift()
        let table = GestureTable(desktop: [bind("left", swipe(.left)), bind("tap", tap())])
        var e = GestureEngine(table: table, screen: b.header.screen, devices: b.header.devices)
        let half = b.events.count / 2
        for ev in b.events[..<half] { _ = e.process(ev.input, at: ev.t) }
        var copy = e
        var a: [Effect] = [], c: [Effect] = []
        for ev in b.events[half...] {
            a += e.process(ev.input, at: ev.t)
            c += copy.process(ev.input, at: ev.t)
        }
        #expect(a == c && !a.isEmpty)
    }

    @Test func sameInputSameOutput() {
        var b = TraceBuilder.standard(seed: 11)
        b.land(2, at: centre, spacing: 200, stagger: 0.01)
        b.pinch(to: 1.7, over: 0.3, jitter: 2)
        b.rotate(by: 20, over: 0.2, jitter: 2)
        b.lift()
        let bs = [bind("zoom", magnify(), step: 0.1), bind("turn", rotate(), .simultaneous)]
        #expect(Run(b, bs).effects == Run(b, bs).effects)
    }

    @Test func deviceRemovedMidGestureCancelsAndReleases() {
        var e = engine([bind("drag", drag(), .high)])
        var out = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 0)
        out += e.process(.touchUpdate(device: 11, touch: 1, at: centre + Point(x: 50, y: 0)), at: 0.05)
        out += e.advance(to: 0.05)
        out += e.process(.deviceRemoved(11), at: 0.06)
        let phases = out.compactMap { if case .gesture(let g) = $0 { return g.phase } else { return nil } }
        #expect(phases.first == .began && phases.last == .cancelled)
        #expect(e.nextDeadline == nil)
    }

    /// Suspend, a lid, or `xinput disable`: the device goes (XI hierarchy:
    /// disabled or removed) mid-gesture and comes back. Nothing survives
    /// half-done: the gesture is cancelled, the old touch's late events are
    /// refused, and the next gesture works from scratch.
    @Test func aDeviceDisabledAndReEnabledStartsClean() {
        var e = engine([bind("drag", drag(), .high)])
        var out = e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 0)
        out += e.process(.touchUpdate(device: 11, touch: 1, at: centre + Point(x: 50, y: 0)), at: 0.05)
        out += e.process(.deviceRemoved(11), at: 0.06)
        out += e.process(.deviceAdded(ts), at: 5)
        let late = e.process(.touchEnd(device: 11, touch: 1, at: centre + Point(x: 60, y: 0)), at: 5.01)
        #expect(late == [.rejected(.unknownTouch, at: 5.01)])
        out += e.process(.touchBegin(device: 11, touch: 2, at: centre), at: 6)
        out += e.process(.touchUpdate(device: 11, touch: 2, at: centre + Point(x: 80, y: 0)), at: 6.05)
        out += e.process(.touchEnd(device: 11, touch: 2, at: centre + Point(x: 80, y: 0)), at: 6.1)
        out += e.advance(to: 7)
        let phases = out.compactMap { if case .gesture(let g) = $0 { return "\(g.phase.rawValue)@\(g.time >= 6 ? 2 : 1)" } else { return nil } }
        #expect(phases.first == "began@1")
        #expect(phases.contains("cancelled@1"))
        #expect(phases.filter { $0.hasSuffix("@2") }.first == "began@2" && phases.last == "ended@2")
        // Both touches decided, the old one at removal.
        let decided = out.compactMap { if case .touch(let t) = $0 { return t.touch } else { return nil } }
        #expect(decided.sorted() == [1, 2])
        #expect(e.nextDeadline == nil)
    }

    @Test func deviceAddedLaterIsUsed() {
        var e = GestureEngine(table: GestureTable(desktop: [bind("tap", tap())]), screen: screen)
        var out = e.process(.deviceAdded(ts), at: 0)
        out += e.process(.touchBegin(device: 11, touch: 1, at: centre), at: 1)
        out += e.process(.touchEnd(device: 11, touch: 1, at: centre), at: 1.05)
        out += e.advance(to: 2)
        #expect(out.contains { if case .gesture(let g) = $0 { return g.phase == .ended } else { return false } })
    }

    @Test func framesAreJudgedWhole() {
        // Two fingers spread in one frame: judged after both updates, the scale is
        // 2 and the translation 0 (between the two updates it would look like a drag).
        var e = engine([bind("zoom", magnify()), bind("drag", drag(fingers: 2))])
        var out = e.process(.touchBegin(device: 11, touch: 1, at: Point(x: 900, y: 500)), at: 0)
        out += e.process(.touchBegin(device: 11, touch: 2, at: Point(x: 1000, y: 500)), at: 0)
        out += e.process(.touchUpdate(device: 11, touch: 1, at: Point(x: 850, y: 500)), at: 0.01)
        out += e.process(.touchUpdate(device: 11, touch: 2, at: Point(x: 1050, y: 500)), at: 0.01)
        // The frame may still take events stamped up to frameJoin later.
        #expect(e.nextDeadline == 0.01 + ContactTracker.frameJoin)
        // Only a frame's judging is due (the daemon's wait may end at X's
        // next events rather than at it: they judge it first all the same).
        #expect(e.nextDeadlineJudgesAFrame)
        out += e.advance(to: 0.02)
        // Judged: what is due next is a timer (or nothing), not a frame.
        #expect(!e.nextDeadlineJudgesAFrame)
        let began = out.compactMap { if case .gesture(let g) = $0, g.phase == .began { return g } else { return nil } }
        #expect(began.count == 1 && e.bindings[began[0].binding].name == "zoom")
        #expect(abs(began[0].value.scale - 2) < 1e-9 && began[0].value.translation == .zero)
    }

    @Test func twoDevicesAreIndependent() {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        let other = TraceBuilder.touchpadID
        var events = b.events
        events.append(TraceEvent(t: 0.01, input: .swipeBegin(device: other, fingers: 3, at: centre)))
        for k in 1...10 {
            events.append(TraceEvent(t: 0.01 + Double(k) * 0.02, input: .swipeUpdate(device: other, fingers: 3, delta: Point(x: -30, y: 0))))
        }
        events.append(TraceEvent(t: 0.3, input: .swipeEnd(device: other, fingers: 3, cancelled: false)))
        events.append(TraceEvent(t: 0.31, input: .touchEnd(device: TraceBuilder.touchscreenID, touch: 1, at: centre)))
        let trace = Trace(header: b.header, events: events)
        let out = Replayer.run(trace, table: GestureTable(desktop: [bind("left", swipe(.left)), bind("press", longPress(0.2))]))
        let names = out.compactMap { e -> String? in
            if case .gesture(let g) = e, g.phase == .ended { return "\(g.device):\(g.binding)" } else { return nil }
        }
        #expect(Set(names) == ["11:1", "12:0"])
    }
}

extension EngineTests {
    @Test func tenSimultaneousTouches() throws {
        var b = TraceBuilder.standard()
        b.land(10, at: centre, spacing: 60, stagger: 0.004)
        b.move(by: Point(x: 0, y: 250), over: 0.2, jitter: 1)
        b.lift(stagger: 0.002)
        let r = Run(b, [bind("three", swipe(.down, fingers: 3)), bind("ten", swipe(.down, fingers: 10)),
                        bind("tap", tap(fingers: 10))])
        #expect(r.phases == ["ten:began", "ten:ended"])
        #expect(r.touches.count == 10 && r.touches.allSatisfy { $0.decision == .claimed })
        #expect(try #require(r.first("ten", .ended)).value.fingers == 10)
    }
}
