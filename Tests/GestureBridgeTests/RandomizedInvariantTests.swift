import GestureActions
import GestureBridge
import GestureConfig
@testable import GestureCore
import Testing
#if canImport(Glibc)
import Glibc
import GestureTraces
import GestureTesting
#endif

/// A synthesizer that only counts: which keys are down.
final class RecordingSynthesizer: Synthesizer {
    var down: [UInt32: Int] = [:]
    var presses = 0
    /// Presses by keysym value.
    var pressed: [UInt32: Int] = [:]
    func key(_ keysym: Keysym, down isDown: Bool) -> Bool {
        down[keysym.value, default: 0] += isDown ? 1 : -1
        if isDown { presses += 1; pressed[keysym.value, default: 0] += 1 }
        return true
    }
    var buttons: [Int: Int] = [:]
    func button(_ n: Int, down isDown: Bool) { buttons[n, default: 0] += isDown ? 1 : -1 }
    func warp(x: Double, y: Double) {}
    func pointerPosition() -> (x: Double, y: Double)? { (0, 0) }
    func flush() {}
    var anyDown: Bool { down.values.contains { $0 != 0 } || buttons.values.contains { $0 != 0 } }
}

/// 10,000 seeded random runs per CI run: random touch streams and touchpad
/// gestures, random configs (with keydown held across gestures), random device
/// removals, window changes and invalid input. The invariants hold in every one.
@Suite struct RandomizedInvariantTests {
    static let runs = Int(getenv("INVARIANT_RUNS").map { String(cString: $0) } ?? "") ?? 10_000

    static func chord(_ s: String) -> KeyChord { try! ActionParser.parseChord(s, allowModifiersOnly: true).get() }

    struct Table {
        var table: GestureTable
        var actions: [BindingActions]
    }

    /// A random table (RandomGestures), each binding with random actions: a
    /// held modifier, steps and repeats that type, sometimes a held button and
    /// a pointer that follows, and sometimes a forgotten keyup.
    static func randomTable(_ rng: inout SplitMix64) -> Table {
        let table = RandomGestures.table(&rng)
        let actions = table.allBindings.map { _ in
            let mod = ["alt", "ctrl", "super", "shift"][Int(rng.next() % 4)]
            var a = BindingActions()
            a.began = [.keyDown(chord(mod))]
            a.increase = [.key([chord("Tab")])]
            a.decrease = [.key([chord("Tab")])]
            a.repeats = [.key([chord("a")])]
            if rng.next() % 3 == 0 {
                a.began += [.buttonDown(Int(1 + rng.next() % 3), here: rng.next() % 2 == 0), .move]
                a.changed = [.move]
            }
            // The config forgets the keyup: the ledger must not.
            if rng.next() % 2 == 0 { a.ended = [.keyUp(chord(mod))] }
            return a
        }
        return Table(table: table, actions: actions)
    }

    struct Outcome: Equatable {
        var effects: [Effect]
        var rejected: Int
    }

    /// Runs the engine over the events and routes its effects through the
    /// daemon's own router to a performer.
    static func run(_ t: Table, _ header: TraceHeader, _ events: [TraceEvent], invalid: Bool, rng: inout SplitMix64,
                    synth: RecordingSynthesizer) -> Outcome {
        var engine = GestureEngine(table: t.table, screen: header.screen, devices: header.devices)
        let performer = ActionPerformer(synthesizer: synth, baseEnvironment: [:])
        var hooks = EffectRouter.Hooks()
        hooks.deviceKind = { id in header.devices.first { $0.id == id }?.kind }
        let router = EffectRouter(bindings: t.table.allBindings, actions: t.actions, performer: performer, hooks: hooks)
        var all: [Effect] = []
        var rejected = 0
        var out: [Effect] = []
        var deeds: [Deed] = []
        func perform(_ effects: [Effect], at now: Seconds) {
            // The performer's clock is the trace's: drag-locks run out as the daemon's would.
            performer.advance(to: now)
            // As the daemon does: route, then carry out the actions in order.
            deeds.removeAll()
            router.route(effects, window: engine.window, into: &deeds)
            for case .act(let g, let window) in deeds { router.act(g, window: window, now: now) }
            for e in effects {
                if case .rejected = e { rejected += 1 } else { all.append(e) }
            }
        }
        for e in events {
            if invalid && rng.next() % 7 == 0 {
                out.removeAll(keepingCapacity: true)
                engine.process(.touchUpdate(device: TraceBuilder.touchscreenID, touch: 1, at: Point(x: .nan, y: 1)), at: e.t, into: &out)
                engine.process(e.input, at: engine.now - 1, into: &out)   // time going backwards
                perform(out, at: e.t)
            }
            out.removeAll(keepingCapacity: true)
            engine.process(e.input, at: e.t, into: &out)
            perform(out, at: e.t)
        }
        out.removeAll(keepingCapacity: true)
        engine.advance(to: (events.last?.t ?? 0) + 5, into: &out)
        perform(out, at: (events.last?.t ?? 0) + 5)
        #expect(engine.nextDeadline == nil)
        // Every drag-lock runs out: nothing stays held once time has passed.
        performer.advance(to: (events.last?.t ?? 0) + 10)
        #expect(performer.nextDeadline == nil)
        return Outcome(effects: all, rejected: rejected)
    }

    @Test func invariantsOverTenThousandRuns() {
        var failures = 0
        for seed in 0..<Self.runs {
            var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 17)
            let t = Self.randomTable(&rng)
            let trace = RandomGestures.trace(&rng, seed: UInt64(seed), deviceChurn: true)
            let (header, events) = (trace.header, trace.events)
            let synth = RecordingSynthesizer()
            var r2 = SplitMix64(seed: UInt64(seed))
            let o = Self.run(t, header, events, invalid: false, rng: &r2, synth: synth)

            // Every began is followed by exactly one ended or cancelled.
            var open: [String: Bool] = [:]
            var ok = true
            var why: [String] = []
            func check(_ c: Bool, _ w: String) { if !c && ok { why.append(w) }; ok = ok && c }
            var began: [TouchID: Seconds] = [:]
            var ended: [TouchID: Seconds] = [:]
            for e in events {
                if case .touchBegin(_, let id, _) = e.input { began[id] = e.t }
                if case .touchEnd(_, let id, _) = e.input { ended[id] = e.t }
            }
            var decided: [TouchID: Int] = [:]
            for e in o.effects {
                switch e {
                case .gesture(let g):
                    let k = "\(g.binding)/\(g.device)"
                    if g.phase == .began { check(open[k] != true, "began twice \(k)"); open[k] = true }
                    if g.phase == .ended || g.phase == .cancelled { check(open[k] == true, "\(g.phase) without began \(k)"); open[k] = false }
                    if g.phase == .changed || g.phase == .step { check(open[k] == true, "\(g.phase) outside \(k)") }
                case .touch(let d):
                    decided[d.touch, default: 0] += 1
                    // No touch undecided past grab-timeout, or past a high press's timer.
                    if let b = began[d.touch] {
                        check(d.time <= RandomGestures.latestDecision(began: b, ended: ended[d.touch], table: t.table) + 1e-9,
                              "touch \(d.touch) decided late")
                    }
                default:
                    break
                }
            }
            check(!open.values.contains(true), "left open: \(open.filter(\.value).keys.sorted())")
            // Every touch is finally claimed or released, once.
            check(Set(decided.keys) == Set(began.keys), "undecided touches \(Set(began.keys).subtracting(decided.keys).sorted())")
            check(decided.values.allSatisfy { $0 == 1 }, "decided twice")
            // Every keydown is matched by a keyup, every buttondown by its
            // release: nothing is left down.
            check(!synth.anyDown, "keys or buttons left down")
            check(synth.buttons.values.allSatisfy { $0 >= 0 && $0 <= 1 }, "a button released twice or pressed twice")
            // Invalid input is rejected and changes nothing else.
            var r3 = SplitMix64(seed: UInt64(seed))
            let noisy = Self.run(t, header, events, invalid: true, rng: &r3, synth: RecordingSynthesizer())
            check(noisy.effects == o.effects, "invalid input changed the output")
            // The same input gives the same output.
            if seed % 10 == 0 {
                var r4 = SplitMix64(seed: UInt64(seed))
                check(Self.run(t, header, events, invalid: false, rng: &r4, synth: RecordingSynthesizer()) == o, "not deterministic")
            }
            if !ok {
                failures += 1
                if failures <= 5 { Issue.record("seed \(seed): \(why.joined(separator: "; "))") }
            }
        }
        #expect(failures == 0)
    }
}
