import GestureActions
import StateTableSupport
import Testing
@testable import WindowFollowing

/// How a window starts following a gesture (FollowStart.swift): its
/// table, row by row, and where the fingers hold it. No X: the facts are
/// what WindowMover would have read.
@Suite struct FollowStartTests {
    typealias Facts = FollowStart.Facts
    static let client: WindowID = 0x600003, frame: WindowID = 0x400005
    /// The right half of a 1920x1080 monitor, where a snap puts a window.
    static let rightHalf = WindowRect(x: 960, y: 0, width: 960, height: 1080)
    static let snapped = SnapMemory(before: WindowRect(x: 100, y: 100, width: 800, height: 600), snapped: rightHalf)
    static let movedSince = SnapMemory(before: WindowRect(x: 100, y: 100, width: 800, height: 600),
                                       snapped: WindowRect(x: 0, y: 0, width: 960, height: 1080))
    static func facts(maximized: Bool = false, memory: SnapMemory? = nil) -> Facts {
        Facts(window: client, topLevel: frame, frame: rightHalf, extents: FrameExtents(), maximized: maximized, memory: memory,
              target: .init(x: 1440, y: 540))
    }
    static let watch: [WindowRequest] = [.watch(client), .watch(frame)]

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var follow: WindowAction.Follow
        var facts: Facts
        var requests: [WindowRequest]
        var following: FollowStart.Following
        var how: FollowStart.How
        var testDescription: String { name }
    }

    /// FollowStart's table, one row per case: the one copy of it
    /// (docs/engine.md prints these rows: `stateTable`).
    static let rows: [Row] = [
        Row(name: "move, maximized, a snap's memory: un-maximized to the memory's size", follow: .move,
            facts: facts(maximized: true, memory: snapped), requests: watch + [.maximize(client, false), .forgetSnap(client)],
            following: .restoring(memory: snapped), how: .unmaximized),
        Row(name: "move, maximized by the window manager: its own size awaited", follow: .move,
            facts: facts(maximized: true), requests: watch + [.maximize(client, false), .forgetSnap(client)],
            following: .restoring(memory: nil), how: .unmaximized),
        Row(name: "move, still where the snap put it: the size from before, under the fingers", follow: .move,
            facts: facts(memory: snapped), requests: watch + [.forgetSnap(client)],
            following: .plan(origin: WindowRect(x: 1040, y: 240, width: 800, height: 600)),
            how: .givenBack(width: 800, height: 600)),
        Row(name: "resize, maximized: from the maximized frame", follow: .resize,
            facts: facts(maximized: true, memory: snapped), requests: watch + [.maximize(client, false), .forgetSnap(client)],
            following: .plan(origin: rightHalf), how: .unmaximized),
        Row(name: "move, moved since the snap: the memory is stale", follow: .move,
            facts: facts(memory: movedSince), requests: watch + [.forgetSnap(client)],
            following: .plan(origin: rightHalf), how: .asItIs),
        Row(name: "resize, still snapped: the memory goes, the frame as it is", follow: .resize,
            facts: facts(memory: snapped), requests: watch + [.forgetSnap(client)],
            following: .plan(origin: rightHalf), how: .asItIs),
        Row(name: "move, no memory: nothing but the watch", follow: .move,
            facts: facts(), requests: watch, following: .plan(origin: rightHalf), how: .asItIs),
        Row(name: "resize, no memory: nothing but the watch", follow: .resize,
            facts: facts(), requests: watch, following: .plan(origin: rightHalf), how: .asItIs),
    ]

    @Test(arguments: rows)
    func row(_ r: Row) {
        let s = FollowStart.start(r.follow, r.facts)
        #expect(s.requests == r.requests)
        #expect(s.following == r.following)
        #expect(s.how == r.how)
    }

    /// The table in docs/engine.md ("Windows that follow the fingers") is
    /// these rows, printed (scripts/state-tables.py); each kind of
    /// follow is there with each snap memory.
    @Test func stateTable() {
        let table = StateTable(name: "follow-start",
                               source: "FollowStartTests.rows (Tests/WindowFollowingTests/FollowStartTests.swift)",
                               columns: ["follow", "maximized", "snap memory", "requests after the watch", "frames follow",
                                         "the row"],
                               rows: Self.rows.map { r in
                                   [r.follow.rawValue, r.facts.maximized ? "yes" : "no", Self.label(r.facts),
                                    r.requests.filter { if case .watch = $0 { false } else { true } }
                                        .map(FollowMachineTests.label).joined(separator: ", ").ifEmpty("—"),
                                    Self.label(r.following, r.facts) + Self.label(r.how), r.name]
                               })
        #expect(Set(Self.rows.map { "\($0.follow) \(Self.label($0.facts))" })
                == ["move none", "move still snapped", "move moved since", "resize none", "resize still snapped"])
        #expect(table.publish() == nil)
    }

    static func label(_ f: Facts) -> String {
        guard let m = f.memory else { return "none" }
        return m.stillSnapped(f.frame) ? "still snapped" : "moved since"
    }

    static func label(_ following: FollowStart.Following, _ f: Facts) -> String {
        switch following {
        case .restoring(let memory): return memory == nil ? "restoring: the window manager's size" : "restoring: the memory's size"
        case .plan(let origin): return origin == f.frame ? "the frame as it is" : "from \(origin)"
        }
    }

    static func label(_ how: FollowStart.How) -> String {
        switch how {
        case .asItIs: return ""
        case .unmaximized: return " (un-maximized)"
        case .givenBack(let w, let h): return " (given back its \(w)x\(h))"
        }
    }

    /// A client not reparented is watched once; the fingers hold the window
    /// at the gesture's point, else at the pointer when it is on the
    /// window, else at its centre.
    @Test func theWatchAndTheGrab() {
        var f = Self.facts()
        f.topLevel = Self.client
        #expect(FollowStart.start(.move, f).requests == [.watch(Self.client)])
        #expect(FollowStart.start(.move, f).grab == .init(x: 1440, y: 540))
        f.target = nil
        f.pointer = .init(x: 1000, y: 20)
        #expect(FollowStart.start(.move, f).grab == .init(x: 1000, y: 20))
        f.pointer = .init(x: 100, y: 20)   // off the window
        #expect(FollowStart.start(.move, f).grab == .init(x: 1440, y: 540))
        f.pointer = nil
        #expect(FollowStart.start(.resize, f).grab == .init(x: 1440, y: 540))
    }
}
