// gesture-bench: the engine's cost per input event on a fixed, generated trace.
//
//   gesture-bench [--events N] [--rounds R] [--bindings N | --fingers N | --steady] [--json]
//   gesture-bench latency [--rounds N] [--json]   (starts its own Xvfb)
//   gesture-bench corpus [--seed N] [--count N] [--write DIR]
//                                          the recognition report (docs/engine.md)
//   gesture-bench reloads N FILE...        loads configs / imports N times (scripts/lsan-reloads.sh)
//   gesture-bench strokes DATASETS-DIR     drawn shapes on real people's drawings
//                                          (Benchmarks/strokes-3dtcgs.sh, docs/strokes-evaluation.md)
//   gesture-bench pointer-strokes DATASETS-DIR  the same drawings as mouse traces through teach and replay
//
// The default workload is the everyday trace against the everyday table;
// --bindings N uses a table of N bindings (Workloads.swift), --fingers N a
// trace of N-finger gestures, --steady a long pinch (steady state).
//
// Prints events, wall time per event and events per second. For instruction
// counts run it under callgrind (Benchmarks/callgrind.sh), which counts only
// inside GestureEngine.process/advance.
#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureBridge
import GestureConfig
import GestureCore
import GestureTesting
import GestureTraces

/// The everyday table: workspace swipes, zoom steps, a hold-then-drag, a double tap.
func everydayTable() -> GestureTable {
    func swipe(_ d: Direction, _ n: Int) -> GestureSpec {
        .swipe(SwipeSpec(direction: d, common: CommonArguments(fingers: n)))
    }
    return GestureTable(desktop: [
        Binding(name: "workspace-next", gesture: swipe(.left, 3), priority: .high),
        Binding(name: "workspace-previous", gesture: swipe(.right, 3), priority: .high),
        Binding(name: "workspace-up", gesture: swipe(.up, 4), priority: .high),
        Binding(name: "workspace-down", gesture: swipe(.down, 4), priority: .high),
        Binding(name: "zoom", gesture: .magnify(MagnifySpec()), step: StepSpec(every: 0.15)),
        Binding(name: "hold-then-drag", gesture: .sequenced(.longPress(LongPressSpec(minimumDuration: 0.6)),
                                                            .drag(DragSpec(minimumDistance: .px(40))))),
        Binding(name: "double-tap", gesture: .tap(TapSpec(count: 2))),
    ], apps: [AppScope(classGlob: "firefox", bindings: [
        Binding(name: "back", gesture: swipe(.right, 2)),
    ])])
}

/// A mix of gestures on both devices until `events` events exist (or `gestures` gestures).
func benchmarkTrace(events: Int = .max, gestures: Int = .max) -> Trace {
    var b = TraceBuilder.standard(seed: 42)
    var k = 0
    while b.events.count < events && k < gestures {
        let c = Point(x: 600 + Double(k % 7) * 90, y: 400 + Double(k % 5) * 60)
        switch k % 6 {
        case 0:
            b.device = TraceBuilder.touchscreenID
            b.land(3, at: c, stagger: 0.012)
            b.move(by: Point(x: k % 12 == 0 ? -300 : 300, y: 10), over: 0.25, jitter: 1.5)
            b.lift(stagger: 0.006)
        case 1:
            b.device = TraceBuilder.touchscreenID
            b.land(2, at: c, spacing: 180, stagger: 0.01)
            b.pinch(to: 1.8, over: 0.35, jitter: 1)
            b.lift()
        case 2:
            b.device = TraceBuilder.touchpadID
            b.touchpadSwipe(fingers: 4, by: Point(x: 0, y: -260), over: 0.2)
        case 3:
            b.device = TraceBuilder.touchpadID
            b.touchpadPinch(fingers: 2, to: 0.6, rotating: 10, over: 0.3)
        case 4:
            b.device = TraceBuilder.touchscreenID
            b.tap(1, at: c)
            b.wait(0.12)
            b.tap(1, at: c)
        default:
            b.device = TraceBuilder.touchscreenID
            b.land(1, at: c)
            b.wait(0.65)
            b.move(by: Point(x: 120, y: 40), over: 0.3, jitter: 1)
            b.lift()
        }
        b.wait(0.4)
        k += 1
    }
    var t = b.trace
    if t.events.count > events { t.events.removeLast(t.events.count - events) }
    return t
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

var events = 10_000
var rounds = 1
var args = CommandLine.arguments.dropFirst()
if args.first == "--write-trace", let path = args.dropFirst().first {
    // A trace of N everyday gestures (for the daemon's memory benchmark).
    var n = 1000
    if let i = args.firstIndex(of: "--gestures"), let v = args[args.index(after: i)...].first.flatMap({ Int($0) }) { n = v }
    let trace = benchmarkTrace(gestures: n)
    _ = FileSystem.write(TraceWriter.write(trace), to: path)
    print("wrote \(trace.events.count) events of \(n) gestures to \(path)")
    exit(0)
}
if args.first == "corpus" {
    args.removeFirst()
    exit(corpus(Array(args)))
}
if args.first == "strokes" {
    args.removeFirst()
    exit(strokes(Array(args)))
}
if args.first == "pointer-strokes" {
    args.removeFirst()
    exit(pointerStrokes(Array(args)))
}
if args.first == "stroke-match" {
    args.removeFirst()
    exit(strokeMatch(Array(args)))
}
if args.first == "reloads" {
    args.removeFirst()
    exit(reloads(Array(args)))
}
if args.first == "latency" {
    args.removeFirst()
    var n = 1000
    if let i = args.firstIndex(of: "--rounds"), let v = args[args.index(after: i)...].first.flatMap({ Int($0) }) { n = v }
    latency(rounds: n, json: args.contains("--json"))
    exit(0)
}
var bindings: Int? = nil, fingers: Int? = nil, steady = false, json = false, monitor = false
while let a = args.popFirst() {
    switch a {
    case "--events": events = Int(args.popFirst() ?? "") ?? events
    case "--rounds": rounds = Int(args.popFirst() ?? "") ?? rounds
    case "--bindings": bindings = Int(args.popFirst() ?? "")
    case "--fingers": fingers = Int(args.popFirst() ?? "")
    case "--steady": steady = true
    case "--json": json = true
    // As the daemon with a `watch` client: the monitor stream made after every engine call.
    case "--monitor": monitor = true
    default:
        print("usage: gesture-bench [--events N] [--rounds R] [--bindings N | --fingers N | --steady] [--monitor] [--json]")
        exit(2)
    }
}

let trace = fingers.map { fingersTrace($0, events: events) } ?? (steady ? steadyTrace(events: events) : benchmarkTrace(events: events))
let table = bindings.map { curveTable(bindings: $0) } ?? everydayTable()
var effects = 0, monitorLines = 0, monitorBytes = 0
var buffer: [Effect] = []
buffer.reserveCapacity(64)
let names = table.allBindings.map(\.name)
let start = now()
for _ in 0..<rounds {
    var engine = GestureEngine(table: table, screen: trace.header.screen, devices: trace.header.devices)
    var feed: MonitorFeed? = nil
    if monitor {
        engine.explain = true
        feed = MonitorFeed(names: names, actions: names.map { _ in BindingActions() })
    }
    for e in trace.events {
        buffer.removeAll(keepingCapacity: true)
        engine.process(e.input, at: e.t, into: &buffer)
        effects += buffer.count
        if feed != nil {
            watched(&feed!, e.input, buffer, engine, at: e.t)
            // As the daemon hands the bytes to its clients.
            monitorBytes += feed!.bytes.count
            for b in feed!.bytes where b == 10 { monitorLines += 1 }
            feed!.clear()
        }
    }
    buffer.removeAll(keepingCapacity: true)
    engine.advance(to: (trace.events.last?.t ?? 0) + 1, into: &buffer)
    effects += buffer.count
}

/// What the daemon does for a `watch` client after each engine call.
@inline(never)
func watched(_ feed: inout MonitorFeed, _ input: Input, _ effects: [Effect], _ engine: GestureEngine, at t: Double) {
    feed.input(input, at: t)
    feed.effects(effects, engine: engine, at: t)
}
let elapsed = now() - start
let total = Double(events * rounds)
if json {
    let stream = monitor ? ", \"monitor_lines_per_event\": \(Double(monitorLines) / total), "
        + "\"monitor_bytes_per_event\": \(Int(Double(monitorBytes) / total))" : ""
    print("{\"bench\": \"\(monitor ? "engine-with-monitor" : "engine")\", \"events\": \(events), \"rounds\": \(rounds), "
          + "\"effects\": \(effects), \"ns_per_event\": \(Int(elapsed * 1e9 / total)), "
          + "\"events_per_second\": \(Int(total / elapsed))\(stream)}")
} else {
    print("events: \(events) x \(rounds) rounds, effects: \(effects)")
    print("wall: \(Int(elapsed * 1e9 / total)) ns/event, \(Int(total / elapsed)) events/s")
}
