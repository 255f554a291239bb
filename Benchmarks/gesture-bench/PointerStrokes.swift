// gesture-bench pointer-strokes DATASETS-DIR [--lead-in] [--sizes LO-HI] [--misses]
//
// Strokes drawn with a mouse or pen button held, through `teach` and
// `replay` as a user runs them (docs/strokes-evaluation.md, "Drawn with a
// button held"): real people's drawings, each played as a mouse trace
// (trace-format.md's pointer records, written and read back as text) at
// its recorded times, scaled to a mouse's drawing (150 to 400 px, varied
// drawing by drawing). User-dependent, as issue 58's acceptance: per
// person (3DMadLabSD: per person and domain, 10 shapes x 10 repetitions),
// the first 3 repetitions of every shape taught (Teacher, from
// StrokeExample's path: the path PointerStrokeMachine hands the daemon,
// scored as a button's path is matched, no finger's everyday hands: as
// `teach` does with traces drawn with a button),
// one after another as `teach NAME` would, each shape bound as
// stroke("NAME", button: 3); the other 7 replayed (Replayer: the daemon's
// machine and matching). A hit: the drawing's own binding fired, and
// nothing else. Also a right-click per person: it must fire nothing.
#if canImport(Glibc)
import Glibc
#endif
import GestureCore
import GestureTesting
import GestureTraces

func pointerStrokes(_ arguments: [String]) -> Int32 {
    guard let dir = arguments.first else {
        print("usage: gesture-bench pointer-strokes DATASETS-DIR [--lead-in] [--sizes LO-HI] [--misses]")
        return 2
    }
    let leadIn = arguments.contains("--lead-in")
    // `--misses`: each miss, with what the drawing came closest to.
    let listMisses = arguments.contains("--misses")
    // `--sizes LO-HI`: each drawing's larger side varied over LO...HI px
    // (default 150-400, a mouse's drawing; a pen's on a small tablet area
    // can be half of that).
    var sizes = (low: 150.0, high: 400.0)
    if let i = arguments.firstIndex(of: "--sizes"), i + 1 < arguments.count {
        let parts = arguments[i + 1].split(separator: "-").compactMap { Double(String($0)) }
        if parts.count == 2, parts[0] > 0, parts[1] >= parts[0] { sizes = (parts[0], parts[1]) }
    }
    var rows: [[String]] = [["domain", "people", "replayed", "fired right", "closest right", "lowest person", "clicks firing"]]
    var all = (hits: 0, tries: 0), allClosest = 0, clicksFiring = 0
    var lowest: (String, Double) = ("", 1)
    var drawingIndex = 0
    var outcomes: [String: Int] = [:]
    for domain in 1...4 {
        let set: [Drawing]
        do { set = try loadMadLab(dir + "/3DMadLabSD/Domain\(domain)") } catch {
            print("gesture-bench pointer-strokes: \(error.text)")
            return 1
        }
        var hits = 0, tries = 0, closest = 0, domainLow: (String, Double) = ("", 1), clicks = 0
        for person in Set(set.map(\.person)).sorted() {
            let own = set.filter { $0.person == person }
            let shapes = Array(Set(own.map(\.shape))).sorted()
            // Played as mouse traces, read back from their text.
            func trace(_ d: Drawing) -> Trace {
                drawingIndex += 1
                let size = sizes.low + (sizes.high - sizes.low) * Double(drawingIndex * 37 % 251) / 250
                let whole = PointerDrawing.scaled(d.points.map { Point(x: $0.x, y: $0.y) }, to: size)
                // The sensor records before the hand moves (a mid-air
                // drawing has no pen-down): the button goes down as the hand
                // sets off, the last sample within 4 px (the hold's stillRadius) of the first, unless
                // `--lead-in` keeps the stillness (then most presses are held
                // past `hold` and handed to the application).
                let off = leadIn ? 0 : max(0, (whole.firstIndex { ($0 - whole[0]).length > PointerStrokeMachine.defaultStillRadius } ?? 1) - 1)
                let path = Array(whole[off...]), times = d.points[off...].map { $0.t - d.points[off].t }
                // A few drawings' clocks step back (a sensor's frames out of
                // order): a trace's time never does.
                var last = 0.0
                let timed = zip(path, times).map { p, t in
                    last = max(last, t)
                    return (p, last)
                }
                let text = TraceWriter.write(PointerDrawing.trace(PointerDrawing.events(timed)))
                return try! TraceReader.parse(text)
            }
            var taught = StrokeSet([])
            for s in shapes {
                let examples = own.filter { $0.shape == s }.prefix(3).enumerated().compactMap { i, d in
                    StrokeExample(trace(d)).map { ("\(s) #\(i + 1)", $0.path) }
                }
                taught = Teacher(shape: s, paths: examples, set: taught, negatives: [],
                                 options: PointerStrokeBindings.options()).set
            }
            var settings = Settings()
            settings.strokes = taught
            let table = GestureTable(settings: settings, desktop: shapes.map {
                Binding(name: $0, gesture: .stroke(StrokeSpec(shape: $0, button: 3)))
            })
            var personHits = 0, personTries = 0
            for s in shapes {
                for (k, d) in own.filter({ $0.shape == s }).dropFirst(3).enumerated() {
                    let effects = Replayer.run(trace(d), table: table)
                    let fired = effects.compactMap { e -> String? in
                        if case .gesture(let g) = e, g.phase == .ended { return shapes[g.binding] }
                        return nil
                    }
                    personTries += 1
                    if fired == [s] { personHits += 1 }
                    if listMisses, fired != [s] {
                        let why = effects.compactMap { e -> String? in
                            guard case .pointerStroke(let p) = e else { return nil }
                            if case .drawn(let o, _) = p.kind, let m = o.match {
                                return "closest \(m.closest ?? "-") \(fixed(m.score, 2))\(m.rejection.map { " (\($0.rawValue))" } ?? "")"
                            }
                            return "\(p.kind)"
                        }
                        print("miss: Domain\(domain) \(person) \(s) #\(k + 4): fired \(fired); \(why.joined(separator: ", "))")
                    }
                    for case .pointerStroke(let p) in effects {
                        if case .drawn(let o, _) = p.kind, o.match?.closest == s { closest += 1 }
                        switch p.kind {
                        case .handedOver: outcomes["held still: handed to the application", default: 0] += 1
                        case .click: outcomes["a click", default: 0] += 1
                        case .drawn(let o, _) where o.binding == nil: outcomes["drawn: no shape", default: 0] += 1
                        case .drawn(let o, _) where o.match?.name != s: outcomes["drawn: another shape", default: 0] += 1
                        default: break
                        }
                    }
                }
            }
            let click = Replayer.run(PointerDrawing.trace(PointerDrawing.click()), table: table)
            if click.contains(where: { if case .gesture = $0 { true } else { false } }) { clicks += 1 }
            hits += personHits
            tries += personTries
            let rate = Double(personHits) / Double(max(personTries, 1))
            if rate < domainLow.1 { domainLow = (person, rate) }
        }
        rows.append(["Domain\(domain)", String(Set(set.map(\.person)).count), String(tries), percent((hits, tries)),
                     percent((closest, tries)), "\(domainLow.0) \(fixed(domainLow.1 * 100, 1)) %", String(clicks)])
        all.hits += hits
        all.tries += tries
        allClosest += closest
        clicksFiring += clicks
        if domainLow.1 < lowest.1 { lowest = ("Domain\(domain) \(domainLow.0)", domainLow.1) }
    }
    rows.append(["**all**", "", String(all.tries), percent(all), percent((allClosest, all.tries)),
                 "\(lowest.0) \(fixed(lowest.1 * 100, 1)) %", String(clicksFiring)])
    printTable(rows)
    print("\nthe misses: " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    return 0
}
