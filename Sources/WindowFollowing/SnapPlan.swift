import GestureActions

/// `window snap …` on a window, and a move that ends at a monitor's edge:
/// from what X said of the window (`Facts`), the requests and what was
/// done (`Snapped`). Pure.
///
/// Its cases are the rows of `SnapPlanTests.rows`
/// (Tests/WindowFollowingTests/SnapPlanTests.swift), printed as the table in
/// docs/engine.md by scripts/state-tables.py: change a row there, not a
/// copy here.
///
/// A window snapped again keeps the geometry from before its first snap
/// (kept: the memory, when the window is maximized or still where the
/// snap put it; else the frame now).
package enum SnapPlan {
    package struct Facts: Equatable {
        package var window: WindowID
        /// The frame before the snap (a move's: where it started), and the
        /// decorations it has now.
        package var before: WindowRect, extents: FrameExtents
        /// Whether the window manager has it maximized; its snap memory.
        package var maximized: Bool, memory: SnapMemory?

        /// The memberwise init, for GestureX11 (a synthesized one is internal).
        package static func memberwise(window: WindowID, before: WindowRect, extents: FrameExtents, maximized: Bool,
                                       memory: SnapMemory?) -> Facts {
            Facts(window: window, before: before, extents: extents, maximized: maximized, memory: memory)
        }
    }

    /// What a snap did, as facts (FollowWords says them).
    package enum Snapped: Equatable {
        /// `restore`: taken off maximized, and given back the frame from
        /// before the snap (neither: nothing to restore).
        case restored(unmaximized: Bool, back: WindowRect?)
        /// Maximized; the frame it had `before` kept for a restore.
        case maximized(area: WindowRect, before: WindowRect)
        /// Put at `frame`, a half or a quarter of the work area `area`.
        case placed(WindowRect, area: WindowRect, before: WindowRect)
    }

    package static func plan(_ snap: WindowAction.Snap, _ f: Facts, area: WindowRect) -> (requests: [WindowRequest], snapped: Snapped) {
        let w = f.window
        guard let target = WindowGeometry.snapped(snap, in: area) else {
            // restore
            var requests: [WindowRequest] = []
            if f.maximized { requests.append(.maximize(w, false)) }
            if let m = f.memory { requests += [.moveResize(w, m.before, extents: m.extents), .forgetSnap(w)] }
            return (requests, .restored(unmaximized: f.maximized, back: f.memory?.before))
        }
        let kept = f.memory.flatMap { m in f.maximized || m.stillSnapped(f.before) ? m : nil }
            ?? SnapMemory(before: f.before, snapped: target, extents: f.extents)
        let remember = WindowRequest.rememberSnap(w, SnapMemory(before: kept.before, snapped: target, extents: kept.extents))
        if snap == .maximize {
            return ([remember, .maximize(w, true)], .maximized(area: area, before: kept.before))
        }
        // Out of maximized, the decorations it had before come back.
        let move = WindowRequest.moveResize(w, target, extents: f.maximized ? kept.extents : f.extents)
        return ([remember] + (f.maximized ? [.maximize(w, false)] : []) + [move], .placed(target, area: area, before: kept.before))
    }
}
