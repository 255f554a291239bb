@testable import GestureCore
import Testing
import GestureTesting

/// Seeded random gestures against random binding tables: the engine's
/// invariants hold for every one of them.
@Suite struct InvariantTests {
    @Test(arguments: 0..<400)
    func invariantsHold(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919)
        let table = RandomGestures.table(&rng)
        let trace = RandomGestures.trace(&rng, seed: UInt64(seed))
        let r = Run(trace, table)
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
        // where a high press decides by time, by its timer
        // (RandomGestures.latestDecision says how long that may be).
        var began: [TouchID: Seconds] = [:]
        var ended: [TouchID: Seconds] = [:]
        for e in trace.events {
            if case .touchBegin(_, let id, _) = e.input { began[id] = e.t }
            if case .touchEnd(_, let id, _) = e.input { ended[id] = e.t }
        }
        #expect(Set(r.touches.map(\.touch)) == Set(began.keys))
        #expect(r.touches.count == began.count)
        for t in r.touches {
            #expect(t.time <= RandomGestures.latestDecision(began: began[t.touch]!, ended: ended[t.touch], table: table) + 1e-9)
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
        #expect(Run(trace, table).effects == r.effects)
    }
}
