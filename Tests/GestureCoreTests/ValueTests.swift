@testable import GestureCore
import Testing
import GestureTesting

/// Values as SwiftUI gives them, within stated tolerances, and when phases fire.
@Suite struct ValueTests {
    /// Tolerances: positions and translations within 3 px (jitter is ±1.5 px),
    /// scale within 0.03, angles within 1.5°, times within one 10 ms frame.
    static let px = 3.0, scale = 0.03, degrees = 1.5, frame = 0.0101

    @Test func dragValues() throws {
        var b = TraceBuilder.standard(seed: 2)
        b.land(1, at: Point(x: 100, y: 200))
        b.move(by: Point(x: 300, y: 100), over: 0.3, jitter: 1.5)
        b.lift()
        let r = Run(b, [bind("drag", drag())])
        let began = try #require(r.first("drag", .began))
        let ended = try #require(r.first("drag", .ended))
        #expect(began.value.translation.length >= 10 && began.value.translation.length < 10 + 12)
        #expect(abs(ended.value.translation.x - 300) < Self.px && abs(ended.value.translation.y - 100) < Self.px)
        #expect(ended.value.start == Point(x: 100, y: 200))
        #expect(abs(ended.value.location.x - 400) < Self.px && abs(ended.value.location.y - 300) < Self.px)
        // 300 px in 0.3 s: 1000 px/s along x.
        let mid = try #require(r.gestures.first { $0.phase == .changed && $0.time > 0.15 })
        #expect(abs(mid.value.velocity.x - 1000) < 100 && abs(mid.value.velocity.y - 333) < 100)
        #expect(abs(mid.value.predictedEndTranslation.x - (mid.value.translation.x + mid.value.velocity.x * 0.2)) < 1e-6)
        #expect(ended.value.fingers == 1)
    }

    @Test(arguments: [(0.25, 250.0), (0.5, 250.0), (0.1, 400.0)])
    func swipeBeganWhenThresholdCrossed(duration: Double, distance: Double) throws {
        var b = TraceBuilder.standard()
        b.land(3, at: centre)
        b.move(by: Point(x: -distance, y: 0), over: duration)
        b.lift()
        let r = Run(b, [bind("left", swipe(.left))])
        let began = try #require(r.first("left", .began))
        // Crossing 80 px: at 80/distance of the movement, rounded up to a frame.
        let crossing = 80 / distance * duration
        #expect(began.time >= crossing - 1e-9 && began.time <= crossing + Self.frame)
        #expect(began.value.direction == .left)
        #expect(began.value.fingers == 3)
        let ended = try #require(r.first("left", .ended))
        #expect(abs(ended.time - (duration + b.frameInterval)) < 1e-9)
    }

    @Test func tapLocationAndCount() throws {
        var b = TraceBuilder.standard()
        b.tap(1, at: Point(x: 300, y: 400))
        b.wait(0.1)
        b.tap(1, at: Point(x: 302, y: 401))
        let r = Run(b, [bind("double", tap(count: 2))])
        let e = try #require(r.first("double", .ended))
        #expect(e.value.location == Point(x: 302, y: 401))
        #expect(e.value.count == 2)
    }

    @Test func longPressRecognizedOnTime() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.8)
        b.lift()
        let r = Run(b, [bind("press", longPress(0.6))])
        let began = try #require(r.first("press", .began))
        let ended = try #require(r.first("press", .ended))
        #expect(began.time == 0.6 && ended.time == 0.6)
        #expect(ended.value.pressing)
    }

    @Test func magnifyScaleTouchscreenAndTouchpad() throws {
        var s = TraceBuilder.standard(seed: 4)
        s.land(2, at: centre, spacing: 200)
        s.pinch(to: 1.8, over: 0.3, jitter: 1)
        s.lift()
        let e1 = try #require(Run(s, [bind("zoom", magnify())]).first("zoom", .ended))
        #expect(abs(e1.value.scale - 1.8) < Self.scale)

        var p = TraceBuilder.standard(device: .touchpad)
        p.touchpadPinch(fingers: 2, to: 0.6, over: 0.3)
        let e2 = try #require(Run(p, [bind("zoom", magnify())]).first("zoom", .ended))
        #expect(abs(e2.value.scale - 0.6) < 1e-9)
    }

    @Test func rotateAngleTouchscreenAndTouchpad() throws {
        var s = TraceBuilder.standard(seed: 5)
        s.land(2, at: centre, spacing: 300)
        s.rotate(by: -60, over: 0.3, jitter: 0.5)
        s.lift()
        let e1 = try #require(Run(s, [bind("turn", rotate())]).first("turn", .ended))
        #expect(abs(e1.value.angle + 60) < Self.degrees)

        var p = TraceBuilder.standard(device: .touchpad)
        p.touchpadPinch(fingers: 2, to: 1, rotating: 25, over: 0.3)
        let e2 = try #require(Run(p, [bind("turn", rotate())]).first("turn", .ended))
        #expect(abs(e2.value.angle - 25) < 1e-9)
    }

    @Test func touchpadSwipeTranslation() throws {
        var p = TraceBuilder.standard(device: .touchpad)
        p.touchpadSwipe(fingers: 4, by: Point(x: 0, y: -240), over: 0.2)
        let e = try #require(Run(p, [bind("up", swipe(.up, fingers: 4))]).first("up", .ended))
        #expect(abs(e.value.translation.y + 240) < 1e-9)
        #expect(e.value.direction == .up && e.value.fingers == 4)
    }

    @Test func anyDirectionSwipeSaysWhich() throws {
        for d in [Direction.left, .right, .up, .down] {
            var b = TraceBuilder.standard()
            b.land(2, at: centre)
            b.move(by: d.vector * 200, over: 0.2, jitter: 1)
            b.lift()
            let e = try #require(Run(b, [bind("any", swipe(nil, fingers: 2))]).first("any", .ended))
            #expect(e.value.direction == d)
        }
    }

    @Test func millimetreThresholdsFollowTheScreen() throws {
        // 20 mm at 3.78 px/mm is 75.6 px; at 10 px/mm it is 200 px.
        for (ppm, shouldFire) in [(3.78, true), (10.0, false)] {
            var b = TraceBuilder.standard()
            b.header.screen.pxPerMM = ppm
            b.land(1, at: centre)
            b.move(by: Point(x: -150, y: 0), over: 0.2)
            b.lift()
            let r = Run(b, [bind("left", swipe(.left, fingers: 1, distance: .mm(20)))])
            #expect((r.first("left", .began) != nil) == shouldFire)
        }
    }
}
