import CX11

/// Passive touch grabs on the root window's children, for when another
/// client holds the root's own (GNOME's mutter and Cinnamon's muffin do, for
/// their touchscreen gestures). X hands a touch down a chain of grabs from
/// the root to the window under it, then to that window's selection: the
/// window manager's grab on the root owns each touch first and, when it
/// rejects it (mutter does within 150 ms unless one of its own gestures
/// wants it), ours on the top-level window below becomes the owner; when we
/// reject it in turn, the application gets it. The top-level windows change
/// as windows are mapped, reparented into frames and destroyed: they are
/// followed through the root's SubstructureNotify events (the listener
/// selects them from its start: the window directory needs them too).
final class TopLevelGrabs {
    let connection: XConnection
    /// The top-level windows our grab is on.
    private(set) var windows: Set<Window> = []
    /// Top-level windows another client already grabs touches on (one
    /// passive grab per window and device): their touches go to that client.
    private(set) var refused: Set<Window> = []
    /// Whether the grabs are on (the root's own grab was refused).
    private(set) var on = false
    /// The events grabbed: touches and, so that we see a touch while the
    /// window manager still owns it, ownership changes.
    static let events = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership]

    init(connection: XConnection) {
        self.connection = connection
    }

    /// Grabs every top-level window now and follows the ones to come.
    /// Returns how many were grabbed.
    @discardableResult
    func start() -> Int {
        guard connection.alive else { return 0 }
        on = true
        var rootReturn: Window = 0, parent: Window = 0, n: UInt32 = 0
        var children: UnsafeMutablePointer<Window>? = nil
        if XQueryTree(connection.display, connection.root, &rootReturn, &parent, &children, &n) != 0, let children {
            for i in 0..<Int(n) { grab(children[i]) }
            XFree(children)
        }
        return windows.count
    }

    /// Lets go of every grab and stops following the windows.
    func stop() {
        guard on else { return }
        on = false
        if connection.alive {
            for w in windows { ungrab(w) }
            // A window destroyed meanwhile answers BadWindow: nothing to undo.
            connection.sync()
            _ = connection.takeErrors()
        }
        windows.removeAll()
        refused.removeAll()
    }

    /// A window event from the root's SubstructureNotify: a top-level
    /// window created, reparented to or away from the root, or destroyed.
    func handle(_ note: WindowNote) {
        guard on else { return }
        let root = connection.root
        switch note {
        case .created(let w, let parent) where parent == root:
            grab(w)
        case .reparented(let w, let parent):
            if parent == root {
                grab(w)
            } else if windows.remove(w) != nil {
                // Now inside a frame, whose own grab comes first; ours on it
                // would only add a link to the chain.
                ungrab(w)
            }
        case .destroyed(let w):
            windows.remove(w)
            refused.remove(w)
        default:
            break
        }
    }

    private func ungrab(_ window: Window) {
        PassiveGrab.touches(Self.events, window: window).release(connection)
    }

    private func grab(_ window: Window) {
        guard !windows.contains(window) else { return }
        // Waited for (a round trip): X refuses it when another client holds it.
        if PassiveGrab.touches(Self.events, window: window).grab(connection) == 0 {
            windows.insert(window)
        } else {
            refused.insert(window)
        }
    }
}
