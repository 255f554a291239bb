import GestureCore
@testable import GestureX11
import StateTableSupport
import Testing

/// PointerStrokeMachine's table, row by row (`rows`: the one copy of it,
/// which docs/pointer-strokes.md prints), and whole presses through `on`:
/// a click, a stroke, a hold, a cancel.
@Suite struct PointerStrokeMachineTests {
    typealias M = PointerStrokeMachine
    typealias Row = TransitionRow<M.State, M.Event, M.State, [M.Request]>

    static let press = M.Press(button: 3, device: 9, at: Point(x: 100, y: 100), time: 1.0, modifiers: 0x40, window: 0x2a0001)
    static let minimumSize = 40.0
    static func at(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    static let start: [Point] = [press.at]
    static let drawn: [Point] = [press.at, at(130, 100), at(150, 110)]

    static let rows: [Row] = [
        Row(name: "idle, press not bound: replayed", state: .idle, event: .press(press, bound: false),
            next: .idle, outcome: [.replayPress]),
        Row(name: "idle, press bound: taken", state: .idle, event: .press(press, bound: true),
            next: .pending(press, path: start, farthest: 0), outcome: [.takePress]),
        Row(name: "pending, motion within minimumSize", state: .pending(press, path: start, farthest: 0),
            event: .motion(at(110, 100), at: 1.05),
            next: .pending(press, path: start + [at(110, 100)], farthest: 10), outcome: []),
        Row(name: "pending, motion reaching minimumSize: drawing, the trail from the press",
            state: .pending(press, path: start + [at(110, 100)], farthest: 10), event: .motion(at(140, 100), at: 1.1),
            next: .drawing(press, path: start + [at(110, 100), at(140, 100)]),
            outcome: [.trailStart(start + [at(110, 100), at(140, 100)])]),
        Row(name: "pending, release: a click as made", state: .pending(press, path: start + [at(103, 101)], farthest: 3.2),
            event: .release(button: 3, at: at(103, 101), time: 1.1), next: .idle, outcome: [.synthesizeClick(press)]),
        Row(name: "pending, release of another button: nothing", state: .pending(press, path: start, farthest: 0),
            event: .release(button: 1, at: press.at, time: 1.1), next: .pending(press, path: start, farthest: 0), outcome: []),
        Row(name: "pending, held still past hold: to the application",
            state: .pending(press, path: start + [at(102, 101)], farthest: 2.2), event: .tick(1.25),
            next: .passing(press), outcome: [.passThrough(press, now: at(102, 101))]),
        Row(name: "pending, the tick before hold: nothing", state: .pending(press, path: start, farthest: 0),
            event: .tick(1.249), next: .pending(press, path: start, farthest: 0), outcome: []),
        Row(name: "pending, moved past stillRadius: no hold", state: .pending(press, path: start + [at(110, 100)], farthest: 10),
            event: .tick(2), next: .pending(press, path: start + [at(110, 100)], farthest: 10), outcome: []),
        Row(name: "pending, escape: cancelled", state: .pending(press, path: start, farthest: 0), event: .escape(at: 1.1),
            next: .cancelled(press), outcome: [.cancel]),
        Row(name: "pending, another button: cancelled", state: .pending(press, path: start, farthest: 0),
            event: .otherButton(1, at: 1.1), next: .cancelled(press), outcome: [.cancel]),
        Row(name: "pending, grab lost: cancelled", state: .pending(press, path: start, farthest: 0), event: .grabLost,
            next: .idle, outcome: [.cancel]),
        Row(name: "drawing, motion: the trail follows", state: .drawing(press, path: drawn),
            event: .motion(at(160, 130), at: 1.2), next: .drawing(press, path: drawn + [at(160, 130)]),
            outcome: [.trailPoint(at(160, 130))]),
        Row(name: "drawing, release: recognized on the press's window", state: .drawing(press, path: drawn),
            event: .release(button: 3, at: at(150, 110), time: 1.3), next: .idle,
            outcome: [.trailEnd, .recognize(press, path: drawn)]),
        Row(name: "drawing, release elsewhere: the release's point ends the path", state: .drawing(press, path: drawn),
            event: .release(button: 3, at: at(155, 120), time: 1.3), next: .idle,
            outcome: [.trailEnd, .recognize(press, path: drawn + [at(155, 120)])]),
        Row(name: "drawing, escape: cancelled", state: .drawing(press, path: drawn), event: .escape(at: 1.2),
            next: .cancelled(press), outcome: [.trailEnd, .cancel]),
        Row(name: "drawing, another button: cancelled", state: .drawing(press, path: drawn), event: .otherButton(2, at: 1.2),
            next: .cancelled(press), outcome: [.trailEnd, .cancel]),
        Row(name: "drawing, grab lost: cancelled", state: .drawing(press, path: drawn), event: .grabLost,
            next: .idle, outcome: [.trailEnd, .cancel]),
        Row(name: "drawing, a press while not idle: nothing", state: .drawing(press, path: drawn),
            event: .press(press, bound: true), next: .drawing(press, path: drawn), outcome: []),
        Row(name: "passing, motion: the application's", state: .passing(press), event: .motion(at(300, 300), at: 1.5),
            next: .passing(press), outcome: []),
        Row(name: "passing, release: the button goes up", state: .passing(press),
            event: .release(button: 3, at: at(300, 300), time: 2), next: .idle, outcome: [.synthesizeRelease(button: 3)]),
        Row(name: "passing, grab lost: the button goes up", state: .passing(press), event: .grabLost,
            next: .idle, outcome: [.synthesizeRelease(button: 3)]),
        Row(name: "cancelled, motion: dropped", state: .cancelled(press), event: .motion(at(200, 200), at: 1.3),
            next: .cancelled(press), outcome: []),
        Row(name: "cancelled, release: idle, nothing leaks", state: .cancelled(press),
            event: .release(button: 3, at: at(200, 200), time: 1.4), next: .idle, outcome: []),
        Row(name: "cancelled, grab lost: idle", state: .cancelled(press), event: .grabLost, next: .idle, outcome: []),
        Row(name: "idle, release: nothing", state: .idle, event: .release(button: 3, at: press.at, time: 1),
            next: .idle, outcome: []),
        Row(name: "idle, escape: nothing", state: .idle, event: .escape(at: 1), next: .idle, outcome: []),
    ]

    @Test(arguments: rows)
    func transition(_ row: Row) {
        var m = M(state: row.state, minimumSize: Self.minimumSize)
        #expect(m.on(row.event) == row.outcome)
        #expect(m.state == row.next)
    }

    /// The table in docs/pointer-strokes.md ("The machine") is these rows,
    /// printed (scripts/state-tables.py); every state of the table is
    /// covered by a row that leaves it.
    @Test func stateTable() {
        let table = StateTable(name: "pointer-stroke-machine",
                               source: "PointerStrokeMachineTests.rows (Tests/GestureX11Tests/PointerStrokeMachineTests.swift)",
                               columns: ["state", "event", "next", "requests", "the row"],
                               rows: Self.rows.map { [Self.label($0.state), Self.label($0.event), Self.label($0.next),
                                                      Self.label($0.outcome), $0.name] })
        let covered = Set(Self.rows.map { Self.name($0.state) })
        #expect(covered == ["idle", "pending", "drawing", "passing", "cancelled"])
        #expect(table.publish() == nil)
    }

    static func name(_ s: M.State) -> String {
        switch s {
        case .idle: "idle"
        case .pending: "pending"
        case .drawing: "drawing"
        case .passing: "passing"
        case .cancelled: "cancelled"
        }
    }

    /// A state as the table says it: a pending press says how far it went.
    static func label(_ s: M.State) -> String {
        switch s {
        case .pending(_, let path, let farthest):
            return "pending (\(path.count) point\(path.count == 1 ? "" : "s"), \(farthest.rounded()) px at most)"
        case .drawing(_, let path): return "drawing (\(path.count) points)"
        default: return name(s)
        }
    }

    static func label(_ e: M.Event) -> String {
        switch e {
        case .press(_, let bound): return bound ? "press, bound" : "press, not bound"
        case .motion(let p, _): return "motion to \(Int(p.x)), \(Int(p.y))"
        case .release(let b, _, _): return b == press.button ? "release" : "release of button \(b)"
        case .otherButton(let b, _): return "button \(b) pressed"
        case .escape: return "escape"
        case .tick(let t): return "tick at \(t) s (pressed at \(press.time) s)"
        case .grabLost: return "grabLost"
        }
    }

    static func label(_ requests: [M.Request]) -> String {
        guard !requests.isEmpty else { return "—" }
        return requests.map { r -> String in
            switch r {
            case .replayPress: "replayPress"
            case .takePress: "takePress"
            case .trailStart(let path): "trailStart (\(path.count) points)"
            case .trailPoint: "trailPoint"
            case .trailEnd: "trailEnd"
            case .recognize(_, let path): "recognize (\(path.count) points)"
            case .synthesizeClick: "synthesizeClick"
            case .passThrough: "passThrough"
            case .synthesizeRelease(let b): "synthesizeRelease \(b)"
            case .cancel: "cancel"
            }
        }.joined(separator: ", ")
    }

    @Test func theDeadlineIsTheHoldOfAStillPress() {
        var m = M(minimumSize: 40)
        #expect(m.deadline == nil)
        _ = m.on(.press(Self.press, bound: true))
        #expect(m.deadline == 1.25)
        _ = m.on(.motion(Self.at(120, 100), at: 1.1))
        #expect(m.deadline == nil, "moved: no hold")
        var never = M(minimumSize: 40, hold: 0)
        _ = never.on(.press(Self.press, bound: true))
        #expect(never.deadline == nil)
        #expect(never.on(.tick(9)) == [])
        #expect(never.heldButton == 3)
    }

    /// A right-click with a shaking hand: one press, one release, at the
    /// press's place, whatever the pointer did in between.
    @Test func aShakyClickIsOneClickWhereItWasMade() {
        var m = M(minimumSize: 40)
        var out = m.on(.press(Self.press, bound: true))
        for (k, dx) in [1.0, -2, 3, 1].enumerated() {
            out += m.on(.motion(Self.at(100 + dx, 100 + dx / 2), at: 1 + 0.01 * Double(k + 1)))
        }
        out += m.on(.release(button: 3, at: Self.at(101, 100.5), time: 1.06))
        #expect(out == [.takePress, .synthesizeClick(Self.press)])
        #expect(m.heldButton == nil)
    }

    /// An L drawn: the trail starts once the pointer is 40 px away, follows
    /// every point, and the whole path is recognized at the release.
    @Test func anLDrawnIsRecognizedWithItsWholePath() {
        var m = M(minimumSize: 40)
        var out = m.on(.press(Self.press, bound: true))
        var points: [Point] = [Self.press.at]
        for k in 1...10 { points.append(Self.at(100, 100 + 10 * Double(k))) }
        for k in 1...10 { points.append(Self.at(100 + 10 * Double(k), 200)) }
        for (k, p) in points.dropFirst().enumerated() { out += m.on(.motion(p, at: 1 + 0.01 * Double(k))) }
        out += m.on(.release(button: 3, at: points.last!, time: 1.3))
        #expect(out.first == .takePress)
        #expect(out[1] == .trailStart(Array(points.prefix(5))))
        #expect(out.filter { if case .trailPoint = $0 { true } else { false } }.count == points.count - 5)
        #expect(out.suffix(2) == [.trailEnd, .recognize(Self.press, path: points)])
    }

    /// A scribble held for minutes keeps a bounded path with its first point.
    @Test func aLongScribbleStaysBounded() {
        var m = M(minimumSize: 40)
        _ = m.on(.press(Self.press, bound: true))
        for k in 1...5000 {
            _ = m.on(.motion(Self.at(100 + Double(k % 200), 100 + Double(k / 200)), at: 1 + 0.001 * Double(k)))
        }
        guard case .drawing(_, let path) = m.state else { Issue.record("not drawing: \(m.state)"); return }
        #expect(path.count <= M.pathLimit)
        #expect(path.first == Self.press.at)
        #expect(path.last == Self.at(100 + Double(5000 % 200), 100 + Double(5000 / 200)))
    }
}
