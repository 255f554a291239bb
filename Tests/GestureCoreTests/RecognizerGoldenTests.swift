@testable import GestureCore
import Testing
import GestureTesting

/// One golden case: a trace built by `script`, the bindings, and exactly the
/// phases expected, in order (`changed` left out: it depends on frame counts).
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    var device: DeviceKind = .touchscreen
    let bindings: [Binding]
    let script: @Sendable (inout TraceBuilder) -> Void
    let expected: [String]
    var testDescription: String { name }
}

/// Every direction's movement vector, 250 px long.
func vector(_ d: Direction, _ length: Double = 250) -> Point { d.vector * length }

let allSwipes: [Binding] = Direction.allCases.map { bind($0.rawValue, swipe($0, fingers: 3)) }

let touchscreenCases: [GoldenCase] = {
    var cases: [GoldenCase] = []
    // Taps, 1-5 fingers.
    for n in 1...5 {
        cases.append(GoldenCase(name: "tap \(n) fingers", bindings: [bind("tap", tap(fingers: n))],
                                script: { $0.tap(n, at: centre) }, expected: ["tap:began", "tap:ended"]))
        cases.append(GoldenCase(
            name: "\(n)-finger drag", bindings: [bind("drag", drag(fingers: n))],
            script: { $0.land(n, at: centre, stagger: 0.01); $0.move(by: Point(x: 120, y: 40), over: 0.2, jitter: 1); $0.lift() },
            expected: ["drag:began", "drag:ended"]))
        cases.append(GoldenCase(
            name: "\(n)-finger swipe left, landing 15 ms apart", bindings: [bind("left", swipe(.left, fingers: n))],
            script: { $0.land(n, at: centre, stagger: 0.015); $0.move(by: Point(x: -300, y: 0), over: 0.25, jitter: 1.5); $0.lift(stagger: 0.01) },
            expected: ["left:began", "left:ended"]))
        cases.append(GoldenCase(
            name: "\(n)-finger long press", bindings: [bind("press", longPress(fingers: n))],
            script: { $0.land(n, at: centre, stagger: 0.01); $0.wait(0.7); $0.lift() },
            expected: ["press:began", "press:ended"]))
    }
    for d in Direction.allCases {
        cases.append(GoldenCase(
            name: "3-finger swipe \(d.rawValue) among all eight", bindings: allSwipes,
            script: { $0.land(3, at: centre, stagger: 0.02); $0.move(by: vector(d), over: 0.2, jitter: 1); $0.lift() },
            expected: ["\(d.rawValue):began", "\(d.rawValue):ended"]))
    }
    cases += [
        GoldenCase(name: "fingers landing 60 ms apart still make a 3-finger swipe", bindings: allSwipes,
                   script: { $0.land(3, at: centre, stagger: 0.03); $0.move(by: Point(x: -260, y: 10), over: 0.3, jitter: 2); $0.lift() },
                   expected: ["left:began", "left:ended"]),
        GoldenCase(name: "a curved swipe within the deviation", bindings: allSwipes,
                   script: { $0.land(3, at: centre, stagger: 0.01); $0.move(by: Point(x: 300, y: 0), over: 0.3, jitter: 1, curve: 40); $0.lift() },
                   expected: ["right:began", "right:ended"]),
        GoldenCase(name: "a slow swipe with no minimum velocity", bindings: [bind("left", swipe(.left))],
                   script: { $0.land(3, at: centre); $0.move(by: Point(x: -200, y: 0), over: 1.5, jitter: 1); $0.lift() },
                   expected: ["left:began", "left:ended"]),
        GoldenCase(name: "a slow swipe under minimumVelocity does nothing",
                   bindings: [bind("left", swipe(.left, velocity: Speed(.px(400))))],
                   script: { $0.land(3, at: centre); $0.move(by: Point(x: -200, y: 0), over: 1.5); $0.lift() },
                   expected: []),
        GoldenCase(name: "a fast swipe over minimumVelocity",
                   bindings: [bind("left", swipe(.left, velocity: Speed(.px(400))))],
                   script: { $0.land(3, at: centre); $0.move(by: Point(x: -300, y: 0), over: 0.15); $0.lift() },
                   expected: ["left:began", "left:ended"]),
        GoldenCase(name: "a swipe reversed before lifting is cancelled", bindings: allSwipes,
                   script: { $0.land(3, at: centre, stagger: 0.01); $0.move(by: Point(x: -250, y: 0), over: 0.2); $0.move(by: Point(x: 120, y: 0), over: 0.15); $0.lift() },
                   expected: ["left:began", "left:cancelled"]),
        GoldenCase(name: "a swipe brought back under the threshold is cancelled", bindings: [bind("left", swipe(.left))],
                   script: { $0.land(3, at: centre); $0.move(by: Point(x: -120, y: 0), over: 0.1); $0.move(by: Point(x: 70, y: 0), over: 0.1); $0.lift() },
                   expected: ["left:began", "left:cancelled"]),
        GoldenCase(name: "a swipe off its direction fails", bindings: [bind("left", swipe(.left))],
                   script: { $0.land(3, at: centre); $0.move(by: Point(x: -150, y: -150), over: 0.2); $0.lift() },
                   expected: []),
        GoldenCase(name: "an extra finger fails a 3-finger swipe; the 4-finger one wins",
                   bindings: [bind("three", swipe(.left, fingers: 3)), bind("four", swipe(.left, fingers: 4))],
                   script: { $0.land(4, at: centre, stagger: 0.01); $0.move(by: Point(x: -250, y: 0), over: 0.2); $0.lift() },
                   expected: ["four:began", "four:ended"]),
        GoldenCase(name: "too few fingers: a 3-finger swipe with 2", bindings: [bind("three", swipe(.left, fingers: 3))],
                   script: { $0.land(2, at: centre); $0.move(by: Point(x: -250, y: 0), over: 0.2); $0.lift() },
                   expected: []),
        GoldenCase(name: "a finger added after began cancels", bindings: [bind("drag", drag(fingers: 1))],
                   script: { $0.land(1, at: centre); $0.move(by: Point(x: 80, y: 0), over: 0.2); $0.land(1, at: Point(x: 500, y: 500)); $0.move(by: Point(x: 20, y: 0), over: 0.05); $0.lift() },
                   expected: ["drag:began", "drag:cancelled"]),
        GoldenCase(name: "tap that moves beyond slop fails", bindings: [bind("tap", tap())],
                   script: { $0.land(1, at: centre); $0.move(by: Point(x: 30, y: 0), over: 0.05); $0.lift() },
                   expected: []),
        GoldenCase(name: "tap held past tap-timeout fails", bindings: [bind("tap", tap())],
                   script: { $0.land(1, at: centre); $0.wait(0.45); $0.lift() },
                   expected: []),
        GoldenCase(name: "double tap", bindings: [bind("double", tap(count: 2))],
                   script: { $0.tap(1, at: centre); $0.wait(0.15); $0.tap(1, at: centre) },
                   expected: ["double:began", "double:ended"]),
        GoldenCase(name: "two taps too far apart are no double tap", bindings: [bind("double", tap(count: 2))],
                   script: { $0.tap(1, at: centre); $0.wait(0.4); $0.tap(1, at: centre) },
                   expected: []),
        GoldenCase(name: "triple tap with two fingers", bindings: [bind("triple", tap(count: 3, fingers: 2))],
                   script: { $0.tap(2, at: centre); $0.wait(0.1); $0.tap(2, at: centre); $0.wait(0.1); $0.tap(2, at: centre) },
                   expected: ["triple:began", "triple:ended"]),
        GoldenCase(name: "long press that moves fails", bindings: [bind("press", longPress())],
                   script: { $0.land(1, at: centre); $0.move(by: Point(x: 40, y: 0), over: 0.2); $0.wait(0.5); $0.lift() },
                   expected: []),
        GoldenCase(name: "long press lifted early fails", bindings: [bind("press", longPress())],
                   script: { $0.land(1, at: centre); $0.wait(0.45); $0.lift() },
                   expected: []),
        GoldenCase(name: "hold lasts until lift", bindings: [bind("hold", hold(0.2))],
                   script: { $0.land(1, at: centre); $0.wait(0.5); $0.move(by: Point(x: 5, y: 0), over: 0.05); $0.lift() },
                   expected: ["hold:began", "hold:ended"]),
        GoldenCase(name: "pinch out", bindings: [bind("zoom", magnify())],
                   script: { $0.land(2, at: centre, spacing: 200, stagger: 0.01); $0.pinch(to: 2, over: 0.3, jitter: 1); $0.lift() },
                   expected: ["zoom:began", "zoom:ended"]),
        GoldenCase(name: "pinch in with three fingers", bindings: [bind("zoom", magnify(fingers: 3))],
                   script: { $0.land(3, at: centre, spacing: 150, stagger: 0.01); $0.pinch(to: 0.5, over: 0.3, jitter: 1); $0.lift() },
                   expected: ["zoom:began", "zoom:ended"]),
        GoldenCase(name: "rotate", bindings: [bind("turn", rotate())],
                   script: { $0.land(2, at: centre, spacing: 200); $0.rotate(by: 45, over: 0.3, jitter: 0.5); $0.lift() },
                   expected: ["turn:began", "turn:ended"]),
        GoldenCase(name: "edge swipe from the left edge",
                   bindings: [bind("edge", swipe(.right, fingers: 1, from: .leftEdge))],
                   script: { $0.land(at: [Point(x: 8, y: 500)]); $0.move(by: Point(x: 300, y: 0), over: 0.2); $0.lift() },
                   expected: ["edge:began", "edge:ended"]),
        GoldenCase(name: "the same swipe away from the edge does nothing",
                   bindings: [bind("edge", swipe(.right, fingers: 1, from: .leftEdge))],
                   script: { $0.land(at: [Point(x: 200, y: 500)]); $0.move(by: Point(x: 300, y: 0), over: 0.2); $0.lift() },
                   expected: []),
    ]
    return cases
}()

let touchpadCases: [GoldenCase] = {
    var cases: [GoldenCase] = []
    for n in 3...5 {
        for d in [Direction.left, .right, .up, .down] {
            cases.append(GoldenCase(name: "touchpad \(n)-finger swipe \(d.rawValue)", device: .touchpad,
                                    bindings: [Direction.left, .right, .up, .down].map { bind($0.rawValue, swipe($0, fingers: n)) },
                                    script: { $0.touchpadSwipe(fingers: n, by: vector(d, 300), over: 0.2) },
                                    expected: ["\(d.rawValue):began", "\(d.rawValue):ended"]))
        }
    }
    cases += [
        GoldenCase(name: "touchpad swipe cancelled by libinput", device: .touchpad,
                   bindings: [bind("left", swipe(.left))],
                   script: { $0.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.2, cancelled: true) },
                   expected: ["left:began", "left:cancelled"]),
        GoldenCase(name: "touchpad 3-finger swipe with a 4-finger binding does nothing", device: .touchpad,
                   bindings: [bind("four", swipe(.left, fingers: 4))],
                   script: { $0.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.2) },
                   expected: []),
        GoldenCase(name: "touchpad swipe feeds drag", device: .touchpad,
                   bindings: [bind("drag", drag(fingers: 3))],
                   script: { $0.touchpadSwipe(fingers: 3, by: Point(x: 50, y: 30), over: 0.2) },
                   expected: ["drag:began", "drag:ended"]),
        GoldenCase(name: "touchpad pinch out", device: .touchpad, bindings: [bind("zoom", magnify())],
                   script: { $0.touchpadPinch(fingers: 2, to: 1.5, over: 0.3) },
                   expected: ["zoom:began", "zoom:ended"]),
        GoldenCase(name: "touchpad pinch does not feed swipe", device: .touchpad,
                   bindings: [bind("left", swipe(.left, fingers: 2)), bind("zoom", magnify())],
                   script: { $0.touchpadPinch(fingers: 2, to: 0.6, over: 0.3) },
                   expected: ["zoom:began", "zoom:ended"]),
        GoldenCase(name: "touchpad rotate", device: .touchpad, bindings: [bind("turn", rotate())],
                   script: { $0.touchpadPinch(fingers: 2, to: 1.0, rotating: 40, over: 0.3) },
                   expected: ["turn:began", "turn:ended"]),
        GoldenCase(name: "a touchscreen-only binding ignores the touchpad", device: .touchpad,
                   bindings: [bind("left", swipe(.left), device: .touchscreen)],
                   script: { $0.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.2) },
                   expected: []),
        GoldenCase(name: "tap and long press never come from touchpad gestures", device: .touchpad,
                   bindings: [bind("tap", tap(fingers: 3)), bind("press", longPress(fingers: 3))],
                   script: { $0.touchpadSwipe(fingers: 3, by: Point(x: 0, y: 0), over: 0.6) },
                   expected: []),
    ]
    return cases
}()

@Suite struct RecognizerGoldenTests {
    @Test(arguments: touchscreenCases + touchpadCases)
    func phases(_ c: GoldenCase) {
        var b = TraceBuilder.standard(device: c.device, seed: 7)
        c.script(&b)
        let r = Run(b, c.bindings)
        #expect(r.phases == c.expected)
        // Every touch is finally decided.
        let begun = Set(b.events.compactMap { e -> TouchID? in
            if case .touchBegin(_, let id, _) = e.input { return id } else { return nil }
        })
        #expect(Set(r.touches.map(\.touch)) == begun)
        #expect(r.rejections.isEmpty)
    }

    /// The second attempt reuses the first one's recognizers, reset in place:
    /// played twice, a case gives its phases twice (a reset that forgot some
    /// state, a tap's count say, would show here).
    @Test(arguments: touchscreenCases + touchpadCases)
    func playedTwice(_ c: GoldenCase) {
        var b = TraceBuilder.standard(device: c.device, seed: 7)
        c.script(&b)
        b.wait(1.5)
        c.script(&b)
        #expect(Run(b, c.bindings).phases == c.expected + c.expected)
    }
}
