@testable import GestureCore
import Testing
import GestureTesting

/// `on-step`: one effect per crossing of `every`, increase or decrease,
/// re-based on the crossing. `on-repeat`: after repeat-delay, then every
/// repeat-interval while the press lasts.
@Suite struct StepRepeatTests {
    func steps(_ r: Run) -> [String] {
        r.gestures.filter { $0.phase == .step }.map { $0.step!.rawValue }
    }

    @Test func magnifyStepsAreRatios() {
        // every 0.15: increases at 1.15, 1.3225, 1.520875; 1.6 crosses three.
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadPinch(fingers: 2, to: 1.6, over: 0.3)
        let r = Run(b, [bind("zoom", magnify(), step: 0.15)])
        #expect(steps(r) == ["increase", "increase", "increase"])
    }

    @Test func magnifyStepsBothWays() {
        // Out to 1.4 (two steps: base 1.3225), then in to 0.95 in one gesture:
        // decreases at 1.15, 1.0 would need ≤ 1.0 exactly; 0.95 crosses 1.15 and 1.0.
        var b = TraceBuilder.standard(device: .touchscreen)
        b.land(2, at: centre, spacing: 200)
        b.pinch(to: 1.4, over: 0.2)
        b.pinch(to: 0.95 / 1.4, over: 0.3)
        b.lift()
        let r = Run(b, [bind("zoom", magnify(), step: 0.15)])
        #expect(steps(r) == ["increase", "increase", "decrease", "decrease"])
    }

    @Test func aFastMoveCrossingThreeStepsFiresThree() {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.move(by: Point(x: 20, y: 0), over: 0.05)   // began (10 px)
        b.move(by: Point(x: 150, y: 0), over: 0.01)  // one frame: 170 px crosses 50, 100, 150
        b.lift()
        let r = Run(b, [bind("drag", drag(), step: 50)])
        let s = r.gestures.filter { $0.phase == .step }
        #expect(s.count == 3)
        #expect(Set(s.map(\.time)).count == 1)
    }

    @Test func dragStepsFollowTheAxisItBeganOn() {
        // Vertical: up is increase. Up 130 crosses 50 and 100 (base 100); back
        // down to 0 crosses 50 and 0.
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.move(by: Point(x: 0, y: -130), over: 0.2)
        b.move(by: Point(x: 0, y: 130), over: 0.2)
        b.lift()
        let r = Run(b, [bind("v", drag(), step: 50)])
        #expect(steps(r) == ["increase", "increase", "decrease", "decrease"])
    }

    @Test func swipeStepsCountAlongItsDirection() {
        var b = TraceBuilder.standard()
        b.land(3, at: centre)
        b.move(by: Point(x: -330, y: 0), over: 0.3)
        b.lift()
        let r = Run(b, [bind("left", swipe(.left), step: 100)])
        #expect(steps(r) == ["increase", "increase", "increase"])
        // Steps come after began and before ended.
        #expect(r.phases.first == "left:began" && r.phases.last == "left:ended")
    }

    @Test func rotateStepsInDegrees() {
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadPinch(fingers: 2, to: 1, rotating: -50, over: 0.3)
        let r = Run(b, [bind("turn", rotate(), step: 15)])
        #expect(steps(r) == ["decrease", "decrease", "decrease"])
    }

    @Test func repeatWhileHeld() throws {
        // Began at 0 (one finger, nothing wants more); repeats at 0.4, 0.5, … 1.0.
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(1.0)
        b.lift()
        let r = Run(b, [bind("hold", hold(), repeats: true)])
        let times = r.gestures.filter { $0.phase == .repeat }.map(\.time)
        #expect(times.count == 7)
        #expect(abs(times[0] - 0.4) < 1e-9 && abs(times[6] - 1.0) < 1e-9)
        #expect(r.phases.first == "hold:began" && r.phases.last == "hold:ended")
    }

    @Test func repeatUsesTheSettings() {
        var s = Settings()
        s.repeatDelay = 0.2
        s.repeatInterval = 0.05
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.5)
        b.lift()
        let r = Run(b, [bind("hold", hold(), repeats: true)], settings: s)
        // 0.2, 0.25, … 0.5
        #expect(r.count("hold", .repeat) == 7)
    }

    @Test func longPressRepeatsWhileThePressLasts() {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(1.2)
        b.lift()
        let r = Run(b, [bind("press", longPress(), repeats: true)])
        // Recognized at 0.5; repeats at 0.9, 1.0, 1.1, 1.2.
        #expect(r.count("press", .repeat) == 4)
    }

    @Test func noRepeatAfterLift() {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.3)
        b.lift()
        b.wait(2)
        let r = Run(b, [bind("hold", hold(), repeats: true)])
        #expect(r.count("hold", .repeat) == 0)
    }
}
