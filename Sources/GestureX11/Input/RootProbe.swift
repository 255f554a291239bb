import CX11

/// Whether another client already holds what the daemon asks of the root
/// window: X lets one client only select touch events there, and one hold a
/// passive touch grab. Tried, then undone (`gesture-bridge doctor`).
public enum RootProbe {
    public struct Taken: Hashable, Sendable {
        public var touchSelection: Bool
        public var touchGrab: Bool
    }

    public static func taken(_ c: XConnection) -> Taken {
        let d = c.display, root = c.root
        _ = c.takeErrors()
        var select = Mask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd])
        var selectRefused = false
        select.with(XIAllMasterDevices) { m in
            _ = XISelectEvents(d, root, &m, 1)
            c.sync()
            selectRefused = c.takeErrors().contains { $0.code == UInt8(BadAccess) }
            if !selectRefused {
                m.mask_len = 0   // undo: an empty mask removes the selection
                _ = XISelectEvents(d, root, &m, 1)
            }
        }
        let grab = PassiveGrab.touches([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership], window: root)
        let grabRefused = grab.grab(c) > 0
        if !grabRefused { grab.release(c) }
        c.sync()
        _ = c.takeErrors()
        return Taken(touchSelection: selectRefused, touchGrab: grabRefused)
    }
}
