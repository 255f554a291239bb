// gesture-bench stroke-match [--rounds R] [--json]
//
// What the lift of a drawn stroke costs the engine: 10 shapes x 3 templates
// taught, 10 stroke bindings (one per shape), a shape drawn on the
// touchscreen; timed is the lift: its input and the engine's step past
// it (a frame is worked off once complete), where every stroke binding
// matches (the target: <= 1 ms, every lift). Timed twice: the CPU time of
// this thread (what the lift costs: the target, guarded by
// Benchmarks/report.py) and the wall time (which on a shared machine also
// holds the time other processes ran). The generated shapes
// are the unit tests' (GestureTesting's StrokeShapes), each template a
// little apart in size and wobble.

import Glibc
import GestureCore
import GestureTesting
import GestureTraces

func strokeMatch(_ arguments: [String]) -> Int32 {
    var rounds = 200, json = false
    var args = arguments[...]
    while let a = args.popFirst() {
        switch a {
        case "--rounds": rounds = Int(args.popFirst() ?? "") ?? rounds
        case "--json": json = true
        default:
            print("usage: gesture-bench stroke-match [--rounds R] [--json]")
            return 2
        }
    }
    let shapes = benchmarkShapes()
    var settings = Settings()
    settings.strokes = StrokeSet(shapes.map { name, path in
        StrokeShape(name: name, templates: (0..<3).map { k in
            path.enumerated().map { i, p in p * (0.9 + 0.1 * Double(k)) + Point(x: Double((i + k) % 3), y: Double((i * k) % 3)) }
        })
    })
    let table = GestureTable(settings: settings, desktop: shapes.map {
        Binding(name: $0.0, gesture: .stroke(StrokeSpec(shape: $0.0)))
    })
    var cpu: [Double] = [], wall: [Double] = [], fired = 0
    for r in 0..<rounds {
        let (name, path) = shapes[r % shapes.count]
        var b = TraceBuilder.standard(seed: UInt64(r))
        b.land(1, at: Point(x: 600, y: 300))
        b.draw(path.map { $0 * 1.05 }, over: 0.5)
        b.lift()
        var replay = Replayer(table: table, header: b.trace.header)
        for e in b.trace.events.dropLast() { replay.feed(e) { _ in } }
        var effects: [Effect] = []
        effects.reserveCapacity(8)
        let start = now(), startCPU = threadCPU()
        replay.feed(b.trace.events.last!) { effects.append($0) }
        // The engine works a frame off once it is complete: the lift's, here, when time moves on.
        replay.finish { effects.append($0) }
        cpu.append(threadCPU() - startCPU)
        wall.append(now() - start)
        let names = effects.compactMap { e -> String? in
            if case .gesture(let g) = e, g.phase == .ended { return table.desktop[g.binding].name } else { return nil }
        }
        if names == [name] { fired += 1 }
    }
    let c = Spread(cpu), w = Spread(wall)
    if json {
        print("{\"bench\": \"stroke-match\", \"shapes\": \(shapes.count), \"templates\": 3, \"rounds\": \(rounds), "
            + "\"mean_ms\": \(fixed(c.mean, 3)), \"p99_ms\": \(fixed(c.p99, 3)), \"max_ms\": \(fixed(c.max, 3)), "
            + "\"wall_mean_ms\": \(fixed(w.mean, 3)), \"wall_p99_ms\": \(fixed(w.p99, 3)), \"wall_max_ms\": \(fixed(w.max, 3)), "
            + "\"recognized\": \(fired)}")
    } else {
        print("stroke-match: \(shapes.count) shapes x 3 templates, \(shapes.count) stroke bindings, \(rounds) lifts, "
            + "per lift: CPU mean \(fixed(c.mean, 3)) ms, p99 \(fixed(c.p99, 3)) ms, max \(fixed(c.max, 3)) ms; "
            + "wall mean \(fixed(w.mean, 3)) ms, p99 \(fixed(w.p99, 3)) ms, max \(fixed(w.max, 3)) ms; "
            + "\(fired) of \(rounds) drawn shapes recognized")
    }
    return fired == rounds ? 0 : 1
}

/// Mean, 99th percentile and max of times in seconds, in ms.
struct Spread {
    var mean = 0.0, p99 = 0.0, max = 0.0
    init(_ seconds: [Double]) {
        guard !seconds.isEmpty else { return }
        let sorted = seconds.sorted()
        mean = sorted.reduce(0, +) / Double(sorted.count) * 1000
        p99 = sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)] * 1000
        max = sorted[sorted.count - 1] * 1000
    }
}

/// This thread's CPU time, s: the lift's cost without the time the
/// scheduler gave other processes.
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Ten shapes: the unit tests' six, a circle the other way, and three turned.
func benchmarkShapes() -> [(String, [Point])] {
    let ell = StrokeShapes.ell(200)
    return [
        ("L", ell), ("circle", StrokeShapes.circle(100, clockwise: true)),
        ("circle-ccw", StrokeShapes.circle(100, clockwise: false)), ("check", StrokeShapes.check(200)),
        ("zigzag", StrokeShapes.zigzag(240)), ("v", StrokeShapes.vee(180)), ("triangle", StrokeShapes.triangle(180)),
        ("gamma", ell.map { Point(x: -$0.x, y: -$0.y) }), ("caret", StrokeShapes.vee(180).map { Point(x: $0.x, y: -$0.y) }),
        ("n", StrokeShapes.zigzag(240).map { Point(x: $0.y, y: $0.x) }),
    ]
}
