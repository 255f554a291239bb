import CX11
import GestureX11

/// How a window the daemon shows over the others looks to another client
/// (the stroke trail, the stroke's name: found by their WM_NAME among the
/// root's children): mapped or not, where, and whether it takes input.
public struct OverlayLook: Equatable, CustomStringConvertible {
    public var window: Window
    public var viewable: Bool
    public var x: Int, y: Int, width: Int, height: Int
    public var depth: Int
    /// The rectangles of its Shape input region: none, input-transparent.
    public var inputRectangles: Int
    /// Of its bounding region (a window with no bounding shape: one).
    public var boundingRectangles: Int

    public var description: String {
        "0x\(String(window, radix: 16)) \(viewable ? "viewable" : "unmapped") \(width)x\(height)+\(x)+\(y) depth \(depth), input \(inputRectangles) rectangles, bounding \(boundingRectangles)"
    }

    /// The root's children named `name`, as `c` sees them now.
    public static func named(_ name: String, on c: XConnection) -> [OverlayLook] {
        let d = c.display
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>? = nil
        var n: UInt32 = 0
        guard XQueryTree(d, c.root, &root, &parent, &children, &n) != 0, let children else { return [] }
        defer { XFree(children) }
        var out: [OverlayLook] = []
        for i in 0..<Int(n) {
            let w = children[i]
            var text: UnsafeMutablePointer<CChar>? = nil
            guard XFetchName(d, w, &text) != 0, let text else { continue }
            let found = String(cString: text) == name
            XFree(text)
            guard found else { continue }
            var a = XWindowAttributes()
            XGetWindowAttributes(d, w, &a)
            func rectangles(_ kind: Int32) -> Int {
                var count: Int32 = 0, order: Int32 = 0
                let r = XShapeGetRectangles(d, w, kind, &count, &order)
                if let r { XFree(r) }
                return Int(count)
            }
            out.append(OverlayLook(window: w, viewable: a.map_state == IsViewable, x: Int(a.x), y: Int(a.y),
                                   width: Int(a.width), height: Int(a.height), depth: Int(a.depth),
                                   inputRectangles: rectangles(ShapeInput), boundingRectangles: rectangles(ShapeBounding)))
        }
        return out
    }

    /// The window the pointer is over, as X finds it (XQueryPointer's child
    /// of the root: an input-transparent window is never it).
    public static func windowUnderPointer(on c: XConnection) -> Window {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(c.display, c.root, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return child
    }
}
