import CX11
#if canImport(Glibc)
import Glibc
#endif
import GestureCore

/// What the stroke trail's and the stroke name's windows share: each is an
/// override-redirect window (no window manager frames, moves or focuses
/// it), input-transparent (its Shape input region is empty: a press or a
/// motion over it goes to the window below, and it never takes the
/// focus), named for people and tests looking at the window tree. Created
/// with one-way requests only (no round trip); the X server destroys it
/// with our connection, whatever ends the daemon.
enum OverlayWindow {
    /// What the connection answers once, before any overlay is made: the
    /// Shape extension (without it an overlay would take the pointer's
    /// input, so none is made) and the atoms the windows are marked with.
    struct Setup {
        let shape: Bool
        let windowType: Atom
        let pid: Atom

        /// Round trips (an extension query, atoms interned): made when the
        /// config binds a stroke, never while one is drawn.
        init(_ c: XConnection) {
            var ev: Int32 = 0, err: Int32 = 0
            shape = XShapeQueryExtension(c.display, &ev, &err) != 0
            windowType = c.atom("_NET_WM_WINDOW_TYPE")
            pid = c.atom("_NET_WM_PID")
        }
    }

    /// An unmapped override-redirect window on the root, `depth` and
    /// `visual` (nil: the root's), with `background` pixel, `colormap`
    /// (0: the parent's), input-transparent, named `name`, of `type`.
    static func create(_ c: XConnection, _ setup: Setup, name: String, type: Atom, size: (width: Int, height: Int),
                       depth: Int32 = 0, visual: UnsafeMutablePointer<Visual>? = nil, colormap: Colormap = 0,
                       background: UInt) -> Window {
        let d = c.display
        var a = XSetWindowAttributes()
        a.override_redirect = 1
        a.background_pixel = background
        a.border_pixel = 0
        var mask = UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel)
        if colormap != 0 {
            a.colormap = colormap
            mask |= UInt(CWColormap)
        }
        let w = XCreateWindow(d, c.root, 0, 0, UInt32(max(1, size.width)), UInt32(max(1, size.height)), 0,
                              depth == 0 ? Int32(CopyFromParent) : depth, UInt32(InputOutput), visual, mask, &a)
        // Input-transparent: the input region empty (Shape 1.1).
        XShapeCombineRectangles(d, w, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        XStoreName(d, w, name)
        var t = type
        _ = withUnsafeBytes(of: &t) { XChangeProperty(d, w, setup.windowType, 4 /* XA_ATOM */, 32, PropModeReplace,
                                                   $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1) }
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { XChangeProperty(d, w, setup.pid, 6 /* XA_CARDINAL */, 32, PropModeReplace,
                                                     $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1) }
        return w
    }

    /// An sRGB colour as a pixel of a TrueColor visual (its masks say where
    /// each channel goes); `alpha` fills the bits the masks leave (a 32-bit
    /// visual's alpha), opaque.
    static func pixel(_ rgb: UInt32, visual: UnsafeMutablePointer<Visual>, depth: Int32) -> UInt {
        let v = visual.pointee
        func channel(_ value: UInt32, _ mask: UInt) -> UInt {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            let bits = UInt((mask >> shift).nonzeroBitCount)
            return (UInt(value) >> (8 - min(8, bits))) << shift & mask
        }
        var p = channel(rgb >> 16 & 0xFF, v.red_mask) | channel(rgb >> 8 & 0xFF, v.green_mask) | channel(rgb & 0xFF, v.blue_mask)
        if depth == 32 { p |= ~(v.red_mask | v.green_mask | v.blue_mask) & 0xFFFF_FFFF }
        return p
    }
}
