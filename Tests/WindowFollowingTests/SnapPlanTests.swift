import GestureActions
import StateTableSupport
import Testing
@testable import WindowFollowing

/// `window snap …` (SnapPlan.swift): its table, row by row. No X: the
/// facts are what WindowMover would have read.
@Suite struct SnapPlanTests {
    static let w: WindowID = 0x600003
    /// The right monitor's work area (a panel along its bottom).
    static let area = WindowRect(x: 960, y: 0, width: 960, height: 1040)
    static let rightHalf = WindowRect(x: 1440, y: 0, width: 480, height: 1040)
    static let leftHalf = WindowRect(x: 960, y: 0, width: 480, height: 1040)
    static let frame = WindowRect(x: 1200, y: 300, width: 300, height: 200)
    static let decorated = FrameExtents(left: 1, right: 1, top: 20, bottom: 1)
    /// Snapped to the right half earlier, from `frame` (its decorations then).
    static let memory = SnapMemory(before: frame, snapped: rightHalf, extents: decorated)

    static func facts(before: WindowRect = rightHalf, maximized: Bool = false, memory: SnapMemory? = nil) -> SnapPlan.Facts {
        SnapPlan.Facts(window: w, before: before, extents: FrameExtents(), maximized: maximized, memory: memory)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var snap: WindowAction.Snap
        var facts: SnapPlan.Facts
        var requests: [WindowRequest]
        var snapped: SnapPlan.Snapped
        var testDescription: String { name }
    }

    /// SnapPlan's table, one row per case: the one copy of it
    /// (docs/engine.md prints these rows: `stateTable`).
    static let rows: [Row] = [
        Row(name: "restore a maximized, snapped window", snap: .restore, facts: facts(maximized: true, memory: memory),
            requests: [.maximize(w, false), .moveResize(w, frame, extents: decorated), .forgetSnap(w)],
            snapped: .restored(unmaximized: true, back: frame)),
        Row(name: "restore a window the window manager maximized", snap: .restore, facts: facts(maximized: true),
            requests: [.maximize(w, false)], snapped: .restored(unmaximized: true, back: nil)),
        Row(name: "restore a snapped window", snap: .restore, facts: facts(memory: memory),
            requests: [.moveResize(w, frame, extents: decorated), .forgetSnap(w)], snapped: .restored(unmaximized: false, back: frame)),
        Row(name: "restore: nothing to restore", snap: .restore, facts: facts(before: frame),
            requests: [], snapped: .restored(unmaximized: false, back: nil)),
        Row(name: "maximize a snapped window: its first geometry kept", snap: .maximize, facts: facts(memory: memory),
            requests: [.rememberSnap(w, SnapMemory(before: frame, snapped: area, extents: decorated)), .maximize(w, true)],
            snapped: .maximized(area: area, before: frame)),
        Row(name: "snapped again while still snapped: the first geometry kept", snap: .left, facts: facts(memory: memory),
            requests: [.rememberSnap(w, SnapMemory(before: frame, snapped: leftHalf, extents: decorated)),
                       .moveResize(w, leftHalf, extents: FrameExtents())],
            snapped: .placed(leftHalf, area: area, before: frame)),
        Row(name: "moved since its snap: the frame now is remembered", snap: .left, facts: facts(before: frame, memory: memory),
            requests: [.rememberSnap(w, SnapMemory(before: frame, snapped: leftHalf)), .moveResize(w, leftHalf, extents: FrameExtents())],
            snapped: .placed(leftHalf, area: area, before: frame)),
        Row(name: "snapped from maximized: un-maximized, its decorations from before", snap: .right,
            facts: facts(before: area, maximized: true, memory: memory),
            requests: [.rememberSnap(w, SnapMemory(before: frame, snapped: rightHalf, extents: decorated)), .maximize(w, false),
                       .moveResize(w, rightHalf, extents: decorated)],
            snapped: .placed(rightHalf, area: area, before: frame)),
    ]

    @Test(arguments: rows)
    func row(_ r: Row) {
        let (requests, snapped) = SnapPlan.plan(r.snap, r.facts, area: Self.area)
        #expect(requests == r.requests)
        #expect(snapped == r.snapped)
    }

    /// The table in docs/engine.md ("Windows that follow the fingers") is
    /// these rows, printed (scripts/state-tables.py): restore, maximize and
    /// a half, from each of maximized and snapped.
    @Test func stateTable() {
        let table = StateTable(name: "snap-plan", source: "SnapPlanTests.rows (Tests/WindowFollowingTests/SnapPlanTests.swift)",
                               columns: ["snap", "maximized", "snap memory", "requests", "the row"],
                               rows: Self.rows.map { r in
                                   [r.snap.rawValue, r.facts.maximized ? "yes" : "no", Self.label(r.facts),
                                    r.requests.map(FollowMachineTests.label).joined(separator: ", ").ifEmpty("—"), r.name]
                               })
        #expect(Set(Self.rows.map(\.snap)) == [.restore, .maximize, .left, .right])
        #expect(table.publish() == nil)
    }

    static func label(_ f: SnapPlan.Facts) -> String {
        guard let m = f.memory else { return "none" }
        return m.stillSnapped(f.before) ? "still snapped" : "moved since"
    }
}
