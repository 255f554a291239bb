import GestureActions
import struct GestureCore.Point

/// How a window starts following a gesture (`window move`, `window
/// resize`): from what the X side read of it (`Facts`: one read, before
/// anything is written), the requests to X and the plan the frames follow.
/// Pure: WindowMover reads the facts, FollowMachine calls `start` on a
/// session's begin, and WindowMover carries the requests out in order; its
/// table test feeds it directly.
///
/// Its cases are the rows of `FollowStartTests.rows`
/// (Tests/WindowFollowingTests/FollowStartTests.swift), printed as the table in
/// docs/engine.md by scripts/state-tables.py: change a row there, not a
/// copy here. A maximized window is taken off maximized (a move then
/// follows it once its size is known: the snap memory's, else the window
/// manager's), a snap's memory goes (used, or stale), and a move still where
/// a snap put it is given back its size from before.
///
/// Every start first watches the client (and its frame, when reparented):
/// the window manager's ConfigureNotify answers each request. The fingers
/// hold the window where the gesture is (touchscreens), else where the
/// pointer is when it is on the window, else at its centre.
package struct FollowStart: Equatable {
    /// What X said of the window, read before anything is written.
    package struct Facts: Equatable {
        /// The client (the one with WM_STATE), and the top-level window
        /// holding it (the window manager's frame, or the client itself).
        package var window: WindowID, topLevel: WindowID
        /// Its frame as the user sees it, and the decorations in it.
        package var frame: WindowRect, extents: FrameExtents
        /// WM_NORMAL_HINTS: what a resize keeps to.
        package var hints = SizeHints()
        package var maximized = false
        /// A snap's memory on the window (`WindowMover.memoryProperty`).
        package var memory: SnapMemory?
        /// The gesture's point (touchscreens), if it has one.
        package var target: Point?
        /// The pointer, if on this screen.
        package var pointer: Point?

        /// The memberwise init, for GestureX11 (a synthesized one is
        /// internal); the point it holds is set after, by whichever is known.
        package static func memberwise(window: WindowID, topLevel: WindowID, frame: WindowRect, extents: FrameExtents,
                                       hints: SizeHints, maximized: Bool, memory: SnapMemory?) -> Facts {
            Facts(window: window, topLevel: topLevel, frame: frame, extents: extents, hints: hints, maximized: maximized, memory: memory)
        }
    }

    /// What the frames follow.
    enum Following: Equatable {
        /// A plan from `origin`.
        case plan(origin: WindowRect)
        /// A maximized window coming back to its size: the memory's, or
        /// (nil) the window manager's, awaited.
        case restoring(memory: SnapMemory?)
    }

    /// The requests to X, in the order they go.
    var requests: [WindowRequest]
    var following: Following
    /// Where the fingers hold the window.
    var grab: Point
    /// What became of its size (the begin's log line says it: FollowWords).
    var how: How

    package enum How: Equatable {
        /// The frame as it is.
        case asItIs
        /// Taken off maximized.
        case unmaximized
        /// Still where a snap put it: given back its size from before the snap.
        case givenBack(width: Int, height: Int)
    }

    static func start(_ follow: WindowAction.Follow, _ f: Facts) -> FollowStart {
        let grab = f.target ?? f.pointer.flatMap { f.frame.contains($0.x, $0.y) ? $0 : nil }
            ?? Point(x: Double(f.frame.x) + Double(f.frame.width) / 2, y: Double(f.frame.y) + Double(f.frame.height) / 2)
        var watch: [WindowRequest] = [.watch(f.window)]
        if f.topLevel != f.window { watch.append(.watch(f.topLevel)) }
        func out(_ requests: [WindowRequest], _ following: Following, _ how: How) -> FollowStart {
            FollowStart(requests: watch + requests, following: following, grab: grab, how: how)
        }
        switch follow {
        case .move where f.maximized:
            return out([.maximize(f.window, false), .forgetSnap(f.window)], .restoring(memory: f.memory), .unmaximized)
        case .move:
            if let m = f.memory, m.stillSnapped(f.frame) {
                let origin = WindowGeometry.unmaximized(f.frame, to: (m.before.width, m.before.height), holding: grab.x, grab.y)
                return out([.forgetSnap(f.window)], .plan(origin: origin), .givenBack(width: m.before.width, height: m.before.height))
            }
        case .resize where f.maximized:
            return out([.maximize(f.window, false), .forgetSnap(f.window)], .plan(origin: f.frame), .unmaximized)
        case .resize:
            break
        }
        return out(f.memory == nil ? [] : [.forgetSnap(f.window)], .plan(origin: f.frame), .asItIs)
    }
}
