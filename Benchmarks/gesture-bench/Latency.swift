#if canImport(Glibc)
import Glibc
#endif
import GestureActions
import GestureBridge
import GestureCore
import GestureX11
import XTestSupport
import GestureTesting

/// X event → XTest request flushed, and → the key seen by another client,
/// under a real Xvfb the bench starts. Each round: a three-finger swipe whose
/// threshold frame makes `on-began = "key ctrl+alt+Right"` fire; the clock
/// starts when that frame's last touch event is handed over, as the daemon
/// does after reading it from X.
func latency(rounds: Int, json: Bool = false) {
    guard let x = try? Xvfb(), let observer = try? KeyObserver(display: x.display),
          let conn = try? XConnection(name: x.display) else {
        print("latency: cannot start Xvfb")
        exit(1)
    }
    let synth = XTestSynthesizer(connection: conn)
    let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
    let chord = try! ActionParser.parseChord("ctrl+alt+Right").get()
    let table = GestureTable(desktop: [Binding(name: "next", gesture: .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3))),
                                               priority: .high)])
    var flushed: [Double] = [], seen: [Double] = []
    var engineTimes: [Double] = [], performTimes: [Double] = [], flushTimes: [Double] = []
    var buffer: [Effect] = []
    buffer.reserveCapacity(32)
    for round in 0..<rounds {
        var b = TraceBuilder.standard(seed: UInt64(round))
        b.land(3, at: Point(x: 1000, y: 500), stagger: 0.01)
        b.move(by: Point(x: -300, y: 0), over: 0.2, jitter: 1)
        b.lift()
        var engine = GestureEngine(table: table, screen: b.header.screen, devices: b.header.devices)
        let base = monotonicNow()
        var t0 = 0.0, t1 = 0.0
        var fired = false
        let events = b.events
        for (i, e) in events.enumerated() {
            buffer.removeAll(keepingCapacity: true)
            let lastOfFrame = i + 1 == events.count || events[i + 1].t != e.t
            if lastOfFrame { t0 = monotonicNow() }
            engine.process(e.input, at: base + e.t, into: &buffer)
            // The daemon judges a frame once the X queue is drained.
            if lastOfFrame { engine.advance(to: base + e.t, into: &buffer) }
            for case .gesture(let g) in buffer where g.phase == .began && !fired {
                let te = monotonicNow()
                performer.perform(.key([chord]), binding: g.binding, gesture: [:])
                let tp = monotonicNow()
                performer.flush()
                t1 = monotonicNow()
                engineTimes.append((te - t0) * 1e6)
                performTimes.append((tp - te) * 1e6)
                flushTimes.append((t1 - tp) * 1e6)
                fired = true
            }
            if fired && t1 > 0 && flushed.count == round {
                flushed.append((t1 - t0) * 1e6)
                let ev = observer.events(count: 6, timeout: 2)
                if let first = ev.first { seen.append((first.seen - t0) * 1e6) }
            }
        }
    }
    func pct(_ v: [Double], _ p: Double) -> Int {
        let s = v.sorted()
        return s.isEmpty ? -1 : Int(s[min(s.count - 1, Int(Double(s.count) * p))].rounded())
    }
    if !json { print("rounds: \(flushed.count)") }
    if getenv("LATENCY_PARTS") != nil {
        print("  engine p50 \(pct(engineTimes, 0.5)) p99 \(pct(engineTimes, 0.99)); XTest calls p50 \(pct(performTimes, 0.5)) p99 \(pct(performTimes, 0.99)); XFlush p50 \(pct(flushTimes, 0.5)) p99 \(pct(flushTimes, 0.99))")
        print("  worst rounds: " + flushed.enumerated().sorted { $0.1 > $1.1 }.prefix(8).map { "#\($0.0)=\(Int($0.1))" }.joined(separator: " "))
    }
    if json {
        print("{\"bench\": \"latency\", \"rounds\": \(flushed.count), \"flush_p50_us\": \(pct(flushed, 0.5)), "
              + "\"flush_p99_us\": \(pct(flushed, 0.99)), \"seen_p50_us\": \(pct(seen, 0.5)), \"seen_p99_us\": \(pct(seen, 0.99))}")
        return
    }
    print("touch frame handed over → XTest flushed: p50 \(pct(flushed, 0.5)) µs, p99 \(pct(flushed, 0.99)) µs")
    print("touch frame handed over → key seen by another client: p50 \(pct(seen, 0.5)) µs, p99 \(pct(seen, 0.99)) µs")
}
