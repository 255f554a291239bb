import CX11
import GestureX11

/// A RandR 1.5 monitor, as `xrandr --setmonitor NAME W/MMxH/MM+X+Y none`
/// defines one (Xvfb has one CRTC, but monitors may be set on it).
public func setMonitor(_ c: XConnection, name: String, x: Int16, y: Int16, width: UInt16, height: UInt16) {
    guard let m = XRRAllocateMonitor(c.display, 0) else { return }
    m.pointee.name = c.atom(name)
    m.pointee.x = Int32(x)
    m.pointee.y = Int32(y)
    m.pointee.width = Int32(width)
    m.pointee.height = Int32(height)
    m.pointee.mwidth = Int32(width) * 254 / 960    // 96 dpi
    m.pointee.mheight = Int32(height) * 254 / 960
    XRRSetMonitor(c.display, c.root, m)
    XFree(m)
    c.sync()
}

/// What an EWMH window manager announces, without running one: a window of
/// its own named `name`, pointed at by the root's `_NET_SUPPORTING_WM_CHECK`
/// and (unless `stale`) by itself. Returns that window.
@discardableResult
public func announceWindowManager(_ c: XConnection, name: String, stale: Bool = false) -> Window {
    let d = c.display
    let check = c.atom("_NET_SUPPORTING_WM_CHECK")
    let w = XCreateSimpleWindow(d, c.root, 0, 0, 1, 1, 0, 0, 0)
    var value = w
    withUnsafeBytes(of: &value) { bytes in
        let p = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        XChangeProperty(d, c.root, check, Atom(XA_WINDOW), 32, PropModeReplace, p, 1)
        if !stale { XChangeProperty(d, w, check, Atom(XA_WINDOW), 32, PropModeReplace, p, 1) }
    }
    let utf8 = Array(name.utf8)
    _ = utf8.withUnsafeBufferPointer {
        XChangeProperty(d, w, c.atom("_NET_WM_NAME"), c.atom("UTF8_STRING"), 8, PropModeReplace, $0.baseAddress,
                        Int32(utf8.count))
    }
    c.sync()
    return w
}
