import CX11
import GestureCore

/// The screen as the engine sees it: the root's size, px per mm, and its
/// monitors from RandR 1.5 (`XRRGetMonitors`: the active outputs, or the
/// monitors a user set with `xrandr --setmonitor`). Edge gestures count per
/// monitor, so the edge between two monitors is an edge of each; a
/// touchscreen mapped to one output (its coordinate transformation) lands
/// its touches inside that output, so its edges are that output's.
public final class Monitors {
    let connection: XConnection
    /// RandR's first event number, if the server has RandR 1.5.
    public let eventBase: Int32?

    public init(connection c: XConnection) {
        connection = c
        var base: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        if XRRQueryExtension(c.dpy, &base, &error) != 0, XRRQueryVersion(c.dpy, &major, &minor) != 0,
           major > 1 || (major == 1 && minor >= 5) {
            eventBase = base
            // The screen's size changing comes as RRScreenChangeNotify; a
            // monitor set or removed (xrandr --setmonitor, or the server after
            // an output change) only as a ConfigureNotify on the root.
            XRRSelectInput(c.dpy, c.root, Int32(RRScreenChangeNotifyMask))
            XSelectInput(c.dpy, c.root, StructureNotifyMask)
        } else {
            eventBase = nil
        }
    }

    /// The screen now.
    public var screen: GestureCore.Screen {
        let size = connection.screenSize
        let pxPerMM = size.widthMM > 0 ? Double(size.width) / Double(size.widthMM) : 3.78
        return GestureCore.Screen(width: Double(size.width), height: Double(size.height), pxPerMM: pxPerMM, outputs: outputs)
    }

    /// The active monitors, in root pixels; empty without RandR 1.5 (one
    /// output covering the screen).
    public var outputs: [Output] {
        guard eventBase != nil else { return [] }
        var n: Int32 = 0
        guard let list = XRRGetMonitors(connection.dpy, connection.root, 1, &n) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(n)).map { i in
            let m = list[i]
            var name = "monitor-\(i)"
            if let p = XGetAtomName(connection.dpy, m.name) {
                name = String(cString: p)
                XFree(p)
            }
            return Output(name: name, x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height))
        }
    }

    /// Whether `event` may mean the screen or its monitors changed (and lets
    /// Xlib update its idea of the screen size); the caller compares.
    public func changed(_ event: inout XEvent) -> Bool {
        guard let base = eventBase else { return false }
        let type = cx_event_type(&event)
        guard type == base + RRScreenChangeNotify || (type == ConfigureNotify && event.xconfigure.window == connection.root)
        else { return false }
        XRRUpdateConfiguration(&event)
        return true
    }
}
