@testable import GestureCore
import Testing
import GestureTesting

/// Seeded random gestures against random binding tables: the engine's
/// invariants hold for every one of them.
@Suite struct InvariantTests {
    static let pool: [GestureSpec] = [
        tap(), tap(count: 2), tap(fingers: 2), longPress(), longPress(0.3, fingers: 2), drag(), drag(fingers: 2),
        swipe(.left), swipe(.right, fingers: 2), swipe(nil, fingers: 4), swipe(.up, fingers: 1, from: .bottomEdge),
        magnify(), rotate(), hold(0.2), .sequenced(longPress(0.4), drag()), .exclusively(tap(count: 2), longPress()),
        .simultaneously(magnify(), rotate()),
    ]

    static func randomTable(_ rng: inout SplitMix64) -> ([Binding], [AppScope]) {
        func pick(_ i: Int) -> Binding {
            let g = pool[Int(rng.next() % UInt64(pool.count))]
            let p = Priority.allCases[Int(rng.next() % 3)]
            let step: Double? = rng.next() % 3 == 0 ? 0.2 : nil
            return bind("b\(i)", g, p, step: step, repeats: rng.next() % 4 == 0)
        }
        let desktop = (0..<Int(1 + rng.next() % 4)).map(pick)
        let app = AppScope(classGlob: "app*", including: GestureMask.allCases[Int(rng.next() % 4)],
                           bindings: (0..<Int(rng.next() % 3)).map { pick(10 + $0) })
        return (desktop, [app])
    }

    static func randomTrace(_ rng: inout SplitMix64, seed: UInt64) -> TraceBuilder {
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
        return b
    }

    @Test(arguments: 0..<400)
    func invariantsHold(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919)
        let (desktop, apps) = Self.randomTable(&rng)
        let b = Self.randomTrace(&rng, seed: UInt64(seed))
        let r = Run(b, desktop, apps: apps)
        #expect(r.rejections.isEmpty)

        // Every began is followed by exactly one ended or cancelled, per binding and device.
        var open: [String: Int] = [:]
        for g in r.gestures {
            let k = "\(g.binding)/\(g.device)"
            switch g.phase {
            case .began:
                #expect(open[k, default: 0] == 0, "began twice: \(k)")
                open[k] = 1
            case .changed, .step:
                #expect(open[k] == 1, "\(g.phase) outside began..ended: \(k)")
            case .ended, .cancelled:
                #expect(open[k] == 1, "\(g.phase) without began: \(k)")
                open[k] = 0
            case .repeat:
                break
            }
        }
        #expect(open.values.allSatisfy { $0 == 0 })

        // Every touch is decided once, within grab-timeout of its begin — or,
        // where a high long press or hold decides by time, by its timer (the
        // longest here: 0.5 s after the last of fingers landing ≤ 0.12 s apart).
        var began: [TouchID: Seconds] = [:]
        for e in b.events { if case .touchBegin(_, let id, _) = e.input { began[id] = e.t } }
        #expect(Set(r.touches.map(\.touch)) == Set(began.keys))
        #expect(r.touches.count == began.count)
        let timed = (desktop + apps.flatMap(\.bindings)).contains { $0.priority == .high && $0.gesture.decidedByTime }
        let bound = timed ? max(Settings().grabTimeout, 0.5 + 0.12) : Settings().grabTimeout
        for t in r.touches {
            #expect(t.time - began[t.touch]! <= bound + 1e-9)
        }
        // Effects come in time order; the same input gives the same output.
        let times = r.effects.compactMap { e -> Seconds? in
            switch e {
            case .gesture(let g): return g.time
            case .touch(let t): return t.time
            default: return nil
            }
        }
        #expect(times == times.sorted())
        #expect(Run(b, desktop, apps: apps).effects == r.effects)
    }
}
