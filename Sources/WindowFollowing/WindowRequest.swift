import GestureActions

/// What the window mover asks of X, as its pure parts decide it
/// (FollowMachine, FollowStart, SnapPlan); WindowMover carries them out in
/// order, and does nothing else to X.
package enum WindowRequest: Equatable {
    /// StructureNotify selected: the window manager's answers come.
    case watch(WindowID)
    /// Its events no longer selected (the move ended).
    case unwatch(WindowID)
    /// Asks the window manager to put the window in (true) or take it off
    /// (false) both maximized states.
    case maximize(WindowID, Bool)
    /// The snap's memory written on the window.
    case rememberSnap(WindowID, SnapMemory)
    /// The snap's memory deleted from the window (used, or stale).
    case forgetSnap(WindowID)
    /// The window's frame (its decorations `extents`) moved and resized.
    case moveResize(WindowID, WindowRect, extents: FrameExtents)
}
